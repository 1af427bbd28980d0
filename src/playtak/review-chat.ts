// The review after a game, as chat lines to the player (src/annotate/review.ts chooses and words
// it): what it is, one line per move it names, and the annotated game on PTN Ninja. A link is a
// line of its own, since the server keeps only CHAT_MAX characters of a line: the whole game when
// it fits one, else after each named move the game from that move on (review-link.ts).

import type { GameAnalysis } from '../annotate/analysis.js';
import { reviewLinks } from '../annotate/review-link.js';
import { reviewedMoves, reviewPlayer, reviewSentences } from '../annotate/review.js';
import { CHAT_MAX } from './protocol.js';

/** The chat lines of the review of `side`'s moves in game `gameNo`; `budget` says the search's. */
export function reviewChatLines(a: GameAnalysis, side: number, gameNo: number, budget: string): string[] {
  const review = reviewPlayer(a, side);
  const moves = reviewedMoves(review);
  const [head, ...sentences] = reviewSentences(review, a.size, budget);
  const links = reviewLinks(a, review, CHAT_MAX);
  const perMove = links.game === undefined && links.fromMove.size > 0;
  const lines = [`Game ${gameNo}: ${head}${perMove ? ' Each with a PTN Ninja link to the game from there on.' : ''}`];
  moves.forEach((m, i) => {
    lines.push(sentences[i]!);
    const link = links.fromMove.get(m);
    if (link !== undefined) lines.push(link.url);
  });
  if (links.game !== undefined) lines.push('The game with my notes, on PTN Ninja:', links.game.url);
  else if (links.end !== undefined) {
    const m = a.moves[links.end.from]!;
    lines.push(`The game is too long for one chat line; from move ${m.ptn.moveNumber} on, on PTN Ninja:`, links.end.url);
  }
  return lines;
}
