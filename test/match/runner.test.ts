// Real matches between fake TEI engines (test/match/fakes): the runner must finish, attribute
// every result to the right engine and colour, restart broken engines with their options, and
// leave no process behind.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeMove } from '../../src/core/makemove.js';
import { isLegalMove } from '../../src/core/movegen.js';
import { gameResult, ONGOING, resultText } from '../../src/core/result.js';
import { parseMove } from '../../src/notation/ptn-move.js';
import { MatchError } from '../../src/match/errors.js';
import type { GameRecord } from '../../src/match/game.js';
import { openingStart, parseOpenings } from '../../src/match/openings.js';
import { runMatch, type MatchConfig } from '../../src/match/runner.js';
import { alive, buildFakeRules, fake, matchConfig, readLog, removeDir, spec } from './helpers.js';

let rulesDir: string;
let work: string;
let logCount = 0;

beforeAll(async () => {
  rulesDir = await buildFakeRules();
  work = mkdtempSync(join(tmpdir(), 'bredon-match-run-'));
});

afterAll(() => {
  removeDir(rulesDir);
  removeDir(work);
});

function logFile(): string {
  return join(work, `engine-${++logCount}.log`);
}

async function play(config: MatchConfig, signal?: AbortSignal) {
  const games: GameRecord[] = [];
  const messages: string[] = [];
  const outcome = await runMatch(config, { onGame: (g) => games.push(g), log: (m) => messages.push(m) }, signal);
  return { outcome, games, messages };
}

/** The engine (0 first, 1 second) that won a game, or -1. */
function winnerEngine(g: GameRecord): number {
  if (g.winner === -1) return -1;
  return g.winner === 0 ? g.setup.white : 1 - g.setup.white;
}

/** Replays a game with the core: every move legal, and a board ending matches the record. */
function checkReplay(g: GameRecord): void {
  const pos = openingStart(g.setup.opening, g.setup.size);
  for (const m of g.moves) {
    const move = parseMove(m.text, g.setup.size);
    expect(isLegalMove(pos, move), `${m.text} legal in game ${g.setup.round}`).toBe(true);
    expect(gameResult(pos, g.setup.halfKomi)).toBe(ONGOING);
    makeMove(pos, move);
  }
  const result = gameResult(pos, g.setup.halfKomi);
  if (['road', 'flats', 'draw', 'repetition'].includes(g.termination)) expect(resultText(result)).toBe(g.result);
  else expect(result).toBe(ONGOING);
}

/** Every process a fake logged has ended. */
function expectAllEnded(log: string): void {
  const pids = new Set(readLog(log).map(([pid]) => pid));
  expect(pids.size).toBeGreaterThan(0);
  for (const pid of pids) expect(alive(pid), `process ${pid} still alive`).toBe(false);
}

