// `bredon puzzles --size N --out FILE.jsonl FILE...`: mines tinue and escape puzzles from games
// and selfplay files, proves each with the tinue prover, grades it with Bredon's levels and
// writes the set (src/puzzles/, docs/puzzles.md). Every limit is a node count, so the same files
// give the same set, byte for byte, on any machine and thread count. stdout gets the summary;
// the progress bar goes to stderr.

import { availableParallelism } from 'node:os';
import { writeFileSync } from 'node:fs';
import { MultiBar } from 'cli-progress';
import { MAX_TINUE_PLIES } from '../tinue/dfpn.js';
import { addStats, emptyStats, type MinedPuzzle, type MineJob } from '../puzzles/mine.js';
import { DEFAULT_PROVE_LIMITS, type ProveLimits } from '../puzzles/prove.js';
import { buildSet, formatSet } from '../puzzles/set.js';
import { readRuns, type SourceTally } from '../puzzles/sources.js';
import { isPuzzleWorker, runPuzzlePool, runPuzzleWorker } from '../puzzles/worker.js';
import { intOption, parseCommandArgs } from './args.js';
import { UsageError } from './errors.js';
import type { CommandHelp } from './help.js';

export const puzzlesUsage = 'bredon puzzles --size N --out FILE.jsonl [--max-plies N] [--nodes N] [--threads N] FILE.ptn|FILE.tsv[.gz] [FILE ...]';

/** The most solution lines a puzzle may have (each a longest defence); more are too wide to play. */
export const MAX_SOLUTION_LINES = 64;

export const puzzlesHelp: CommandHelp = {
  about: [
    'Finds puzzles in games: positions where the side to move forces a road (tinue) in 3 to N plies',
    'with one winning move at every step, and positions where exactly one move stops the opponent\'s',
    'threatened tinue. Each is proven by the tinue prover, graded by which of Bredon\'s levels 1-8 find',
    'it, and written one JSON object a line (docs/puzzles.md). PTN games are scanned position by',
    'position; selfplay TSV files where their search proved a win. The same files give the same set.',
  ].join('\n'),
  options: [
    '  --size N          board size, 3 to 8 (required)',
    '  --out FILE        the puzzle set, one JSON object a line (required)',
    `  --max-plies N     the longest tinue looked for (default ${DEFAULT_PROVE_LIMITS.maxPlies}, odd, at most ${MAX_TINUE_PLIES})`,
    `  --nodes N         the prover's node limit for each question (default ${DEFAULT_PROVE_LIMITS.nodesPerCall})`,
    '  --threads N       worker threads (default: every core)',
  ],
  examples: ['bredon puzzles --size 6 --out data/puzzles/6x6.jsonl data/games/playtak-6x6-1344.ptn'],
};

export async function runPuzzles(argv: string[], out: (line: string) => void): Promise<void> {
  if (isPuzzleWorker()) {
    runPuzzleWorker();
    return;
  }
  const { values, positionals } = parseCommandArgs({
    args: argv,
    options: {
      size: { type: 'string' },
      out: { type: 'string' },
      'max-plies': { type: 'string' },
      nodes: { type: 'string' },
      threads: { type: 'string' },
    },
    strict: true,
    allowPositionals: true,
  });
  const size = intOption('size', values.size, 3, 8);
  if (size === undefined || values.out === undefined || positionals.length === 0) {
    throw new UsageError(`--size, --out and at least one file are required: ${puzzlesUsage}`);
  }
  const maxPlies = intOption('max-plies', values['max-plies'], 3, MAX_TINUE_PLIES) ?? DEFAULT_PROVE_LIMITS.maxPlies;
  if (maxPlies % 2 === 0) throw new UsageError(`--max-plies ${maxPlies}: a tinue has an odd number of plies`);
  const nodes = intOption('nodes', values.nodes, 1000, 1_000_000_000) ?? DEFAULT_PROVE_LIMITS.nodesPerCall;
  const threads = intOption('threads', values.threads, 1, 256) ?? availableParallelism();
  const limits: ProveLimits = { ...DEFAULT_PROVE_LIMITS, maxPlies, nodesPerCall: nodes };

  const tally: SourceTally = { files: 0, games: 0, skipped: 0 };
  const jobs: MineJob[] = [];
  for (const file of positionals) {
    try {
      jobs.push(...readRuns(file, size, jobs.length, tally));
    } catch (e) {
      throw new UsageError(`cannot read '${file}': ${(e as Error).message}`);
    }
  }
  const positions = jobs.reduce((n, j) => n + j.rows.length, 0);
  const results: MinedPuzzle[][] = new Array(jobs.length);
  const stats = emptyStats();
  const started = performance.now();
  const progress = new MinedProgress(positions);
  let found = 0;
  try {
    await runPuzzlePool(jobs, threads, limits, MAX_SOLUTION_LINES, (order, puzzles, s) => {
      results[order] = puzzles;
      addStats(stats, s);
      found += puzzles.length;
      progress.add(jobs[order]!.rows.length, found);
    });
  } finally {
    progress.stop();
  }
  const { puzzles, duplicates } = buildSet(size, results);
  writeFileSync(values.out, formatSet(puzzles));
  const kinds = (k: string) => puzzles.filter((p) => p.kind === k).length;
  const rejected = Object.entries(stats.rejected).map(([k, v]) => `${v} ${k}`).join(', ');
  out(
    `${values.out}: ${puzzles.length} puzzles (${kinds('tinue')} tinue, ${kinds('escape')} escape) from ${tally.games} games ` +
      `(${tally.files} files, ${positions} positions; ${tally.skipped} left out) in ${((performance.now() - started) / 1000).toFixed(0)} s; ` +
      `candidates ${stats.tinueCandidates} tinue, ${stats.escapeCandidates} escape; rejected: ${rejected || 'none'}; ${duplicates} duplicates`,
  );
}

/** Positions mined, with the time left: a bar on a terminal, a line every 10 s otherwise. */
class MinedProgress {
  private readonly multi: MultiBar | null = null;
  private readonly bar: ReturnType<MultiBar['create']> | null = null;
  private readonly timer: ReturnType<typeof setInterval> | null = null;
  private done = 0;
  private found = 0;
  private readonly started = performance.now();

  constructor(private readonly total: number) {
    if (process.stderr.isTTY) {
      this.multi = new MultiBar({ stream: process.stderr, format: '{bar} {value}/{total} positions | {found} puzzles | ETA {eta_formatted}', barsize: 20, hideCursor: false, etaBuffer: 200, fps: 2 });
      this.bar = this.multi.create(total, 0, { found: 0 });
    } else {
      this.timer = setInterval(() => process.stderr.write(`puzzles: ${this.done}/${this.total} positions, ${this.found} puzzles, ${this.eta()}\n`), 10_000);
      this.timer.unref();
    }
  }

  add(positions: number, found: number): void {
    this.done += positions;
    this.found = found;
    this.bar?.update(this.done, { found });
  }

  private eta(): string {
    if (this.done === 0) return 'time left unknown';
    const left = ((performance.now() - this.started) / this.done) * (this.total - this.done);
    return `about ${Math.ceil(left / 60_000)} min left`;
  }

  stop(): void {
    this.multi?.stop();
    if (this.timer !== null) clearInterval(this.timer);
  }
}
