// Legal move generation: placements and every spread, plus a count-only variant for perft.
//
// A spread of n pieces is one drop mask with bit n-1 set (see move.ts); it enters as many
// squares as the mask has set bits. Moving from a square in one direction, `free` is the number
// of squares before the edge or the first wall or capstone. Every mask with at most `free` set
// bits is legal; a capstone on top of the hand may also go one square further onto a wall when
// it arrives there alone (mask with free + 1 bits whose last drop is one piece: bit n-2 set).

import { CAP, FLAT, SPREAD_FLAG, WALL } from './move.js';
import type { Position } from './position.js';

const MAX_CARRY = 8;

/** All masks of hand size n, sorted by number of squares entered, at MASKS[MASK_OFF[n]..]. */
const MASKS = new Int32Array(256);
const MASK_OFF = new Int32Array(MAX_CARRY + 2);
/** MASK_CNT[n * 9 + d]: masks of hand size n entering at most d squares. */
const MASK_CNT = new Int32Array(9 * 9);
/** Capstone smashes of hand size n entering exactly d + 1 squares: SMASH[SMASH_OFF[n*9+d]..]. */
const SMASH = new Int32Array(256);
const SMASH_OFF = new Int32Array(9 * 9);
const SMASH_CNT = new Int32Array(9 * 9);
/** Sums over hand sizes 1..carry, for counting: SPREAD_SUM[carry * 9 + d]. */
const SPREAD_SUM = new Int32Array(9 * 9);
const SMASH_SUM = new Int32Array(9 * 9);

function bits(x: number): number {
  let c = 0;
  for (; x !== 0; x &= x - 1) c++;
  return c;
}

(function buildTables() {
  let off = 0;
  let smashOff = 0;
  for (let n = 1; n <= MAX_CARRY; n++) {
    MASK_OFF[n] = off;
    const masks: number[] = [];
    for (let m = 1 << (n - 1); m < 1 << n; m++) masks.push(m);
    masks.sort((a, b) => bits(a) - bits(b) || a - b);
    for (const m of masks) MASKS[off++] = m;
    for (let d = 0; d <= 8; d++) {
      MASK_CNT[n * 9 + d] = masks.filter((m) => bits(m) <= d).length;
      SMASH_OFF[n * 9 + d] = smashOff;
      const smashes = masks.filter((m) => bits(m) === d + 1 && (n === 1 || ((m >>> (n - 2)) & 1) === 1));
      for (const m of smashes) SMASH[smashOff++] = m;
      SMASH_CNT[n * 9 + d] = smashes.length;
    }
  }
  for (let carry = 1; carry <= MAX_CARRY; carry++) {
    for (let d = 0; d <= 8; d++) {
      SPREAD_SUM[carry * 9 + d] = SPREAD_SUM[(carry - 1) * 9 + d]! + MASK_CNT[carry * 9 + d]!;
      SMASH_SUM[carry * 9 + d] = SMASH_SUM[(carry - 1) * 9 + d]! + SMASH_CNT[carry * 9 + d]!;
    }
  }
})();

/**
 * Squares a spread from sq can enter going `step`, before the edge (r squares away) or the
 * first wall or capstone. A capstone may go one further onto a wall: sq + (free + 1) * step.
 */
function freeRun(top: Uint8Array, sq: number, step: number, r: number): number {
  let free = 0;
  let cur = sq + step;
  while (free < r && top[cur]! < 4) {
    free++;
    cur += step;
  }
  return free;
}

/**
 * Writes the legal moves of the side to move into out[start..] and returns the end index.
 * The caller must leave room (a few thousand moves covers any real position; see MAX_MOVES).
 * Does not check whether the game is already over.
 */
export function generateMoves(pos: Position, out: Int32Array, start: number): number {
  let k = start;
  const area = pos.area;
  const top = pos.top;
  if (pos.ply < 2) {
    // The opening swap places a flat from the opponent's reserve: none without a stone there.
    if (pos.stones[pos.side ^ 1]! <= 0) return k;
    for (let sq = 0; sq < area; sq++) if (top[sq] === 0) out[k++] = sq | (FLAT << 6);
    return k;
  }
  const side = pos.side;
  const hasStones = pos.stones[side]! > 0;
  const hasCaps = pos.caps[side]! > 0;
  const height = pos.height;
  const size = pos.size;
  for (let sq = 0; sq < area; sq++) {
    const t = top[sq]!;
    if (t === 0) {
      if (hasStones) {
        out[k++] = sq | (FLAT << 6);
        out[k++] = sq | (WALL << 6);
      }
      if (hasCaps) out[k++] = sq | (CAP << 6);
      continue;
    }
    if ((t & 1) !== side) continue;
    const h = height[sq]!;
    const carry = h < size ? h : size;
    const isCap = t >= 6;
    for (let dir = 0; dir < 4; dir++) k = spreadsInDirection(pos, sq, dir, carry, isCap, out, k);
  }
  return k;
}

/**
 * Writes the spreads of the stack on sq in direction dir (hand sizes 1..carry) into out[k..]
 * and returns the new end. The stack's owner need not be the side to move (the tactics code
 * asks what the opponent could do).
 */
