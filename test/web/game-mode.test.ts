// The page's game mode without a browser: the engine's `go` at a level and at full strength,
// what undo takes back, the game's PTN, and the review the review worker posts (the bot's
// review at its node budget, with one link to the whole annotated game). page.test.ts plays
// the game mode in chromium.

import { describe, expect, it } from 'vitest';
import { Annotator } from '../../src/annotate/analysis.js';
import { REVIEW_BUDGET } from '../../src/annotate/review.js';
import { parsePtnGames, replayGame, tagValue } from '../../src/notation/ptn-game.js';
import { ptnFromLink } from '../../src/notation/ptn-ninja.js';
import { levelPaceMs } from '../../src/search/levels.js';
import { searchLimits } from '../../src/search/time.js';
import { engineGo, gamePtn, LEVEL_CLOCK_MS, resignResult, undoPlies } from '../../src/web/game-mode.js';
import { pageReview } from '../../src/web/game-review.js';

describe("the page's game mode", () => {
  it('asks a level for its move on a clock long enough that the pace, not the clock, sets the time', () => {
    expect(engineGo(3, 1000)).toBe(`go wtime ${LEVEL_CLOCK_MS} btime ${LEVEL_CLOCK_MS}`);
    expect(engineGo(10, 500)).toBe('go movetime 500');
    // The most pieces in hand (8x8) gives the smallest budget a move: still far above the pace.
    const limits = searchLimits({ time: LEVEL_CLOCK_MS }, 52);
    expect(levelPaceMs(1, limits.softMs)).toBe(2000);
    expect(limits.softMs).toBeGreaterThan(10_000);
  });

  it("undoes the player's move and the reply, or the move alone while Bredon thinks", () => {
    // The player as White: to move after an even number of plies.
    expect(undoPlies(0, 0)).toBe(0);
    expect(undoPlies(1, 0)).toBe(1);
    expect(undoPlies(2, 0)).toBe(2);
    expect(undoPlies(5, 0)).toBe(1);
    // As Black: Bredon's first move alone is not the player's to take back.
    expect(undoPlies(0, 1)).toBe(0);
    expect(undoPlies(1, 1)).toBe(0);
    expect(undoPlies(2, 1)).toBe(1);
    expect(undoPlies(3, 1)).toBe(2);
    expect(resignResult(0)).toBe('0-1');
    expect(resignResult(1)).toBe('1-0');
  });

  it("writes the game as PTN, and reviews it as the bot does, linking the whole annotated game", async () => {
    // 3x3: White lets Black's road a1-a3 through (3. c1, a tak, where a3 stops the road).
    const moves = ['a1', 'c3', 'b2', 'a2', 'c1', 'a3'];
    const ptn = gamePtn({ size: 3, halfKomi: 1, player: 0, level: 4 }, moves, '0-R', new Date(2026, 10, 27));
    const game = parsePtnGames(ptn)[0]!;
    expect(tagValue(game, 'Player1')).toBe('You');
    expect(tagValue(game, 'Player2')).toBe('Bredon (level 4)');
    expect(tagValue(game, 'Komi')).toBe('0.5');
    expect(tagValue(game, 'Date')).toBe('2026.11.27');
    expect(replayGame(game).resultText).toBe('0-R');

    const { nodes, tinueNodes, tinuePlies, hashMb } = REVIEW_BUDGET;
    const analysis = await new Annotator({ limits: { nodes }, tinueNodes, tinuePlies, hashMb }).analyse(game, undefined, [0]);
    const review = pageReview(analysis, 0);
    expect(review.head).toContain('as I see them at my full strength');
    expect(review.sentences.some((s) => s.startsWith("3. c1'??: "))).toBe(true);
    const linked = parsePtnGames(ptnFromLink(review.url!)!)[0]!;
    expect(linked.moves.map((m) => m.text.replace(/[?'!*]+$/, ''))).toEqual(moves);
    expect(linked.moves[4]!.comment).toContain('better');
  });
});
