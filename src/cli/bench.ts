// `bredon bench [--depth D]`: the fixed bench (src/search/bench.ts), one line per position and a
// last line `bench: <nodes> nodes <nps> nps <ms> ms`. The node count is the build's signature.
// `bredon bench --puzzles FILE.jsonl`: the tinue prover over a puzzle set (src/puzzles/solver-bench.ts).

import { readTextFile } from '../notation/compressed.js';
import { formatMove } from '../notation/ptn-move.js';
import { parsePuzzleFile } from '../puzzles/format.js';
import { benchSolver } from '../puzzles/solver-bench.js';
import { BENCH_DEPTH, runBenchPositions } from '../search/bench.js';
import { intOption, parseCommandArgs } from './args.js';
import { UsageError } from './errors.js';
import type { CommandHelp } from './help.js';
import { networksLine, versionLine } from './version.js';

export const benchUsage = 'bredon bench [--depth D] [--linear] | bredon bench --puzzles FILE.jsonl [--nodes N]';

const PUZZLE_NODES = 10_000_000;

export const benchHelp: CommandHelp = {
  about:
    'Searches fixed middle-game positions (sizes 4 to 8) to a fixed depth from an empty table, on one\n' +
    'thread: one line per position, then the total nodes and nodes per second. The node count is the\n' +
    "build's signature: the same build gives the same count on any machine. The first two lines name\n" +
    'the build (version and commit) and the network each size ran with (the signature moves with it).',
  options: [
    `  --depth D      search depth (default ${BENCH_DEPTH})`,
    '  --linear       the linear evaluation alone on every size (the TEI option Network false)',
    "  --puzzles FILE instead: the tinue prover over a puzzle set's tinue puzzles, one line each, then",
    '                 found, missed and time (docs/puzzles.md)',
    `  --nodes N      with --puzzles, the prover's node limit per puzzle (default ${PUZZLE_NODES})`,
  ],
  examples: ['bredon bench', 'bredon bench --depth 4', 'bredon bench --linear', 'bredon bench --puzzles data/puzzles/6x6.jsonl'],
};

export function runBench(argv: string[], out: (line: string) => void): void {
  const { values } = parseCommandArgs({
    args: argv,
    options: { depth: { type: 'string' }, linear: { type: 'boolean', default: false }, puzzles: { type: 'string' }, nodes: { type: 'string' } },
    strict: true,
  });
  if (values.puzzles !== undefined) return benchPuzzles(values.puzzles, intOption('nodes', values.nodes, 1, 2_000_000_000) ?? PUZZLE_NODES, out);
  if (values.nodes !== undefined) throw new UsageError('--nodes goes with --puzzles: the bench searches to a depth');
  const depth = intOption('depth', values.depth, 1, 30) ?? BENCH_DEPTH;
  const network = !values.linear;
  out(versionLine());
  out(networksLine(network));
  const { nodes, ms } = runBenchPositions(
    depth,
    (i, pos, r, t) =>
      out(
        `position ${i + 1} size ${pos.size} depth ${r.depth} nodes ${r.nodes} time ${Math.round(t)} ` +
          `score ${r.score} best ${formatMove(r.best, pos.size)}`,
      ),
    network,
  );
  out(`bench: ${nodes} nodes ${Math.round((nodes * 1000) / Math.max(1, ms))} nps ${Math.round(ms)} ms`);
}

function benchPuzzles(file: string, nodes: number, out: (line: string) => void): void {
  let text: string;
  try {
    text = readTextFile(file);
  } catch (e) {
    throw new UsageError(`cannot read '${file}': ${(e as Error).message}`);
  }
  let puzzles;
  try {
    puzzles = parsePuzzleFile(text);
  } catch (e) {
    throw new UsageError(`${file}: ${(e as Error).message}`);
  }
  out(versionLine());
  const rows = benchSolver(puzzles, nodes, (r) => out(`${r.id} plies ${r.plies} ${r.found ? 'found' : 'missed'} nodes ${r.nodes} time ${r.ms.toFixed(1)}`));
  const ms = rows.reduce((t, r) => t + r.ms, 0);
  const found = rows.filter((r) => r.found).length;
  out(`puzzles: ${rows.length} tinue puzzles, found ${found}, missed ${rows.length - found}, ${Math.round(ms)} ms`);
}
