// The bot against the fake PlayTak server (./fake-server.ts), over WebSocket and TCP, with the
// real search on worker threads (the built program as their script: npm test builds it first):
// whole games to a road, to flats and to a time loss, a dropped connection in mid-game, a game
// that never comes back, garbage lines, chat (every command answered within the chat rate limit),
// the log's scores, stopping, a refused login, and the seek rate limit.
// Small boards and a cap on the thinking time keep each game to a second or two.

import { SCORE_SCALE } from '../../src/search/expected-score.js';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { legalMoves } from '../../src/core/movegen.js';
import type { Position } from '../../src/core/position.js';
import { parsePtnGames, replayGame, tagValue } from '../../src/notation/ptn-game.js';
import { parseMove } from '../../src/notation/ptn-move.js';
import { PlaytakBot, type BotOptions, type BotSummary, type BotTiming } from '../../src/playtak/bot.js';
import { parseServerAddress } from '../../src/playtak/connection.js';
import { Engine, type SearchThreads } from '../../src/playtak/engine.js';
import type { SeekParams } from '../../src/playtak/protocol.js';
import { WIN_SCORE } from '../../src/search/types.js';
import { SearchPool, type SearchJob } from '../../src/search/worker.js';
import { BREDON } from '../repo.js';
import { FakePlaytak, type Policy, type Scenario } from './fake-server.js';

