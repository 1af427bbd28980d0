// Road detection. A road is a chain of orthogonally adjacent squares topped by one player's
// flats or capstones (never walls) joining two opposite edges.

import { connects } from './bitboard.js';
import type { Position } from './position.js';
import { M_FILE_FIRST, M_FILE_LAST, M_NOT_FILE_FIRST, M_NOT_FILE_LAST, M_RANK_FIRST, M_RANK_LAST } from './sizes.js';

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
