// The model the tuner fits: the evaluation E (White's view, centiflats) of evaluate.ts,
//   E = sum_i F_i * (mg_i * phase + eg_i * (1 - phase)),
// turned into White's expected score by sigmoid(E / K), and scored by the mean squared error
// against the target t = lambda * result + (1 - lambda) * evalTarget (the result alone when a
// position has no evaluation target). K converts centiflats to a win probability: it is fitted
// once for the starting weights and then held fixed, so that the weights keep their scale.
//
// Everything here runs over the whole matrix many times: plain loops over typed arrays, no
// allocation per position (scratch arrays are passed in or allocated once per call).

import { sigmoid } from '../math/sigmoid.js';
import { goldenSectionMin } from './golden-section.js';
import type { Rows } from './rows.js';

/**
 * The target of every row for scaling constant K: selfplay search scores are centiflats like
 * the evaluation, so the same K turns them into an expected score.
 */
export function setTargets(rows: Rows, K: number, lambda: number): void {
  const t = rows.target;
  for (let i = 0; i < rows.n; i++) t[i] = targetOf(rows, i, K, lambda);
}

function targetOf(rows: Rows, i: number, K: number, lambda: number): number {
  const r = rows.result[i]!;
  const p = rows.evalP[i]!;
  if (p === p) return lambda * r + (1 - lambda) * p; // p === p: not NaN
  const s = rows.score[i]!;
  if (s === s) return lambda * r + (1 - lambda) * sigmoid(s / K);
  return r;
}

/** E of row i (White's view, centiflats) for weights mg, eg: its features dotted with the blend. */
function rowEval(rows: Rows, i: number, mg: Float64Array, eg: Float64Array): number {
  const { count, F } = rows;
  const at = i * count;
  let a = 0;
  let b = 0;
  for (let j = 0; j < count; j++) {
    const f = F[at + j]!;
    if (f !== 0) {
      a += f * mg[j]!;
      b += f * eg[j]!;
    }
  }
  const ph = rows.phase[i]!;
  return a * ph + b * (1 - ph);
}

/** E of every row into E[0..n) for weights mg, eg. */
export function evaluateRows(rows: Rows, mg: Float64Array, eg: Float64Array, E: Float64Array): void {
  for (let i = 0; i < rows.n; i++) E[i] = rowEval(rows, i, mg, eg);
}

/** Mean squared error of sigmoid(E / K) against the targets set by setTargets. */
export function loss(rows: Rows, mg: Float64Array, eg: Float64Array, K: number): number {
  const { n, target } = rows;
  if (n === 0) return NaN;
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const d = sigmoid(rowEval(rows, i, mg, eg) / K) - target[i]!;
    sum += d * d;
  }
  return sum / n;
}

/**
 * The loss and its gradient with respect to mg and eg (into gmg, geg, overwritten): one pass to
 * score a row, a second to spread its error over the features that fired.
 */
export function lossAndGradient(rows: Rows, mg: Float64Array, eg: Float64Array, K: number, gmg: Float64Array, geg: Float64Array): number {
  const { n, count, F, phase, target } = rows;
  gmg.fill(0, 0, count);
  geg.fill(0, 0, count);
  if (n === 0) return NaN;
  let sum = 0;
  const scale = 2 / (n * K);
  for (let i = 0; i < n; i++) {
    const at = i * count;
    const ph = phase[i]!;
    const s = sigmoid(rowEval(rows, i, mg, eg) / K);
    const d = s - target[i]!;
    sum += d * d;
    // d(d^2)/dE = 2 d s (1 - s) / K; dE/dmg_j = F_j ph, dE/deg_j = F_j (1 - ph).
    const g = scale * d * s * (1 - s);
    if (g === 0) continue;
    const gm = g * ph;
    const ge = g - gm;
    for (let j = 0; j < count; j++) {
      const f = F[at + j]!;
      if (f !== 0) {
        gmg[j] += f * gm;
        geg[j] += f * ge;
      }
    }
  }
  return sum / n;
}

/** Bounds of the search for K, in centiflats: a flat's lead is worth between ~0 and ~100% of a game. */
const K_MIN = 5;
const K_MAX = 100_000;

/**
 * The K that minimises the loss of the weights (mg, eg) on `rows`, by golden-section search on
 * log K (the loss is flat for large K, steep for small: a log scale gives both ends equal room).
 * Targets are recomputed for each K (selfplay scores depend on it), and left set for the best K.
 */
export function fitK(rows: Rows, mg: Float64Array, eg: Float64Array, lambda: number): number {
  const E = new Float64Array(rows.n);
  evaluateRows(rows, mg, eg, E);
  const lossAt = (logK: number): number => {
    const K = Math.exp(logK);
    let sum = 0;
    for (let i = 0; i < rows.n; i++) {
      const d = sigmoid(E[i]! / K) - targetOf(rows, i, K, lambda);
      sum += d * d;
    }
    return sum;
  };
  // Until K is known to 0.01%: far finer than the loss can tell apart.
  const K = Math.exp(goldenSectionMin(lossAt, Math.log(K_MIN), Math.log(K_MAX), 1e-4));
  setTargets(rows, K, lambda);
  return K;
}
