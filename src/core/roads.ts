// Road detection. A road is a chain of orthogonally adjacent squares topped by one player's
// flats or capstones (never walls) joining two opposite edges.
//
// scanRoads() reads both colours' road squares and counts the ranks and files each misses,
// in one pass. A north-south road touches every rank, so it needs 0 missed ranks, and a
// placement can fill one line at most, so a road threat needs at most 1: most positions
// skip the flood fills entirely. The *FromScan functions use the last scan; the plain ones
// scan first.

import { connects, dilate, flood, OUT } from './bitboard.js';
import type { Position } from './position.js';
import { M_BOARD, M_FILE_FIRST, M_FILE_LAST, M_NOT_FILE_FIRST, M_NOT_FILE_LAST, M_RANK_FIRST, M_RANK_LAST } from './sizes.js';

/** Per colour c at c * 4: road squares lo, hi, missed ranks, missed files. */
export const SCAN = new Int32Array(8);

export function scanRoads(pos: Position): void {
  const b = pos.b;
  // Flats are bitboards 0/1 (words 0..3), caps bitboards 4/5 (words 8..11).
  const wLo = b[0]! | b[8]!;
  const wHi = b[1]! | b[9]!;
  const bLo = b[2]! | b[10]!;
  const bHi = b[3]! | b[11]!;
  const lines = pos.info.lines;
  const size = pos.size;
  let wr = 0;
  let wf = 0;
  let br = 0;
  let bf = 0;
  for (let i = 0; i < size; i++) {
    const rl = lines[2 * i]!;
    const rh = lines[2 * i + 1]!;
    const fl = lines[16 + 2 * i]!;
    const fh = lines[17 + 2 * i]!;
    if (((wLo & rl) | (wHi & rh)) === 0) wr++;
    if (((wLo & fl) | (wHi & fh)) === 0) wf++;
    if (((bLo & rl) | (bHi & rh)) === 0) br++;
    if (((bLo & fl) | (bHi & fh)) === 0) bf++;
  }
  SCAN[0] = wLo;
  SCAN[1] = wHi;
  SCAN[2] = wr;
  SCAN[3] = wf;
  SCAN[4] = bLo;
  SCAN[5] = bHi;
  SCAN[6] = br;
  SCAN[7] = bf;
}

/** Does `colour` have a road, by the last scanRoads of this position? */
export function roadFromScan(pos: Position, colour: number): boolean {
  const at = colour * 4;
  const ranksFull = SCAN[at + 2] === 0;
  const filesFull = SCAN[at + 3] === 0;
  if (!ranksFull && !filesFull) return false;
  return roadInSet(pos, SCAN[at]!, SCAN[at + 1]!, ranksFull, filesFull);
}

/**
 * Does the square set (lo, hi) join the first and last rank (when `ns`) or the first and last
 * file (when `ew`)? For road sets that are not on the board yet (what a move would leave).
 */
export function roadInSet(pos: Position, lo: number, hi: number, ns: boolean, ew: boolean): boolean {
  const m = pos.info.masks;
  const size = pos.size;
  const nfl = m[M_NOT_FILE_FIRST]!;
  const nfh = m[M_NOT_FILE_FIRST + 1]!;
  const nll = m[M_NOT_FILE_LAST]!;
  const nlh = m[M_NOT_FILE_LAST + 1]!;
  return (
    (ns && connects(lo, hi, m[M_RANK_FIRST]!, m[M_RANK_FIRST + 1]!, m[M_RANK_LAST]!, m[M_RANK_LAST + 1]!, size, nfl, nfh, nll, nlh)) ||
    (ew && connects(lo, hi, m[M_FILE_FIRST]!, m[M_FILE_FIRST + 1]!, m[M_FILE_LAST]!, m[M_FILE_LAST + 1]!, size, nfl, nfh, nll, nlh))
  );
}

/** Does `colour` (0 White, 1 Black) have a road? */
export function hasRoad(pos: Position, colour: number): boolean {
  scanRoads(pos);
  return roadFromScan(pos, colour);
}

/**
 * The empty squares where `colour` would complete a road by placing a flat or capstone, into
 * THREATS[0..1] (lo, hi). A square completes a north-south road when it touches (or lies on)
 * the south edge or a road group reaching it, and likewise the north; east-west the same way.
 */
export const THREATS = new Int32Array(2);

export function threatsFromScan(pos: Position, colour: number): void {
  const at = colour * 4;
  const missedRanks = SCAN[at + 2]!;
  const missedFiles = SCAN[at + 3]!;
  THREATS[0] = 0;
  THREATS[1] = 0;
  if (missedRanks > 1 && missedFiles > 1) return;
  const lo = SCAN[at]!;
  const hi = SCAN[at + 1]!;
  const b = pos.b;
  const m = pos.info.masks;
  const size = pos.size;
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
    if ((axis === 0 ? missedRanks : missedFiles) > 1) continue;
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

export function roadThreats(pos: Position, colour: number): void {
  scanRoads(pos);
  threatsFromScan(pos, colour);
}
