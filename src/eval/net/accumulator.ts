// The network evaluation in the search: one accumulator per perspective per ply, kept up to
// date move by move. Before a move the inputs of the squares it will touch are noted; after it
// the child's accumulators are the parent's with those inputs taken out and the same squares'
// inputs as they now stand put in (a placement touches one square and a reserve, a spread its
// source and each square it drops on). The arithmetic is done only when a position at or below
// that ply is evaluated. Integer arithmetic on typed arrays, nothing allocated per node.

import { dropMask, isSpread } from '../../core/move.js';
import type { Position } from '../../core/position.js';
import { BENEATH, inputLayout, maxActive, squareInputs, type InputLayout } from './inputs.js';
import type { Network } from './network.js';

export class NetAccumulator {
  readonly net: Network;
  private readonly H: number;
  private readonly L: InputLayout;
  /** Slot s (a ply of the search) holds White's perspective at s * 2H, Black's at s * 2H + H. */
  private readonly acc: Int32Array;
  private readonly scale: number;
  /** Whether any reserve input has a weight (a network trained with --no-reserve-inputs has none). */
  private readonly reservesUsed: boolean;
  /**
   * Per slot t, what the move from slot t - 1 changed, noted when it was made: the inputs of the
   * squares it touched before (removed) and after (added) it, at t * listSize; the placer and its
   * reserve before and after (reserveFrom -1 when no reserve input changed); dirty[t] = 1 while
   * slot t's accumulators are not computed from them yet.
   */
  private readonly listSize: number;
  private readonly removed: Int32Array;
  private readonly added: Int32Array;
  private readonly removedCount: Int32Array;
  private readonly addedCount: Int32Array;
  private readonly placer: Int32Array;
  private readonly reserveFrom: Int32Array;
  private readonly reserveTo: Int32Array;
  private readonly dirty: Uint8Array;
  /** Scratch for refresh. */
  private readonly scratch: Int32Array;

  constructor(net: Network, slots: number) {
    this.net = net;
    this.H = net.hidden;
    this.L = inputLayout(net.size);
    if (this.L.count !== net.inputs) throw new Error(`network has ${net.inputs} inputs; a ${net.size}x${net.size} board has ${this.L.count}`);
    this.acc = new Int32Array(slots * 2 * net.hidden);
    this.scale = net.K / (net.qa * net.qb);
    this.reservesUsed = net.W1.subarray(this.L.reserves * net.hidden).some((w) => w !== 0);
    // A spread touches at most size + 1 squares, each with at most 1 + BENEATH inputs.
    this.listSize = (net.size + 1) * (1 + BENEATH);
    this.removed = new Int32Array(slots * this.listSize);
    this.added = new Int32Array(slots * this.listSize);
    this.removedCount = new Int32Array(slots);
    this.addedCount = new Int32Array(slots);
    this.placer = new Int32Array(slots);
    this.reserveFrom = new Int32Array(slots);
    this.reserveTo = new Int32Array(slots);
    this.dirty = new Uint8Array(slots);
    this.scratch = new Int32Array(maxActive(net.size));
  }

  /** Computes slot `s` from scratch for `pos`. */
  refresh(pos: Position, s: number): void {
    const H = this.H;
    const a = this.acc;
    const o = s * 2 * H;
    const b1 = this.net.b1;
    for (let j = 0; j < H; j++) a[o + j] = a[o + H + j] = b1[j]!;
    const list = this.scratch;
    this.dirty[s] = 0;
    for (let sq = 0; sq < pos.area; sq++) {
      const n = squareInputs(pos, sq, list, 0);
      for (let i = 0; i < n; i++) this.feature(list[i]!, o, 1);
    }
    for (let c = 0; c < 2; c++) this.reserveInputs(c, this.reserveKey(pos, c), o, 1);
  }

  /**
   * Before `move` is made in `pos` at slot s: notes the inputs of the squares it will change
   * (and, for a placement, the placer's reserve count) as they stand now, for slot s + 1.
   */
  beforeMove(pos: Position, move: number, s: number): void {
    const t = s + 1;
    this.removedCount[t] = this.collect(pos, move, this.removed, t * this.listSize);
    this.reserveFrom[t] = -1;
    if (!isSpread(move) && this.reservesUsed) {
      const placer = pos.ply < 2 ? pos.side ^ 1 : pos.side;
      this.placer[t] = placer;
      this.reserveFrom[t] = this.reserveKey(pos, placer);
    }
  }

  /**
   * After `move` was made: notes the same squares' inputs as they now stand, and what the
   * placer's reserve is now. Slot s + 1 will be slot s with the first taken out and the second
   * put in, but the arithmetic waits until a position at or below it is evaluated (ensure):
   * a node answered by the table, a road or the end of the game never pays for it.
   */
  afterMove(pos: Position, move: number, s: number): void {
    const t = s + 1;
    const o = t * this.listSize;
    this.addedCount[t] = this.collect(pos, move, this.added, o);
    if (this.reserveFrom[t]! >= 0) this.reserveTo[t] = this.reserveKey(pos, this.placer[t]!);
    this.dirty[t] = 1;
  }

  /** Brings slot s up to date, and the slots above it that it is computed from. */
  private ensure(s: number): void {
    if (this.dirty[s] === 0) return;
    let k = s;
    while (this.dirty[k] !== 0) k--;
    for (k++; k <= s; k++) this.apply(k);
  }

