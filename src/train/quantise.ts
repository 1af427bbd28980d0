// The trainer's float parameters (model.ts) as the engine's integers (network.ts): W1 and b1
// scaled by QA (a hidden unit's 1.0 is QA), W2 by QB, b2 kept as a float. Rounding moves the
// output by at most about (inputs active + 1) * 0.5 / QA per unit times |W2|: a few centiflats
// (test/train/quantise.test.ts measures it on real positions).

import type { NetworkData } from '../eval/net/network.js';
import { offsets, type Shape } from './model.js';

export const QA = 2048;
export const QB = 1024;

function toInt16(x: number, what: string): number {
  const r = Math.round(x);
  if (r > 32767 || r < -32768) throw new Error(`${what} ${x.toFixed(1)} does not fit in 16 bits: the weights grew too large`);
  return r;
}

export function quantise(p: Float64Array, shape: Shape, K: number): NetworkData {
  const o = offsets(shape);
  const H = shape.hidden;
  const W1 = new Int16Array(shape.inputs * H);
  for (let i = 0; i < W1.length; i++) W1[i] = toInt16(p[o.W1 + i]! * QA, 'an input weight');
  const b1 = new Int16Array(H);
  for (let j = 0; j < H; j++) b1[j] = toInt16(p[o.b1 + j]! * QA, 'a hidden bias');
  const W2 = new Int16Array(2 * H);
  for (let j = 0; j < 2 * H; j++) W2[j] = toInt16(p[o.W2 + j]! * QB, 'an output weight');
  return { size: shape.size, residual: shape.residual, hidden: H, inputs: shape.inputs, qa: QA, qb: QB, K, b2: p[o.b2]!, W1, b1, W2 };
}
