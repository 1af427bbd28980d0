// The trainer's worker threads: each computes the gradient (or the loss) of its share of a
// batch on the parameters in shared memory, into a gradient array of its own that the main
// thread sums in a fixed order (so a run is reproducible from its seed, whatever the timing).
//
// As with selfplay (src/selfplay/worker.ts), dist/bredon.js is its own worker script: a worker
// is started with argv ['train'], and `bredon train` asks isTrainWorker() before anything else.

import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { batchGradient, lossRange, Scratch, type LossSums, type Shape } from './model.js';
import type { Samples } from './samples.js';

const WORKER_TAG = 'bredon-train-worker';

interface WorkerInit {
  tag: typeof WORKER_TAG;
  shape: Shape;
  seed: number;
  params: Float64Array;
  grad: Float64Array;
  order: Int32Array;
  train: Samples;
  validation: Samples;
}

type ToWorker =
  | { type: 'grad'; from: number; to: number; epoch: number }
  | { type: 'loss'; split: 'train' | 'validation'; from: number; to: number };

type FromWorker = { type: 'grad'; sum: number } | { type: 'loss'; sums: LossSums } | { type: 'failed'; message: string };

export function isTrainWorker(): boolean {
  return !isMainThread && (workerData as Partial<WorkerInit> | null)?.tag === WORKER_TAG;
}

export function runTrainWorker(): void {
  const init = workerData as WorkerInit;
  const port = parentPort!;
  const scratch = new Scratch(init.shape);
  port.on('message', (msg: ToWorker) => {
    try {
      if (msg.type === 'grad') {
        init.grad.fill(0);
        const sum = batchGradient(init.params, init.shape, init.train, init.order, msg.from, msg.to, msg.epoch, init.seed, scratch, init.grad);
        port.postMessage({ type: 'grad', sum } satisfies FromWorker);
      } else {
        const sums: LossSums = { sum: 0, n: 0, tiltakSum: 0, tiltakN: 0 };
        lossRange(init.params, init.shape, msg.split === 'train' ? init.train : init.validation, msg.from, msg.to, scratch, sums);
        port.postMessage({ type: 'loss', sums } satisfies FromWorker);
      }
    } catch (e) {
      port.postMessage({ type: 'failed', message: e instanceof Error ? e.message : String(e) } satisfies FromWorker);
    }
  });
}

/** A pool of trainer threads over one set of shared parameters. */
export class TrainPool {
  private readonly workers: Worker[] = [];
  readonly grads: Float64Array[] = [];

  constructor(
    count: number,
    shape: Shape,
    seed: number,
    params: Float64Array,
    order: Int32Array,
    train: Samples,
    validation: Samples,
    script: string | URL = new URL(import.meta.url),
  ) {
    for (let i = 0; i < count; i++) {
      const grad = new Float64Array(new SharedArrayBuffer(params.length * 8));
      const init: WorkerInit = { tag: WORKER_TAG, shape, seed, params, grad, order, train, validation };
      const w = new Worker(script, { workerData: init, argv: ['train'], stdout: true });
      w.stdout.pipe(process.stderr);
      this.workers.push(w);
      this.grads.push(grad);
    }
  }

  get size(): number {
    return this.workers.length;
  }

  private ask<T extends FromWorker>(w: Worker, msg: ToWorker): Promise<T> {
    return new Promise((resolve, reject) => {
      const onMessage = (m: FromWorker) => {
        cleanup();
        if (m.type === 'failed') reject(new Error(`a trainer thread failed: ${m.message}`));
        else resolve(m as T);
      };
      const onError = (e: Error) => {
        cleanup();
        reject(new Error(`a trainer thread crashed: ${e.message}`));
      };
      const cleanup = () => {
        w.off('message', onMessage);
        w.off('error', onError);
      };
      w.on('message', onMessage);
      w.on('error', onError);
      w.postMessage(msg);
    });
  }

  /** Splits [from, to) into one contiguous share per worker. */
  private shares(from: number, to: number): [number, number][] {
    const n = this.workers.length;
    const out: [number, number][] = [];
    for (let k = 0; k < n; k++) out.push([from + Math.floor(((to - from) * k) / n), from + Math.floor(((to - from) * (k + 1)) / n)]);
    return out;
  }

  /** The gradient of order[from..to) summed into `into` (overwritten); returns the summed squared error. */
  async gradient(from: number, to: number, epoch: number, into: Float64Array): Promise<number> {
    const sums = await Promise.all(
      this.shares(from, to).map(([a, b], k) => this.ask<{ type: 'grad'; sum: number }>(this.workers[k]!, { type: 'grad', from: a, to: b, epoch })),
    );
    into.set(this.grads[0]!);
    for (let k = 1; k < this.grads.length; k++) {
      const g = this.grads[k]!;
      for (let i = 0; i < into.length; i++) into[i]! += g[i]!;
    }
    return sums.reduce((s, r) => s + r.sum, 0);
  }

  /** The loss sums of a whole split. */
  async loss(split: 'train' | 'validation', n: number): Promise<LossSums> {
    const parts = await Promise.all(
      this.shares(0, n).map(([a, b], k) => this.ask<{ type: 'loss'; sums: LossSums }>(this.workers[k]!, { type: 'loss', split, from: a, to: b })),
    );
    const total: LossSums = { sum: 0, n: 0, tiltakSum: 0, tiltakN: 0 };
    for (const p of parts) {
      total.sum += p.sums.sum;
      total.n += p.sums.n;
      total.tiltakSum += p.sums.tiltakSum;
      total.tiltakN += p.sums.tiltakN;
    }
    return total;
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}
