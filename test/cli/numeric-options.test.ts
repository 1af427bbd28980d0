// Every numeric option of every command refuses a bad value with one line on stderr that names
// the option, exit code 2 and nothing on stdout: negative numbers in both forms (`--games -2`,
// which node:util's parseArgs alone refuses in three lines, and `--games=-2`), 0 where 0 means
// nothing, words, fractions for whole numbers, empty values and huge ones, engine-prefixed
// values of bredon match (`--nodes 1:0`, `--tc 2:0`) included. The options come from each
// command's usage line (`bredon --help`): a numeric option added later without a row here fails
// the coverage test at the end.
//
// Each row runs its command line in-process, through the program's own dispatcher
// (src/cli/commands.ts, what dist/bredon.js runs), from an empty directory so that a value wrongly
// accepted writes nothing into the checkout (tune's default --out is relative to it); a sample of
// rows also runs as the built program, for the exit code and streams of the real process.

import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommandLine } from '../../src/cli/commands.js';
import { BREDON, repoPath } from '../repo.js';
import { bredon } from './bredon.js';

type Row = [argv: string[], stderr: RegExp];

const TPS = 'x5/x5/x5/x5/x5 1 1';
const DATA = repoPath('data/games/playtak-6x6-1344.ptn');
const MATCH = ['match', '--engine', 'a', '--engine', 'b'];
// Nothing listens on port 1: a value wrongly accepted fails to connect instead of reaching a server.
const QUEUE = 'redis://127.0.0.1:1';
const PLAYTAK = ['playtak', '--server', 'ws://127.0.0.1:1'];
const WORKER = ['worker', '--queue', QUEUE, '--engine', 'a=no-such-engine'];
const SELFPLAY = ['selfplay', '--size', '5'];
const TUNE = ['tune', '--size', '5', '--start-from', '5'];
const TRAIN = ['train', '--size', '5', '--data', DATA];

