// Road detection. A road is a chain of orthogonally adjacent squares topped by one player's
// flats or capstones (never walls) joining two opposite edges.

import { connects, dilate, flood, OUT } from './bitboard.js';
import type { Position } from './position.js';
import { M_BOARD, M_FILE_FIRST, M_FILE_LAST, M_NOT_FILE_FIRST, M_NOT_FILE_LAST, M_RANK_FIRST, M_RANK_LAST } from './sizes.js';

/** Does `colour` (0 White, 1 Black) have a road? */
export function hasRoad(pos: Position, colour: number): boolean {
  const b = pos.b;
  // Flats are bitboard 0/1 (words 0..3), caps bitboard 4/5 (words 8..11).
  const lo = b[colour * 2]! | b[8 + colour * 2]!;
  const hi = b[colour * 2 + 1]! | b[9 + colour * 2]!;
  return roadInSet(lo, hi, pos);
}

/** Does the square set (lo, hi) contain a road on this position's board? */
export function roadInSet(lo: number, hi: number, pos: Position): boolean {
  const m = pos.info.masks;
  const size = pos.size;
  const nfl = m[M_NOT_FILE_FIRST]!;
  const nfh = m[M_NOT_FILE_FIRST + 1]!;
  const nll = m[M_NOT_FILE_LAST]!;
  const nlh = m[M_NOT_FILE_LAST + 1]!;
  return (
    connects(lo, hi, m[M_RANK_FIRST]!, m[M_RANK_FIRST + 1]!, m[M_RANK_LAST]!, m[M_RANK_LAST + 1]!, size, nfl, nfh, nll, nlh) ||
    connects(lo, hi, m[M_FILE_FIRST]!, m[M_FILE_FIRST + 1]!, m[M_FILE_LAST]!, m[M_FILE_LAST + 1]!, size, nfl, nfh, nll, nlh)
  );
}

/**
 * The empty squares where `colour` would complete a road by placing a flat or capstone, into
 * THREATS[0..1] (lo, hi). A square completes a north-south road when it touches (or lies on)
 * the south edge or a road group reaching it, and likewise the north; east-west the same way.
 */
export const THREATS = new Int32Array(2);

export function roadThreats(pos: Position, colour: number): void {
  const b = pos.b;
  const m = pos.info.masks;
  const size = pos.size;
  const lo = b[colour * 2]! | b[8 + colour * 2]!;
  const hi = b[colour * 2 + 1]! | b[9 + colour * 2]!;
  const occLo = b[0]! | b[2]! | b[4]! | b[6]! | b[8]! | b[10]!;
  const occHi = b[1]! | b[3]! | b[5]! | b[7]! | b[9]! | b[11]!;
  const emptyLo = m[M_BOARD]! & ~occLo;
  const emptyHi = m[M_BOARD + 1]! & ~occHi;
  const nfl = m[M_NOT_FILE_FIRST]!;
  const nfh = m[M_NOT_FILE_FIRST + 1]!;
  const nll = m[M_NOT_FILE_LAST]!;
  const nlh = m[M_NOT_FILE_LAST + 1]!;
  let tLo = 0;
  let tHi = 0;
  for (let axis = 0; axis < 2; axis++) {
    const aOff = axis === 0 ? M_RANK_FIRST : M_FILE_FIRST;
    const bOff = axis === 0 ? M_RANK_LAST : M_FILE_LAST;
    // Side A: the edge itself plus the squares next to road groups touching it.
    flood(lo, hi, m[aOff]!, m[aOff + 1]!, size, nfl, nfh, nll, nlh);
    dilate(OUT[0]!, OUT[1]!, size, nfl, nfh, nll, nlh);
    const aLo = OUT[0]! | m[aOff]!;
    const aHi = OUT[1]! | m[aOff + 1]!;
    if (((aLo & emptyLo) | (aHi & emptyHi)) === 0) continue;
    flood(lo, hi, m[bOff]!, m[bOff + 1]!, size, nfl, nfh, nll, nlh);
    dilate(OUT[0]!, OUT[1]!, size, nfl, nfh, nll, nlh);
    tLo |= aLo & (OUT[0]! | m[bOff]!) & emptyLo;
    tHi |= aHi & (OUT[1]! | m[bOff + 1]!) & emptyHi;
  }
  THREATS[0] = tLo;
  THREATS[1] = tHi;
}
