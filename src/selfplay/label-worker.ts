// The labeller's worker threads (bredon label): each labels whole games with its own
// PositionLabeller and sends the labels back; the main thread writes the file. As with
// selfplay's workers (worker.ts), dist/bredon.js is its own worker script, started with argv
// ['label'] so that the label command asks isLabelWorker() before anything else.

import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { runPool } from '../threads/pool.js';
import type { Label } from '../dataset/labelled-ptn.js';
import { PositionLabeller, type LabelJob } from './label.js';

const WORKER_TAG = 'bredon-label-worker';

type FromWorker = { type: 'done'; order: number; labels: (Label | null)[] } | { type: 'failed'; order: number; message: string };

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
}

/** Labels every job on `workers` threads, calling onDone on the main thread as each game is done. */
export function runLabelPool(jobs: LabelJob[], workers: number, onDone: (order: number, labels: (Label | null)[]) => void, script: string | URL = new URL(import.meta.url)): Promise<void> {
  return runPool<LabelJob, { labels: (Label | null)[] }>(jobs, workers, { script, argv: ['label'], workerData: { tag: WORKER_TAG }, name: 'label', job: 'game' }, (r) => onDone(r.order, r.labels));
}