export function spreadsInDirection(
  pos: Position,
  sq: number,
  dir: number,
  carry: number,
  isCap: boolean,
  out: Int32Array,
  k: number,
): number {
  const top = pos.top;
  const r = pos.info.ray[sq * 4 + dir]!;
  const step = pos.info.delta[dir]!;
  const free = freeRun(top, sq, step, r);
  if (free === 0 && !(isCap && r > 0)) return k;
  const head = sq | (dir << 6) | SPREAD_FLAG;
  for (let n = 1; n <= carry; n++) {
    const off = MASK_OFF[n]!;
    const end = off + MASK_CNT[n * 9 + free]!;
    for (let j = off; j < end; j++) out[k++] = head | (MASKS[j]! << 9);
  }
  if (isCap && free < r && top[sq + (free + 1) * step]! < 6) {
    for (let n = 1; n <= carry; n++) {
      const off = SMASH_OFF[n * 9 + free]!;
      const end = off + SMASH_CNT[n * 9 + free]!;
      for (let j = off; j < end; j++) out[k++] = head | (SMASH[j]! << 9);
    }
  }
  return k;
}

/** Squares entered from sq going dir before the edge or the first wall or capstone. */
export function freeSquares(pos: Position, sq: number, dir: number): number {
  return freeRun(pos.top, sq, pos.info.delta[dir]!, pos.info.ray[sq * 4 + dir]!);
}

/** The number of legal moves, without listing them (perft's last ply). */
export function countMoves(pos: Position): number {
  const area = pos.area;
  const top = pos.top;
  let empties = 0;
  for (let sq = 0; sq < area; sq++) if (top[sq] === 0) empties++;
  if (pos.ply < 2) return pos.stones[pos.side ^ 1]! > 0 ? empties : 0;
  const side = pos.side;
  let count = empties * ((pos.stones[side]! > 0 ? 2 : 0) + (pos.caps[side]! > 0 ? 1 : 0));
  const height = pos.height;
  const size = pos.size;
  const ray = pos.info.ray;
  const delta = pos.info.delta;
  for (let sq = 0; sq < area; sq++) {
    const t = top[sq]!;
    if (t === 0 || (t & 1) !== side) continue;
    const h = height[sq]!;
    const carry = h < size ? h : size;
    const row = carry * 9;
    const isCap = t >= 6;
    for (let dir = 0; dir < 4; dir++) {
      const r = ray[sq * 4 + dir]!;
      const step = delta[dir]!;
      const free = freeRun(top, sq, step, r);
      count += SPREAD_SUM[row + free]!;
      if (isCap && free < r && top[sq + (free + 1) * step]! < 6) count += SMASH_SUM[row + free]!;
    }
  }
  return count;
}

/** Room for the moves of any one position: a generous bound on real positions (8x8 tall stacks). */
export const MAX_MOVES = 1 << 15;

/** Whether `move` is among the legal moves (slow: generates the whole list). */
export function isLegalMove(pos: Position, move: number, scratch?: Int32Array): boolean {
  const buf = scratch ?? new Int32Array(MAX_MOVES);
  const end = generateMoves(pos, buf, 0);
  for (let i = 0; i < end; i++) if (buf[i] === move) return true;
  return false;
}

export function legalMoves(pos: Position): number[] {
  const buf = new Int32Array(MAX_MOVES);
  const end = generateMoves(pos, buf, 0);
  return Array.from(buf.subarray(0, end));
}

/**
 * Whether `move` is legal here, checked directly (no list): for moves from elsewhere that
 * may not fit the position, such as a transposition-table move after a key collision.
 */
export function isValidMove(pos: Position, move: number): boolean {
  const sq = move & 63;
  if (sq >= pos.area || move >>> 17 !== 0) return false;
  const top = pos.top;
  const t = top[sq]!;
  if ((move & SPREAD_FLAG) === 0) {
    const type = (move >>> 6) & 3;
    if (t !== 0 || type === 0 || move >>> 8 !== 0) return false;
    if (pos.ply < 2) return type === FLAT && pos.stones[pos.side ^ 1]! > 0;
    return type === CAP ? pos.caps[pos.side]! > 0 : pos.stones[pos.side]! > 0;
  }
  if (pos.ply < 2 || t === 0 || (t & 1) !== pos.side) return false;
  let mask = (move >>> 9) & 0xff;
  if (mask === 0) return false;
  const n = 32 - Math.clz32(mask);
  if (n > pos.height[sq]! || n > pos.size) return false;
  const dir = (move >>> 6) & 3;
  let squares = 0;
  for (let x = mask; x !== 0; x &= x - 1) squares++;
  if (squares > pos.info.ray[sq * 4 + dir]!) return false;
  const step = pos.info.delta[dir]!;
  let cur = sq;
  while (mask !== 0) {
    cur += step;
    const count = 32 - Math.clz32(mask & -mask);
    mask >>>= count;
    const c = top[cur]!;
    if (c >= 4) {
      // Only a capstone arriving alone at the last square may land on (and flatten) a wall.
      if (mask !== 0 || c >= 6 || t < 6 || count !== 1) return false;
    }
  }
  return true;
}
