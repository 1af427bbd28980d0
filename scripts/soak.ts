// `npm run soak`: a long `bredon match` of Bredon against itself, watching memory for leaks in the
// table, the session, the worker pool or the runner.
//
//   npm run soak -- [--games N] [--size N] [--tc SEC+INC | --nodes N] [--concurrency N]
//                   [--hash MB] [--sample-ms MS] [--limit-mb MB] [--limit-pct P] [--out FILE.json]
//
// The match runs as a child process (the built dist/bredon.js, or BREDON_BIN), its progress lines
// on stderr giving the games played. Every --sample-ms the resident memory (RSS) of the runner
// and of each engine process (its descendants) is read with `ps`. Memory settles during the first
// games (the hash table is touched, code is compiled): the baseline is the median over the games
// after the first tenth, the end the median over the last tenth, per process (engines are averaged
// over the processes alive). The soak fails (exit 1) when the runner or an engine grew by more than
// --limit-mb MB and --limit-pct percent from its baseline. Below 20 games there is too little to
// judge: the figures are printed and the exit is 0 (CI runs it so, to show the script works).

import { spawn, execFileSync } from 'node:child_process';
import { writeFileSync, existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const USAGE =
  'usage: npm run soak -- [--games N] [--size N] [--tc SEC+INC | --nodes N] [--concurrency N] [--hash MB] ' +
  '[--sample-ms MS] [--limit-mb MB] [--limit-pct P] [--out FILE.json]';
const MIN_GAMES_TO_JUDGE = 20;
/** V8's old-space limit for the runner and the engines (see matchArgs). */
const HEAP_MB = 64;

function fail(message: string): never {
  process.stderr.write(`soak: ${message}\n${USAGE}\n`);
  process.exit(2);
}

function num(text: string | undefined, what: string): number {
  if (text === undefined || !/^-?[0-9]+(\.[0-9]+)?$/.test(text)) fail(`${what} must be a number, got '${text ?? ''}'`);
  return Number(text);
}

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const program = process.env['BREDON_BIN'] ?? resolve(root, 'dist', 'bredon.js');
const opts = {
  games: 1000,
  size: 5,
  tc: '1+0.01',
  nodes: undefined as number | undefined,
  concurrency: Math.max(1, availableParallelism()),
  hash: 16,
  sampleMs: 1000,
  limitMb: 20,
  limitPct: 20,
  out: undefined as string | undefined,
};
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i++) {
  const a = args[i]!;
  const v = () => args[++i];
  if (a === '--games') opts.games = num(v(), '--games');
  else if (a === '--size') opts.size = num(v(), '--size');
  else if (a === '--tc') opts.tc = v() ?? fail('--tc needs a value');
  else if (a === '--nodes') opts.nodes = num(v(), '--nodes');
  else if (a === '--concurrency') opts.concurrency = num(v(), '--concurrency');
  else if (a === '--hash') opts.hash = num(v(), '--hash');
  else if (a === '--sample-ms') opts.sampleMs = num(v(), '--sample-ms');
  else if (a === '--limit-mb') opts.limitMb = num(v(), '--limit-mb');
  else if (a === '--limit-pct') opts.limitPct = num(v(), '--limit-pct');
  else if (a === '--out') opts.out = v() ?? fail('--out needs a file');
  else if (a === '--help' || a === '-h') {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  } else fail(`unknown option '${a}'`);
}
if (!(opts.games >= 2) || !Number.isInteger(opts.games)) fail('--games must be a whole number of at least 2');
if (!(opts.sampleMs >= 10)) fail('--sample-ms must be at least 10');
if (!existsSync(program)) fail(`${program} does not exist: build it first (npm run build)`);

interface Sample {
  ms: number;
  games: number;
  /** RSS in kB. */
  runner: number;
  engines: number[];
}

