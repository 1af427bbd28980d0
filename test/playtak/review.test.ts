// The review after a game, against the fake PlayTak server (./fake-server.ts): a scripted 5x5
// game that the fake human loses by leaving a road open, reviewed on the real review thread (the
// built program as its script: npm test builds it first) at the bot's fixed node budget. Both
// sides' moves are scripted, so the game and its review are the same on any machine and load.

import { afterEach, describe, expect, it } from 'vitest';
import { Annotator } from '../../src/annotate/analysis.js';
import { REVIEW_BUDGET } from '../../src/annotate/review.js';
import { makeMove } from '../../src/core/makemove.js';
import { Position } from '../../src/core/position.js';
import { scanRoads } from '../../src/core/roads.js';
import { parsePtnGames, replayGame, tagValue } from '../../src/notation/ptn-game.js';
import { parseMove } from '../../src/notation/ptn-move.js';
import { ptnFromLink } from '../../src/notation/ptn-ninja.js';
import { PlaytakBot, type BotOptions } from '../../src/playtak/bot.js';
import { parseServerAddress } from '../../src/playtak/connection.js';
import { Engine, type SearchThreads } from '../../src/playtak/engine.js';
import { PER_MOVE_LINKS, reviewChatLines } from '../../src/playtak/review-chat.js';
import { ReviewThread, type Reviewer } from '../../src/playtak/review-thread.js';
import { roadInOne } from '../../src/tinue/threats.js';
import { BREDON, readRepo } from '../repo.js';
import { FakePlaytak } from './fake-server.js';

// Bredon (White) builds a1-d1; the human lets it be and, facing the road at e1, plays b3.
const GAME = ['e5', 'a1', 'b1', 'c3', 'c1', 'd2', 'd1', 'b3', 'e1'];
const BLUNDER = 7;

