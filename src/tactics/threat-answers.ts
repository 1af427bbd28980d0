// Which moves can answer a road threat. When the opponent threatens a road next move (by
// placement, roadmap.ts MAP, or by a spread along a known segment, spread-roads.ts SPREAD_WIN)
// and the side to move has no road of its own in one, only these moves can save the game:
//   - a placement on a threat square;
//   - a spread that enters or leaves a threat square, or covers one of the opponent's road pieces;
//   - a move that ends the game on flats (the mover's last piece placed, or the board filled).
// Every other move leaves the threat standing. The search skips them at nodes facing a threat
// (search.ts). The filter is exact: a move it drops always loses to a road next move (the test
// replays real games to check this move by move). Allocation-free.

import { popcount32 } from '../core/bitboard.js';
import { dropMask, isSpread, moveSquare, spreadDir } from '../core/move.js';
import type { Position } from '../core/position.js';
import { M_BOARD } from '../core/sizes.js';
import { MAP } from '../eval/roadmap.js';
import { SEGMENTS, SPREAD_WIN, spreadWin } from './spread-roads.js';

/** The squares (lo, hi) of the road threat roadThreat found last. */
export const THREAT = new Int32Array(2);

/**
 * Whether `colour` threatens a road next move, and if so its squares into THREAT: the empty
 * squares where a placement completes it (roadmap.ts MAP), or else the segment of a spread that
 * does (spread-roads.ts). The search and the tinue solver both filter answers by these squares.
 * Call after mapRoads(pos, colour).
 */
export function roadThreat(pos: Position, colour: number): boolean {
  const at = colour * 4;
  if (MAP[at + 2] !== 0) {
    THREAT[0] = MAP[at]!;
    THREAT[1] = MAP[at + 1]!;
    return true;
  }
  if (spreadWin(pos, colour) === 0) return false;
  THREAT[0] = SPREAD_WIN[1]!;
  THREAT[1] = SPREAD_WIN[2]!;
  return true;
}

/** Scratch: relevant lo, hi (threat squares and the opponent's road pieces), empty lo, hi, all placements kept. */
const CTX = new Int32Array(5);

/** Fills CTX for the side to move of `pos` facing threat squares (threatLo, threatHi). */
function prepare(pos: Position, threatLo: number, threatHi: number): void {
  const b = pos.b;
  const them = (pos.side ^ 1) * 2;
  CTX[0] = threatLo | b[them]! | b[8 + them]!;
  CTX[1] = threatHi | b[them + 1]! | b[9 + them]!;
  const m = pos.info.masks;
  const emptyLo = m[M_BOARD]! & ~(b[0]! | b[2]! | b[4]! | b[6]! | b[8]! | b[10]!);
  const emptyHi = m[M_BOARD + 1]! & ~(b[1]! | b[3]! | b[5]! | b[7]! | b[9]! | b[11]!);
  CTX[2] = emptyLo;
  CTX[3] = emptyHi;
  const side = pos.side;
  CTX[4] = pos.stones[side]! + pos.caps[side]! <= 1 || popcount32(emptyLo) + popcount32(emptyHi) <= 1 ? 1 : 0;
}

function relevant(size: number, m: number, threatLo: number, threatHi: number): boolean {
  const sq = moveSquare(m);
  if (!isSpread(m)) {
    if (CTX[4] === 1) return true;
    return ((sq < 32 ? threatLo >>> sq : threatHi >>> (sq - 32)) & 1) !== 0;
  }
  const at = ((sq * 4 + spreadDir(m)) * 9 + popcount32(dropMask(m))) * 2;
  const t = SEGMENTS[size]!;
  const lo = t[at]!;
  const hi = t[at + 1]!;
  if (((lo & CTX[0]!) | (hi & CTX[1]!)) !== 0) return true;
  // Every empty square entered: the board may fill and the game end on flats (not if the spread
  // empties its origin; keeping such a move anyway only costs a node).
  return (CTX[2]! & ~lo) === 0 && (CTX[3]! & ~hi) === 0;
}

/**
 * Whether move m (legal in `pos`) could answer the opponent's road threat on (threatLo,
 * threatHi): see the top of the file. Call only when the side to move has no road in one.
 */
export function mayAnswerThreat(pos: Position, m: number, threatLo: number, threatHi: number): boolean {
  prepare(pos, threatLo, threatHi);
  return relevant(pos.size, m, threatLo, threatHi);
}

/**
 * Compacts moves[start..end) to the moves that could answer the threat, keeping their order;
 * returns the new end.
 */
export function keepThreatAnswers(pos: Position, moves: Int32Array, start: number, end: number, threatLo: number, threatHi: number): number {
  prepare(pos, threatLo, threatHi);
  const size = pos.size;
  let w = start;
  for (let i = start; i < end; i++) {
    const m = moves[i]!;
    if (relevant(size, m, threatLo, threatHi)) moves[w++] = m;
  }
  return w;
}
