// The network evaluation in the search: one accumulator per perspective per ply, kept up to
// date move by move. Before a move the inputs of the squares it will touch are noted; after it
// the child's accumulators are the parent's with those inputs taken out and the same squares'
// inputs as they now stand put in (a placement touches one square and a reserve, a spread its
// source and each square it drops on). The arithmetic is done only when a position at or below
// that ply is evaluated. Integer arithmetic on typed arrays, nothing allocated per node; the
// updates and the output layer run in WebAssembly SIMD where there is any (simd.ts), else in the
// JavaScript loops below, with the same integers either way.

import { dropMask, isSpread } from '../../core/move.js';
import type { Position } from '../../core/position.js';
import { BENEATH, inputLayout, maxActive, reserveInputs, squareInputs, type InputLayout } from './inputs.js';
import type { Network } from './network.js';
import { simdKernels, type SimdKernels } from './simd.js';

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
   * squares it touched before (removed) and after (added) it, at t * listSize; for a placement
   * (reservesNoted[t] = 1) both perspectives' reserve inputs before and after it, at t * 8;
   * dirty[t] = 1 while slot t's accumulators are not computed from them yet.
   */
  private readonly listSize: number;
  private readonly removed: Int32Array;
  private readonly added: Int32Array;
  private readonly removedCount: Int32Array;
  private readonly addedCount: Int32Array;
  private readonly reservesBefore: Int32Array;
  private readonly reservesAfter: Int32Array;
  private readonly reservesNoted: Uint8Array;
  private readonly dirty: Uint8Array;
  /** Scratch for refresh. */
  private readonly scratch: Int32Array;
  /** The WebAssembly kernels, whose memory holds `acc` (undefined: the JavaScript loops). */
  private readonly simd: SimdKernels | undefined;
  /** Bytes of one perspective's accumulators (4H), and acc's first byte in the kernels' memory. */
  private readonly halfBytes: number;
  private readonly accAt: number;

  /** `simd` false keeps the JavaScript loops (the tests compare the two). */
  constructor(net: Network, slots: number, simd = true) {
    this.net = net;
    this.H = net.hidden;
    this.L = inputLayout(net.size);
    if (this.L.count !== net.inputs) throw new Error(`network has ${net.inputs} inputs; a ${net.size}x${net.size} board has ${this.L.count}`);
    this.simd = simd ? simdKernels(net, slots * 2 * net.hidden) : undefined;
    this.halfBytes = 4 * net.hidden;
    this.accAt = this.simd?.accAt ?? 0;
    this.acc =
      this.simd !== undefined
        ? new Int32Array(this.simd.memory.buffer, this.simd.accAt, slots * 2 * net.hidden)
        : new Int32Array(slots * 2 * net.hidden);
    this.scale = net.K / (net.qa * net.qb);
    this.reservesUsed = net.W1.subarray(this.L.reserves * net.hidden).some((w) => w !== 0);
    // A spread touches at most size + 1 squares, each with at most 1 + BENEATH inputs.
    this.listSize = (net.size + 1) * (1 + BENEATH);
    this.removed = new Int32Array(slots * this.listSize);
    this.added = new Int32Array(slots * this.listSize);
    this.removedCount = new Int32Array(slots);
    this.addedCount = new Int32Array(slots);
    this.reservesBefore = new Int32Array(slots * 8);
    this.reservesAfter = new Int32Array(slots * 8);
    this.reservesNoted = new Uint8Array(slots);
    this.dirty = new Uint8Array(slots);
    this.scratch = new Int32Array(Math.max(8, maxActive(net.size)));
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
    this.noteReserves(pos, list, 0);
    for (let k = 0; k < 8; k++) this.row(list[k]!, o + (k >> 2) * H, 1);
  }

  /**
   * Before `move` is made in `pos` at slot s: notes the inputs of the squares it will change
   * (and, for a placement, the placer's reserve count) as they stand now, for slot s + 1.
   */
  beforeMove(pos: Position, move: number, s: number): void {
    const t = s + 1;
    this.removedCount[t] = this.collect(pos, move, this.removed, t * this.listSize);
    this.reservesNoted[t] = 0;
    if (!isSpread(move) && this.reservesUsed) {
      this.noteReserves(pos, this.reservesBefore, t * 8);
      this.reservesNoted[t] = 1;
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
    if (this.reservesNoted[t] === 1) this.noteReserves(pos, this.reservesAfter, t * 8);
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
    const pairs = na - o < nr - o ? na - o : nr - o;
    const k = this.simd;
    if (k !== undefined) {
      this.applyKernels(k, t, o, pairs, na, nr);
      return;
    }
    a.copyWithin(to, to - H2, to);
    const W = this.net.W1;
    const o1 = to + H;
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
    if (this.reservesNoted[t] === 1) {
      for (let k = t * 8; k < t * 8 + 8; k++) {
        const before = this.reservesBefore[k]!;
        const after = this.reservesAfter[k]!;
        if (before === after) continue;
        const half = to + ((k >> 2) & 1) * H;
        this.row(before, half, -1);
        this.row(after, half, 1);
      }
    }
  }

  /**
   * apply's arithmetic in the kernels, the cancelled lists given (pairs, then adds up to na or
   * removals up to nr, from o): the first update reads slot t - 1 and writes slot t, so the
   * copy is part of it (made alone only when nothing changed).
   */
  private applyKernels(k: SimdKernels, t: number, o: number, pairs: number, na: number, nr: number): void {
    const n = this.halfBytes;
    const row = 2 * this.H; // bytes of one input's weights
    const dst = this.accAt + t * 2 * n;
    let src = dst - 2 * n;
    const rem = this.removed;
    const add = this.added;
    for (let i = o; i < o + pairs; i++) {
      const p = add[i]!;
      const m = rem[i]!;
      k.pair(dst, src, p * row, m * row, (p ^ 1) * row, (m ^ 1) * row, n);
      src = dst;
    }
    for (let i = o + pairs; i < na; i++) {
      k.add(dst, src, add[i]! * row, (add[i]! ^ 1) * row, n);
      src = dst;
    }
    for (let i = o + pairs; i < nr; i++) {
      k.sub(dst, src, rem[i]! * row, (rem[i]! ^ 1) * row, n);
      src = dst;
    }
    if (src !== dst) {
      const H2 = 2 * this.H;
      this.acc.copyWithin(t * H2, (t - 1) * H2, t * H2);
    }
    if (this.reservesNoted[t] === 1) {
      for (let j = t * 8; j < t * 8 + 8; j++) {
        const before = this.reservesBefore[j]!;
        const after = this.reservesAfter[j]!;
        if (before !== after) k.row(dst + ((j >> 2) & 1) * n, after * row, before * row, n);
      }
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

  /** White's perspective's reserve inputs into out[at..at + 4), Black's into out[at + 4..at + 8). */
  private noteReserves(pos: Position, out: Int32Array, at: number): void {
    const st = pos.stones;
    const cp = pos.caps;
    reserveInputs(this.L, st[0]!, st[1]!, cp[0]!, cp[1]!, out, at);
    reserveInputs(this.L, st[1]!, st[0]!, cp[1]!, cp[0]!, out, at + 4);
  }

  /** A null move at slot s: slot s + 1 is a copy (the board is unchanged). */
  copy(s: number): void {
    const t = s + 1;
    this.removedCount[t] = this.addedCount[t] = 0;
    this.reservesNoted[t] = 0;
    this.dirty[t] = 1;
  }

  /** The network's score of slot s, in centiflats from the side to move's view. */
  evaluate(pos: Position, s: number): number {
    this.ensure(s);
    const H = this.H;
    const k = this.simd;
    if (k !== undefined) {
      const at = this.accAt + s * 2 * this.halfBytes;
      const n = this.halfBytes;
      const sum = k.out(at + pos.side * n, at + (pos.side ^ 1) * n, k.w2At, this.net.qa, n);
      return sum * this.scale + this.net.b2 * this.net.K;
    }
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

  /** Input i's weights added (sign 1) or taken (-1) into one perspective's accumulator at offset o. */
  private row(i: number, o: number, sign: number): void {
    const H = this.H;
    const a = this.acc;
    const W = this.net.W1;
    const w = i * H;
    for (let j = 0; j < H; j++) a[o + j]! += sign * W[w + j]!;
  }
}
