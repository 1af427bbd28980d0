// `bredon bench [--depth D]`: the fixed bench (src/search/bench.ts), one line per position and a
// last line `bench: <nodes> nodes <nps> nps <ms> ms`. The node count is the build's signature.

import { parseArgs } from 'node:util';
import { formatMove } from '../notation/ptn-move.js';
import { BENCH_DEPTH, runBenchPositions } from '../search/bench.js';
import { intOption } from './args.js';
import type { CommandHelp } from './help.js';

export const benchUsage = 'bredon bench [--depth D]';

export const benchHelp: CommandHelp = {
  about:
    'Searches fixed middle-game positions (sizes 4 to 8) to a fixed depth from an empty table, on one\n' +
    'thread: one line per position, then the total nodes and nodes per second. The node count is the\n' +
    "build's signature: the same build gives the same count on any machine.",
  options: [`  --depth D   search depth (default ${BENCH_DEPTH})`],
  examples: ['bredon bench', 'bredon bench --depth 4'],
};

export function runBench(argv: string[], out: (line: string) => void): void {
  const { values } = parseArgs({ args: argv, options: { depth: { type: 'string' } }, strict: true });
  const depth = intOption('depth', values.depth, 1, 30) ?? BENCH_DEPTH;
  const { nodes, ms } = runBenchPositions(depth, (i, pos, r, t) =>
    out(
      `position ${i + 1} size ${pos.size} depth ${r.depth} nodes ${r.nodes} time ${Math.round(t)} ` +
        `score ${r.score} best ${formatMove(r.best, pos.size)}`,
    ),
  );
  out(`bench: ${nodes} nodes ${Math.round((nodes * 1000) / Math.max(1, ms))} nps ${Math.round(ms)} ms`);
}
