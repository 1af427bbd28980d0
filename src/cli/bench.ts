// `bredon bench [--depth D]`: the fixed bench (src/search/bench.ts), one line per position and a
// last line `bench: <nodes> nodes <nps> nps <ms> ms`. The node count is the build's signature.

import { formatMove } from '../notation/ptn-move.js';
import { BENCH_DEPTH, runBenchPositions } from '../search/bench.js';
import { intOption, parseCommandArgs } from './args.js';
import type { CommandHelp } from './help.js';
import { networksLine, versionLine } from './version.js';

export const benchUsage = 'bredon bench [--depth D] [--linear]';

export const benchHelp: CommandHelp = {
  about:
    'Searches fixed middle-game positions (sizes 4 to 8) to a fixed depth from an empty table, on one\n' +
    'thread: one line per position, then the total nodes and nodes per second. The node count is the\n' +
    "build's signature: the same build gives the same count on any machine. The first two lines name\n" +
    'the build (version and commit) and the network each size ran with (the signature moves with it).',
  options: [`  --depth D      search depth (default ${BENCH_DEPTH})`, '  --linear       the linear evaluation alone on every size (the TEI option Network false)'],
  examples: ['bredon bench', 'bredon bench --depth 4', 'bredon bench --linear'],
};

export function runBench(argv: string[], out: (line: string) => void): void {
  const { values } = parseCommandArgs({ args: argv, options: { depth: { type: 'string' }, linear: { type: 'boolean', default: false } }, strict: true });
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