const dir = mkdtempSync(join(tmpdir(), 'bredon-playtak-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const servers: FakePlaytak[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

const FAST: Partial<BotTiming> = {
  connectTimeoutMs: 3000,
  pingIntervalMs: 150,
  idleTimeoutMs: 4000,
  backoffMinMs: 40,
  backoffMaxMs: 300,
  backoffInGameMaxMs: 150,
  seekIntervalMs: 50,
  seekRemovedWaitMs: 100,
  loginPromptWaitMs: 1000,
  settleMs: 60,
  resumeWaitMs: 600,
  overWaitMs: 3000,
  chatIntervalMs: 0,
};

/** A seeded random mover: weak enough to lose to Bredon, never a wall or capstone. */
function randomPolicy(seed: number): Policy {
  let s = seed;
  return (pos: Position) => {
    const moves = legalMoves(pos).filter((m) => (m & 256) !== 0 || ((m >>> 6) & 3) === 1);
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return moves[s % moves.length] ?? null;
  };
}

/** Places flats only (the first empty square from the middle out), spreading once out of stones. */
const placer: Policy = (pos) => {
  const moves = legalMoves(pos);
  const flats = moves.filter((m) => (m & 256) === 0 && ((m >>> 6) & 3) === 1);
  return flats[Math.floor(flats.length / 2)] ?? moves[0] ?? null;
};

const SEEK: SeekParams = { size: 4, timeSec: 60, incSec: 1, colour: 'A', halfKomi: 0, stones: 15, caps: 0, unrated: true, tournament: false };

let ptnCount = 0;

/** An answer on how a game stands. */
const STANDING = /move \d+: (I give (White|Black) an? \d+% win chance|I give both sides an even chance|(White|Black) wins in \d+ moves?, whatever (White|Black) plays|I have not evaluated it yet)\.$/;

async function serve(transport: 'ws' | 'tcp', scenario: Scenario, accounts?: Record<string, string>): Promise<FakePlaytak> {
  const server = await new FakePlaytak(transport, scenario, accounts).start();
  servers.push(server);
  return server;
}

interface Run {
  bot: PlaytakBot;
  done: Promise<BotSummary>;
  logs: string[];
  outs: string[];
  ptn: string;
}

/**
 * The file's search threads, one pool for every bot (a thread's start and its network's load were
 * most of this file's time): what it logs goes to the log of the bot playing now, and a bot's
 * close() gives up its search (the next bot's starts once the thread has stopped) rather than
 * ending the thread. Each bot still clears the table for its games (newGame).
 */
let poolLog: (line: string) => void = () => {};
let pool: SearchPool | undefined;
afterAll(() => pool?.close());
// The thread starts (bundle, WebAssembly, table) before the first game: under the suite's load
// that start could outlast the bot's 2 s grace, and the first move came from the watchdog.
beforeAll(() => new Promise<void>((resolve) => sharedPool().whenReady(resolve)), 60_000);
function sharedPool(): SearchPool {
  pool ??= new SearchPool({ hashMb: 8, threads: 1, script: BREDON, log: (l) => poolLog(l) });
  return pool;
}
function sharedThreads(): SearchThreads {
  const p = sharedPool();
  return {
    start: (job, handlers, startedAt) => p.start(job, handlers, startedAt),
    stop: () => p.stop(),
    abandon: () => p.abandon(),
    newGame: () => p.newGame(),
    close: () => p.abandon(),
  };
}

/** When each line of the latest run's log was written (performance.now()). */
let logTimes: number[] = [];

function play(server: FakePlaytak, options: Partial<BotOptions> = {}, threads?: SearchThreads): Run {
  const logs: string[] = [];
  const outs: string[] = [];
  const ptn = join(dir, `games-${++ptnCount}.ptn`);
  logTimes = [];
  const log = (l: string) => {
    logs.push(l);
    logTimes.push(performance.now());
  };
  poolLog = log;
  const pool = threads ?? sharedThreads();
  const bot = new PlaytakBot({
    address: parseServerAddress(server.url),
    seek: SEEK,
    games: 1,
    maxMoveMs: 40,
    ptnPath: ptn,
    engine: new Engine(pool, log),
    version: 'test',
    log,
    out: (l) => outs.push(l),
    timing: FAST,
    ...options,
  });
  return { bot, done: bot.run(), logs, outs, ptn };
}

/** Search threads that record every job before the real ones search it. */
function recording(jobs: SearchJob[]): SearchThreads {
  const pool = sharedThreads();
  return {
    start: (job, handlers, startedAt) => {
      jobs.push(job);
      pool.start(job, handlers, startedAt);
    },
    stop: () => pool.stop(),
    abandon: () => pool.abandon(),
    newGame: () => pool.newGame(),
    close: () => pool.close(),
  };
}

function games(run: Run) {
  return parsePtnGames(readFileSync(run.ptn, 'utf8'));
}

/** The logged game agrees with the server: number, players, moves, result, and replays to it. */
function expectLogged(run: Run, server: FakePlaytak, index = 0) {
  const logged = games(run)[index]!;
  const g = server.games[index]!;
  expect(tagValue(logged, 'playtak_id')).toBe(String(g.no));
  expect(tagValue(logged, 'Player1')).toBe(g.white);
  expect(tagValue(logged, 'Player2')).toBe(g.black);
  expect(tagValue(logged, 'Size')).toBe(String(g.size));
  expect(tagValue(logged, 'Result')).toBe(g.result);
  expect(tagValue(logged, 'Clock')).toBe(`${Math.floor(g.timeSec / 60)}:${String(g.timeSec % 60).padStart(2, '0')} +${g.incSec}`);
  expect(logged.moves.map((m) => m.text.replace(/\s*\{.*$/, ''))).toEqual(g.ptn);
  // A game that ended on the board replays to the server's result; one lost on time or by
  // resignation replays unfinished.
  const onBoard = ['R-0', '0-R', 'F-0', '0-F', '1/2-1/2'].includes(g.result!);
  expect(replayGame(logged).resultText).toBe(onBoard ? g.result : 'unfinished');
  return logged;
}

describe('bredon playtak against a fake server', () => {
  it('WebSocket, as a guest: two games in a row, each to a road', async () => {
    // Accepted after the seek interval: a bot that seeks again on the withdrawal would be answered NOK.
    const server = await serve('ws', { opponent: 'Scripted', botColour: 'black', policy: randomPolicy(7), games: 2, acceptDelayMs: 150 });
    const run = play(server, { games: 2 });
    const summary = await run.done;
    expect(server.errors).toEqual([]);
    expect(server.noks).toBe(0);
    expect(summary).toMatchObject({ games: 2, wins: 2, reason: 'games' });
    expect(server.seeks.map((s) => [s.line, s.version])).toEqual([
      ['Seek 4 60 1 A 0 15 0 1 0 ', 2],
      ['Seek 4 60 1 A 0 15 0 1 0 ', 2],
    ]);
    expect(server.received.slice(0, 3)).toEqual(['Client Bredon-test', 'Protocol 2', expect.stringMatching(/^Login Guest [a-z]{20}$/)]);
    for (const [i, g] of server.games.entries()) {
      expect(g.result).toBe('0-R'); // Bredon plays Black
      const logged = expectLogged(run, server, i);
      expect(tagValue(logged, 'Komi')).toBe('0');
      // TEI's `score cp` / 100 (200p - 100): within ±1.00, and the road Bredon ends on is a proven +1.00.
      const own = logged.moves.filter((m) => m.side === 1);
      expect(own.every((m) => /^[+-][01]\.\d\d\/\d+ \d+\.\d\ds$/.test(m.comment ?? ''))).toBe(true);
      expect(own.every((m) => Math.abs(Number.parseFloat(m.comment!)) <= 1)).toBe(true);
      expect(own.at(-1)!.comment).toMatch(/^\+1\.00\//);
    }
    expect(run.outs[0]).toMatch(/^game 100: Scripted vs Guest1 4x4, 0-R after \d+ plies: Bredon won$/);
    expect(run.outs.at(-1)).toBe('2 games: 2 won, 0 lost, 0 drawn');
  });

  it('TCP, as a registered user, old protocol: a game to flats with the pieces and komi of Game Start', async () => {
    // The opponent's account of the game wins over the seek (Game Start is the authority): three
    // stones each and no capstone on 5x5 make a road impossible, and half a flat of komi a draw.
    const scenario: Scenario = { opponent: 'Scripted', policy: placer, override: { stones: 3, caps: 0, halfKomi: 1 }, ignoreProtocol: true };
    const server = await serve('tcp', scenario, { BredonBot: 'hunter22' });
    const run = play(server, { user: 'BredonBot', password: 'hunter22', debug: true, seek: { ...SEEK, size: 5, stones: 21, caps: 1, colour: 'W' } });
    const summary = await run.done;
    expect(server.errors).toEqual([]);
    expect(summary.games).toBe(1);
    const g = server.games[0]!;
    expect(g.result).toMatch(/^(F-0|0-F)$/);
    const logged = expectLogged(run, server);
    expect([tagValue(logged, 'Komi'), tagValue(logged, 'Flats'), tagValue(logged, 'Caps')]).toEqual(['0.5', '3', '0']);
    expect(tagValue(logged, 'Player1')).toBe('BredonBot');
    // Protocol 0 clocks come in whole seconds.
    expect(tagValue(logged, 'ClockLeft')).toMatch(/^\d+:\d\d\.0 \d+:\d\d\.0$/);
    expect(server.received).toContain('Login BredonBot hunter22');
    expect(run.logs.join('\n')).not.toContain('hunter22');
    expect(run.logs).toContain('> Login BredonBot ********');
  });

  it('plays a fast game on its own clock (no --movetime) without flagging', async () => {
    const server = await serve('ws', { opponent: 'Scripted', policy: randomPolicy(13) });
    const run = play(server, { maxMoveMs: undefined, seek: { ...SEEK, timeSec: 3, incSec: 0, colour: 'W' } });
    const summary = await run.done;
    // The server flags a late move (errors) and ends the game on time (a 0-1 result).
    expect(server.errors).toEqual([]);
    expect(summary).toMatchObject({ games: 1, wins: 1 });
    expect(server.games[0]!.result).toBe('R-0');
    expect(server.games[0]!.clock[0]).toBeGreaterThan(0);
    expect(server.pings).toBeGreaterThan(0);
  });

  it('wins on time when the opponent lets its clock run out', async () => {
    const server = await serve('ws', { opponent: 'Sleeper', policy: () => null });
    const run = play(server, { seek: { ...SEEK, timeSec: 1, colour: 'W' } });
    const summary = await run.done;
    expect(server.errors).toEqual([]);
    expect(summary).toMatchObject({ games: 1, wins: 1 });
    expect(server.games[0]!.result).toBe('1-0');
    const logged = expectLogged(run, server);
    expect(tagValue(logged, 'Termination')).toBe('time forfeit');
    expect(tagValue(logged, 'ClockLeft')).toMatch(/ 0:00\.0$/);
    expect(run.outs[0]).toMatch(/1-0 after 1 plies, time forfeit: Bredon won$/);
  });

  it('reconnects after the connection drops mid-game and finishes the game the server replays', async () => {
    // The opponent moves while Bredon is away: that move reaches it only in the replay.
    const server = await serve('ws', { opponent: 'Scripted', policy: randomPolicy(3), dropAfterPly: 3, holdWhileAway: false });
    const run = play(server);
    const summary = await run.done;
    expect(server.errors).toEqual([]);
    expect(server.connections).toBe(2);
    expect(server.rejoins).toBe(1);
    expect(summary).toMatchObject({ games: 1, wins: 1 });
    expectLogged(run, server);
    expect(run.logs.some((l) => /connection lost/.test(l))).toBe(true);
    expect(run.logs.some((l) => /game 100 resumed/.test(l))).toBe(true);
  });

  it('writes off a game that does not come back after reconnecting, then seeks again', async () => {
    // The server forgets the game when the bot leaves, so it cannot be resumed.
    const server = await serve('ws', { opponent: 'Scripted', policy: randomPolicy(5), dropAfterPly: 2, games: 2, forgetOnDrop: true });
    const run = play(server, { games: 2 });
    const summary = await run.done;
    expect(server.errors).toEqual([]);
    expect(summary.games).toBe(2);
    expect(server.rejoins).toBe(0);
    const [first, second] = games(run);
    expect(tagValue(first!, 'playtak_id')).toBe('100');
    expect(tagValue(first!, 'Result')).toBeUndefined();
    expect(tagValue(first!, 'Termination')).toMatch(/^abandoned/);
    // The server's two plies, and the bot's answer if it was sent before the close reached it
    // (a fast search can answer first: no server tells a client its move arrived).
    const played = first!.moves.length;
    expect([2, 3]).toContain(played);
    expect(first!.moves.slice(0, 2).map((m) => m.text)).toEqual(server.games[0]!.ptn.slice(0, 2));
    expect(tagValue(second!, 'playtak_id')).toBe('101');
    expect(server.seeks).toHaveLength(2);
    expect(run.outs[0]).toMatch(new RegExp(`^game 100: .* no result after ${played} plies, abandoned.*: Bredon unknown$`));
  });

  it('has the game replayed when the server refuses one of its moves, then plays on', async () => {
    const server = await serve('tcp', { opponent: 'Scripted', policy: randomPolicy(17), refusePly: 3 });
    const run = play(server);
    const summary = await run.done;
    expect(server.errors).toEqual([]);
    expect(summary).toMatchObject({ games: 1, wins: 1 });
    expect(server.rejoins).toBe(1);
    expect(run.logs.some((l) => /the server refused our move \(Invalid move\)/.test(l))).toBe(true);
    expectLogged(run, server);
  });

  it('ignores garbage lines, follows a garbled move of its game by a replay, and answers chat', async () => {
    const garbage = [
      'Tell <Alice> how is the game going?',
      'Shout <Bob> hello everyone',
      'Shout <Carol> Guest1, what do you think?',
      'Game#<no> P Z9',
      '',
      '   ',
      'Game#',
      'Game#abc P A1',
      'Game#999999 P A1',
      'Game#<no> Frobnicate',
      'Game Start',
      'Game Start 12 foo',
      'Seek new',
      'Online many',
      'Shout no brackets',
      '\x00\xff\x01 noise',
      'x'.repeat(5000),
      'GameList Add 1 a b 6 600 10 0 30 1 0 0 0 0',
      'Game#<no> Time x y',
      'Game#<no> Over 2-0',
      'Game#<no> OfferDraw',
      'Game#<no> RequestUndo',
      'Message Hello from the server',
      'Error:Something odd',
    ];
    const server = await serve('ws', { opponent: 'Scripted', policy: randomPolicy(11), garbage, garbagePerBatch: 9 });
    const run = play(server, { chat: true });
    const summary = await run.done;
    expect(server.errors).toEqual([]);
    expect(summary).toMatchObject({ games: 1, wins: 1 });
    expect(server.garbageSent).toBeGreaterThanOrEqual(garbage.length);
    expectLogged(run, server);
    expect(run.logs.some((l) => /ignoring an unknown server line/.test(l))).toBe(true);
    expect(run.logs.some((l) => /ignoring a malformed server line/.test(l))).toBe(true);
    expect(run.logs.some((l) => /reconnecting so that the server replays the game/.test(l))).toBe(true);
    expect(server.rejoins).toBeGreaterThanOrEqual(1);
    const tells = server.chat.filter((l) => l.startsWith('Tell Alice Game 100 against Scripted, move '));
    expect(tells.length).toBeGreaterThan(0);
    // A win chance in words, nothing of the line Bredon plans or how deep it looked.
    for (const l of tells) expect(l).toMatch(STANDING);
    expect(server.chat.some((l) => l.startsWith('Shout Carol: Game 100'))).toBe(true);
    expect(server.chat.some((l) => /Bob/.test(l))).toBe(false);
  });

  it('plays at --level below full strength: every search at that level, and an undo request granted', async () => {
    // Bredon plays White; after its second move (ply 3) the opponent asks to take it back.
    const server = await serve('ws', { opponent: 'Scripted', policy: randomPolicy(19), undoRequestAtPly: 3 });
    const jobs: SearchJob[] = [];
    const run = play(server, { level: 3, seek: { ...SEEK, colour: 'W' } }, recording(jobs));
    const summary = await run.done;
    expect(server.errors).toEqual([]);
    expect(server.noks).toBe(0);
    expect(summary.games).toBe(1);
    expect(jobs.length).toBeGreaterThan(0);
    expect(jobs.every((j) => j.limits.level === 3)).toBe(true);
    expect(server.received).toContain('Game#100 RequestUndo');
    expect(server.undos).toBe(1);
    // The logged game is the server's, without the move taken back.
    expectLogged(run, server);
    expect(run.logs.some((l) => /accepting the opponent's undo request \(level 3\)/.test(l))).toBe(true);
    expect(run.logs.some((l) => /the server undid the last move/.test(l))).toBe(true);
  });

  it('leaves unanswered an undo request that crossed its own move (the move ended it)', async () => {
    const server = await serve('ws', { opponent: 'Scripted', policy: randomPolicy(19), undoCrossesPly: 3 });
    const run = play(server, { level: 3, seek: { ...SEEK, colour: 'W' } });
    const summary = await run.done;
    expect(server.errors).toEqual([]);
    expect(summary.games).toBe(1);
    expect(server.received.some((l) => /RequestUndo/.test(l))).toBe(false);
    expect(server.undos).toBe(0);
    expectLogged(run, server);
    expect(run.logs.some((l) => /an undo request crossed our move/.test(l))).toBe(true);
  });

  it('declines an undo request at full strength, and searches without a level', async () => {
    const server = await serve('ws', { opponent: 'Scripted', policy: randomPolicy(19), undoRequestAtPly: 3 });
    const jobs: SearchJob[] = [];
    const run = play(server, { seek: { ...SEEK, colour: 'W' } }, recording(jobs));
    const summary = await run.done;
    expect(server.errors).toEqual([]);
    expect(summary).toMatchObject({ games: 1, wins: 1 });
    expect(jobs.every((j) => j.limits.level === undefined)).toBe(true);
    expect(server.received.some((l) => /RequestUndo/.test(l))).toBe(false);
    expect(server.undos).toBe(0);
    expectLogged(run, server);
    expect(run.logs.some((l) => /RequestUndo from the opponent \(ignored/.test(l))).toBe(true);
  });

  it("takes chat commands: a player's level from their next game on, help, and a bad level refused", async () => {
    const garbage = [
      'Shout <Scripted> guest1: LEVEL 2',
      'Tell <Alice> level 4',
      'Tell <Alice> level',
      'Shout <Bob> Guest1: level 11',
      'Shout <Carol> Guest1: help',
    ];
    const server = await serve('ws', { opponent: 'Scripted', policy: randomPolicy(23), games: 2, acceptDelayMs: 150, garbage, garbagePerBatch: 5 });
    const jobs: SearchJob[] = [];
    const run = play(server, { games: 2, chat: true, seek: { ...SEEK, colour: 'W' } }, recording(jobs));
    const summary = await run.done;
    expect(server.errors).toEqual([]);
    expect(summary.games).toBe(2);
    const told = (prefix: string) => server.chat.filter((l) => l.startsWith(prefix));
    // The greetings say each game's level: full strength, then the level Scripted chose.
    expect(told('Tell Scripted Hello!')).toEqual([
      'Tell Scripted Hello! I play you at full strength (level 10 of 10). Say "Guest1: help" for my commands.',
      'Tell Scripted Hello! I play you at level 2 of 10, with undos allowed. Say "Guest1: help" for my commands.',
    ]);
    expect(told('Shout Scripted:')).toEqual(['Shout Scripted: Done: I play you at level 2 of 10 from your next game on (this one stays at level 10).']);
    expect(told('Tell Alice')).toEqual(['Tell Alice Done: I play you at level 4 of 10 from now on.', 'Tell Alice I play you at level 4 of 10; "Guest1: level N" changes it, 1 (a beginner) to 10.']);
    expect(told('Shout Bob:')).toEqual(['Shout Bob: Levels are whole numbers from 1 (a beginner) to 10 (full strength): "11" is not one.']);
    const help = told('Shout Carol:');
    expect(help).toHaveLength(1);
    expect(help[0]).toMatch(/"Guest1: level N" sets my level for your games: 1 plays like a beginner, 10 is my full strength \(yours: 10\)\. "Guest1: help" shows this\./);
    expect(help[0]!.length).toBeLessThanOrEqual(6 + 256);
    // Game 100 searched at full strength, game 101 at level 2: no job without a level after one with it.
    const levels = jobs.map((j) => j.limits.level);
    expect(levels[0]).toBeUndefined();
    expect(levels.at(-1)).toBe(2);
    expect(levels.slice(levels.indexOf(2)).every((l) => l === 2)).toBe(true);
  });

  it('answers every command asked within the chat interval, one answer per interval, in the order asked', async () => {
    // Four questions in one burst (a second `help` just after a `level`): before, all but the first went unanswered.
    const garbage = ['Tell <Alice> level 4', 'Tell <Alice> help', 'Shout <Carol> Guest1: help', 'Tell <Alice> how goes it?'];
    const server = await serve('ws', { opponent: 'Sleeper', policy: () => null, garbage, garbagePerBatch: 4 });
    const run = play(server, { games: undefined, chat: true, debug: true, seek: { ...SEEK, colour: 'W' }, timing: { ...FAST, chatIntervalMs: 100 } });
    const answers = () => server.chat.filter((l) => /^(Tell Alice|Shout Carol:) /.test(l));
    while (answers().length < garbage.length) await new Promise((r) => setTimeout(r, 10));
    run.bot.stop(true);
    await run.done;
    const [level, aliceHelp, carolHelp, standing] = answers();
    expect(level).toBe('Tell Alice Done: I play you at level 4 of 10 from now on.');
    expect(aliceHelp).toMatch(/^Tell Alice "Guest1: level N" sets my level .*\(yours: 4\)/);
    expect(carolHelp).toMatch(/^Shout Carol: "Guest1: level N" sets my level .*\(yours: 10\)/);
    expect(standing).toMatch(/^Tell Alice Game 100 against Sleeper, /);
    expect(standing).toMatch(STANDING);
    expect(answers()).toHaveLength(garbage.length);
    // Spaced by the interval on the bot's own clock (a late timer only widens the gaps).
    const at = run.logs.map((l, i) => ({ l, i })).filter(({ l }) => /^> (Tell Alice|Shout Carol:) /.test(l));
    expect(at).toHaveLength(garbage.length);
    for (let i = 1; i < at.length; i++) expect(logTimes[at[i]!.i]! - logTimes[at[i - 1]!.i]!).toBeGreaterThanOrEqual(95);
  });

  it("logs its moves' scores on TEI's scale (200p - 100, as Racetrack writes them), a proven win as +1.00", async () => {
    // Bredon (White) builds a1-d1 and the opponent lets it: e1 is the road. Each search answers the script's move with a set score.
    const script = ['e5', 'a1', 'b1', 'c3', 'c1', 'd2', 'd1', 'b3', 'e1'];
    const k = SCORE_SCALE[5]!; // p = sigmoid(1) = 0.731, 200p - 100 = 46
    const scores = [0, 0, k, 0, -k, 0, WIN_SCORE - 3, 0, WIN_SCORE - 1];
    const threads: SearchThreads = {
      start: (job, handlers) => {
        const ply = job.moves.length;
        const best = parseMove(script[ply]!, 5);
        setTimeout(() => handlers.onDone({ result: { best, score: scores[ply]!, depth: ply + 1, nodes: 1, pv: [best] }, nodes: 1 }), 1);
      },
      stop: () => {},
      abandon: () => {},
      newGame: () => {},
      close: () => {},
    };
    const server = await serve('ws', { opponent: 'Scripted', policy: (pos, ply) => parseMove(script[ply]!, pos.size) });
    const run = play(server, { seek: { ...SEEK, size: 5, stones: 21, caps: 1, colour: 'W' } }, threads);
    expect(await run.done).toMatchObject({ games: 1, wins: 1 });
    const logged = expectLogged(run, server);
    // 5x5: p = 1 / (1 + exp(-K / K)) = 0.731 for the mover, 200p - 100 = 46.
    const own = logged.moves.filter((m) => m.side === 0).map((m) => m.comment!.replace(/ \d+\.\d\ds$/, ''));
    expect(own).toEqual(['+0.00/1', '+0.46/3', '-0.46/5', '+1.00/7', '+1.00/9']);
  });

  it('stops after the current game, or resigns it when told twice', async () => {
    const server = await serve('ws', { opponent: 'Sleeper', policy: () => null });
    const run = play(server, { games: undefined, seek: { ...SEEK, colour: 'W' } });
    await new Promise<void>((resolve) => {
      const check = setInterval(() => {
        if (server.games[0]?.ptn.length === 1) {
          clearInterval(check);
          resolve();
        }
      }, 5);
    });
    run.bot.stop();
    run.bot.stop();
    const summary = await run.done;
    expect(summary).toMatchObject({ games: 1, losses: 1, reason: 'stopped' });
    await server.finished(1);
    expect(server.games[0]!.result).toBe('0-1');
    expect(server.received.slice(-2)).toEqual(['Game#100 Resign', 'quit']);
    expect(tagValue(games(run)[0]!, 'Termination')).toBe('resignation');
  });

  it('gives up at once when the server refuses the login', async () => {
    const server = await serve('tcp', { opponent: 'Scripted', policy: () => null }, { BredonBot: 'hunter22' });
    const run = play(server, { user: 'BredonBot', password: 'wrong-password' });
    const summary = await run.done;
    expect(summary).toMatchObject({ reason: 'fatal', games: 0 });
    expect(summary.error).toMatch(/login refused/);
    expect(server.connections).toBe(1);
  });

  it('drops a connection whose login goes unanswered, and tries again', async () => {
    const server = await serve('tcp', { opponent: 'Scripted', policy: () => null, ignoreLogin: true });
    const idle: SearchThreads = { start: () => {}, stop: () => {}, abandon: () => {}, newGame: () => {}, close: () => {} };
    const run = play(server, { timing: { ...FAST, connectTimeoutMs: 150, backoffMinMs: 10, backoffMaxMs: 20 } }, idle);
    while (server.connections < 3) await new Promise((r) => setTimeout(r, 10));
    run.bot.stop();
    expect(await run.done).toMatchObject({ reason: 'stopped', games: 0 });
    expect(run.logs.filter((l) => /no answer to the login within 150 ms/.test(l)).length).toBeGreaterThanOrEqual(2);
  });

  it('keeps to one seek per interval however often the connection drops', async () => {
    const server = await serve('ws', { opponent: 'Scripted', policy: () => null, games: 0 });
    const idle: SearchThreads = { start: () => {}, stop: () => {}, abandon: () => {}, newGame: () => {}, close: () => {} };
    const run = play(server, { games: undefined, timing: { ...FAST, seekIntervalMs: 300, backoffMinMs: 10, backoffMaxMs: 20 } }, idle);
    // Every seek is answered by dropping the connection.
    const times: number[] = [];
    const seen = setInterval(() => {
      while (times.length < server.seeks.length) {
        times.push(performance.now());
        server.dropAll();
      }
    }, 2);
    await new Promise((r) => setTimeout(r, 1400));
    clearInterval(seen);
    run.bot.stop();
    await run.done;
    expect(server.connections).toBeGreaterThanOrEqual(times.length);
    expect(times.length).toBeGreaterThanOrEqual(2);
    expect(times.length).toBeLessThanOrEqual(6);
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThan(250);
  });
});