/** pid → [ppid, rss kB] of every process, from `ps` (Linux and macOS alike). */
function processTable(): Map<number, [number, number]> {
  const table = new Map<number, [number, number]>();
  const text = execFileSync('ps', ['-A', '-o', 'pid=,ppid=,rss='], { encoding: 'utf8' });
  for (const line of text.split('\n')) {
    const f = line.trim().split(/\s+/).map(Number);
    if (f.length === 3 && f.every(Number.isFinite)) table.set(f[0]!, [f[1]!, f[2]!]);
  }
  return table;
}

/** The runner's RSS and that of each engine process (every descendant of the runner). */
function measure(runnerPid: number): { runner: number; engines: number[] } | undefined {
  const table = processTable();
  const runner = table.get(runnerPid);
  if (runner === undefined) return undefined;
  const engines: number[] = [];
  const below = new Set([runnerPid]);
  // Parents are listed before children only by chance: sweep until no new descendant is found.
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, [ppid, rss]] of table) {
      if (!below.has(pid) && below.has(ppid)) {
        below.add(pid);
        // An exiting (defunct) process shows RSS 0: it is no engine's memory any more.
        if (rss > 0) engines.push(rss);
        grew = true;
      }
    }
  }
  return { runner: runner[1], engines };
}

// V8 collects garbage lazily: with room to spare, a heap of a few live megabytes drifts up by
// tens of megabytes of RSS over hundreds of games with nothing leaking. A modest old-space limit
// makes it collect early, so that RSS follows what is alive; a real leak then grows to the limit
// and the process dies of it, which the soak reports too (a crashed game or runner).
const heapFlag = `--max-old-space-size=${HEAP_MB}`;
const matchArgs = [
  heapFlag,
  program,
  'match',
  '--engine',
  `"${process.execPath}" ${heapFlag} "${program}"`,
  '--engine',
  `"${process.execPath}" ${heapFlag} "${program}"`,
  '--size',
  String(opts.size),
  '--games',
  String(opts.games),
  '--concurrency',
  String(opts.concurrency),
  '--option',
  `Hash=${opts.hash}`,
  ...(opts.nodes !== undefined ? ['--nodes', String(opts.nodes)] : ['--tc', opts.tc]),
];
const book = resolve(root, 'data', 'openings', `${opts.size}s_4ply_balanced_openings.txt`);
if (existsSync(book)) matchArgs.push('--openings', book);

process.stdout.write(
  `soak: ${opts.games} games of Bredon against itself, ${opts.size}x${opts.size}, ${opts.nodes !== undefined ? `${opts.nodes} nodes a move` : `tc ${opts.tc}`}, ` +
    `${opts.concurrency} at once, Hash ${opts.hash} MB, memory every ${opts.sampleMs} ms\n`,
);
const t0 = performance.now();
const child = spawn(process.execPath, matchArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
let games = 0;
let stderrTail = '';
let report = '';
child.stdout.setEncoding('utf8').on('data', (chunk: string) => (report += chunk));
child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
  stderrTail = (stderrTail + chunk).slice(-4000);
  // One plain line per finished game off a terminal: `game N: ... | games P/T ...`.
  for (const m of chunk.matchAll(/\bgames (\d+)\/\d+/g)) games = Math.max(games, Number(m[1]));
});
const stopChild = () => child.kill('SIGTERM');
process.on('SIGINT', stopChild);
process.on('SIGTERM', stopChild);

const samples: Sample[] = [];
const sample = () => {
  if (child.pid === undefined || child.exitCode !== null) return;
  try {
    const m = measure(child.pid);
    // Only samples with every engine up (two per game at once): not one taken while the runner
    // starts or shuts them down, which would halve the per-process figure or miscount them.
    if (m !== undefined && m.engines.length === 2 * opts.concurrency) samples.push({ ms: Math.round(performance.now() - t0), games, ...m });
  } catch {
    // `ps` failed once (the process table changed under it): the next sample will do.
  }
};
const timer = setInterval(sample, opts.sampleMs);
const code: number | null = await new Promise((resolveExit) => child.on('exit', (c) => resolveExit(c)));
clearInterval(timer);
const seconds = (performance.now() - t0) / 1000;

