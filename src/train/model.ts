// The network in floating point, as the trainer fits it (the engine's integer version is
// src/eval/net/accumulator.ts; quantise.ts turns one into the other). Parameters live in one
// Float64Array: W1 (inputs x H, input-major), b1 (H), W2 (2H: the mover's units, then the
// opponent's), b2. For sample i under board symmetry t:
//   acc_c = b1 + sum of W1 rows of perspective c's inputs (c = White, Black)
//   y     = W2 . [clip(acc_mover), clip(acc_other)] + b2          (logit, the mover's view)
//   z     = base_i (residual nets) + (White to move ? y : -y)     (logit, White's view)
// and the loss is (sigmoid(z) - target_i)^2. batchGradient adds the gradient of a slice of a
// batch into `grad`; nothing is allocated per sample.

import { transformSquare } from '../core/symmetry.js';
import { inputLayout, reserveInputs, SQUARE_INPUTS, type InputLayout } from '../eval/net/inputs.js';
import type { Samples } from './samples.js';

export interface Shape {
  readonly size: number;
  readonly hidden: number;
  readonly inputs: number;
  readonly residual: boolean;
}

export interface Offsets {
  readonly W1: number;
  readonly b1: number;
  readonly W2: number;
  readonly b2: number;
  readonly count: number;
}

export function offsets(s: Shape): Offsets {
  const b1 = s.inputs * s.hidden;
  const W2 = b1 + s.hidden;
  const b2 = W2 + 2 * s.hidden;
  return { W1: 0, b1, W2, b2, count: b2 + 1 };
}

/** SYM[t * 64 + sq]: square sq under symmetry t (core/symmetry.ts). */
export function symmetryTable(size: number): Int32Array {
  const t = new Int32Array(8 * 64);
  for (let k = 0; k < 8; k++) for (let sq = 0; sq < size * size; sq++) t[k * 64 + sq] = transformSquare(sq, size, k);
  return t;
}

