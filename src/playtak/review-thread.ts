// The bot's reviews run on a thread of their own (node:worker_threads), so that the main thread
// keeps reading the server while a finished game is analysed (src/annotate/analysis.ts: a
// search of every position and the tinue prover, at fixed nodes, so the review is the same on
// any machine). It never holds up a game: the bot holds a gate while it searches a move, and the
// thread waits at the gate between positions. dist/bredon.js is one bundled file, so it is this
// thread's script too: the entry point asks isReviewWorker() first.

import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { Annotator, type GameAnalysis } from '../annotate/analysis.js';
import type { ReviewBudget } from '../annotate/review.js';
import { parsePtnGames } from '../notation/ptn-game.js';

const WORKER_TAG = 'bredon-review-worker';

interface WorkerInit {
  tag: typeof WORKER_TAG;
  budget: ReviewBudget;
  /** Nonzero while the bot searches: the thread waits between positions. */
  gate: SharedArrayBuffer;
}

type ToWorker = { id: number; ptn: string; side: number };
type FromWorker = { id: number; analysis: GameAnalysis } | { id: number; error: string };

/** What the bot needs of a reviewer (ReviewThread is one; the tests may bring another). */
export interface Reviewer {
  readonly budget: ReviewBudget;
  /** Analyses the game (PTN text), checking `side`'s positions for tinues. */
  review(ptn: string, side: number): Promise<GameAnalysis>;
  /** The bot is about to search: reviews wait between positions until the returned call. */
  hold(): () => void;
  close(): void;
}

export function isReviewWorker(): boolean {
  return !isMainThread && (workerData as Partial<WorkerInit> | null)?.tag === WORKER_TAG;
}

/** The review thread's message loop (call in the worker thread only). */
export function runReviewWorker(): void {
  const init = workerData as WorkerInit;
  const port = parentPort!;
  const gate = new Int32Array(init.gate);
  const { nodes, tinueNodes, tinuePlies, hashMb } = init.budget;
  const annotator = new Annotator({ limits: { nodes }, tinueNodes, tinuePlies, hashMb });
  const wait = () => {
    for (let held = Atomics.load(gate, 0); held !== 0; held = Atomics.load(gate, 0)) Atomics.wait(gate, 0, held, 1000);
  };
  // One review at a time: messages queue while the thread is busy.
  port.on('message', async (msg: ToWorker) => {
    try {
      const game = parsePtnGames(msg.ptn)[0];
      if (game === undefined) throw new Error('no game in the PTN');
      const analysis = await annotator.analyse(game, wait, [msg.side]);
      port.postMessage({ id: msg.id, analysis } satisfies FromWorker);
    } catch (e) {
      port.postMessage({ id: msg.id, error: e instanceof Error ? e.message : String(e) } satisfies FromWorker);
    }
  });
}

export interface ReviewThreadOptions {
  budget: ReviewBudget;
  /** The script the thread runs; by default this very file (the bundle, dist/bredon.js). */
  script?: string | URL;
  log: (line: string) => void;
}

/** The main thread's handle on the review thread, started at the first review. */
export class ReviewThread implements Reviewer {
  readonly budget: ReviewBudget;
  private worker: Worker | undefined;
  private readonly gate = new Int32Array(new SharedArrayBuffer(4));
  private readonly pending = new Map<number, { resolve: (a: GameAnalysis) => void; reject: (e: Error) => void }>();
  private nextId = 1;

  constructor(private readonly o: ReviewThreadOptions) {
    this.budget = o.budget;
  }

  review(ptn: string, side: number): Promise<GameAnalysis> {
    const worker = (this.worker ??= this.spawn());
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, ptn, side } satisfies ToWorker);
    });
  }

  hold(): () => void {
    Atomics.add(this.gate, 0, 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      Atomics.sub(this.gate, 0, 1);
      Atomics.notify(this.gate, 0);
    };
  }

  close(): void {
    const worker = this.worker;
    this.worker = undefined;
    if (worker !== undefined) void worker.terminate();
    this.fail('the review thread was closed');
  }

  private spawn(): Worker {
    const init: WorkerInit = { tag: WORKER_TAG, budget: this.budget, gate: this.gate.buffer as SharedArrayBuffer };
    // stdout: true keeps the thread off the protocol's stdout; what it prints goes to stderr.
    const worker = new Worker(this.o.script ?? new URL(import.meta.url), { workerData: init, stdout: true });
    worker.stdout.on('data', (chunk: Buffer) => process.stderr.write(chunk));
    worker.on('message', (msg: FromWorker) => {
      const p = this.pending.get(msg.id);
      if (p === undefined) return;
      this.pending.delete(msg.id);
      if ('error' in msg) p.reject(new Error(msg.error));
      else p.resolve(msg.analysis);
    });
    const lost = (why: string) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      this.o.log(`the review thread stopped: ${why}`);
      this.fail(why);
    };
    worker.on('error', (e) => lost(e.message));
    worker.on('exit', (code) => lost(`it exited with code ${code}`));
    return worker;
  }

  private fail(why: string): void {
    for (const p of this.pending.values()) p.reject(new Error(why));
    this.pending.clear();
  }
}
