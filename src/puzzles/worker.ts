// `bredon puzzles`'s worker threads: each mines whole runs (games) with its own PuzzleMiner and
// sends back what it found; the main thread keeps the order, removes duplicates and writes the
// file. As with the labeller's workers (src/selfplay/label-worker.ts), dist/bredon.js is its own
// worker script, started with argv ['puzzles'].

import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { runPool } from '../threads/pool.js';
import { PuzzleMiner, type MinedPuzzle, type MineJob, type MineStats } from './mine.js';
import type { ProveLimits } from './prove.js';

const WORKER_TAG = 'bredon-puzzle-worker';

interface Setup {
  tag: string;
  limits: ProveLimits;
  maxLines: number;
}

type FromWorker =
  | { type: 'done'; order: number; puzzles: MinedPuzzle[]; stats: MineStats }
  | { type: 'failed'; order: number; message: string };

export function isPuzzleWorker(): boolean {
  return !isMainThread && (workerData as { tag?: string } | null)?.tag === WORKER_TAG;
}

/** The worker's message loop (in a puzzle worker thread only). */
export function runPuzzleWorker(): void {
  const port = parentPort!;
  const setup = workerData as Setup;
  const miner = new PuzzleMiner(setup.limits, setup.maxLines);
  port.on('message', (job: MineJob) => {
    let reply: FromWorker;
    try {
      reply = { type: 'done', order: job.order, ...miner.mineGame(job) };
    } catch (e) {
      reply = { type: 'failed', order: job.order, message: (e as Error).message };
    }
    port.postMessage(reply);
  });
}

/** Mines every job on `workers` threads, calling onDone as each job is done, in whatever order they finish. */
export async function runPuzzlePool(
  jobs: MineJob[],
  workers: number,
  limits: ProveLimits,
  maxLines: number,
  onDone: (order: number, puzzles: MinedPuzzle[], stats: MineStats) => void,
  script: string | URL = new URL(import.meta.url),
): Promise<void> {
  const setup: Setup = { tag: WORKER_TAG, limits, maxLines };
  await runPool<MineJob, { puzzles: MinedPuzzle[]; stats: MineStats }>(jobs, workers, { script, argv: ['puzzles'], workerData: setup, name: 'puzzle', job: 'run' }, (r) =>
    onDone(r.order, r.puzzles, r.stats),
  );
}
