// The review after a game, as chat lines to the player (src/annotate/review.ts chooses and words
// it): what it is, one line per move it names, and the annotated game on PTN Ninja. A link is a
// line of its own, since the server keeps only CHAT_MAX characters of a line: the whole game when
// it fits one, else after each named move the game from that move on (review-link.ts).

import type { GameAnalysis } from '../annotate/analysis.js';
import { reviewLinks } from '../annotate/review-link.js';
import { reviewedMoves, reviewPlayer, reviewSentences } from '../annotate/review.js';
import { CHAT_MAX } from './protocol.js';

/** Said after the head when each named move is followed by a link to the game from there on. */
export const PER_MOVE_LINKS = 'Each move I name comes with a PTN Ninja link to the game from that move on.';

/** The chat lines of the review of `side`'s moves in game `gameNo`. */
export function reviewChatLines(a: GameAnalysis, side: number, gameNo: number): string[] {
  const review = reviewPlayer(a, side);
  const moves = reviewedMoves(review);
  const [head, ...sentences] = reviewSentences(review, a.size);
  const links = reviewLinks(a, review, CHAT_MAX);
  const perMove = links.game === undefined && links.fromMove.size > 0;
  // The head is whole sentences ("... what I would have played."); so is what it gains here.
  const lines = [`Game ${gameNo}: ${head}`];
  if (perMove) {
    // On a line of its own if a long game number leaves the head no room.
    if (lines[0]!.length + 1 + PER_MOVE_LINKS.length <= CHAT_MAX) lines[0] += ` ${PER_MOVE_LINKS}`;
    else lines.push(PER_MOVE_LINKS);
  }
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
