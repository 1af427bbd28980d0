// `bredon match` as users run it: the built program (npm test builds it first), fake engines and,
// when Bredon's own TEI mode answers, Bredon against itself.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeMove } from '../../src/core/makemove.js';
import { isLegalMove } from '../../src/core/movegen.js';
import { parseMove } from '../../src/notation/ptn-move.js';
import { parseTps, startTps } from '../../src/notation/tps.js';
import { bredonBatch } from '../cli/bredon.js';
import { BREDON, repoPath } from '../repo.js';
import { alive, buildFakeRules, fake, readLog, removeDir } from './helpers.js';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the built program; kills it (and fails) if it takes longer than `limitMs`. */
function bredon(args: string[], limitMs = 60_000): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BREDON, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`bredon ${args.join(' ')} did not finish in ${limitMs} ms`));
    }, limitMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Whether `node dist/bredon.js tei` completes the handshake (another developer writes it). */
async function bredonSpeaksTei(): Promise<boolean> {
  if (!existsSync(BREDON)) return false;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BREDON, 'tei'], { stdio: ['pipe', 'pipe', 'ignore'] });
    let out = '';
    const done = (ok: boolean) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      resolve(ok);
    };
    const timer = setTimeout(() => done(false), 10_000);
    child.stdout.on('data', (d) => {
      out += d;
      if (/^teiok\s*$/m.test(out)) done(true);
    });
    child.on('error', () => done(false));
    child.on('close', () => done(/^teiok\s*$/m.test(out)));
    child.stdin.on('error', () => {});
    child.stdin.write('tei\n');
  });
}

const hasTei = await bredonSpeaksTei();

let rulesDir: string;
let work: string;

beforeAll(async () => {
  if (!existsSync(BREDON)) throw new Error(`${BREDON} is missing: run npm run build first`);
  rulesDir = await buildFakeRules();
  work = mkdtempSync(join(tmpdir(), 'bredon-match-cli-'));
});

afterAll(() => {
  removeDir(rulesDir);
  removeDir(work);
});