if (code !== 0) {
  process.stdout.write(`soak: the match exited with status ${code} after ${games} games\n${stderrTail}\n`);
  process.exit(1);
}
// The runner's own summary: how many games, how they went and ended (a soak plays them all).
// A game lost by a crash, a malformed or illegal move or an engine not ready is a failure here.
let misbehaved = false;
for (const raw of report.trim().split('\n')) {
  const line = raw.trim();
  if (/ of \d+ games in |^W \d+|^Game ends/.test(line)) process.stdout.write(`match: ${line}\n`);
  if (/^Game ends/.test(line) && /\b(crash|illegal|malformed|not ready)\b/.test(line)) misbehaved = true;
}

const mb = (kb: number) => kb / 1024;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s.length % 2 === 1 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const perEngine = (s: Sample) => s.engines.reduce((a, b) => a + b, 0) / s.engines.length;
const warm = Math.max(1, Math.floor(opts.games / 10));
const window = Math.max(1, Math.floor(opts.games / 10));
let base = samples.filter((s) => s.games >= warm && s.games < warm + window);
let end = samples.filter((s) => s.games > opts.games - window);
if (base.length === 0) base = samples.slice(0, Math.max(1, Math.floor(samples.length / 2)));
if (end.length === 0) end = samples.slice(-Math.max(1, Math.floor(samples.length / 2)));
if (samples.length === 0) {
  process.stdout.write(`soak: no memory sample in ${seconds.toFixed(1)} s (lower --sample-ms)\n`);
  process.exit(1);
}

const judged = opts.games >= MIN_GAMES_TO_JUDGE;
let grew = false;
const rows: Record<string, unknown>[] = [];
for (const [name, of] of [
  ['runner', (s: Sample) => s.runner],
  ['engine', perEngine],
] as const) {
  const start = median(base.map(of));
  const last = median(end.map(of));
  const peak = Math.max(...samples.map(of));
  const growth = last - start;
  const pct = (100 * growth) / start;
  const over = mb(growth) > opts.limitMb && pct > opts.limitPct;
  if (over) grew = true;
  rows.push({ name, startMb: mb(start), endMb: mb(last), peakMb: mb(peak), growthMb: mb(growth), growthPct: pct });
  process.stdout.write(
    `soak: ${name} RSS ${mb(start).toFixed(1)} MB after game ${warm} -> ${mb(last).toFixed(1)} MB at the end ` +
      `(${growth >= 0 ? '+' : ''}${mb(growth).toFixed(1)} MB, ${pct >= 0 ? '+' : ''}${pct.toFixed(1)}%; peak ${mb(peak).toFixed(1)} MB)` +
      `${name === 'engine' ? ` per process, ${samples.at(-1)!.engines.length} processes` : ''}${over ? '  GROWS' : ''}\n`,
  );
}
if (opts.out !== undefined) writeFileSync(opts.out, JSON.stringify({ options: opts, seconds, rows, samples }, null, 1) + '\n');
if (misbehaved) {
  process.stdout.write(`soak: an engine crashed or misbehaved (see the game ends above)\n`);
  process.exit(1);
}
const verdict = !judged
  ? `too few games to judge a leak (${opts.games} < ${MIN_GAMES_TO_JUDGE})`
  : grew
    ? `memory grows with the number of games (limit +${opts.limitMb} MB and +${opts.limitPct}%)`
    : `no growth with the number of games (limit +${opts.limitMb} MB and +${opts.limitPct}%)`;
process.stdout.write(`soak: ${opts.games} games in ${seconds.toFixed(0)} s, ${samples.length} samples: ${verdict}\n`);
process.exit(judged && grew ? 1 : 0);
