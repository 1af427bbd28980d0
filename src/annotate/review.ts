// A review of one player's game, as a teacher gives it after the game: the player's costliest
// moves by the drop of their win chance (marks.ts, the rule annotate and the page share), what the engine would have played
// instead, and the tinues the player had and let go. Said to the player ("you"), by the engine
// that played them ("I"), in short sentences a chat line can carry. Choosing and wording only:
// the analysis is analysis.ts's, the link to the annotated game review-link.ts's.

import { formatMove } from '../notation/ptn-move.js';
import type { AnnotatedMove, GameAnalysis } from './analysis.js';
import { chanceText, MISTAKE_DROP, roadText } from './marks.js';
import { markedMove } from './write.js';

/** The costliest moves named: the issue's "two or three". */
export const REVIEW_MOVES = 3;
/** Missed tinues named besides the costliest moves. */
const REVIEW_TINUES = 2;
/** Plies of the engine's line (or of the tinue) shown after its move. */
const LINE_PLIES = 4;

/** What a review searches: nodes per position, and the tinue prover's nodes and plies per look. */
export interface ReviewBudget {
  nodes: number;
  tinueNodes: number;
  tinuePlies: number;
  hashMb: number;
}

/**
 * The review's budget, the bot's and the web page's: the full search (no level) at 25,000 nodes
 * a position, depth 5-6 on 6x6, enough for the swings of a flat or more and the roads a move
 * gives away (a 66-ply game is 1.7 million nodes, a few seconds); the tinue prover up to 9 plies
 * as `bredon annotate` runs it, with 20,000 nodes a position. Nodes, not time: the same review on
 * any machine.
 */
export const REVIEW_BUDGET: ReviewBudget = { nodes: 25_000, tinueNodes: 20_000, tinuePlies: 9, hashMb: 16 };

/** The budget as the review's first sentence names it. */
export function budgetText(budget: ReviewBudget): string {
  return `${budget.nodes.toLocaleString('en-US')} nodes a position`;
}

export interface PlayerReview {
  side: number;
  /** At most REVIEW_MOVES moves of the player marked `?` or `??` (marks.ts), costliest first. */
  costliest: AnnotatedMove[];
  /** The player's moves that let a proven tinue go, not already among the costliest. */
  missedTinues: AnnotatedMove[];
}

/** The review of `side`'s moves in an analysed game. */
export function reviewPlayer(a: GameAnalysis, side: number): PlayerReview {
  const own = a.moves.filter((m) => m.side === side);
  const costliest = own
    .filter((m) => m.mark !== '')
    .sort((x, y) => y.drop - x.drop || y.loss - x.loss || x.ptn.ply - y.ptn.ply)
    .slice(0, REVIEW_MOVES);
  const missedTinues = own.filter((m) => m.missedTinue > 0 && !costliest.includes(m)).slice(0, REVIEW_TINUES);
  return { side, costliest, missedTinues };
}

/** The moves a review names, in game order. */
export function reviewedMoves(r: PlayerReview): AnnotatedMove[] {
  return [...r.costliest, ...r.missedTinues].sort((x, y) => x.ptn.ply - y.ptn.ply);
}

/** `12. c3?` or `12... c3?`: the move as the summary labels it, marks included. */
export function moveLabel(m: AnnotatedMove): string {
  return `${m.ptn.moveNumber}.${m.side === 1 ? '..' : ''} ${markedMove(m)}`;
}

function line(moves: number[], size: number): string {
  return moves
    .slice(0, LINE_PLIES)
    .map((m) => formatMove(m, size))
    .join(' ');
}

function tinueText(m: AnnotatedMove, size: number): string {
  return `a tinue (${roadText(m.missedTinue)}, forced) starting ${formatMove(m.tinueLine[0]!, size)}: ${line(m.tinueLine, size)}`;
}

/** "your win chance fell from 78% to 55%", or with a proven result "from a win in 2 moves to 40%". */
function dropText(m: AnnotatedMove, size: number): string {
  const before = chanceText(m.before, size);
  const after = chanceText(m.after, size);
  return before.endsWith('%') && after.endsWith('%') ? `your win chance fell from ${before} to ${after}` : `it took you from ${before} to ${after}`;
}

/** One sentence on one move of the review (under 200 characters). */
export function reviewSentence(m: AnnotatedMove, size: number): string {
  const tinue = m.missedTinue > 0 ? ` You had ${tinueText(m, size)}.` : '';
  if (m.drop < MISTAKE_DROP) return `${moveLabel(m)}: you missed ${tinueText(m, size)}.`;
  const better = m.better[0];
  const instead = better !== undefined && better.moves.length > 0 ? ` I would have played ${formatMove(better.moves[0]!, size)}: ${line(better.moves, size)}.` : '';
  return `${moveLabel(m)}: ${dropText(m, size)}.${instead}${tinue}`;
}

/**
 * The review as sentences: what it is, then one per move named, in game order. The head says
 * no search jargon (a beginner reads it); the budget is REVIEW_BUDGET's, named in the docs.
 */
export function reviewSentences(r: PlayerReview, size: number): string[] {
  const moves = reviewedMoves(r);
  const n = r.costliest.length;
  const head =
    n === 0
      ? `As I see it at my full strength, no move of yours cost you ${MISTAKE_DROP} points of win chance or more.`
      : `Your ${n === 1 ? 'costliest move' : `${n} costliest moves`}, as I see them at my full strength, with your win chance before and after, and what I would have played.`;
  return [head, ...moves.map((m) => reviewSentence(m, size))];
}