const ROWS: Row[] = [
  // tei takes no options: a negative number after one still gets the one line of an unknown option.
  [['tei', '--threads', '-1'], /unknown option '--threads'; usage: bredon \[tei\]/],

  [['serve', '--port', '-1'], /--port must be from 0 to 65535, got -1$/],
  [['serve', '--max-connections=-3'], /--max-connections must be from 1 to 1000, got -3$/],
  [['serve', '--max-message', '1.5'], /--max-message must be a whole number, got '1.5'/],
  [['serve', '--max-hash', '99999999999'], /--max-hash must be from 1 to 4096, got 99999999999$/],
  [['serve', '--max-threads', '0'], /--max-threads must be from 1 to 64, got 0$/],

  [['perft', '--depth', '-1'], /--depth must be from 1 to 32, got -1$/],
  [['perft', '--size', '5', '--depth', '0'], /--depth must be from 1 to 32, got 0$/],
  [['perft', '--depth', '1', '--size', '-5'], /--size must be from 3 to 8, got -5$/],
  [['perft', '--size', '5', '--depth', '1', '--stones', '-1'], /--stones must be from 0 to 127, got -1$/],
  [['perft', '--size', '5', '--depth', '1', '--caps', '1,abc'], /--caps \(Black\) must be a whole number, got 'abc'/],

  [['bench', '--depth', '-3'], /--depth must be from 1 to 30, got -3$/],

  [['analyze', TPS, '--movetime', '-5'], /--movetime must be from 1 to 86400000, got -5$/],
  [['analyze', TPS, '--depth', '0'], /--depth must be from 1 to 100, got 0$/],
  [['analyze', TPS, '--komi', '-51'], /--komi must be from -50 to 50, got -51$/],
  [['analyze', TPS, '--multipv', '1.5'], /--multipv must be a whole number, got '1.5'/],

  [['tinue', TPS, '--max-plies', '-1'], /--max-plies must be from 1 to 99, got -1$/],
  [['tinue', TPS, '--movetime', '0'], /--movetime must be from 1 to 86400000, got 0$/],
  [['tinue', TPS, '--komi', '99999999999999999999'], /--komi must be from -50 to 50, got 99999999999999999999$/],

  [['annotate', 'none.ptn', '--depth', '-2'], /--depth must be from 1 to 100, got -2$/],
  [['annotate', 'none.ptn', '--movetime', '99999999999'], /--movetime must be from 1 to 86400000, got 99999999999$/],
  [['annotate', 'none.ptn', '--komi', 'abc'], /--komi: komi 'abc' is not a number/],
  [['annotate', 'none.ptn', '--size', '2'], /--size must be from 3 to 8, got 2$/],

  [['show', TPS, '--komi', '-60'], /--komi must be from -50 to 50, got -60$/],
  [['show', TPS, '--stones', '-1'], /--stones must be from 0 to 200, got -1$/],
  [['show', TPS, '--caps', '3,'], /--caps \(Black\) must be a whole number, got ''/],

  [['ptn', 'check', 'none.ptn', '--size', '-6'], /--size must be from 3 to 8, got -6$/],
  [['ptn', 'check', 'none.ptn', '--komi', '1e3'], /--komi: komi '1e3' is not a number/],

  [[...MATCH, '--size', '-1'], /--size must be from 3 to 8, got -1$/],
  [[...MATCH, '--komi', '-51'], /--komi must be from -50 to 50, got -51$/],
  [[...MATCH, '--tc', '-1'], /--tc must look like SECONDS\+INCREMENT .*, got '-1'/],
  [[...MATCH, '--tc', '2:0'], /--tc needs a starting time above 0, got '0'/],
  [[...MATCH, '--nodes', '-500'], /--nodes must be from 1 to 1000000000, got -500$/],
  [[...MATCH, '--nodes', '1:0'], /--nodes must be from 1 to 1000000000, got 0$/],
  [[...MATCH, '--nodes', '3:500'], /--nodes '3:500': engines are numbered 1 and 2$/],
  [[...MATCH, '--games=-5'], /--games must be from 1 to 10000000, got -5$/],
  [[...MATCH, '--concurrency', '0'], /--concurrency must be from 1 to 256, got 0$/],
  [[...MATCH, '--sprt', 'elo0=-5', 'elo1=2000'], /--sprt elo1 must be from -1000 to 1000, got 2000$/],
  [['match', '--queue', QUEUE, '--engine', 'a', '--engine', 'b', '--reference-nps', '-1'], /--reference-nps must be from 1 to 1000000000, got -1$/],

  [['selfplay', '--size', '5', '--games', '-2'], /--games must be from 1 to 100000000, got -2$/],
  [['selfplay', '--size', '9'], /--size must be from 3 to 8, got 9$/],
  [[...SELFPLAY, '--komi', '-11'], /--komi must be from -10 to 10, got -11$/],
  [[...SELFPLAY, '--nodes', '0'], /--nodes must be from 1 to 1000000000, got 0$/],
  [[...SELFPLAY, '--random-plies', '-1'], /--random-plies must be from 0 to 100, got -1$/],
  [[...SELFPLAY, '--max-plies=-1'], /--max-plies must be from 1 to 10000, got -1$/],
  [[...SELFPLAY, '--concurrency', 'abc'], /--concurrency must be a whole number, got 'abc'/],
  [[...SELFPLAY, '--seed', '4294967296'], /--seed must be from 0 to 4294967295, got 4294967296$/],
  [[...SELFPLAY, '--opening-lines', '-5'], /--opening-lines takes A-B with 1 <= A <= B .*, got '-5'/],
  [[...SELFPLAY, '--opening-lines', '1-99999999999999999999'], /--opening-lines B must be at most 10000000, got 99999999999999999999$/],
  [[...SELFPLAY, '--first-opening', '0'], /--first-opening must be from 1 to [0-9]+, got 0$/],

  [['tune', '--size', '-1'], /--size must be from 3 to 8, got -1$/],
  [['tune', '--size', '5', '--start-from', '9'], /--start-from must be from 3 to 8, got 9$/],
  [[...TUNE, '--lambda', '-0.5'], /--lambda must be from 0 to 1, got -0\.5$/],
  [[...TUNE, '--epochs', '-1'], /--epochs must be from 0 to 10000000, got -1$/],
  [[...TUNE, '--lr', '0'], /--lr must be from 0\.000001 to 1000, got 0$/],
  [[...TUNE, '--validation', '0.95'], /--validation must be from 0 to 0\.9, got 0\.95$/],
  [[...TUNE, '--l2', '0x10'], /--l2 must be a number, got '0x10'/],
  [[...TUNE, '--seed', '-1'], /--seed must be from 0 to 4294967295, got -1$/],

  [['train', '--data', DATA, '--size', '0'], /--size must be from 3 to 8, got 0$/],
  [[...TRAIN, '--hidden', '-1'], /--hidden must be from 1 to 1024, got -1$/],
  [[...TRAIN, '--epochs', '100001'], /--epochs must be from 0 to 100000, got 100001$/],
  [[...TRAIN, '--batch', '0'], /--batch must be from 1 to 1048576, got 0$/],
  [[...TRAIN, '--lr', '-0.1'], /--lr must be from 1e-7 to 1, got -0\.1$/],
  [[...TRAIN, '--lambda', 'Infinity'], /--lambda must be a number, got 'Infinity'/],
  [[...TRAIN, '--validation=-1'], /--validation must be from 0 to 0\.9, got -1$/],
  [[...TRAIN, '--seed', '1.5'], /--seed must be a whole number, got '1\.5'/],
  [[...TRAIN, '--threads', '0'], /--threads must be from 1 to 256, got 0$/],
  [[...TRAIN, '--l2', '1e400'], /--l2 must be from 0 to 1000000, got 1e400$/],

  [['puzzles', '--out', 'x.jsonl', '--size', '-6', DATA], /--size must be from 3 to 8, got -6$/],
  [['puzzles', '--size', '6', '--out', 'x.jsonl', '--max-plies', '0', DATA], /--max-plies must be from 3 to 99, got 0$/],
  [['puzzles', '--size', '6', '--out', 'x.jsonl', '--nodes', '5', DATA], /--nodes must be from 1000 to 1000000000, got 5$/],
  [['puzzles', '--size', '6', '--out', 'x.jsonl', '--threads', '-1', DATA], /--threads must be from 1 to 256, got -1$/],
  [['bench', '--puzzles', 'x.jsonl', '--nodes', '0'], /--nodes must be from 1 to 2000000000, got 0$/],
  [['label', '--size', '-6'], /--size must be from 3 to 8, got -6$/],
  [['label', '--nodes', '0'], /--nodes must be from 1 to 1000000000, got 0$/],
  [['label', '--threads', '-1'], /--threads must be from 1 to 256, got -1$/],

  [[...PLAYTAK, '--seek', '9', '600', '10'], /--seek SIZE must be from 3 to 8, got 9$/],
  [[...PLAYTAK, '--seek', '6', '-600', '10'], /--seek TIME must be from 1 to 86400, got -600$/],
  [[...PLAYTAK, '--komi', '-1'], /--komi must be from 0 to 4 \(PlayTak's range\), got -1$/],
  [[...PLAYTAK, '--pieces', '30', '-1'], /--pieces CAPS must be from 0 to 5, got -1$/],
  [[...PLAYTAK, '--threads', '-1'], /--threads must be from 1 to 64, got -1$/],
  [[...PLAYTAK, '--hash', '0'], /--hash must be from 1 to 4096, got 0$/],
  [[...PLAYTAK, '--games', '-3'], /--games must be from 1 to 1000000, got -3$/],
  [[...PLAYTAK, '--movetime', ''], /--movetime must be a whole number, got ''/],
  [[...PLAYTAK, '--level=0'], /--level must be from 1 to 10, got 0$/],

  [[...WORKER, '--concurrency', '-1'], /--concurrency must be from 1 to 256, got -1$/],
  [[...WORKER, '--nps', '0'], /--nps must be from 1 to 1000000000, got 0$/],
  [[...WORKER, '--stall-seconds', '3601'], /--stall-seconds must be from 1 to 3600, got 3601$/],

  // The other mistakes parseArgs catches are one line too.
  [['perft', '--size', '--depth', '3'], /--size needs a value before --depth$/],
  [['bench', '--depth'], /--depth needs a value$/],
  [['analyze', TPS, '--depth', '-x'], /--depth needs a value: to give '-x', write --depth=-x$/],
  [['bench', '--linear=1'], /'--linear' does not take an argument/],
];

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A value wrongly accepted may start a search or a server: it is stopped, and the row fails. */
const RUN_LIMIT_MS = 20_000;

/** One row as the built program: the real process's exit code and streams. */
function spawnRun(argv: string[], cwd: string): Promise<Run> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [BREDON, ...argv], {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: RUN_LIMIT_MS,
      killSignal: 'SIGKILL',
      env: { ...process.env, NO_COLOR: '1' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (s: string) => (stdout += s));
    child.stderr.setEncoding('utf8').on('data', (s: string) => (stderr += s));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

/** One row in-process, from `cwd`: what the program would print, and its exit code. */
async function inProcess(argv: string[], cwd: string): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const before = process.cwd();
  process.chdir(cwd);
  try {
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<number>((_, fail) => {
      timer = setTimeout(() => fail(new Error(`bredon ${argv.join(' ')} was still running after ${RUN_LIMIT_MS} ms`)), RUN_LIMIT_MS);
    });
    const code = await Promise.race([runCommandLine(argv, { out: (line) => (stdout += line + '\n'), err: (text) => (stderr += text) }), limit]);
    clearTimeout(timer);
    return { code, stdout, stderr };
  } finally {
    process.chdir(before);
  }
}

function expectOneLine(r: Run, argv: readonly string[], expected: RegExp): void {
  const lines = r.stderr.split('\n').filter((l) => l.trim() !== '');
  expect(lines, r.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(new RegExp(`^bredon ${argv[0]}: `));
  expect(lines[0]).toMatch(expected);
  expect(r.stdout).toBe('');
  expect(r.code).toBe(2);
}

const label = (argv: string[]) => argv.map((a) => (a === '' || /\s/.test(a) ? `'${a}'` : a)).join(' ');

describe('numeric options refuse bad values in one line, exit 2', () => {
  let dir: string;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'bredon-numeric-'));
  });

  afterAll(() => {
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  });

  it.each(ROWS.map((row) => [label(row[0]), row] as const))('bredon %s', async (_name, [argv, expected]) => {
    expectOneLine(await inProcess(argv, dir), argv, expected);
  });

  // A negative number after a space, a zero, a word, a prefixed engine value and an internal
  // parseArgs mistake, each as the real process: one line on stderr, nothing on stdout, exit 2.
  it('holds for the built program itself', async () => {
    if (!existsSync(BREDON)) throw new Error(`${BREDON} is missing: run npm run build first`);
    const sample = ROWS.filter(([argv]) =>
      ['perft --depth -1', 'perft --size 5 --depth 0', 'selfplay --size 5 --games -2'].includes(argv.join(' ')) || argv.includes('1:0'),
    );
    expect(sample.length).toBeGreaterThanOrEqual(3);
    const runs = await Promise.all(sample.map(([argv]) => spawnRun(argv, dir)));
    runs.forEach((r, i) => expectOneLine(r, sample[i]![0], sample[i]![1]));
  });
});

