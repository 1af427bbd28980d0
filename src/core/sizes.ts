// Board sizes, the reserves table, the carry limit and the per-size square masks.
// Squares are numbered densely: sq = rank * size + file, a1 = 0, file a = 0, rank 1 = 0.
// A 64-bit square set is kept as two 32-bit halves: lo holds squares 0..31, hi squares 32..63.

export const MIN_SIZE = 3;
export const MAX_SIZE = 8;

/** Default reserves per player, [stones, capstones], from docs/rules.md. */
export const DEFAULT_RESERVES: Readonly<Record<number, readonly [number, number]>> = {
  3: [10, 0],
  4: [15, 0],
  5: [21, 1],
  6: [30, 1],
  7: [40, 2],
  8: [50, 2],
};

/** Directions of a spread, in the order of the move encoding. */
export const NORTH = 0; // '+', rank + 1
export const EAST = 1; // '>', file + 1
export const SOUTH = 2; // '-', rank - 1
export const WEST = 3; // '<', file - 1

export interface SizeInfo {
  readonly size: number;
  readonly area: number;
  /** Square offset of one step in each direction. */
  readonly delta: Int32Array;
  /** ray[sq * 4 + dir]: squares from sq to the edge in that direction. */
  readonly ray: Uint8Array;
  /** Masks as lo/hi pairs: [boardLo, boardHi, rank1Lo, rank1Hi, rankNLo, rankNHi,
   *  fileALo, fileAHi, fileNLo, fileNHi, notFileALo, notFileAHi, notFileNLo, notFileNHi]. */
  readonly masks: Uint32Array;
  /** lines[2r], lines[2r + 1]: rank r as lo/hi; lines[16 + 2f], lines[17 + 2f]: file f. */
  readonly lines: Uint32Array;
}

export const M_BOARD = 0;
export const M_RANK_FIRST = 2;
export const M_RANK_LAST = 4;
export const M_FILE_FIRST = 6;
export const M_FILE_LAST = 8;
export const M_NOT_FILE_FIRST = 10;
export const M_NOT_FILE_LAST = 12;

function setBit(masks: Uint32Array, at: number, sq: number): void {
  masks[at + (sq >>> 5)] |= 1 << (sq & 31);
}

function makeSizeInfo(size: number): SizeInfo {
  const area = size * size;
  const delta = Int32Array.of(size, 1, -size, -1);
  const ray = new Uint8Array(area * 4);
  const masks = new Uint32Array(14);
  const lines = new Uint32Array(32);
  for (let sq = 0; sq < area; sq++) {
    const rank = Math.floor(sq / size);
    const file = sq % size;
    ray[sq * 4 + NORTH] = size - 1 - rank;
    ray[sq * 4 + EAST] = size - 1 - file;
    ray[sq * 4 + SOUTH] = rank;
    ray[sq * 4 + WEST] = file;
    setBit(masks, M_BOARD, sq);
    setBit(lines, 2 * rank, sq);
    setBit(lines, 16 + 2 * file, sq);
    if (rank === 0) setBit(masks, M_RANK_FIRST, sq);
    if (rank === size - 1) setBit(masks, M_RANK_LAST, sq);
    if (file === 0) setBit(masks, M_FILE_FIRST, sq);
    else setBit(masks, M_NOT_FILE_FIRST, sq);
    if (file === size - 1) setBit(masks, M_FILE_LAST, sq);
    else setBit(masks, M_NOT_FILE_LAST, sq);
  }
  return { size, area, delta, ray, masks, lines };
}

const infos: SizeInfo[] = [];
for (let s = MIN_SIZE; s <= MAX_SIZE; s++) infos[s] = makeSizeInfo(s);

export function isSupportedSize(size: number): boolean {
  return Number.isInteger(size) && size >= MIN_SIZE && size <= MAX_SIZE;
}

export function sizeInfo(size: number): SizeInfo {
  const info = infos[size];
  if (!isSupportedSize(size) || info === undefined) {
    throw new RangeError(`unsupported board size ${size} (Bredon plays ${MIN_SIZE} to ${MAX_SIZE})`);
  }
  return info;
}

export function squareName(sq: number, size: number): string {
  return String.fromCharCode(97 + (sq % size)) + String(Math.floor(sq / size) + 1);
}
