// The one rule for judging a move, shared by `bredon annotate`, the PlayTak bot's review and the
// web page's review, and the words they say it in. A move is judged by the drop of the mover's
// expected score (src/search/expected-score.ts) from the position before it (the best the mover
// could get) to the position after it (what the mover got), in points of win chance (0 to 100):
// `?` from MISTAKE_DROP, `??` from BLUNDER_DROP, never on the search's own best move. These are
// PTN Ninja's default thresholds (-10 and -25 on the 200p - 100 scale of `score cp`), so a game
// Bredon analyses is marked alike in PTN Ninja and in Bredon's own reviews (docs/tei.md, "Scores").

import { expectedScore, provenPlies, winnerMoves } from '../search/expected-score.js';

/** Points of win chance a move must lose for `?` (PTN Ninja's `bad`, -10 of 200p - 100). */
export const MISTAKE_DROP = 5;
/** Points of win chance a move must lose for `??` (PTN Ninja's `blunder`, -25 of 200p - 100). */
export const BLUNDER_DROP = 12.5;
/** Points of win chance from which the engine's better move is named. */
export const BETTER_DROP = 2;

export type Mark = '' | '?' | '??';

/** The mark of a move that dropped the mover's win chance by `drop` points. */
export function markFor(drop: number, playedBest: boolean): Mark {
  if (playedBest) return '';
  if (drop >= BLUNDER_DROP) return '??';
  if (drop >= MISTAKE_DROP) return '?';
  return '';
}

/**
 * The drop of a move, in points of win chance, from the mover's scores before and after it
 * (search scores from the mover's view). A proven win let go, or a proven loss walked into, is a
 * drop of 100 whatever the chance left: PTN Ninja counts a solved result as ±10000 on its scale,
 * so it marks such a move `??` too, and a player would call it the game's blunder.
 */
export function dropOf(before: number, after: number, size: number): number {
  if (provenPlies(before) > 0 && before > 0 && !(provenPlies(after) > 0 && after > 0)) return 100;
  if (provenPlies(after) > 0 && after < 0 && !(provenPlies(before) > 0 && before < 0)) return 100;
  return Math.max(0, chancePoints(before, size) - chancePoints(after, size));
}

/** Points of win chance (0-100) of the side a score is from, for a search score. */
export function chancePoints(score: number, size: number): number {
  return 100 * expectedScore(score, size);
}

/** A win chance as a person reads it: "62%", never 0% or 100% unless proven ("1%", "99%"). */
export function percentText(points: number): string {
  return `${Math.min(99, Math.max(1, Math.round(points)))}%`;
}

function moves(n: number): string {
  return `${n} ${n === 1 ? 'move' : 'moves'}`;
}

/**
 * A score from one side's view in words: "62%" (its win chance), or for a proven result "a win
 * in 2 moves" / "a loss in 2 moves" (the winner's moves to the end, the same count whoever is to move).
 */
export function chanceText(score: number, size: number): string {
  const plies = provenPlies(score);
  if (plies > 0) return `${score > 0 ? 'a win' : 'a loss'} in ${moves(winnerMoves(plies))}`;
  return percentText(chancePoints(score, size));
}

/** A score from White's view, for comments and summaries: "White 62%", or "White wins in 2 moves". */
export function whiteChanceText(white: number, size: number): string {
  const plies = provenPlies(white);
  if (plies > 0) return `${white > 0 ? 'White' : 'Black'} wins in ${moves(winnerMoves(plies))}`;
  return `White ${percentText(chancePoints(white, size))}`;
}

/** A forced road's length in plies, as the text says it: "a road in 2 moves". */
export function roadText(plies: number): string {
  return `a road in ${moves(winnerMoves(plies))}`;
}