/**
 * The numeric options of each command's usage line: those whose value is written N, D, MS, K,
 * MB, BYTES, S, I, M, L, X, F, H, B, A-B, SIZE (--seek), STONES (--pieces), SEC+INC (--tc),
 * optionally after [1:|2:], and --sprt's elo0=A words.
 */
function numericOptions(usage: string): string[] {
  const found = new Set<string>();
  for (const m of usage.matchAll(/--([a-z][a-z0-9-]*)[ =](\S+)/g)) {
    const value = m[2]!.replace(/^\[1:\|2:\]/, '').replace(/[\].)]+$/, '').split('|')[0]!;
    if (/^(N|D|MS|K|MB|BYTES|S|I|M|L|X|F|H|B|A-B|SIZE|STONES|SEC\+INC|\[elo0=A)$/.test(value)) found.add(m[1]!);
  }
  return [...found];
}

describe('the table covers every numeric option of every command', () => {
  // `bredon --help` gives every command's usage line, one per line after the first.
  const help = bredon('--help');
  const commands = /^usage \(commands: ([a-z, -]+)\):/.exec(help.stdout)![1]!.split(', ');
  const usages = help.stdout.split('\n').slice(1, commands.length + 1);

  it('finds the usage lines and numeric options', () => {
    expect(usages).toHaveLength(commands.length);
    expect(numericOptions(usages.find((u) => u.startsWith('  bredon perft '))!).sort()).toEqual(['caps', 'depth', 'size', 'stones']);
  });

  it.each(commands)('bredon %s', (command) => {
    const usage = usages.find((u) => new RegExp(`^  bredon \\[?${command}\\b`).test(u));
    expect(usage, `no usage line for ${command}`).toBeDefined();
    // The option a row tests is its last one (the ones before it set the command up).
    const tested = new Set(ROWS.filter(([argv]) => argv[0] === command).map(([argv]) => [...argv].reverse().find((a) => a.startsWith('--'))!.replace(/=.*/, '')));
    for (const option of numericOptions(usage!)) {
      const covered = tested.has(`--${option}`);
      expect(covered, `bredon ${command} --${option} has no row in test/cli/numeric-options.test.ts`).toBe(true);
    }
  });
});
