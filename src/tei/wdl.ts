// `wdl <win> <draw> <loss>` for info lines: the search's score turned into per-mille chances,
// from the side to move's view. PTN Ninja prefers it to `score cp` for its evaluation bar.
//
// The model is the tuner's own (src/tune/model.ts): it fits the weights so that
// P(White wins) = sigmoid(eval / K), eval in centiflats, with K fitted once per board size. So
// the same K turns a score back into the chance the fit meant. K is read from the `source` note
// that `bredon tune` writes into weights.generated.ts ("... K 199.0, ..."); a size whose weights
// were carried over from another size (no K of its own) uses DEFAULT_WDL_SCALE, about the 6x6 fit.
//
// Draws: the tuner's targets count a draw as half a win and it fits no draw rate, and draws
// are rare in Tak (a flat-count tie needs komi 0 and an exact tie), so the draw share is 0.
// A proven result (a road or flat win the search has seen to the end) is 1000 or 0; an
// unproven score is kept within 1..999 so that only a proof shows certainty.

import { GENERATED_WEIGHTS } from '../eval/weights.generated.js';

/** K (centiflats) for a size without a fitted K of its own: close to the 6x6 fits (199 to 217 so far). */
export const DEFAULT_WDL_SCALE = 200;

const scales = new Map<number, number>();

/** The tuner's K for a board size: centiflats per unit of the logistic's argument. */
export function wdlScale(size: number): number {
  let k = scales.get(size);
  if (k === undefined) {
    const source = (GENERATED_WEIGHTS as Record<number, { source?: unknown } | undefined>)[size]?.source;
    const m = typeof source === 'string' ? /\bK ([0-9]+(?:\.[0-9]+)?)\b/.exec(source) : null;
    k = m !== null && Number(m[1]) > 0 ? Number(m[1]) : DEFAULT_WDL_SCALE;
    scales.set(size, k);
  }
  return k;
}

/** [win, draw, loss] per mille for the side to move, from a score and its proven result (mateIn). */
export function winDrawLoss(score: number, mateIn: number, size: number): [number, number, number] {
  if (mateIn > 0) return [1000, 0, 0];
  if (mateIn < 0) return [0, 0, 1000];
  const p = 1 / (1 + Math.exp(-score / wdlScale(size)));
  const win = Math.min(999, Math.max(1, Math.round(1000 * p)));
  return [win, 0, 1000 - win];
}

/** The `wdl W D L` field of an info line. */
export function formatWdl(score: number, mateIn: number, size: number): string {
  const [w, d, l] = winDrawLoss(score, mateIn, size);
  return `wdl ${w} ${d} ${l}`;
}