// Matches at once where no engine is timed closely: the fakes answer at once, or never.
describe.concurrent('runMatch with well-behaved engines', () => {
  it('plays random movers to the end, in colour-swapped pairs, and every game replays legally', async () => {
    const logA = logFile();
    const logB = logFile();
    const config = matchConfig(fake('random', '--log', logA), fake('random', '--log', logB), { games: 4 });
    const { outcome, games } = await play(config);
    expect(outcome.stopped).toBe('completed');
    expect(outcome.names).toEqual(['RandomMover (1)', 'RandomMover (2)']);
    expect(games.map((g) => [g.setup.round, g.setup.pair, g.setup.white])).toEqual([
      [1, 0, 0],
      [2, 0, 1],
      [3, 1, 0],
      [4, 1, 1],
    ]);
    for (const g of games) {
      expect(['road', 'flats', 'draw', 'repetition', 'adjudication']).toContain(g.termination);
      checkReplay(g);
      // Engine moves carry the eval from the fake's `info ... score cp` line.
      expect(g.moves.every((m) => m.scoreCp !== undefined && m.depth === 1)).toBe(true);
    }
    const t = outcome.tally;
    expect(t.games).toBe(4);
    const wins = games.filter((g) => winnerEngine(g) === 0).length;
    const losses = games.filter((g) => winnerEngine(g) === 1).length;
    expect([t.total.wins, t.total.losses, t.total.draws]).toEqual([wins, losses, 4 - wins - losses]);
    expect(t.pentanomial.reduce((a, c) => a + c, 0)).toBe(2);
    expect(outcome.restarts).toEqual([0, 0]);
    // The conversation: handshake, a fresh teinewgame + isready per game, Racetrack's position form.
    const lines = readLog(logA).map(([, l]) => l);
    expect(lines[1]).toBe('tei');
    expect(lines.filter((l) => l === 'teinewgame 4').length).toBe(4);
    expect(lines.filter((l) => l === 'isready').length).toBe(4);
    expect(lines.some((l) => l === 'position startpos moves ')).toBe(true);
    expect(lines.filter((l) => l.startsWith('position ')).every((l) => l.startsWith('position startpos moves ') && l.endsWith(' '))).toBe(true);
    expect(lines.some((l) => /^go wtime \d+ btime \d+ winc 50 binc 50$/.test(l))).toBe(true);
    expect(lines.some((l) => l.startsWith('setoption'))).toBe(false);
    expect(lines[lines.length - 1]).toBe('quit');
    expectAllEnded(logA);
    expectAllEnded(logB);
  });

  it('sends komi as HalfKomi and a TPS start, uses book lines in pairs, and runs slots concurrently', async () => {
    const book = parseOpenings('a1 d4\n# a comment\n\nx4/x4/x,2,1,x/x4 2 2 c3\n', 4, 'book');
    const logA = logFile();
    const logB = logFile();
    const config = matchConfig(fake('random', '--log', logA), fake('random', '--log', logB), {
      games: 4,
      halfKomi: 4,
      openings: book,
      concurrency: 2,
    });
    const { outcome, games } = await play(config);
    expect(outcome.tally.games).toBe(4);
    const byRound = [...games].sort((x, y) => x.setup.round - y.setup.round);
    expect(byRound.map((g) => g.setup.opening.line)).toEqual([1, 1, 4, 4]);
    for (const g of byRound) {
      checkReplay(g);
      const bookMoves = g.moves.filter((m) => m.book).map((m) => m.text);
      expect(bookMoves).toEqual(g.setup.opening.moves);
      expect(g.moves.slice(0, bookMoves.length).every((m) => m.book)).toBe(true);
    }
    for (const log of [logA, logB]) {
      const entries = readLog(log);
      // Two slots: two processes per engine, each told the komi once.
      const pids = new Set(entries.map(([pid]) => pid));
      expect(pids.size).toBe(2);
      for (const pid of pids) {
        const lines = entries.filter(([p]) => p === pid).map(([, l]) => l);
        expect(lines.filter((l) => l === 'setoption name HalfKomi value 4').length).toBe(1);
        expect(lines.indexOf('setoption name HalfKomi value 4')).toBeLessThan(lines.indexOf('teinewgame 4'));
      }
      const positions = entries.map(([, l]) => l).filter((l) => l.startsWith('position '));
      expect(positions.every((l) => l.startsWith('position tps '))).toBe(true);
      expect(positions.some((l) => l.startsWith('position tps x,x,x,x/x,x,x,x/x,x,x,x/x,x,x,x 1 1 moves a1 d4 '))).toBe(true);
      expect(positions.some((l) => l.startsWith('position tps x,x,x,x/x,x,x,x/x,2,1,x/x,x,x,x 2 2 moves c3 '))).toBe(true);
      expectAllEnded(log);
    }
  });

  it('stops as soon as the SPRT accepts H1, and with H0 when the first engine is the weak one', async () => {
    const sprt = { elo0: 0, elo1: 20, alpha: 0.05, beta: 0.05 };
    // Both matches at once: each is a process start a game (the crasher's), mostly waited for.
    const [strong, weak] = await Promise.all([
      play(matchConfig(fake('random'), fake('crash', '--after', '1'), { games: 200, sprt })),
      play(matchConfig(fake('crash', '--after', '1'), fake('random'), { games: 200, sprt })),
    ]);
    expect(strong.outcome.stopped).toBe('sprt');
    expect(strong.outcome.sprt?.verdict).toBe('H1');
    expect(strong.outcome.sprt!.llr).toBeGreaterThanOrEqual(strong.outcome.sprt!.upper);
    expect(strong.outcome.tally.games).toBeLessThan(200);
    expect(strong.outcome.tally.games % 2).toBe(0);
    expect(weak.outcome.stopped).toBe('sprt');
    expect(weak.outcome.sprt?.verdict).toBe('H0');
    expect(weak.outcome.tally.total.wins).toBe(0);
  });

  it('draws by adjudication after the ply limit and by the third repetition', async () => {
    const { games } = await play(matchConfig(fake('random'), fake('random'), { games: 2, maxPlies: 6 }));
    for (const g of games) {
      expect(g).toMatchObject({ termination: 'adjudication', result: '1/2-1/2', winner: -1 });
      expect(g.moves.length).toBe(6);
    }
    // Two lone stones that step out and back: the start position comes round a third time.
    const book = parseOpenings('x4/x4/x4/1,x,x,2 1 2', 4, 'book');
    const shuffled = await play(matchConfig(fake('shuffle'), fake('shuffle'), { games: 2, openings: book }));
    for (const g of shuffled.games) {
      expect(g).toMatchObject({ termination: 'repetition', result: '1/2-1/2', winner: -1 });
      expect(g.moves.length).toBe(8);
      checkReplay(g);
    }
    expect(shuffled.outcome.tally.total).toEqual({ wins: 0, losses: 0, draws: 2 });
    expect(shuffled.outcome.tally.pentanomial).toEqual([0, 0, 1, 0, 0]);
  });

  it('stops when interrupted, without counting the game in progress', async () => {
    // The late engine would think for its whole 30 s clock; the interruption comes once it has
    // been asked to (however long a busy machine takes to get there), long before that.
    const controller = new AbortController();
    const log = logFile();
    const games: GameRecord[] = [];
    const interruptOnceThinking = () => {
      const timer = setInterval(() => {
        if (!readLog(log).some(([, l]) => l.startsWith('go '))) return;
        clearInterval(timer);
        controller.abort();
      }, 20);
    };
    const outcome = await runMatch(
      matchConfig(fake('random'), fake('late', '--log', log), { games: 10, tc: { baseMs: 30_000, incMs: 0 } }),
      { onStart: interruptOnceThinking, onGame: (g) => games.push(g) },
      controller.signal,
    );
    expect(outcome.stopped).toBe('interrupted');
    expect(outcome.tally.games).toBe(0);
    expect(games.length).toBe(0);
    const lines = readLog(log).map(([, l]) => l);
    expect(lines.some((l) => l.startsWith('go '))).toBe(true);
    expect(lines[lines.length - 1]).toBe('quit');
    expectAllEnded(log);
  });
});

