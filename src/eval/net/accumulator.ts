// The network evaluation in the search: one accumulator per perspective per ply, kept up to
// date move by move. Before a move the squares it will touch are taken out of a copy of the
// parent's accumulators, after it they are put back in as they now stand (a placement touches
// one square and a reserve, a spread its source and each square it drops on). Integer
// arithmetic on typed arrays, nothing allocated per node.

import { dropMask, isSpread } from '../../core/move.js';
import type { Position } from '../../core/position.js';
import { BENEATH, inputLayout, SQUARE_INPUTS, type InputLayout } from './inputs.js';
import type { Network } from './network.js';

export class NetAccumulator {
  readonly net: Network;
  private readonly H: number;
  private readonly L: InputLayout;
  /** Slot s (a ply of the search) holds White's perspective at s * 2H, Black's at s * 2H + H. */
  private readonly acc: Int32Array;
  private readonly slots: number;
  private readonly scale: number;

  constructor(net: Network, slots: number) {
    this.net = net;
    this.H = net.hidden;
    this.L = inputLayout(net.size);
    if (this.L.count !== net.inputs) throw new Error(`network has ${net.inputs} inputs; a ${net.size}x${net.size} board has ${this.L.count}`);
    this.slots = slots;
    this.acc = new Int32Array(slots * 2 * net.hidden);
    this.scale = net.K / (net.qa * net.qb);
  }

  /** Computes slot `s` from scratch for `pos`. */
  refresh(pos: Position, s: number): void {
    const H = this.H;
    const a = this.acc;
    const o = s * 2 * H;
    const b1 = this.net.b1;
    for (let j = 0; j < H; j++) a[o + j] = a[o + H + j] = b1[j]!;
    for (let sq = 0; sq < pos.area; sq++) this.square(pos, sq, o, 1);
    for (let c = 0; c < 2; c++) this.reserves(pos, c, o, 1);
  }

  /** Before `move` is made in `pos` at slot s: slot s + 1 = slot s without what the move changes. */
  beforeMove(pos: Position, move: number, s: number): void {
    const H2 = 2 * this.H;
    const from = s * H2;
    const to = from + H2;
    this.acc.copyWithin(to, from, to);
    // The placer's colour (in the opening swap, the opponent's piece is placed).
    this.touched(pos, move, to, -1, pos.ply < 2 ? pos.side ^ 1 : pos.side);
  }

  /** After `move` was made: what it changed, as it now stands, into slot s + 1. */
  afterMove(pos: Position, move: number, s: number): void {
    this.touched(pos, move, (s + 1) * 2 * this.H, 1, pos.top[move & 63]! & 1);
  }

  /** A null move at slot s: slot s + 1 is a copy (the board is unchanged). */
  copy(s: number): void {
    const H2 = 2 * this.H;
    this.acc.copyWithin((s + 1) * H2, s * H2, (s + 1) * H2);
  }

  /** The network's score of slot s, in centiflats from the side to move's view. */
  evaluate(pos: Position, s: number): number {
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

  /** The squares (and for a placement the reserve of `placer`) that `move` changes. */
  private touched(pos: Position, move: number, o: number, sign: number, placer: number): void {
    const sq = move & 63;
    this.square(pos, sq, o, sign);
    if (!isSpread(move)) {
      this.reserves(pos, placer, o, sign);
      return;
    }
    const step = pos.info.delta[(move >>> 6) & 3]!;
    let mask = dropMask(move);
    let cur = sq;
    while (mask !== 0) {
      cur += step;
      mask &= mask - 1;
      this.square(pos, cur, o, sign);
    }
  }

  /** Adds (sign 1) or removes (-1) the inputs of square sq into slot offset o, both perspectives. */
  private square(pos: Position, sq: number, o: number, sign: number): void {
    const h = pos.height[sq]!;
    if (h === 0) return;
    const base = sq * SQUARE_INPUTS;
    const code = pos.top[sq]!;
    this.feature(base + ((code >> 1) - 1) * 2 + (code & 1), o, sign);
    const deep = h - 1 < BENEATH ? h - 1 : BENEATH;
    const at = sq * pos.stride + h - 1;
    const stack = pos.stack;
    for (let d = 1; d <= deep; d++) this.feature(base + 4 + 2 * d + stack[at - d]!, o, sign);
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
   * Adds or removes colour c's reserve inputs (own for perspective c, theirs for the other), at
   * the counts pos holds now: before a placement the old count, after it the new.
   */
  private reserves(pos: Position, c: number, o: number, sign: number): void {
    const L = this.L;
    const H = this.H;
    const a = this.acc;
    const W = this.net.W1;
    const st = clamp(pos.stones[c]!, L.maxStones);
    const cp = clamp(pos.caps[c]!, L.maxCaps);
    // Perspective c sees them as own, the other as theirs.
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

