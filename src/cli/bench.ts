// `bredon bench [--depth D] [--threads N]`: each fixed middle-game position searched to a fixed
// depth from an empty table. The total node count is the build's signature: the same build
// prints the same count on every machine (single thread; with threads the count varies).

import { parseArgs } from 'node:util';
import { formatMove } from '../notation/ptn-move.js';
import { parseTps } from '../notation/tps.js';
import { BENCH_POSITIONS } from '../search/bench-positions.js';
import { Searcher } from '../search/search.js';
import { TranspositionTable } from '../search/tt.js';
import { intOption } from './args.js';

export const benchUsage = 'bredon bench [--depth D]';
const DEFAULT_DEPTH = 7;
const BENCH_HASH_MB = 16;

export function runBench(argv: string[], out: (line: string) => void): void {
  const { values } = parseArgs({ args: argv, options: { depth: { type: 'string' } }, strict: true });
  const depth = intOption('depth', values.depth, 1, 30) ?? DEFAULT_DEPTH;
  const table = TranspositionTable.create(BENCH_HASH_MB, false);
  const stop = new Int32Array(1);
  let nodes = 0;
  let ms = 0;
  BENCH_POSITIONS.forEach((tps, i) => {
    const pos = parseTps(tps);
    table.clear();
    const searcher = new Searcher({ table, stop });
    const t0 = performance.now();
    const r = searcher.search(pos, 0, { depth });
    const t = performance.now() - t0;
    nodes += r.nodes;
    ms += t;
    out(
      `position ${i + 1} size ${pos.size} depth ${r.depth} nodes ${r.nodes} time ${Math.round(t)} ` +
        `score ${r.score} best ${formatMove(r.best, pos.size)}`,
    );
  });
  out(`bench: ${nodes} nodes ${Math.round((nodes * 1000) / Math.max(1, ms))} nps ${Math.round(ms)} ms`);
}
