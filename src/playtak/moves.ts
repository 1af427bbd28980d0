// PlayTak's square-and-drop moves and Bredon's moves, both ways.
//
// PlayTak writes a placement as `P <Sq> [C|W]` and a spread as `M <From> <To> <n1> <n2> ...`,
// squares as a capital file letter and a rank digit (`A1` is PTN's a1), the numbers being the
// pieces dropped on each square after the start, the last one included (their sum is the number
// of pieces carried). That is the format of the TakServer README ("Game#no P Sq C|W",
// "Game#no M Sq1 Sq2 no1 no2...") and of its source, which is what the server really accepts
// and sends: USTakAssociation/playtak-api, server/src/main/java/tak/Client.java
//   placeString = "^Game#(\\d+) P ([A-Z])(\\d)( C)?( W)?"
//   moveString  = "^Game#(\\d+) M ([A-Z])(\\d) ([A-Z])(\\d)(( \\d)+)"
// and Game.java, which stores and relays a move as `"P " + file + rank + " " + (C|W)` trimmed,
// and `"M " + f1 + r1 + " " + f2 + r2 + " " + vals...` trimmed.

import { CAP, FLAT, WALL, dropCounts, handSize, maskFromCounts, placement, spread } from '../core/move.js';
import { EAST, NORTH, SOUTH, WEST } from '../core/sizes.js';

/** A move as PlayTak writes it, checked for its shape only (not against a board). */
export type PlaytakMove =
  | { kind: 'place'; file: number; rank: number; piece: 'flat' | 'wall' | 'cap' }
  | { kind: 'spread'; fromFile: number; fromRank: number; toFile: number; toRank: number; drops: number[] };

/** A PlayTak move that does not fit the board, or is not a PlayTak move at all. */
export class PlaytakMoveError extends Error {
  override name = 'PlaytakMoveError';
}

const SQUARE_RE = /^([A-Za-z])([1-9])$/;

function square(token: string | undefined, text: string): { file: number; rank: number } {
  const m = SQUARE_RE.exec(token ?? '');
  if (!m) throw new PlaytakMoveError(`'${token ?? ''}' is not a square in '${text}'`);
  return { file: m[1]!.toUpperCase().charCodeAt(0) - 65, rank: Number(m[2]) - 1 };
}

/**
 * Reads the move part of a PlayTak line (`P A1 C`, `M A1 A3 1 2`), given as its tokens or as
 * text. Tolerant of case and extra spaces; strict about the shape, so that a garbled server line
 * is refused here rather than played.
 */
export function parsePlaytakMove(input: string | readonly string[]): PlaytakMove {
  const tokens = typeof input === 'string' ? input.trim().split(/\s+/) : input;
  const text = tokens.join(' ');
  const kind = tokens[0]?.toUpperCase();
  if (kind === 'P') {
    const sq = square(tokens[1], text);
    if (tokens.length > 3) throw new PlaytakMoveError(`'${text}' has more than a square and a piece`);
    const suffix = tokens[2]?.toUpperCase();
    if (suffix !== undefined && suffix !== 'C' && suffix !== 'W') throw new PlaytakMoveError(`'${text}': the piece must be C or W, got '${tokens[2]}'`);
    return { kind: 'place', ...sq, piece: suffix === 'C' ? 'cap' : suffix === 'W' ? 'wall' : 'flat' };
  }
  if (kind === 'M') {
    const from = square(tokens[1], text);
    const to = square(tokens[2], text);
    const drops = tokens.slice(3).map((t) => {
      if (!/^[1-9]$/.test(t)) throw new PlaytakMoveError(`'${text}': a drop must be a count from 1 to 9, got '${t}'`);
      return Number(t);
    });
    if (drops.length === 0) throw new PlaytakMoveError(`'${text}' drops no pieces`);
    return { kind: 'spread', fromFile: from.file, fromRank: from.rank, toFile: to.file, toRank: to.rank, drops };
  }
  throw new PlaytakMoveError(`'${text}' is neither a placement (P) nor a move (M)`);
}

/**
 * Bredon's move (src/core/move.ts) for a PlayTak move on a board of `size`: the squares on the
 * board, a straight line from the start, one drop per square entered, the carry limit kept.
 * Whether it is legal in a position is the rules core's business.
 */
export function toEngineMove(m: PlaytakMove, size: number): number {
  const on = (file: number, rank: number) => file >= 0 && rank >= 0 && file < size && rank < size;
  const name = (file: number, rank: number) => String.fromCharCode(65 + file) + String(rank + 1);
  if (m.kind === 'place') {
    if (!on(m.file, m.rank)) throw new PlaytakMoveError(`${name(m.file, m.rank)} is off the ${size}x${size} board`);
    return placement(m.rank * size + m.file, m.piece === 'cap' ? CAP : m.piece === 'wall' ? WALL : FLAT);
  }
  const text = `M ${name(m.fromFile, m.fromRank)} ${name(m.toFile, m.toRank)} ${m.drops.join(' ')}`;
  if (!on(m.fromFile, m.fromRank) || !on(m.toFile, m.toRank)) throw new PlaytakMoveError(`'${text}' leaves the ${size}x${size} board`);
  const df = m.toFile - m.fromFile;
  const dr = m.toRank - m.fromRank;
  if ((df !== 0) === (dr !== 0)) throw new PlaytakMoveError(`'${text}' is not a straight line of one or more squares`);
  const dir = dr > 0 ? NORTH : dr < 0 ? SOUTH : df > 0 ? EAST : WEST;
  const distance = Math.abs(df + dr);
  if (m.drops.length !== distance) throw new PlaytakMoveError(`'${text}' crosses ${distance} square${distance === 1 ? '' : 's'} but gives ${m.drops.length} drop${m.drops.length === 1 ? '' : 's'}`);
  const carried = m.drops.reduce((a, c) => a + c, 0);
  if (carried > size) throw new PlaytakMoveError(`'${text}' carries ${carried} pieces, more than the carry limit ${size}`);
  return spread(m.fromRank * size + m.fromFile, dir, maskFromCounts(m.drops));
}

/** The PlayTak text (without `Game#N `) of Bredon's move: `P A1`, `P A1 W`, `P A1 C`, `M A1 A3 1 2`. */
export function formatPlaytakMove(move: number, size: number): string {
  const sq = move & 63;
  const sqName = (s: number) => String.fromCharCode(65 + (s % size)) + String(Math.floor(s / size) + 1);
  if ((move & 256) === 0) {
    const type = (move >>> 6) & 3;
    return `P ${sqName(sq)}${type === CAP ? ' C' : type === WALL ? ' W' : ''}`;
  }
  const mask = (move >>> 9) & 0xff;
  const drops = dropCounts(mask);
  const step = [size, 1, -size, -1][(move >>> 6) & 3]!;
  const to = sq + step * drops.length;
  if (handSize(mask) === 0 || to < 0 || to >= size * size) throw new RangeError(`not a move of a ${size}x${size} board: ${move}`);
  return `M ${sqName(sq)} ${sqName(to)} ${drops.join(' ')}`;
}

/** Convenience for a whole move text: parse and convert in one step. */
export function playtakToEngine(text: string | readonly string[], size: number): number {
  return toEngineMove(parsePlaytakMove(text), size);
}