/** The symmetry sample i is seen under in epoch `epoch` (0 = as played), from the run's seed. */
export function symmetryOf(i: number, epoch: number, seed: number): number {
  let h = Math.imul(i ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul((epoch + 1) ^ seed, 0xc2b2ae35);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 12;
  return (h >>> 0) & 7;
}

/** Scratch for one thread's passes. */
export class Scratch {
  readonly accW: Float64Array;
  readonly accB: Float64Array;
  readonly dW: Float64Array;
  readonly dB: Float64Array;
  readonly idx: Int32Array;
  readonly L: InputLayout;
  readonly sym: Int32Array;
  readonly o: Offsets;

  constructor(readonly shape: Shape) {
    this.o = offsets(shape);
    const H = shape.hidden;
    this.accW = new Float64Array(H);
    this.accB = new Float64Array(H);
    this.dW = new Float64Array(H);
    this.dB = new Float64Array(H);
    this.L = inputLayout(shape.size);
    this.idx = new Int32Array(this.L.count + 8);
    this.sym = symmetryTable(shape.size);
  }
}

/**
 * Fills s.idx with sample i's White-perspective inputs under symmetry t (square inputs, then the
 * 4 reserve inputs of White's perspective, then Black's 4) and returns the square-input count.
 */
function gather(d: Samples, i: number, t: number, s: Scratch): number {
  const { idx, sym, L } = s;
  let n = 0;
  const end = d.start[i + 1]!;
  for (let k = d.start[i]!; k < end; k++) {
    const x = d.inputs[k]!;
    if (t === 0) idx[n++] = x;
    else {
      const sq = (x / SQUARE_INPUTS) | 0;
      idx[n++] = sym[t * 64 + sq]! * SQUARE_INPUTS + (x - sq * SQUARE_INPUTS);
    }
  }
  const r = 4 * i;
  const ws = d.reserves[r]!;
  const bs = d.reserves[r + 1]!;
  const wc = d.reserves[r + 2]!;
  const bc = d.reserves[r + 3]!;
  reserveInputs(L, ws, bs, wc, bc, idx, n);
  reserveInputs(L, bs, ws, bc, wc, idx, n + 4);
  return n;
}

/** The accumulators of sample i (under symmetry t) into s.accW, s.accB; returns the square-input count. */
function accumulate(p: Float64Array, o: Offsets, d: Samples, i: number, t: number, s: Scratch): number {
  const H = s.shape.hidden;
  const { accW, accB, idx } = s;
  for (let j = 0; j < H; j++) accW[j] = accB[j] = p[o.b1 + j]!;
  const n = gather(d, i, t, s);
  for (let k = 0; k < n; k++) {
    const w = idx[k]! * H;
    const b = (idx[k]! ^ 1) * H;
    for (let j = 0; j < H; j++) {
      accW[j]! += p[w + j]!;
      accB[j]! += p[b + j]!;
    }
  }
  for (let k = 0; k < 4; k++) {
    const w = idx[n + k]! * H;
    const b = idx[n + 4 + k]! * H;
    for (let j = 0; j < H; j++) {
      accW[j]! += p[w + j]!;
      accB[j]! += p[b + j]!;
    }
  }
  return n;
}

/** The network's logit y of sample i from the mover's view (s.accW/accB left filled). */
function output(p: Float64Array, o: Offsets, side: number, s: Scratch): number {
  const H = s.shape.hidden;
  const us = side === 0 ? s.accW : s.accB;
  const them = side === 0 ? s.accB : s.accW;
  let y = p[o.b2]!;
  for (let j = 0; j < H; j++) {
    const a = us[j]!;
    if (a > 0) y += (a < 1 ? a : 1) * p[o.W2 + j]!;
    const b = them[j]!;
    if (b > 0) y += (b < 1 ? b : 1) * p[o.W2 + H + j]!;
  }
  return y;
}

/** White's logit z of sample i under symmetry t. */
export function predict(p: Float64Array, shape: Shape, d: Samples, i: number, t: number, s: Scratch): number {
  const o = s.o;
  accumulate(p, o, d, i, t, s);
  const y = output(p, o, d.side[i]!, s);
  return (shape.residual ? d.base[i]! : 0) + (d.side[i] === 0 ? y : -y);
}

/** The mover's logit of sample i as played (what the engine's network part must agree with). */
export function moverLogit(p: Float64Array, shape: Shape, d: Samples, i: number, s: Scratch): number {
  const o = s.o;
  accumulate(p, o, d, i, 0, s);
  return output(p, o, d.side[i]!, s);
}

export interface LossSums {
  sum: number;
  n: number;
  tiltakSum: number;
  tiltakN: number;
}

/** Squared errors of samples from..to (as played) added into `out`. */
export function lossRange(p: Float64Array, shape: Shape, d: Samples, from: number, to: number, s: Scratch, out: LossSums): void {
  for (let i = from; i < to; i++) {
    const e = 1 / (1 + Math.exp(-predict(p, shape, d, i, 0, s))) - d.target[i]!;
    out.sum += e * e;
    out.n++;
    if (d.tiltak[i] === 1) {
      out.tiltakSum += e * e;
      out.tiltakN++;
    }
  }
}

/**
 * Adds the gradient of the summed squared error of samples order[from..to) (sample order[k]
 * under symmetryOf(order[k], epoch, seed)) into `grad`; returns the summed squared error.
 */
export function batchGradient(
  p: Float64Array,
  shape: Shape,
  d: Samples,
  order: Int32Array,
  from: number,
  to: number,
  epoch: number,
  seed: number,
  s: Scratch,
  grad: Float64Array,
): number {
  const o = s.o;
  const H = shape.hidden;
  const { accW, accB, dW, dB, idx } = s;
  let total = 0;
  for (let k = from; k < to; k++) {
    const i = order[k]!;
    const t = symmetryOf(i, epoch, seed);
    const n = accumulate(p, o, d, i, t, s);
    const side = d.side[i]!;
    const y = output(p, o, side, s);
    const z = (shape.residual ? d.base[i]! : 0) + (side === 0 ? y : -y);
    const q = 1 / (1 + Math.exp(-z));
    const e = q - d.target[i]!;
    total += e * e;
    const dz = 2 * e * q * (1 - q);
    const dy = side === 0 ? dz : -dz;
    grad[o.b2]! += dy;
    const us = side === 0 ? accW : accB;
    const them = side === 0 ? accB : accW;
    const dUs = side === 0 ? dW : dB;
    const dThem = side === 0 ? dB : dW;
    for (let j = 0; j < H; j++) {
      const a = us[j]!;
      const b = them[j]!;
      grad[o.W2 + j]! += dy * (a <= 0 ? 0 : a < 1 ? a : 1);
      grad[o.W2 + H + j]! += dy * (b <= 0 ? 0 : b < 1 ? b : 1);
      dUs[j] = a > 0 && a < 1 ? dy * p[o.W2 + j]! : 0;
      dThem[j] = b > 0 && b < 1 ? dy * p[o.W2 + H + j]! : 0;
    }
    for (let j = 0; j < H; j++) grad[o.b1 + j]! += dW[j]! + dB[j]!;
    for (let m = 0; m < n; m++) {
      const w = idx[m]! * H;
      const b = (idx[m]! ^ 1) * H;
      for (let j = 0; j < H; j++) {
        grad[w + j]! += dW[j]!;
        grad[b + j]! += dB[j]!;
      }
    }
    for (let m = 0; m < 4; m++) {
      const w = idx[n + m]! * H;
      const b = idx[n + 4 + m]! * H;
      for (let j = 0; j < H; j++) {
        grad[w + j]! += dW[j]!;
        grad[b + j]! += dB[j]!;
      }
    }
  }
  return total;
}