const servers: FakePlaytak[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

/** Search threads that answer each search with the script's move for that ply. */
function scripted(): SearchThreads {
  return {
    start: (job, handlers) => {
      const best = parseMove(GAME[job.moves.length]!, 5);
      setTimeout(() => handlers.onDone({ result: { best, score: 0, depth: 1, nodes: 1, pv: [best] }, nodes: 1 }), 1);
    },
    stop: () => {},
    abandon: () => {},
    newGame: () => {},
    close: () => {},
  };
}

/** A reviewer that counts its reviews (and does none). */
function counting(asked: number[]): Reviewer {
  return {
    budget: REVIEW_BUDGET,
    review: () => {
      asked.push(1);
      return Promise.reject(new Error('not here'));
    },
    hold: () => () => {},
    close: () => {},
  };
}

async function playScripted(options: Partial<BotOptions>): Promise<FakePlaytak> {
  const server = await new FakePlaytak('ws', { opponent: 'Scripted', policy: (pos, ply) => parseMove(GAME[ply]!, pos.size) }).start();
  servers.push(server);
  const logs: string[] = [];
  const bot = new PlaytakBot({
    address: parseServerAddress(server.url),
    seek: { size: 5, timeSec: 60, incSec: 0, colour: 'W', halfKomi: 0, stones: 21, caps: 1, unrated: true, tournament: false },
    games: 1,
    engine: new Engine(scripted()),
    version: 'test',
    log: (l) => logs.push(l),
    out: () => {},
    timing: { settleMs: 20, seekIntervalMs: 50, chatIntervalMs: 0 },
    ...options,
  });
  const summary = await bot.run();
  expect(summary).toMatchObject({ games: 1, wins: 1 });
  // Everything the bot said before it quit has reached the server.
  while (!server.received.includes('quit')) await new Promise((r) => setTimeout(r, 5));
  expect(server.errors).toEqual([]);
  expect(server.games[0]!.ptn).toEqual(GAME);
  return server;
}

describe('the review after a game', () => {
  it('names the blunder and the move Bredon would have played, with a link to the annotated game', async () => {
    const server = await playScripted({ chat: true, reviewer: new ReviewThread({ budget: REVIEW_BUDGET, script: BREDON, log: () => {} }) });
    const tells = server.chat.filter((l) => l.startsWith('Tell Scripted ')).map((l) => l.slice('Tell Scripted '.length));
    const review = tells.slice(1); // after the greeting
    expect(review[0]).toMatch(/^Game 100: Your (\d costliest moves|costliest move), as I see them at my full strength, with your win chance before and after, and what I would have played\./);
    for (const line of review) expect(line.length).toBeLessThanOrEqual(256);

    // The blunder: from a playable position to a lost one, and a better move that stops the road.
    const blunder = review.find((l) => l.startsWith('4... b3??'));
    expect(blunder).toMatch(/^4\.\.\. b3\?\?: it took you from \d+% to a loss in 1 move\. I would have played (\S+): /);
    const better = /I would have played (\S+):/.exec(blunder!)![1]!;
    const pos = new Position(5);
    for (const m of GAME.slice(0, BLUNDER)) makeMove(pos, parseMove(m, 5));
    makeMove(pos, parseMove(better, 5));
    scanRoads(pos);
    expect(roadInOne(pos, 0), `White has a road in one after ${better}`).toBe(0);

    // The links: the game is too long for one chat line with its notes, so each named move is
    // followed by a link to the game from there on, read back here as PTN Ninja reads it.
    expect(review[0]).toMatch(new RegExp(`played\\. ${PER_MOVE_LINKS}$`));
    const url = review[review.indexOf(blunder!) + 1]!;
    expect(url).toMatch(/^https:\/\/ptn\.ninja\/[A-Za-z0-9+$-]+$/);
    const ptn = ptnFromLink(url)!;
    const game = parsePtnGames(ptn)[0]!;
    expect(tagValue(game, 'TPS')).toBeDefined();
    expect(replayGame(game).resultText).toBe('R-0');
    expect(game.moves.map((m) => m.text.replace(/[*'"!?]+$/, ''))).toEqual(GAME.slice(BLUNDER));
    const marked = game.moves[0]!;
    expect(marked.text).toBe('b3??');
    expect(marked.comment).toContain(`better ${better}`);
    // Only the human's moves are judged.
    expect(game.moves.filter((m) => m.side === 0).every((m) => m.comment === undefined && !/\?/.test(m.text))).toBe(true);
    // Every line is a whole sentence, a link, or the lead-in to one.
    for (const line of review) expect(line).toMatch(/(\.|:)$|^https:\/\//);
  });

  it('gives the per-move links their own sentence after the head', async () => {
    // A 64-ply PlayTak game: too long for one link (as test/annotate/review.test.ts has it).
    const game = parsePtnGames(readRepo('data/games/playtak-6x6-1344.ptn'))[0]!;
    const a = await new Annotator({ limits: { nodes: 2000 }, tinueNodes: 2000, tinuePlies: 5, hashMb: 8 }).analyse(game, undefined, [1]);
    const short = reviewChatLines(a, 1, 100);
    expect(short.some((l) => l.startsWith('The game with my notes'))).toBe(false);
    expect(short[0]).toMatch(new RegExp(`\\. ${PER_MOVE_LINKS}$`));
    // The longest head (the largest game number the server gives) still has room for it.
    const long = reviewChatLines(a, 1, Number.MAX_SAFE_INTEGER);
    expect(long[0]).toMatch(new RegExp(`\\. ${PER_MOVE_LINKS}$`));
    expect(long.slice(1)).toEqual(short.slice(1));
    for (const line of [...short, ...long]) expect(line.length).toBeLessThanOrEqual(256);
  });

  it('waits while the bot searches, and goes on once the search ends', async () => {
    const thread = new ReviewThread({ budget: REVIEW_BUDGET, script: BREDON, log: () => {} });
    try {
      const release = thread.hold();
      let done = false;
      const review = thread.review(`[Size "5"]\n\n1. ${GAME.slice(0, 2).join(' ')} 2. ${GAME.slice(2, 4).join(' ')}\n`, 1).then((a) => {
        done = true;
        return a;
      });
      // The thread has started and stopped at the gate before its first position is judged.
      await new Promise((r) => setTimeout(r, 50));
      expect(done).toBe(false);
      release();
      expect((await review).moves).toHaveLength(4);
    } finally {
      thread.close();
    }
  });

  it('is not told without chat, nor with chat and --no-review', async () => {
    const asked: number[] = [];
    const silent = await playScripted({ chat: false, reviewer: counting(asked) });
    expect(asked).toEqual([]);
    expect(silent.chat).toEqual([]);
    const noReview = await playScripted({ chat: true });
    expect(noReview.chat.filter((l) => l.startsWith('Tell Scripted '))).toHaveLength(1); // the greeting
  });
});
