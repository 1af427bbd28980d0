// The entry point of dist/web/review-worker.js: a Web Worker that reviews one game played on
// the page, so that the page stays responsive while every position is searched. It runs the
// bot's analysis (src/annotate/analysis.ts) at the bot's fixed node budget (REVIEW_BUDGET), so
// the page's review is the bot's, the same on any machine, and posts its progress after each
// position. A worker of its own, not the engine worker: the engine worker speaks TEI, and a page
// that only analyses never downloads the review's code.

import { Annotator } from '../annotate/analysis.js';
import { REVIEW_BUDGET } from '../annotate/review.js';
import { parsePtnGames } from '../notation/ptn-game.js';
import { pageReview, type ReviewMessage, type ReviewRequest } from './game-review.js';

interface WorkerScope {
  postMessage(message: ReviewMessage): void;
  onmessage: ((e: MessageEvent<ReviewRequest>) => void) | null;
}

const scope = globalThis as unknown as WorkerScope;

scope.onmessage = async (e) => {
  try {
    const { ptn, side } = e.data;
    const game = parsePtnGames(ptn)[0];
    if (game === undefined) throw new Error('no game in the PTN');
    const { nodes, tinueNodes, tinuePlies, hashMb } = REVIEW_BUDGET;
    const annotator = new Annotator({ limits: { nodes }, tinueNodes, tinuePlies, hashMb });
    const total = game.moves.length + 1;
    let done = 0;
    const analysis = await annotator.analyse(game, () => scope.postMessage({ type: 'progress', done: ++done, total }), [side]);
    scope.postMessage({ type: 'done', review: pageReview(analysis, side) });
  } catch (err) {
    scope.postMessage({ type: 'failed', message: err instanceof Error ? err.message : String(err) });
  }
};
