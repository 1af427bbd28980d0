// The labeller's worker threads (bredon label): each labels whole games with its own
// PositionLabeller and sends the labels back; the main thread writes the file. As with
// selfplay's workers (worker.ts), dist/bredon.js is its own worker script, started with argv
// ['label'] so that the label command asks isLabelWorker() before anything else.

import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import type { Label } from '../dataset/labelled-ptn.js';
import { PositionLabeller, type LabelJob } from './label.js';

const WORKER_TAG = 'bredon-label-worker';

type FromWorker = { type: 'ready' } | { type: 'done'; order: number; labels: (Label | null)[] } | { type: 'failed'; order: number; message: string };

export function isLabelWorker(): boolean {
  return !isMainThread && (workerData as { tag?: string } | null)?.tag === WORKER_TAG;
}

/** The worker's message loop (in a label worker thread only). */
export function runLabelWorker(): void {
  const port = parentPort!;
  const labeller = new PositionLabeller();
  port.on('message', (job: LabelJob) => {
    let reply: FromWorker;
    try {
      reply = { type: 'done', order: job.order, labels: labeller.label(job) };
    } catch (e) {
      reply = { type: 'failed', order: job.order, message: (e as Error).message };
    }
    port.postMessage(reply);
  });
  port.postMessage({ type: 'ready' } satisfies FromWorker);
}

/** Labels every job on `workers` threads, calling onDone on the main thread as each game is done. */
export function runLabelPool(jobs: LabelJob[], workers: number, onDone: (order: number, labels: (Label | null)[]) => void, script: string | URL = new URL(import.meta.url)): Promise<void> {
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
    const n = Math.max(1, Math.min(workers, jobs.length));
    if (jobs.length === 0) return finish();
    for (let i = 0; i < n; i++) {
      // stdout: true keeps the workers off stdout, which carries only the summary.
      const w = new Worker(script, { workerData: { tag: WORKER_TAG }, argv: ['label'], stdout: true });
      w.stdout.pipe(process.stderr);
      live.add(w);
      w.on('message', (msg: FromWorker) => {
        if (settled) return;
        if (msg.type === 'failed') return finish(new Error(`game ${msg.order + 1}: ${msg.message}`));
        if (msg.type === 'done') {
          try {
            onDone(msg.order, msg.labels);
          } catch (e) {
            return finish(e as Error);
          }
        }
        next(w);
      });
      w.on('error', (e) => finish(new Error(`a label worker crashed: ${e.message}`)));
      w.on('exit', (code) => {
        if (live.has(w)) finish(new Error(`a label worker exited with code ${code}`));
      });
    }
  });
}
