// `wdl <win> <draw> <loss>` for info lines: the search's expected score (src/search/expected-score.ts)
// as per-mille chances from the side to move's view, the same p as the `score cp` beside it
// (200p - 100), so that PTN Ninja's evaluation bar (which prefers wdl) and its move marks (which
// read score cp) agree. Draws are rare in Tak and the fit counts a draw as half a win, so the draw
// share is 0. A proven result is 1000 or 0; an unproven score is kept within 1..999 so that only
// a proof shows certainty.

import { expectedScore } from '../search/expected-score.js';

/** [win, draw, loss] per mille for the side to move, from a score and its proven result (mateIn). */
export function winDrawLoss(score: number, mateIn: number, size: number): [number, number, number] {
  if (mateIn > 0) return [1000, 0, 0];
  if (mateIn < 0) return [0, 0, 1000];
  const win = Math.min(999, Math.max(1, Math.round(1000 * expectedScore(score, size))));
  return [win, 0, 1000 - win];
}

/** The `wdl W D L` field of an info line. */
export function formatWdl(score: number, mateIn: number, size: number): string {
  const [w, d, l] = winDrawLoss(score, mateIn, size);
  return `wdl ${w} ${d} ${l}`;
}

/**
 * `score cp` on the ecosystem's scale: 200p - 100 from the side to move's view, kept within
 * -99..99 unless proven (a proof is ±100), so that only a proof shows certainty here too.
 */
export function ecosystemScore(score: number, mateIn: number, size: number): number {
  if (mateIn !== 0) return mateIn > 0 ? 100 : -100;
  const [w] = winDrawLoss(score, mateIn, size);
  return Math.min(99, Math.max(-99, Math.round(w / 5 - 100)));
}
