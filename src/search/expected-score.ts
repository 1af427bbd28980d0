// What a search score means to a player: the expected score (a win 1, a draw 1/2, a loss 0) of the
// side to move, the one scale every score Bredon shows is said in (TEI, the reviews, the page).
//
// The search scores in centiflats (100 = one flat). How many centiflats make a game likely won
// grows with the board, so a score is turned into an expected score by a logistic fitted to the
// results of Bredon's own selfplay games: p = 1 / (1 + exp(-score / K)), with K per size
// (SCORE_SCALE below, rebuilt by scripts/fit-score-scale.ts; docs/tei.md gives the fits). A
// proven result (|score| >= WIN_THRESHOLD) is certain: 1 or 0. Draws are rare in Tak (a flat tie
// needs komi 0 and an exact count) and the fit counts a draw as half a win, so p is also the
// win chance a person reads.
//
// GUIs get `score cp` as 200p - 100 (-100 a sure loss, 0 even, +100 a sure win), the scale of the
// ecosystem's engines and of PTN Ninja's move marks (src/tei/format.ts).

import { WIN_SCORE, WIN_THRESHOLD } from './types.js';

/**
 * K (centiflats per unit of the logistic's argument) per board size: the maximum-likelihood fit
 * of P(White wins) = sigmoid(score / K) to selfplay search scores and results in data/selfplay
 * (scripts/fit-score-scale.ts says which, rounded to 10). 3x3 and 4x4 have no selfplay data and
 * take 5x5's.
 */
export const SCORE_SCALE: Readonly<Record<number, number>> = { 3: 250, 4: 250, 5: 250, 6: 260, 7: 310, 8: 400 };

/** K for a size (5x5's for a size outside the table). */
export function scoreScale(size: number): number {
  return SCORE_SCALE[size] ?? SCORE_SCALE[5]!;
}

/** The side to move's expected score, 0 to 1, for a search score (centiflats, or a proven result). */
export function expectedScore(score: number, size: number): number {
  if (score >= WIN_THRESHOLD) return 1;
  if (score <= -WIN_THRESHOLD) return 0;
  return 1 / (1 + Math.exp(-score / scoreScale(size)));
}

/** The ecosystem's `score cp`: 200p - 100, a whole number from -100 to 100. */
export function ecosystemCp(p: number): number {
  return Math.round(200 * p - 100);
}

/** Plies to a proven result for a proven score (WIN_SCORE - plies), 0 for any other. */
export function provenPlies(score: number): number {
  const abs = Math.abs(score);
  return abs >= WIN_THRESHOLD ? WIN_SCORE - abs : 0;
}

/**
 * A proven distance as a player counts it: the winner's moves to the road (or the flat win),
 * whoever is to move. A road in 1 ply is "in 1 move"; a loss in 2 plies (the opponent's road on
 * their next move) is also 1 of the winner's moves; 3 or 4 plies are 2 moves.
 */
export function winnerMoves(plies: number): number {
  return Math.ceil(Math.abs(plies) / 2);
}

/**
 * The score shown for a completed iteration: the mean of its score and the previous iteration's,
 * unless either is proven (then its own). An alpha-beta score leans toward the side that moves
 * last in the line, which alternates with the depth, and a search to a given time ends at an odd
 * or an even depth by chance; the mean of two depths leans neither way, so positions searched to
 * different depths compare (docs/tei.md, "Scores"). The move and its line are the last depth's.
 */
export function steadyScore(score: number, previous: number | undefined): number {
  if (previous === undefined || Math.abs(score) >= WIN_THRESHOLD || Math.abs(previous) >= WIN_THRESHOLD) return score;
  return (score + previous) / 2;
}
