// Search speed: `bredon bench` (nodes per second and the node-count signature), 10-second
// single-threaded searches of a 6x6 and a 5x5 middle game, and time to depth with Threads 1
// against Threads 2 through the real worker pool (dist/bredon.js as the worker script).
import { fileURLToPath } from 'node:url';
import { parseTps } from '../src/notation/tps.js';
import { BENCH_DEPTH, runBenchPositions } from '../src/search/bench.js';
import { MIDGAME_5X5, MIDGAME_6X6 } from '../src/search/bench-positions.js';
import { Searcher } from '../src/search/search.js';
import { TranspositionTable } from '../src/search/tt.js';
import { SearchPool } from '../src/search/worker.js';
import { median, report } from './report.js';

const WORKER_SCRIPT = fileURLToPath(new URL('../dist/bredon.js', import.meta.url));

function timedSearch(tps: string, ms: number): { nodes: number; ms: number; depth: number } {
  const searcher = new Searcher({ table: TranspositionTable.create(64, false), stop: new Int32Array(1) });
  const t0 = performance.now();
  const r = searcher.search(parseTps(tps), 0, { softMs: ms, hardMs: ms });
  return { nodes: r.nodes, ms: performance.now() - t0, depth: r.depth };
}

function poolSearch(pool: SearchPool, tps: string, depth: number): Promise<{ ms: number; nodes: number }> {
  pool.newGame();
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    pool.start(
      { startTps: tps, moves: [], halfKomi: 0, limits: { depth } },
      {
        onInfo: () => {},
        onDone: (o) => ('error' in o ? reject(new Error(o.error)) : resolve({ ms: performance.now() - t0, nodes: o.nodes })),
      },
    );
  });
}

function whenReady(pool: SearchPool): Promise<void> {
  return new Promise((resolve) => pool.whenReady(resolve));
}

export async function runSearchBench(runs: number): Promise<void> {
  const nps: number[] = [];
  let signature = 0;
  for (let r = 0; r < runs; r++) {
    const t = runBenchPositions(BENCH_DEPTH);
    signature = t.nodes;
    nps.push((t.nodes * 1000) / t.ms);
  }
  report(`search bredon bench (depth ${BENCH_DEPTH})`, `${signature} nodes, ${(median(nps) / 1e6).toFixed(2)} M nodes/s median of ${runs}`);

  for (const [name, tps] of [['6x6', MIDGAME_6X6[2]!], ['5x5', MIDGAME_5X5[1]!]] as const) {
    const s = timedSearch(tps, 10_000);
    report(`search 10 s, ${name} middle game`, `${(s.nodes / s.ms / 1000).toFixed(2)} M nodes/s, depth ${s.depth}`);
  }

  // Time to depth, Threads 1 and 2, on the 6x6 middle games.
  const positions = MIDGAME_6X6.slice(0, 4);
  const depth = 9;
  for (const threads of [1, 2]) {
    const pool = new SearchPool({ hashMb: 64, threads, script: WORKER_SCRIPT });
    await whenReady(pool);
    let ms = 0;
    let nodes = 0;
    for (const tps of positions) {
      const r = await poolSearch(pool, tps, depth);
      ms += r.ms;
      nodes += r.nodes;
    }
    pool.close();
    report(`search Threads ${threads}, 4 x 6x6 to depth ${depth}`, `${(ms / 1000).toFixed(2)} s, ${(nodes / ms / 1000).toFixed(2)} M nodes/s`);
  }
}

