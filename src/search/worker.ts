// The search threads in Node (node:worker_threads) and their stop flag.
//
// Thread side (runSearchWorker): a worker owns one Searcher over a view of the shared
// transposition table and the shared stop flag, and runs each job (thread-job.ts). Being
// synchronous, it reads no messages while it searches: it is stopped through the flag, an
// Int32Array over a SharedArrayBuffer that the search polls.
//
// Main-thread side (SearchPool): the pool's bookkeeping is SearchPoolCore's (pool-core.ts, shared
// with the browser's pool); this file starts the workers, gives them the table, and resizes.
// dist/bredon.js is one bundled file, so it is its own worker script: the entry point asks
// isSearchWorker() first and runs runSearchWorker() instead of the command line.

import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { SearchPoolCore, type FromThread, type SearchMessage, type ThreadSlot } from './pool-core.js';
import { Searcher } from './search.js';
import { runJob } from './thread-job.js';
import { TranspositionTable } from './tt.js';

export { STALL_MS, type SearchHandlers, type SearchJob } from './pool-core.js';

const WORKER_TAG = 'bredon-search-worker';
/** The most search threads a pool runs (the Threads option's maximum). */
export const MAX_THREADS = 64;

interface WorkerInit {
  tag: typeof WORKER_TAG;
  table: SharedArrayBuffer;
  stop: SharedArrayBuffer;
  /** Float64 node counts, one per thread, summed for reports. */
  nodes: SharedArrayBuffer;
  threadIndex: number;
}

type ToWorker = SearchMessage | { type: 'table'; buffer: SharedArrayBuffer } | { type: 'newgame' };

/** Whether this thread is a search worker started by a SearchPool. */
export function isSearchWorker(): boolean {
  return !isMainThread && (workerData as Partial<WorkerInit> | null)?.tag === WORKER_TAG;
}

/** The worker's message loop (call in the worker thread only). */
export function runSearchWorker(): void {
  const init = workerData as WorkerInit;
  const port = parentPort!;
  const stop = new Int32Array(init.stop);
  const nodeCounts = new Float64Array(init.nodes);
  // The searcher's own view of the table: its age is the current search's (hashfull counts
  // entries of this search) and its moves continue the reported lines (extendPv).
  let table = new TranspositionTable(init.table);
  const make = () => new Searcher({ table, stop, threadIndex: init.threadIndex, nodeCounts });
  let searcher = make();
  port.on('message', (msg: ToWorker) => {
    if (msg.type === 'table') {
      table = new TranspositionTable(msg.buffer);
      searcher = make();
    } else if (msg.type === 'newgame') {
      searcher.newGame();
    } else if (msg.type === 'search') {
      runJob(searcher, table, msg, (m: FromThread) => port.postMessage(m));
    }
  });
  port.postMessage({ type: 'ready' } satisfies FromThread);
}

interface Slot extends ThreadSlot {
  worker: Worker;
}

export interface PoolOptions {
  hashMb: number;
  threads: number;
  /** The script a worker runs; by default this very file (the bundle, dist/bredon.js). */
  script?: string | URL;
  /** Diagnostics (stderr); never the protocol's stdout. */
  log?: (line: string) => void;
  /** STALL_MS unless given (tests shorten it). */
  stallMs?: number;
}

/** The main thread's handle on the search threads. */
export class SearchPool extends SearchPoolCore<Slot> {
  private readonly script: string | URL;
  private table: TranspositionTable;
  /** Whether the table holds entries of a search since the last clear. */
  private dirty = false;

  constructor(opts: PoolOptions) {
    super({
      log: opts.log ?? ((line) => process.stderr.write(line + '\n')),
      stallMs: opts.stallMs,
      shared: { stop: new Int32Array(new SharedArrayBuffer(4)), nodes: new Float64Array(new SharedArrayBuffer(8 * MAX_THREADS)) },
    });
    this.script = opts.script ?? new URL(import.meta.url);
    this.table = TranspositionTable.create(opts.hashMb, true);
    this.setThreads(opts.threads);
  }

  get hashMb(): number {
    return this.table.megabytes;
  }

  /** A new table of `megabytes` MB (only while idle). Throws RangeError when it cannot be allocated. */
  setHash(megabytes: number): void {
    if (this.table.megabytes === megabytes) return;
    let table: TranspositionTable;
    try {
      table = TranspositionTable.create(megabytes, true);
    } catch (e) {
      throw new RangeError(`cannot allocate a ${megabytes} MB hash table: ${(e as Error).message}`);
    }
    this.table = table;
    this.dirty = false;
    for (const slot of this.slots) slot.worker.postMessage({ type: 'table', buffer: table.buffer as SharedArrayBuffer } satisfies ToWorker);
  }

  /** Starts or ends helper workers so that `n` threads search (only while idle). */
  setThreads(n: number): void {
    this.resize(n);
  }

  /** Forget the previous game: clear the table (if used) and every thread's move-ordering state. */
  newGame(): void {
    if (this.dirty) this.table.clear();
    this.dirty = false;
    for (const slot of this.slots) slot.worker.postMessage({ type: 'newgame' } satisfies ToWorker);
  }

  protected override dispatched(): void {
    this.dirty = true;
  }

  protected spawn(threadIndex: number): Slot {
    const init: WorkerInit = {
      tag: WORKER_TAG,
      table: this.table.buffer as SharedArrayBuffer,
      stop: this.stopFlag!.buffer as SharedArrayBuffer,
      nodes: this.nodeCounts!.buffer as SharedArrayBuffer,
      threadIndex,
    };
    // stdout: true keeps the worker off the protocol's stdout; anything it prints goes to stderr.
    // Forwarded chunk by chunk, not piped: a pipe per thread hangs listeners on process.stderr,
    // and past ten threads Node prints a (false) "memory leak detected" warning there.
    const worker = new Worker(this.script, { workerData: init, stdout: true });
    worker.stdout.on('data', (chunk: Buffer) => process.stderr.write(chunk));
    const slot: Slot = { worker, busy: 0, ready: false };
    worker.on('message', (msg: FromThread) => this.onMessage(slot, msg));
    worker.on('error', (e) => this.onCrash(slot, e.message, e.stack));
    worker.on('exit', (code) => this.onCrash(slot, `search thread exited with code ${code}`));
    return slot;
  }

  protected post(slot: Slot, msg: SearchMessage): void {
    slot.worker.postMessage(msg satisfies ToWorker);
  }

  protected terminate(slot: Slot): void {
    void slot.worker.terminate();
  }
}
