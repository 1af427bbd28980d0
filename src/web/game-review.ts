// The review of a game played on the page, as the page shows it: the PlayTak bot's review
// (src/annotate/review.ts: the player's costliest moves, what Bredon would have played, the
// tinues missed) in the same sentences, and one PTN Ninja link to the whole annotated game
// (review-link.ts; a page has no chat line's 256-character limit), with the game's win-chance
// curve (src/annotate/curve.ts) in the page's colours. Plain data, so that the review worker can
// post it to the page.

import type { GameAnalysis } from '../annotate/analysis.js';
import { curveSvg, type CurveColours } from '../annotate/curve.js';
import { reviewLinks } from '../annotate/review-link.js';
import { reviewPlayer, reviewSentences } from '../annotate/review.js';

export interface PageReview {
  /** What the review is: its first sentence. */
  head: string;
  /** One sentence per move it names, in game order, each starting with the move (`4... b3??`). */
  sentences: string[];
  /** The whole game on PTN Ninja, with the review's comments and marks; none without moves. */
  url?: string;
  /** White's win chance ply by ply with the marked moves, as SVG text; none without moves. */
  curve?: string;
}

/** The curve in the page's colours: White's share in the white pieces' colour, Black's in the black's. */
export const PAGE_CURVE: CurveColours = {
  background: '#2a2622',
  area: '#e9e1cf',
  grid: '#8c7a5c66',
  even: '#8c7a5c',
  text: '#9fb1bf',
  line: '#6fc3a8',
  mistake: '#f0b35a',
  blunder: '#ef7d6d',
};

/** The page worker's messages: progress after each position searched, then the review. */
export type ReviewMessage =
  | { type: 'progress'; done: number; total: number }
  | { type: 'done'; review: PageReview }
  | { type: 'failed'; message: string };

/** What the page asks of the review worker: a game's PTN and the player's side (0 White). */
export interface ReviewRequest {
  ptn: string;
  side: number;
}

/** The review of `side`'s moves in an analysed game. */
export function pageReview(a: GameAnalysis, side: number): PageReview {
  const review = reviewPlayer(a, side);
  const [head, ...sentences] = reviewSentences(review, a.size);
  const url = reviewLinks(a, review, Number.POSITIVE_INFINITY).game?.url;
  const curve = a.moves.length > 0 ? curveSvg(a, { colours: PAGE_CURVE, width: 400, height: 150 }) : undefined;
  return { head: head!, sentences, ...(url !== undefined ? { url } : {}), ...(curve !== undefined ? { curve } : {}) };
}
