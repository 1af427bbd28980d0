// The tuner's K: `bredon tune` fits the linear weights so that P(White wins) = sigmoid(eval / K),
// eval in centiflats, with K fitted once per board size, and notes it in weights.generated.ts's
// `source` ("... K 199.0, ..."). The network trainer (src/cli/train.ts) scales its targets by it.
// A size whose weights were carried over from another size (no K of its own) uses
// DEFAULT_TUNER_SCALE, about the 6x6 fit. (What a score means to a player is another fit, of
// search scores to game results: src/search/expected-score.ts.)

import { GENERATED_WEIGHTS } from './weights.generated.js';

/** K (centiflats) for a size without a fitted K of its own: close to the 6x6 fits (199 to 217 so far). */
export const DEFAULT_TUNER_SCALE = 200;

const scales = new Map<number, number>();

/** The tuner's K for a board size: centiflats per unit of the logistic's argument. */
export function tunerScale(size: number): number {
  let k = scales.get(size);
  if (k === undefined) {
    const source = (GENERATED_WEIGHTS as Record<number, { source?: unknown } | undefined>)[size]?.source;
    const m = typeof source === 'string' ? /\bK ([0-9]+(?:\.[0-9]+)?)\b/.exec(source) : null;
    k = m !== null && Number(m[1]) > 0 ? Number(m[1]) : DEFAULT_TUNER_SCALE;
    scales.set(size, k);
  }
  return k;
}
