// The fixed bench: each of BENCH_POSITIONS searched to one depth from an empty table, single
// threaded. Its total node count is the build's signature (same build, same count, any machine).

import type { Position } from '../core/position.js';
import { parseTps } from '../notation/tps.js';
import { BENCH_POSITIONS } from './bench-positions.js';
import { Searcher } from './search.js';
import { TranspositionTable } from './tt.js';
import type { SearchResult } from './types.js';

export const BENCH_DEPTH = 6;
const BENCH_HASH_MB = 16;

export interface BenchTotals {
  nodes: number;
  ms: number;
}

export function runBenchPositions(
  depth: number,
  onPosition?: (index: number, pos: Position, result: SearchResult, ms: number) => void,
  network = true,
): BenchTotals {
  const table = TranspositionTable.create(BENCH_HASH_MB, false);
  const stop = new Int32Array(1);
  let nodes = 0;
  let ms = 0;
  BENCH_POSITIONS.forEach((tps, i) => {
    const pos = parseTps(tps);
    table.clear();
    const searcher = new Searcher({ table, stop });
    const t0 = performance.now();
    const r = searcher.search(pos, 0, { depth, network });
    const t = performance.now() - t0;
    nodes += r.nodes;
    ms += t;
    onPosition?.(i, pos, r, t);
  });
  return { nodes, ms };
}