// The first four at once (their clocks are seconds, or the hung engine's own); the engines that
// must answer within 300 ms after them, one match at a time.
describe('runMatch with misbehaving engines', () => {
  it.concurrent('forfeits a crashing engine every game, in both colours, and restarts it with its options', async () => {
    const log = logFile();
    const config = matchConfig(fake('random'), fake('crash', '--log', log), { games: 4 });
    config.engines[1].options.push({ name: 'hash', value: '64' }, { name: 'Style', value: 'wild' });
    const { outcome, games, messages } = await play(config);
    expect(outcome.tally.games).toBe(4);
    for (const g of games) {
      expect(g.termination).toBe('crash');
      expect(winnerEngine(g)).toBe(0);
      expect(g.detail).toContain('exited with code 3');
      checkReplay(g);
    }
    expect(outcome.tally.total).toEqual({ wins: 4, losses: 0, draws: 0 });
    expect(outcome.tally.lostBy[1].get('crash')).toBe(4);
    expect(outcome.restarts).toEqual([0, 3]);
    expect(messages.some((m) => m.startsWith('engine 2 (Crasher): restarting'))).toBe(true);
    const entries = readLog(log);
    const pids = [...new Set(entries.map(([pid]) => pid))];
    expect(pids.length).toBe(4);
    for (const pid of pids) {
      const lines = entries.filter(([p]) => p === pid).map(([, l]) => l);
      // The engine's own spelling of the option name, re-sent after every restart, before the game.
      expect(lines.slice(1, 4)).toEqual(['tei', 'setoption name Hash value 64', 'setoption name Style value wild']);
      expect(lines[4]).toBe('teinewgame 4');
    }
    expectAllEnded(log);
  });

  it.concurrent('a hung engine loses on time, is killed (it ignores SIGTERM) and restarted, and the match goes on', async () => {
    const log = logFile();
    const config = matchConfig(fake('random'), fake('hang', '--log', log), { games: 2, tc: { baseMs: 500, incMs: 0 } });
    const { outcome, games, messages } = await play(config);
    expect(outcome.tally.games).toBe(2);
    for (const g of games) {
      expect(g.termination).toBe('time');
      expect(winnerEngine(g)).toBe(0);
      expect(g.result).toBe(g.setup.white === 0 ? '1-0' : '0-1');
      checkReplay(g);
    }
    expect(outcome.restarts).toEqual([0, 1]);
    expect(messages.filter((m) => m.includes('hung')).length).toBe(2);
    expectAllEnded(log);
  });

  it.concurrent('forfeits an illegal move and restarts the engine', async () => {
    const log = logFile();
    const { outcome, games } = await play(matchConfig(fake('illegal', '--log', log), fake('random'), { games: 2 }));
    for (const g of games) {
      expect(g.termination).toBe('illegal');
      expect(winnerEngine(g)).toBe(1);
      expect(g.detail).toMatch(/Cheater\) forfeits: illegal move '[a-d][1-4]'/);
      checkReplay(g);
    }
    expect(outcome.tally.total).toEqual({ wins: 0, losses: 2, draws: 0 });
    expect(outcome.restarts).toEqual([1, 0]);
    expectAllEnded(log);
  });

  it.concurrent('ignores junk lines but forfeits a malformed or non-canonical bestmove', async () => {
    const bads = ['x9!', 'Fa1', ''];
    const logs = bads.map(() => logFile());
    // The three matches at once (each on its own log).
    const matches = await Promise.all(bads.map((bad, i) => play(matchConfig(fake('random'), fake('malformed', '--bad', bad, '--log', logs[i]!), { games: 2 }))));
    for (const [i, { outcome, games }] of matches.entries()) {
      const log = logs[i]!;
      expect(outcome.tally.total).toEqual({ wins: 2, losses: 0, draws: 0 });
      for (const g of games) {
        expect(g.termination).toBe('malformed');
        expect(winnerEngine(g)).toBe(0);
        // The Garbler's first two moves, printed among junk, were played.
        expect(g.moves.length).toBeGreaterThanOrEqual(4);
      }
      expectAllEnded(log);
    }
  });

  it('an engine that never gets ready forfeits, and three in a row end the match with an error', async () => {
    const log = logFile();
    const config = matchConfig(fake('random'), fake('random', '--no-readyok', '--name', 'Deaf', '--log', log), {
      games: 10,
      timeouts: { handshakeMs: 10_000, readyMs: 2_000, stopGraceMs: 100, killGraceMs: 100 },
    });
    const { outcome, games } = await play(config);
    expect(outcome.stopped).toBe('error');
    expect(outcome.error).toMatch(/engine 2 \(Deaf\) failed to get ready 3 games in a row/);
    expect(games.length).toBe(3);
    for (const g of games) {
      expect(g).toMatchObject({ termination: 'not ready', moves: [] });
      expect(winnerEngine(g)).toBe(0);
    }
    expectAllEnded(log);
  });

  it('a late engine loses on time every game but answers stop, so it is not restarted', async () => {
    const log = logFile();
    const { outcome, games } = await play(matchConfig(fake('late', '--log', log), fake('random'), { games: 2, tc: { baseMs: 300, incMs: 0 } }));
    for (const g of games) {
      expect(g.termination).toBe('time');
      expect(winnerEngine(g)).toBe(1);
    }
    expect(outcome.restarts).toEqual([0, 0]);
    const lines = readLog(log).map(([, l]) => l);
    expect(lines.filter((l) => l === 'stop').length).toBe(2);
    expectAllEnded(log);
  });
});

