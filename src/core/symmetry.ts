// The 8 symmetries of the square board and the colour swap. Tak's rules are invariant under
// all of them, so perft counts, results and evaluations must be too (the tests check this).
// Not for hot paths: these build new positions.

import { CAP, FLAT, WALL, isSpread, placement, spread } from './move.js';
import { Position, type ReserveCount } from './position.js';
import { EAST, NORTH, SOUTH, WEST } from './sizes.js';

/** Symmetry t (0..7) of (file, rank): bit 0 mirrors files, bit 1 mirrors ranks, bit 2 transposes (applied last). */
export function transformSquare(sq: number, size: number, t: number): number {
  let file = sq % size;
  let rank = Math.floor(sq / size);
  if (t & 1) file = size - 1 - file;
  if (t & 2) rank = size - 1 - rank;
  if (t & 4) [file, rank] = [rank, file];
  return rank * size + file;
}

const STEP: [number, number][] = [];
STEP[NORTH] = [0, 1];
STEP[EAST] = [1, 0];
STEP[SOUTH] = [0, -1];
STEP[WEST] = [-1, 0];

export function transformDir(dir: number, t: number): number {
  let [df, dr] = STEP[dir]!;
  if (t & 1) df = -df;
  if (t & 2) dr = -dr;
  if (t & 4) [df, dr] = [dr, df];
  return STEP.findIndex(([f, r]) => f === df && r === dr);
}

export function transformMove(move: number, size: number, t: number): number {
  const sq = transformSquare(move & 63, size, t);
  if (!isSpread(move)) return placement(sq, (move >>> 6) & 3);
  return spread(sq, transformDir((move >>> 6) & 3, t), (move >>> 9) & 0xff);
}

function typeOf(code: number): number {
  return code >= 6 ? CAP : code >= 4 ? WALL : FLAT;
}

function rebuild(pos: Position, mapSquare: (sq: number) => number, swap: boolean): Position {
  // Swapping colours swaps the players' reserves too (they may differ).
  const { stones, caps } = pos.reserveOptions;
  const flip = (count: ReserveCount): ReserveCount => (swap && typeof count !== 'number' ? [count[1], count[0]] : count);
  const p = new Position(pos.size, { stones: flip(stones), caps: flip(caps) });
  for (let sq = 0; sq < pos.area; sq++) {
    const h = pos.height[sq]!;
    if (h === 0) continue;
    const colours: number[] = [];
    for (let l = 0; l < h; l++) colours.push(pos.colourAt(sq, l) ^ (swap ? 1 : 0));
    p.putStack(mapSquare(sq), colours, typeOf(pos.top[sq]!));
  }
  for (const c of [0, 1]) {
    p.stones[c] = pos.stones[swap ? c ^ 1 : c]!;
    p.caps[c] = pos.caps[swap ? c ^ 1 : c]!;
  }
  p.side = swap ? pos.side ^ 1 : pos.side;
  // Keep the TPS move number: the opening swap and every count depend on it, not on colour.
  p.ply = 2 * (pos.moveNumber - 1) + p.side;
  p.resetHistory();
  return p;
}

/** The position under board symmetry t (0..7); history is not carried over. */
export function transformPosition(pos: Position, t: number): Position {
  return rebuild(pos, (sq) => transformSquare(sq, pos.size, t), false);
}

/** The position with White and Black exchanged, side to move included, same move number. */
export function swapColours(pos: Position): Position {
  return rebuild(pos, (sq) => sq, true);
}
