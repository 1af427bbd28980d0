// The trainer's float parameters (model.ts) as the engine's integers (network.ts): W1 and b1
// scaled by QA (a hidden unit's 1.0 is QA), W2 by QB, b2 kept as a float. Rounding moves the
// output by at most about (inputs active + 1) * 0.5 / QA per unit times |W2|: a few centiflats
// (test/train/quantise.test.ts measures it on real positions). dequantise is the way back: a
// network file as float parameters, for `bredon train --init` to go on from.

import type { Network, NetworkData } from '../eval/net/network.js';
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

/**
 * A network's integers as the trainer's float parameters (in a SharedArrayBuffer, as the
 * trainer's threads share them): W1 and b1 over its QA, W2 over its QB, b2 as stored. Quantising
 * the result with the same QA and QB gives the same integers back. Throws when the network's
 * shape is not `shape`.
 */
export function dequantise(net: Network, shape: Shape): Float64Array {
  const what: string[] = [];
  if (net.size !== shape.size) what.push(`for ${net.size}x${net.size}, not ${shape.size}x${shape.size}`);
  if (net.hidden !== shape.hidden) what.push(`${net.hidden} hidden units a side, not ${shape.hidden}`);
  if (net.inputs !== shape.inputs) what.push(`${net.inputs} inputs, not the ${shape.inputs} of this build`);
  if (net.residual !== shape.residual) what.push(net.residual ? 'residual (give no --no-residual)' : 'not residual (give --no-residual)');
  if (what.length > 0) throw new Error(`the network ${net.hash} is ${what.join(', ')}`);
  const o = offsets(shape);
  const H = shape.hidden;
  const p = new Float64Array(new SharedArrayBuffer(o.count * 8));
  for (let i = 0; i < net.W1.length; i++) p[o.W1 + i] = net.W1[i]! / net.qa;
  for (let j = 0; j < H; j++) p[o.b1 + j] = net.b1[j]! / net.qa;
  for (let j = 0; j < 2 * H; j++) p[o.W2 + j] = net.W2[j]! / net.qb;
  p[o.b2] = net.b2;
  return p;
}
