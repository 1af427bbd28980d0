// The 32-bit move encoding.
//
//   bits 0-5   square (the placed-on square, or the square a spread starts from)
//   bits 6-7   placement: piece type (1 flat, 2 wall, 3 cap); spread: direction (0 N, 1 E, 2 S, 3 W)
//   bit  8     set for a spread
//   bits 9-16  spread drop mask: bit i is set when the i-th piece of the hand (0 = bottom, dropped
//              first) is the last one dropped on its square. The highest set bit is the hand size
//              minus one and the number of set bits is the number of squares entered.
// 0 is never a move, so it serves as "no move".

export const FLAT = 1;
export const WALL = 2;
export const CAP = 3;

export const SPREAD_FLAG = 1 << 8;

export function placement(sq: number, type: number): number {
  return sq | (type << 6);
}

export function spread(sq: number, dir: number, dropMask: number): number {
  return sq | (dir << 6) | SPREAD_FLAG | (dropMask << 9);
}

export function moveSquare(move: number): number {
  return move & 63;
}

export function isSpread(move: number): boolean {
  return (move & SPREAD_FLAG) !== 0;
}

/** Piece type of a placement. */
export function placedType(move: number): number {
  return (move >>> 6) & 3;
}

export function spreadDir(move: number): number {
  return (move >>> 6) & 3;
}

export function dropMask(move: number): number {
  return (move >>> 9) & 0xff;
}

/** Number of pieces picked up by a spread. */
export function handSize(mask: number): number {
  return 32 - Math.clz32(mask);
}

/** The pieces dropped on each square entered, in order, e.g. [2, 1, 2] for mask 0b10110. */
export function dropCounts(mask: number): number[] {
  const counts: number[] = [];
  let last = -1;
  for (let i = 0; i < 8; i++) {
    if ((mask >>> i) & 1) {
      counts.push(i - last);
      last = i;
    }
  }
  return counts;
}

/** The drop mask for a list of per-square drop counts; the inverse of dropCounts. */
export function maskFromCounts(counts: readonly number[]): number {
  let mask = 0;
  let i = -1;
  for (const c of counts) {
    i += c;
    mask |= 1 << i;
  }
  return mask;
}
