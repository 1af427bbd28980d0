// Selfplay's worker threads: one per core, each playing whole games with its own Searcher (see
// game.ts) and sending each finished game back to the main thread, which writes the files.
//
// dist/bredon.js is one bundled file and is its own worker script, as for the search threads
// (src/search/worker.ts). A selfplay worker is started with argv ['selfplay'], so the bundle's
// entry point dispatches to the selfplay command as usual, and that command asks
// isSelfplayWorker() (the tag in workerData) before anything else. The entry point needs no
// special case, and the TEI engine and the search threads are untouched.
//
// Games are handed out one at a time, so a fast worker takes more of them; a worker with nothing
// left to play is ended at once.

import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { SelfplayPlayer, type SelfplayGame, type SelfplayJob } from './game.js';

const WORKER_TAG = 'bredon-selfplay-worker';

interface WorkerInit {
  tag: typeof WORKER_TAG;
}

type ToWorker = { type: 'play'; job: SelfplayJob };

type FromWorker =
  | { type: 'ready' }
  | { type: 'done'; game: SelfplayGame }
  | { type: 'failed'; index: number; message: string; stack?: string };

/** Whether this thread is a selfplay worker started by runSelfplayPool. */
export function isSelfplayWorker(): boolean {
  return !isMainThread && (workerData as Partial<WorkerInit> | null)?.tag === WORKER_TAG;
}

/** The worker's message loop (call in a selfplay worker thread only). */
export function runSelfplayWorker(): void {
  const port = parentPort!;
  const player = new SelfplayPlayer();
  port.on('message', (msg: ToWorker) => {
    let reply: FromWorker;
    try {
      reply = { type: 'done', game: player.play(msg.job) };
    } catch (e) {
      const err = e instanceof Error ? e : new Error(String(e));
      reply = { type: 'failed', index: msg.job.index, message: err.message, stack: err.stack };
    }
    port.postMessage(reply);
  });
  port.postMessage({ type: 'ready' } satisfies FromWorker);
}

export interface SelfplayPoolOptions {
  workers: number;
  /** The script a worker runs; by default this very file (the bundle, dist/bredon.js). */
  script?: string | URL;
}

/**
 * Plays every job of `jobs` on `workers` threads, calling onGame (on the main thread) as each
 * game finishes. Resolves 'done' when all are played, or 'aborted' as soon as `signal` aborts
 * (games in progress are dropped). Rejects when a worker fails or onGame throws; the workers are
 * ended in every case.
 */
export function runSelfplayPool(
  jobs: Iterator<SelfplayJob>,
  opts: SelfplayPoolOptions,
  onGame: (game: SelfplayGame) => void,
  signal: AbortSignal,
): Promise<'done' | 'aborted'> {
  const script = opts.script ?? new URL(import.meta.url);
  return new Promise((resolve, reject) => {
    const live = new Set<Worker>();
    let settled = false;
    const finish = (outcome: { value: 'done' | 'aborted' } | { error: Error }) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      for (const w of live) void w.terminate();
      live.clear();
      if ('error' in outcome) reject(outcome.error);
      else resolve(outcome.value);
    };
    const onAbort = () => finish({ value: 'aborted' });
    signal.addEventListener('abort', onAbort);

    /** Gives the worker its next game, or ends it when there is none. */
    const next = (worker: Worker) => {
      const job = jobs.next();
      if (job.done) {
        live.delete(worker);
        void worker.terminate();
        if (live.size === 0) finish({ value: 'done' });
        return;
      }
      worker.postMessage({ type: 'play', job: job.value } satisfies ToWorker);
    };

    for (let i = 0; i < opts.workers; i++) {
      const init: WorkerInit = { tag: WORKER_TAG };
      // stdout: true keeps the workers off stdout, which carries only the run's summary.
      const worker = new Worker(script, { workerData: init, argv: ['selfplay'], stdout: true });
      worker.stdout.pipe(process.stderr);
      live.add(worker);
      worker.on('message', (msg: FromWorker) => {
        if (settled) return;
        if (msg.type === 'failed') {
          finish({ error: new Error(`game ${msg.index + 1} failed in a worker: ${msg.message}${msg.stack ? `\n${msg.stack}` : ''}`) });
          return;
        }
        if (msg.type === 'done') {
          try {
            onGame(msg.game);
          } catch (e) {
            finish({ error: e instanceof Error ? e : new Error(String(e)) });
            return;
          }
        }
        next(worker);
      });
      worker.on('error', (e) => finish({ error: new Error(`a selfplay worker crashed: ${e.message}`) }));
      worker.on('exit', (code) => {
        // A worker ends only when told to (it is then no longer live).
        if (live.has(worker)) finish({ error: new Error(`a selfplay worker exited with code ${code}`) });
      });
    }
    if (signal.aborted) onAbort();
  });
}
