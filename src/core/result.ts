// Game end: roads (a double road goes to the mover), a full board or an empty reserve (then
// the flat count, with komi added to Black), and the third repetition as a draw.

import { popcount32 } from './bitboard.js';
import { BLACK, WHITE, type Position } from './position.js';
import { roadFromScan, scanRoads } from './roads.js';
import { M_BOARD } from './sizes.js';

export const ONGOING = 0;
export const WHITE_ROAD = 1;
export const BLACK_ROAD = 2;
export const WHITE_FLATS = 3;
export const BLACK_FLATS = 4;
export const DRAW = 5;
export const REPETITION = 6;

export type ResultCode = number;

/** The notation of a result: R-0, 0-R, F-0, 0-F, 1/2-1/2 (also for repetition). */
export function resultText(result: ResultCode): string {
  switch (result) {
    case WHITE_ROAD:
      return 'R-0';
    case BLACK_ROAD:
      return '0-R';
    case WHITE_FLATS:
      return 'F-0';
    case BLACK_FLATS:
      return '0-F';
    case DRAW:
    case REPETITION:
      return '1/2-1/2';
    default:
      return 'unfinished';
  }
}

/** Winner of a result: 0 White, 1 Black, -1 none. */
export function resultWinner(result: ResultCode): number {
  if (result === WHITE_ROAD || result === WHITE_FLATS) return WHITE;
  if (result === BLACK_ROAD || result === BLACK_FLATS) return BLACK;
  return -1;
}

/** Top flats of each colour (the flat count: walls, caps and buried flats do not count). */
export function flatCount(pos: Position, colour: number): number {
  return popcount32(pos.b[colour * 2]!) + popcount32(pos.b[colour * 2 + 1]!);
}

export function boardFull(pos: Position): boolean {
  const b = pos.b;
  const lo = b[0]! | b[2]! | b[4]! | b[6]! | b[8]! | b[10]!;
  const hi = b[1]! | b[3]! | b[5]! | b[7]! | b[9]! | b[11]!;
  const m = pos.info.masks;
  return (lo ^ m[M_BOARD]!) === 0 && (hi ^ m[M_BOARD + 1]!) === 0;
}

export function reservesExhausted(pos: Position): boolean {
  return (pos.stones[0]! + pos.caps[0]! === 0) || (pos.stones[1]! + pos.caps[1]! === 0);
}

/**
 * The result by roads, board and reserves (no repetition): what perft calls "decided".
 * `halfKomi` is komi in half flats, added to Black's count.
 */
export function boardResult(pos: Position, halfKomi = 0): ResultCode {
  scanRoads(pos);
  return resultFromScan(pos, halfKomi);
}

/** boardResult using the last scanRoads of this position. */
export function resultFromScan(pos: Position, halfKomi: number): ResultCode {
  const white = roadFromScan(pos, WHITE);
  const black = roadFromScan(pos, BLACK);
  if (white || black) {
    if (white && black) return pos.side === WHITE ? BLACK_ROAD : WHITE_ROAD; // the mover wins
    return white ? WHITE_ROAD : BLACK_ROAD;
  }
  if (boardFull(pos) || reservesExhausted(pos)) return flatResult(pos, halfKomi);
  return ONGOING;
}

/** Flat-count result of a finished board: White's flats against Black's plus komi. */
function flatResult(pos: Position, halfKomi: number): ResultCode {
  return countResult(flatCount(pos, WHITE), flatCount(pos, BLACK), halfKomi);
}

/** The verdict of a flat count: WHITE_FLATS, BLACK_FLATS or DRAW, komi (in half flats) to Black. */
export function countResult(whiteFlats: number, blackFlats: number, halfKomi: number): ResultCode {
  const w = 2 * whiteFlats;
  const bl = 2 * blackFlats + halfKomi;
  return w > bl ? WHITE_FLATS : bl > w ? BLACK_FLATS : DRAW;
}

/**
 * boardResult for a position reached by `move` from a position that was not decided (0 for a
 * pass): a wall placement completes no road, a flat or capstone placement only its owner's,
 * so only a spread needs both colours checked. The search's version of boardResult; it
 * leaves the road scan of the position in roads.ts's SCAN for threatsFromScan.
 */
export function resultAfterMove(pos: Position, move: number, halfKomi: number): ResultCode {
  scanRoads(pos);
  if ((move & 256) !== 0) return resultFromScan(pos, halfKomi);
  if (move !== 0 && ((move >>> 6) & 3) !== 2) {
    const colour = pos.top[move & 63]! & 1;
    if (roadFromScan(pos, colour)) return colour === WHITE ? WHITE_ROAD : BLACK_ROAD;
  }
  if (move !== 0 && (boardFull(pos) || reservesExhausted(pos))) return flatResult(pos, halfKomi);
  return ONGOING;
}

/** Whether the game is over by road, full board or empty reserve (perft's "decided"). */
export function isDecided(pos: Position): boolean {
  scanRoads(pos);
  return roadFromScan(pos, WHITE) || roadFromScan(pos, BLACK) || boardFull(pos) || reservesExhausted(pos);
}

/** The full result of the current position, the third repetition included. */
export function gameResult(pos: Position, halfKomi = 0): ResultCode {
  const r = boardResult(pos, halfKomi);
  if (r !== ONGOING) return r;
  return pos.repetitions() >= 3 ? REPETITION : ONGOING;
}
