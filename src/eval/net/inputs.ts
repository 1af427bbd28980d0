// The network's inputs: what a Tak player would name on each square, as sparse one-hot features
// seen from one side (the "perspective": own or their pieces), so that one weight matrix serves
// both sides. Shared by the engine (accumulator.ts) and the trainer (src/train/).
//
// Per square (SQUARE_INPUTS of them):
//   0..5                  the top piece: (type - 1) * 2 + (0 own | 1 theirs), type 1 flat, 2 wall, 3 cap
//   6 + (d - 1) * 2 + c   the piece d levels under the top (d = 1..BENEATH), c = 0 own | 1 theirs
// Then the reserves, one-hot (clamped to the size's standard counts): own stones left (0..S),
// their stones left (0..S), own capstones left (0..C), their capstones left (0..C).
// The side to move is not an input: the output layer reads the mover's accumulator first.

import type { Position } from '../../core/position.js';
import { DEFAULT_RESERVES } from '../../core/sizes.js';

/** Levels under the top piece that have inputs of their own (deeper pieces are not seen). */
export const BENEATH = 10;
export const SQUARE_INPUTS = 6 + 2 * BENEATH;

export interface InputLayout {
  readonly size: number;
  readonly count: number;
  /** First reserve input; own stones at reserves + s, their stones at theirStones + s, ... */
  readonly reserves: number;
  readonly theirStones: number;
  readonly ownCaps: number;
  readonly theirCaps: number;
  readonly maxStones: number;
  readonly maxCaps: number;
}

const layouts: InputLayout[] = [];

export function inputLayout(size: number): InputLayout {
  let L = layouts[size];
  if (L === undefined) {
    const [S, C] = DEFAULT_RESERVES[size]!;
    const reserves = size * size * SQUARE_INPUTS;
    const theirStones = reserves + S + 1;
    const ownCaps = theirStones + S + 1;
    const theirCaps = ownCaps + C + 1;
    L = { size, count: theirCaps + C + 1, reserves, theirStones, ownCaps, theirCaps, maxStones: S, maxCaps: C };
    layouts[size] = L;
  }
  return L;
}

/**
 * Writes the inputs of square sq for White's perspective into out[at..] and returns the new
 * end. Black's index of the same piece is index ^ 1 (own and theirs swap; both are even-based
 * pairs). Used by the trainer and by the engine's accumulators alike.
 */
export function squareInputs(pos: Position, sq: number, out: Uint16Array | Int32Array, at: number): number {
  const h = pos.height[sq]!;
  if (h === 0) return at;
  const base = sq * SQUARE_INPUTS;
  const code = pos.top[sq]!;
  out[at++] = base + ((code >> 1) - 1) * 2 + (code & 1);
  const deep = h - 1 < BENEATH ? h - 1 : BENEATH;
  const s = sq * pos.stride + h - 1;
  for (let d = 1; d <= deep; d++) out[at++] = base + 6 + (d - 1) * 2 + pos.stack[s - d]!;
  return at;
}

/**
 * One perspective's four reserve inputs (its own and the other side's stones and capstones left,
 * each clamped to the size's standard count) into out[at..at + 4). The engine's accumulators and
 * the trainer both read the reserves through this.
 */
export function reserveInputs(
  L: InputLayout,
  ownStones: number,
  theirStones: number,
  ownCaps: number,
  theirCaps: number,
  out: Int32Array,
  at: number,
): void {
  out[at] = L.reserves + clamp(ownStones, L.maxStones);
  out[at + 1] = L.theirStones + clamp(theirStones, L.maxStones);
  out[at + 2] = L.ownCaps + clamp(ownCaps, L.maxCaps);
  out[at + 3] = L.theirCaps + clamp(theirCaps, L.maxCaps);
}

function clamp(x: number, max: number): number {
  return x < 0 ? 0 : x > max ? max : x;
}

/** Most inputs one perspective can have on a board of `size` (every square full, plus reserves). */
export function maxActive(size: number): number {
  return size * size * (1 + BENEATH) + 4;
}