/** Games of a PTN file as tags and move tokens (comments and result dropped). */
function readPtn(text: string): { tags: Record<string, string>; moves: string[] }[] {
  return text
    .split(/\n(?=\[Site )/)
    .filter((g) => g.trim() !== '')
    .map((g) => {
      const tags: Record<string, string> = {};
      for (const m of g.matchAll(/^\[(\w+) "([^"]*)"\]$/gm)) tags[m[1]!] = m[2]!;
      const body = g.replace(/^\[.*\]$/gm, '').replace(/\{[^}]*\}/g, ' ');
      const moves = body
        .split(/\s+/)
        .filter((t) => t !== '' && !/^\d+\.$/.test(t) && t !== '--' && !['R-0', '0-R', 'F-0', '0-F', '1-0', '0-1', '1/2-1/2'].includes(t));
      return { tags, moves };
    });
}

describe('bredon match: bad input', () => {
  const cases: [string, string[], RegExp][] = [
    ['no engines', [], /give exactly two --engine command lines \(got 0\)/],
    ['one engine', ['--engine', 'x'], /give exactly two --engine command lines \(got 1\)/],
    ['a bad time control', ['--engine', 'a', '--engine', 'b', '--tc', '5m'], /--tc must look like SECONDS\+INCREMENT/],
    ['a bad size', ['--engine', 'a', '--engine', 'b', '--size', '9'], /--size must be from 3 to 8, got 9/],
    ['a bad komi', ['--engine', 'a', '--engine', 'b', '--komi', '1.3'], /--komi must be a whole or half number/],
    ['an unclosed quote', ['--engine', `node 'x`, '--engine', 'b'], /--engine: command line .* has an unclosed single quote/],
    ['a bad SPRT', ['--engine', 'a', '--engine', 'b', '--sprt', 'elo0=5', 'elo1=1'], /--sprt needs elo0 < elo1/],
    ['an option for engine 3', ['--engine', 'a', '--engine', 'b', '--option', '3:Hash=1'], /engines are numbered 1 and 2/],
    ['a time control for engine 3', ['--engine', 'a', '--engine', 'b', '--tc', '3:10+0.1'], /--tc '3:10\+0.1': engines are numbered 1 and 2/],
    ['a bad time control for engine 2', ['--engine', 'a', '--engine', 'b', '--tc', '2:fast'], /--tc must look like SECONDS\+INCREMENT .* got 'fast'/],
    ['node odds for engine 3', ['--engine', 'a', '--engine', 'b', '--nodes', '3:1000'], /--nodes '3:1000': engines are numbered 1 and 2/],
    ['a bad node count for engine 1', ['--engine', 'a', '--engine', 'b', '--nodes', '1:many'], /--nodes must be a whole number, got 'many'/],
    ['a bad scoring variant', ['--engine', 'a', '--engine', 'b', '--scoring', 'area,moon'], /--scoring takes area or a list/],
    ['an unknown flag', ['--engine', 'a', '--engine', 'b', '--frobnicate'], /unknown option '--frobnicate'/],
    ['an unreadable openings file', ['--engine', 'a', '--engine', 'b', '--openings', '/nonexistent/book.txt'], /cannot read openings file '\/nonexistent\/book.txt': no such file/],
    ['a missing engine', ['--engine', '/nonexistent/engine', '--engine', '/nonexistent/engine'], /engine \d \('\/nonexistent\/engine'\) could not be started/],
    ['earlier games from nowhere', ['--engine', 'a', '--engine', 'b', '--continue', '/nonexistent/run.ptn'], /--continue: cannot read \/nonexistent\/run.ptn: no such file/],
    ['earlier games overwritten', ['--engine', 'a', '--engine', 'b', '--continue', 'run.ptn', '--ptn', './run.ptn'], /--ptn \.\/run\.ptn would overwrite the earlier games --continue reads/],
    ['earlier games on a queue', ['--engine', 'a', '--engine', 'b', '--queue', 'redis://127.0.0.1:1', '--continue', 'run.ptn'], /--continue goes with a local match without --scoring/],
  ];
  // All the cases from a batch of runs (bredonBatch): a process a case was most of their time.
  let runs: Run[] | undefined;
  cases.forEach(([what, args, message], i) => {
    it(`says so in one line, exit 2: ${what}`, () => {
      runs ??= bredonBatch(cases.map(([, a]) => ['match', ...a]));
      const run = runs[i]!;
      expect(run.code).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(message);
      expect(run.stderr.trim().split('\n').length).toBe(1);
      expect(run.stderr).not.toMatch(/\n\s+at /);
    });
  });

  it('names the line of a bad opening', async () => {
    const book = join(work, 'bad-book.txt');
    writeFileSync(book, 'a1 e5\na1 a1\n');
    const run = await bredon(['match', '--engine', 'a', '--engine', 'b', '--size', '5', '--openings', book]);
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toBe(`bredon match: ${book} line 2: 'a1' is not legal in this position`);
  });
});

// The matches run at once: each is processes that mostly wait for each other (fakes that answer
// at once or never, a SIGTERM after 300 ms), each on its own files.
describe.concurrent('bredon match: a whole match', () => {
  it('plays, reports on stdout, logs progress on stderr, writes replayable PTN, and stops by SPRT', async () => {
    const ptn = join(work, 'games.ptn');
    const log = join(work, 'crash.log');
    const book = join(work, 'book.txt');
    writeFileSync(book, 'a1 d4\nd1 a4\n');
    const run = await bredon([
      'match',
      '--engine', fake('random'),
      // One move a process, then a crash: the random mover never holds more than three stones,
      // too few for a 4x4 road, so every game ends by the crash (with two moves a process, one
      // game in a few hundred ended by a road first: CI saw 'crash 19' and 'road 1').
      '--engine', fake('crash', '--after', '1', '--log', log),
      '--size', '4', '--tc', '2+0.05', '--games', '40', '--komi', '1',
      '--openings', book,
      '--option', '2:Hash=32', '--name', '2:Crashy',
      '--ptn', ptn, '--scoring', 'tarway',
      '--sprt', 'elo0=0', 'elo1=20',
    ]);
    expect(run.code).toBe(0);
    const out = run.stdout;
    expect(out).toMatch(/^Match RandomMover vs Crashy\n/);
    expect(out).toContain('4x4, komi 1, tc 2+0.05, openings ');
    expect(out).toMatch(/stopped by the SPRT/);
    const games = Number(/ (\d+) of 40 games/.exec(out)![1]);
    expect(games).toBeGreaterThan(0);
    expect(games).toBeLessThan(40);
    expect(out).toContain(`W ${games}  L 0  D 0  score ${games}/${games} (100.0%)`);
    expect(out).toContain(`Crashy lost by crash ${games}`);
    expect(out).toContain(`Pentanomial (pairs in which RandomMover scored 0, 1/2, 1, 3/2, 2 points): 0 0 0 0 ${games / 2}`);
    expect(out).toMatch(/SPRT verdict: H1 accepted: RandomMover is stronger/);
    expect(out).toMatch(/Scoring \(final rules: area \+ reserve; variants Tarway\)/);
    // Not a terminal: plain progress lines, one per game, and no cursor movement.
    const gameLines = run.stderr.split('\n').filter((l) => /^game \d+: /.test(l));
    expect(gameLines.length).toBe(games);
    expect(run.stderr).not.toContain('\r');
    expect(run.stderr).toMatch(/engine 2 \(Crashy\): crashed: it exited with code 3/);
    // The PTN file: every game, tagged, and its moves legal from the book start.
    const parsed = readPtn(readFileSync(ptn, 'utf8'));
    expect(parsed.length).toBe(games);
    parsed.forEach((g, i) => {
      expect(g.tags.Round).toBe(String(i + 1));
      expect(g.tags.Size).toBe('4');
      expect(g.tags.Komi).toBe('1');
      expect(g.tags.Clock).toBe('0:02 +0.05');
      expect(g.tags.Termination).toBe('abandoned');
      expect(g.tags.Date).toMatch(/^\d{4}\.\d\d\.\d\d$/);
      expect([g.tags.Player1, g.tags.Player2].sort()).toEqual(['Crashy', 'RandomMover']);
      expect(g.tags.Result).toBe(g.tags.Player1 === 'RandomMover' ? '1-0' : '0-1');
      expect(g.moves.slice(0, 2)).toEqual(Math.floor(i / 2) % 2 === 0 ? ['a1', 'd4'] : ['d1', 'a4']);
      const pos = parseTps(startTps(4));
      for (const m of g.moves) {
        const move = parseMove(m, 4);
        expect(isLegalMove(pos, move)).toBe(true);
        makeMove(pos, move);
      }
    });
    // Every process the crasher ran got its options and is gone.
    const entries = readLog(log);
    for (const pid of new Set(entries.map(([p]) => p))) {
      const lines = entries.filter(([p]) => p === pid).map(([, l]) => l);
      expect(lines.slice(1, 4)).toEqual(['tei', 'setoption name HalfKomi value 2', 'setoption name Hash value 32']);
      expect(alive(pid)).toBe(false);
    }
    // The same match continued from its PTN: the SPRT it decided stays decided, no game is played.
    const again = await bredon([
      'match', '--engine', fake('random'), '--engine', fake('crash', '--after', '1'),
      '--size', '4', '--tc', '2+0.05', '--games', '40', '--komi', '1', '--openings', book,
      '--name', '2:Crashy', '--continue', ptn, '--sprt', 'elo0=0', 'elo1=20',
    ]);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(`  0 of 40 games in `);
    expect(again.stdout).toContain(`  counted first: ${games} games (${games / 2} pairs) of ${ptn}\n`);
    expect(again.stdout).toContain(`W ${games}  L 0  D 0  score ${games}/${games} (100.0%)`);
    expect(again.stdout).toMatch(/SPRT verdict: H1 accepted: RandomMover is stronger/);
  });

  it('plays time odds: each engine on its own clock, both clocks sent by colour, no PTN Clock tag', async () => {
    const ptn = join(work, 'odds.ptn');
    const logs = [join(work, 'odds-1.log'), join(work, 'odds-2.log')];
    const run = await bredon([
      'match', '--engine', fake('random', '--log', logs[0]!), '--engine', fake('random', '--log', logs[1]!),
      '--size', '4', '--tc', '5+0.05', '--tc', '2:20+0.2', '--games', '2', '--ptn', ptn,
    ]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('4x4, komi 0, tc 5+0.05 for engine 1, 20+0.2 for engine 2, openings ');
    // Game 1: engine 1 is White; game 2: engine 2 is. Each go carries White's and Black's own terms.
    const gos = logs.map((log) => readLog(log).map(([, l]) => l).filter((l) => l.startsWith('go ')));
    expect(gos[0]![0]).toBe('go wtime 5000 btime 20000 winc 50 binc 200');
    for (const g of [...gos[0]!, ...gos[1]!]) expect(g).toMatch(/^go wtime \d+ btime \d+ (winc 50 binc 200|winc 200 binc 50)$/);
    expect(gos[1]!.some((g) => g.endsWith('winc 200 binc 50'))).toBe(true);
    const games = readPtn(readFileSync(ptn, 'utf8'));
    expect(games.length).toBe(2);
    for (const g of games) expect(g.tags.Clock).toBeUndefined();
  });

  it('plays node odds: --nodes 2:N gives engine 2 its own node budget, in either colour', async () => {
    const logs = [join(work, 'nodes-1.log'), join(work, 'nodes-2.log')];
    const run = await bredon([
      'match', '--engine', fake('random', '--log', logs[0]!), '--engine', fake('random', '--log', logs[1]!),
      '--size', '4', '--nodes', '300', '--nodes', '2:70', '--games', '2',
    ]);
    expect(run.code).toBe(0);
    const gos = logs.map((log) => readLog(log).map(([, l]) => l).filter((l) => l.startsWith('go ')));
    expect(gos[0]!.length).toBeGreaterThan(2);
    expect(gos[1]!.length).toBeGreaterThan(2);
    expect(new Set(gos[0])).toEqual(new Set(['go nodes 300']));
    expect(new Set(gos[1])).toEqual(new Set(['go nodes 70']));
  });

  for (const signals of [1, 2]) {
    it(`on ${signals === 1 ? 'SIGTERM stops the games and still reports' : 'a second SIGTERM quits at once'}, ending every engine process`, async () => {
      const logs = [join(work, `term${signals}-a.log`), join(work, `term${signals}-b.log`)];
      const child = spawn(
        process.execPath,
        [BREDON, 'match', '--engine', fake('late', '--log', logs[0]!), '--engine', fake('hang', '--after', '0', '--log', logs[1]!),
          '--size', '4', '--tc', '60+0', '--games', '10', '--concurrency', '2'],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let stdout = '';
      let stderr = '';
      let sent = false;
      child.stdout.on('data', (d) => (stdout += d));
      child.stderr.on('data', (d) => {
        stderr += d;
        // Both slots are playing (the late engine thinks for 60 s, the other hangs): interrupt.
        if (!sent && stderr.includes('engine 2: Hanger')) {
          sent = true;
          setTimeout(() => {
            child.kill('SIGTERM');
            if (signals === 2) setTimeout(() => child.kill('SIGTERM'), 20);
          }, 300);
        }
      });
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      clearTimeout(timer);
      expect(stderr).toContain('got SIGTERM: stopping the engines');
      if (signals === 1) {
        expect(code).toBe(0);
        expect(stdout).toMatch(/ 0 of 10 games in \d+:\d\d, interrupted/);
      } else {
        expect(code).toBe(130);
      }
      for (const log of logs) {
        const pids = new Set(readLog(log).map(([pid]) => pid));
        expect(pids.size).toBe(2);
        for (const pid of pids) expect(alive(pid), `engine process ${pid}`).toBe(false);
      }
    });
  }

  it('explains itself with --help', async () => {
    const run = await bredon(['match', '--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^usage: bredon match --engine/);
    expect(run.stdout).toContain('--option [1:|2:]NAME=VALUE');
  });

  it.runIf(hasTei)('plays Bredon against itself without a protocol fault', async () => {
    const ptn = join(work, 'bredon.ptn');
    const engine = `'${process.execPath}' '${BREDON}' tei`;
    // On 1000 nodes a move (go nodes, the default 60+0.6 clocks only a limit): whole games in
    // seconds, the same on a loaded machine.
    const run = await bredon(
      ['match', '--engine', engine, '--engine', engine, '--size', '5', '--nodes', '1000', '--games', '2', '--komi', '2',
        '--openings', repoPath('data/openings/5s_4ply_balanced_openings.txt'), '--option', 'Hash=16', '--ptn', ptn],
      120_000,
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/ 2 of 2 games/);
    expect(run.stdout).toContain('1000 nodes per move');
    // No game lost by a protocol fault, nor on time (the clocks are far from running out).
    expect(run.stdout).not.toMatch(/ lost by /);
    expect(run.stdout).toMatch(/^Game ends: /m);
    const games = readPtn(readFileSync(ptn, 'utf8'));
    expect(games.length).toBe(2);
    for (const g of games) expect(g.moves.length).toBeGreaterThan(4);
  });
});