  /**
   * Slot t = slot t - 1 with the noted inputs taken out and put in. An input in both (a piece at
   * the same depth under the same kind of top, say) cancels and costs nothing; the others are
   * applied in pairs, one pass over the accumulators per pair.
   */
  private apply(t: number): void {
    this.dirty[t] = 0;
    const H = this.H;
    const H2 = 2 * H;
    const to = t * H2;
    const a = this.acc;
    a.copyWithin(to, to - H2, to);
    const rem = this.removed;
    const add = this.added;
    const o = t * this.listSize;
    let nr = o + this.removedCount[t]!;
    let na = o + this.addedCount[t]!;
    // Cancel the inputs present before and after.
    for (let i = o; i < na; i++) {
      const x = add[i]!;
      for (let k = o; k < nr; k++) {
        if (rem[k] === x) {
          rem[k] = rem[--nr]!;
          add[i--] = add[--na]!;
          break;
        }
      }
    }
    const W = this.net.W1;
    const o1 = to + H;
    const pairs = na - o < nr - o ? na - o : nr - o;
    for (let i = o; i < o + pairs; i++) {
      const p0 = add[i]! * H;
      const p1 = (add[i]! ^ 1) * H;
      const m0 = rem[i]! * H;
      const m1 = (rem[i]! ^ 1) * H;
      for (let j = 0; j < H; j++) {
        a[to + j]! += W[p0 + j]! - W[m0 + j]!;
        a[o1 + j]! += W[p1 + j]! - W[m1 + j]!;
      }
    }
    for (let i = o + pairs; i < na; i++) this.feature(add[i]!, to, 1);
    for (let i = o + pairs; i < nr; i++) this.feature(rem[i]!, to, -1);
    if (this.reserveFrom[t]! >= 0) {
      this.reserveInputs(this.placer[t]!, this.reserveFrom[t]!, to, -1);
      this.reserveInputs(this.placer[t]!, this.reserveTo[t]!, to, 1);
    }
  }

  /** The inputs (White's perspective) of the squares `move` touches, into out; returns how many. */
  private collect(pos: Position, move: number, out: Int32Array, at: number): number {
    const sq = move & 63;
    let n = squareInputs(pos, sq, out, at);
    if (!isSpread(move)) return n - at;
    const step = pos.info.delta[(move >>> 6) & 3]!;
    let mask = dropMask(move);
    let cur = sq;
    while (mask !== 0) {
      cur += step;
      mask &= mask - 1;
      n = squareInputs(pos, cur, out, n);
    }
    return n - at;
  }

  /** Colour c's stones and capstones left, clamped, packed as stones * 256 + caps. */
  private reserveKey(pos: Position, c: number): number {
    return clamp(pos.stones[c]!, this.L.maxStones) * 256 + clamp(pos.caps[c]!, this.L.maxCaps);
  }

  /** A null move at slot s: slot s + 1 is a copy (the board is unchanged). */
  copy(s: number): void {
    const t = s + 1;
    this.removedCount[t] = this.addedCount[t] = 0;
    this.reserveFrom[t] = -1;
    this.dirty[t] = 1;
  }

  /** The network's score of slot s, in centiflats from the side to move's view. */
  evaluate(pos: Position, s: number): number {
    this.ensure(s);
    const H = this.H;
    const a = this.acc;
    const W2 = this.net.W2;
    const qa = this.net.qa;
    const us = s * 2 * H + pos.side * H;
    const them = s * 2 * H + (pos.side ^ 1) * H;
    let sum = 0;
    for (let j = 0; j < H; j++) {
      let x = a[us + j]!;
      if (x > 0) sum += (x < qa ? x : qa) * W2[j]!;
      x = a[them + j]!;
      if (x > 0) sum += (x < qa ? x : qa) * W2[H + j]!;
    }
    return sum * this.scale + this.net.b2 * this.net.K;
  }

  /** White's input i and Black's i ^ 1 (own and theirs swapped), into slot offset o. */
  private feature(i: number, o: number, sign: number): void {
    const H = this.H;
    const a = this.acc;
    const W = this.net.W1;
    const w0 = i * H;
    const w1 = (i ^ 1) * H;
    const o1 = o + H;
    if (sign > 0) {
      for (let j = 0; j < H; j++) {
        a[o + j]! += W[w0 + j]!;
        a[o1 + j]! += W[w1 + j]!;
      }
    } else {
      for (let j = 0; j < H; j++) {
        a[o + j]! -= W[w0 + j]!;
        a[o1 + j]! -= W[w1 + j]!;
      }
    }
  }

  /**
   * Adds or removes colour c's reserve inputs at counts `key` (reserveKey form): own for
   * perspective c, theirs for the other.
   */
  private reserveInputs(c: number, key: number, o: number, sign: number): void {
    const L = this.L;
    const H = this.H;
    const a = this.acc;
    const W = this.net.W1;
    const st = key >> 8;
    const cp = key & 255;
    const oc = o + c * H;
    const on = o + (c ^ 1) * H;
    const i1 = (L.reserves + st) * H;
    const i2 = (L.ownCaps + cp) * H;
    const i3 = (L.theirStones + st) * H;
    const i4 = (L.theirCaps + cp) * H;
    for (let j = 0; j < H; j++) {
      a[oc + j]! += sign * (W[i1 + j]! + W[i2 + j]!);
      a[on + j]! += sign * (W[i3 + j]! + W[i4 + j]!);
    }
  }
}

function clamp(x: number, max: number): number {
  return x < 0 ? 0 : x > max ? max : x;
}