describe('runMatch refuses what it cannot play', () => {
  const config = (overrides: Partial<MatchConfig>, b = fake('random')) => matchConfig(fake('random'), b, overrides);

  it('komi with an engine that has no HalfKomi option', async () => {
    await expect(runMatch(config({ halfKomi: 3 }, fake('random', '--no-halfkomi', '--name', 'NoKomi')))).rejects.toThrow(
      /engine 2 \(NoKomi\) does not offer the HalfKomi option, so it plays komi 0 only/,
    );
  });

  it('komi outside the HalfKomi range', async () => {
    await expect(runMatch(config({ halfKomi: 12 }))).rejects.toThrow(/cannot play komi 6: HalfKomi must be from -10 to 10/);
  });

  it('options that are unknown or out of range', async () => {
    const unknown = config({});
    unknown.engines[0].options.push({ name: 'Threads', value: '2' });
    await expect(runMatch(unknown)).rejects.toThrow(/engine 1 \(RandomMover.*\) has no option 'Threads' \(it offers: HalfKomi, Hash, Style\)/);
    const range = config({});
    range.engines[1].options.push({ name: 'Hash', value: '0' });
    await expect(runMatch(range)).rejects.toThrow(/Hash must be from 1 to 1024/);
    const combo = config({});
    combo.engines[1].options.push({ name: 'Style', value: 'loud' });
    await expect(runMatch(combo)).rejects.toThrow(/Style must be one of calm, wild/);
  });

  it('an engine that cannot be started, exits at once, or never answers tei', async () => {
    await expect(runMatch(config({}, '/nonexistent/engine --tei'))).rejects.toThrow(/engine 2 .* could not be started: .*ENOENT/);
    await expect(runMatch(config({}, `'${process.execPath}' -e 'process.exit(4)'`))).rejects.toThrow(/exited with code 4 before answering 'tei'/);
    const silent = config({ timeouts: { handshakeMs: 300, readyMs: 300, stopGraceMs: 100, killGraceMs: 100 } }, `'${process.execPath}' -e 'setInterval(() => {}, 1000)'`);
    await expect(runMatch(silent)).rejects.toThrow(/did not answer 'tei' with 'teiok' within 0.3 s/);
  });

  it('a MatchError is what it throws', async () => {
    await expect(runMatch(matchConfig(fake('random'), '/nonexistent/engine'))).rejects.toBeInstanceOf(MatchError);
  });

  it('names an engine without id name after its script', async () => {
    const { outcome } = await play(matchConfig(fake('random', '--name', ''), fake('random')));
    expect(outcome.names).toEqual(['random.mjs', 'RandomMover']);
  });

  it('keeps the user-given names', async () => {
    const c = matchConfig(fake('random'), fake('random'));
    c.engines = [{ ...spec(fake('random')), name: 'New' }, { ...spec(fake('random')), name: 'Old' }];
    const { outcome } = await play(c);
    expect(outcome.names).toEqual(['New', 'Old']);
  });
});
