// A pool of worker threads that each take whole jobs: the main thread hands a job to each idle
// worker, hears back one reply per job, and settles when every job is answered or on the first
// failure (the workers are terminated either way). The labeller and the puzzle miner use it;
// each worker script answers a job with { type: 'done', order, ... } or { type: 'failed', order,
// message }. Workers write nothing to stdout: it carries only the commands' summaries.

import { Worker } from 'node:worker_threads';

export type PoolReply<T> = ({ type: 'done'; order: number } & T) | { type: 'failed'; order: number; message: string };

export interface PoolOptions {
  /** The worker script (dist/bredon.js is its own) and the argv that makes it a worker. */
  script: string | URL;
  argv: string[];
  workerData: unknown;
  /** Names the workers in errors: "a label worker crashed". */
  name: string;
  /** Names a job in errors: "game 12: ...". */
  job: string;
}

export function runPool<J extends { order: number }, T>(jobs: readonly J[], workers: number, options: PoolOptions, onDone: (reply: { type: 'done'; order: number } & T) => void): Promise<void> {
  const queue = [...jobs];
  return new Promise((resolve, reject) => {
    const live = new Set<Worker>();
    let settled = false;
    const finish = (error?: Error) => {
      if (settled) return;
      settled = true;
      for (const w of live) void w.terminate();
      live.clear();
      if (error) reject(error);
      else resolve();
    };
    const next = (w: Worker) => {
      const job = queue.shift();
      if (job === undefined) {
        live.delete(w);
        void w.terminate();
        if (live.size === 0) finish();
        return;
      }
      w.postMessage(job);
    };
    if (jobs.length === 0) return finish();
    for (let i = 0; i < Math.max(1, Math.min(workers, jobs.length)); i++) {
      const w = new Worker(options.script, { workerData: options.workerData, argv: options.argv, stdout: true });
      w.stdout.pipe(process.stderr);
      live.add(w);
      w.on('message', (msg: PoolReply<T>) => {
        if (settled) return;
        if (msg.type === 'failed') return finish(new Error(`${options.job} ${msg.order + 1}: ${msg.message}`));
        try {
          onDone(msg);
        } catch (e) {
          return finish(e as Error);
        }
        next(w);
      });
      w.on('error', (e) => finish(new Error(`a ${options.name} worker crashed: ${e.message}`)));
      w.on('exit', (code) => {
        if (live.has(w)) finish(new Error(`a ${options.name} worker exited with code ${code}`));
      });
      next(w);
    }
  });
}
