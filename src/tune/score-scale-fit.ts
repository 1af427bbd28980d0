// The fit behind src/search/expected-score.ts's SCORE_SCALE: the K for which
// P(White wins) = sigmoid(score / K) best predicts the results of searched positions (their
// search scores from White's view, the games' results), by maximum likelihood. Proven scores
// say nothing about the scale and are left out.

import { sigmoid } from '../math/sigmoid.js';
import { WIN_THRESHOLD } from '../search/types.js';
import { goldenSectionMin } from './golden-section.js';

/** The fitted K (centiflats) and the mean log loss at it, over `n` unproven positions. */
export interface ScaleFit {
  k: number;
  logLoss: number;
  n: number;
}

/** Mean log loss of sigmoid(score / k) against the results (1, 0.5, 0). */
function logLoss(scores: Float64Array, results: Float64Array, n: number, k: number): number {
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const p = Math.min(1 - 1e-12, Math.max(1e-12, sigmoid(scores[i]! / k)));
    const r = results[i]!;
    sum -= r * Math.log(p) + (1 - r) * Math.log(1 - p);
  }
  return sum / n;
}

/** Fits K to positions given as White-view scores and White's results. */
export function fitScoreScale(positions: Iterable<{ score: number; result: number }>): ScaleFit {
  const s: number[] = [];
  const r: number[] = [];
  for (const p of positions) {
    if (Math.abs(p.score) >= WIN_THRESHOLD) continue;
    s.push(p.score);
    r.push(p.result);
  }
  const n = s.length;
  if (n === 0) throw new RangeError('no unproven positions to fit the score scale to');
  const scores = Float64Array.from(s);
  const results = Float64Array.from(r);
  // On log K between 20 and 5000 centiflats, to 0.01%.
  const k = Math.exp(goldenSectionMin((x) => logLoss(scores, results, n, Math.exp(x)), Math.log(20), Math.log(5000), 1e-4));
  return { k, logLoss: logLoss(scores, results, n, k), n };
}
