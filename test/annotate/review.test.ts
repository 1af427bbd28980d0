// The review's choice of moves, its tinues missed and its links, on games the search settles
// quickly: a PlayTak game too long for one link (data/games), at a small node budget
// (the links and the choice do not depend on the budget), and a position with a road in one.

import { describe, expect, it } from 'vitest';
import { Annotator } from '../../src/annotate/analysis.js';
import { reviewLinks } from '../../src/annotate/review-link.js';
import { reviewedMoves, reviewPlayer, reviewSentences } from '../../src/annotate/review.js';
import { parsePtnGames, replayGame, tagValue } from '../../src/notation/ptn-game.js';
import { ptnFromLink } from '../../src/notation/ptn-ninja.js';
import { readRepo } from '../repo.js';

const body = (text: string) => text.replace(/[*'"!?]+$/, '');

describe('the review of a game', () => {
  it('links a long game from each named move on, in links that fit a chat line and replay to the game', async () => {
    const game = parsePtnGames(readRepo('data/games/playtak-6x6-1344.ptn'))[0]!;
    const a = await new Annotator({ limits: { nodes: 2000 }, tinueNodes: 2000, tinuePlies: 5, hashMb: 8 }).analyse(game, undefined, [1]);
    const review = reviewPlayer(a, 1);
    expect(review.costliest).toHaveLength(3);
    const losses = review.costliest.map((m) => m.loss);
    expect(losses).toEqual([...losses].sort((x, y) => y - x));
    expect(Math.min(...losses)).toBeGreaterThanOrEqual(Math.max(...a.moves.filter((m) => m.side === 1 && !review.costliest.includes(m)).map((m) => m.loss)));
    expect(review.costliest.every((m) => m.side === 1)).toBe(true);

    const links = reviewLinks(a, review, 256);
    expect(links.game).toBeUndefined(); // 64 plies do not fit one chat line
    expect(links.fromMove.size).toBe(reviewedMoves(review).length);
    for (const [m, link] of links.fromMove) {
      expect(link.url.length).toBeLessThanOrEqual(256);
      const part = parsePtnGames(ptnFromLink(link.url)!)[0]!;
      expect(tagValue(part, 'TPS')).toBeDefined();
      expect(part.moves[0]!.ply).toBe(m.ptn.ply);
      expect(part.moves[0]!.text).toMatch(/\?$/);
      expect(part.moves[0]!.comment).toMatch(/better/);
      // The stretch replays from its TPS and is the game's own moves.
      replayGame(part);
      const from = a.moves.indexOf(m);
      expect(part.moves.map((x) => body(x.text))).toEqual(game.moves.slice(from, from + part.moves.length).map((x) => body(x.text)));
    }
    const sentences = reviewSentences(review, 6);
    expect(sentences).toHaveLength(1 + reviewedMoves(review).length);
    for (const s of sentences) expect(s.length).toBeLessThan(200);
  });

  it('names a tinue the player let go', async () => {
    // White builds a1-d1 and Black leaves e1 open: White has a road in one, and plays a3 instead.
    const game = parsePtnGames('[Size "5"]\n\n1. e5 a1 2. b1 c3 3. c1 d2 4. d1 b3 5. a3 e2\n')[0]!;
    const a = await new Annotator({ limits: { nodes: 2000 }, tinueNodes: 2000, tinuePlies: 5, hashMb: 8 }).analyse(game, undefined, [0]);
    const missed = a.moves[8]!;
    expect(missed.missedTinue).toBe(1);
    expect(missed.tinueLine.length).toBeGreaterThan(0);
    expect(a.moves.filter((m) => m.missedTinue > 0)).toEqual([missed]);
    const review = reviewPlayer(a, 0);
    expect(reviewedMoves(review)).toContain(missed);
    const sentence = reviewSentences(review, 5).find((s) => s.startsWith('5. a3'));
    expect(sentence).toMatch(/You had a tinue \(a road in 1 move, forced\) starting e1/);
  });
});
