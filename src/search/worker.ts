// The search threads and their stop flag.
//
// Thread side (runSearchWorker): a worker owns one Searcher over a view of the shared
// transposition table and the shared stop flag. It rebuilds the root from the start TPS and the
// moves (so repetitions in the game history are seen), searches synchronously and posts `info`
// (main thread only) and `done`. Being synchronous, it reads no messages while it searches: it is
// stopped through the flag, an Int32Array over a SharedArrayBuffer that the search polls.
//
// Main-thread side (SearchPool): worker 0 is the main search (its result is the answer, its
// reports are relayed); workers 1.. are lazy-SMP helpers running the same search silently with
// threadIndex > 0, sharing the table. When worker 0 finishes, the flag stops the helpers; a new
// search is dispatched only once every worker is idle again, with the flag cleared, so a late
// helper never runs on into the next search. dist/bredon.js is one bundled file, so it is its own
// worker script: the entry point asks isSearchWorker() first and runs runSearchWorker() instead
// of the command line.

import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { makeMove } from '../core/makemove.js';
import type { ReserveOptions } from '../core/position.js';
import { parseTps } from '../notation/tps.js';
import { extendPv } from './pv.js';
import { Searcher } from './search.js';
import { TranspositionTable } from './tt.js';
import { poolAnswer } from './pool-answer.js';
import type { SearchInfo, SearchLimits, SearchProgress, SearchResult } from './types.js';

const WORKER_TAG = 'bredon-search-worker';
const MAX_FAILED_STARTS = 3;
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

/** What to search: the game from its start position, so that repetitions are known. */
export interface SearchJob {
  startTps: string;
  reserves?: ReserveOptions;
  moves: number[];
  halfKomi: number;
  limits: SearchLimits;
}

type ToWorker =
  | { type: 'search'; id: number; job: SearchJob }
  | { type: 'table'; buffer: SharedArrayBuffer }
  | { type: 'newgame' };

type FromWorker =
  | { type: 'ready' }
  | { type: 'info'; id: number; info: SearchInfo }
  | { type: 'progress'; id: number; progress: SearchProgress }
  | { type: 'done'; id: number; result: SearchResult }
  | { type: 'failed'; id: number; message: string; stack?: string };

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
      const { id, job } = msg;
      let reply: FromWorker;
      try {
        const pos = parseTps(job.startTps, job.reserves);
        for (const m of job.moves) makeMove(pos, m);
        // Reports come between iterations, when pos is the root again: lines are continued from
        // the table as far as the search reached (see pv.ts).
        const onInfo = (info: SearchInfo) => {
          info.pv = extendPv(pos, info.pv, table, Math.max(info.depth, info.seldepth));
          port.postMessage({ type: 'info', id, info } satisfies FromWorker);
        };
        const onProgress = (nodes: number, seldepth: number, currMove: number, currMoveNumber: number) => {
          const progress: SearchProgress = { nodes, seldepth, currMove, currMoveNumber, hashfull: table.hashfull() };
          port.postMessage({ type: 'progress', id, progress } satisfies FromWorker);
        };
        const result = searcher.search(pos, job.halfKomi, job.limits, onInfo, onProgress);
        result.seldepth = searcher.lastSeldepth;
        result.hashfull = table.hashfull();
        if (result.best !== 0) {
          const pv = extendPv(pos, result.pv[0] === result.best ? result.pv : [result.best], table, Math.max(result.depth, result.seldepth));
          if (pv[0] === result.best) result.pv = pv;
        }
        reply = { type: 'done', id, result };
      } catch (e) {
        const err = e instanceof Error ? e : new Error(String(e));
        reply = { type: 'failed', id, message: err.message, stack: err.stack };
      }
      port.postMessage(reply);
    }
  });
  port.postMessage({ type: 'ready' } satisfies FromWorker);
}

export interface SearchHandlers {
  /** A progress report of the main thread; `nodes` counts every thread. */
  onInfo(info: SearchInfo, nodes: number): void;
  /** A sign of life of the main thread inside an iteration (about every 500 ms without a report). */
  onProgress?(progress: SearchProgress, nodes: number): void;
  /** The main thread's result (nodes of every thread), or why the search failed. */
  onDone(outcome: { result: SearchResult; nodes: number } | { error: string }): void;
}

interface Slot {
  worker: Worker;
  /** The job id this worker is running, 0 when idle. */
  busy: number;
  /** Its message loop is running (the bundle is loaded, the searcher allocated). */
  ready: boolean;
}

interface Pending {
  id: number;
  job: SearchJob;
  handlers: SearchHandlers;
  /** performance.now() of the main thread when the job's clock started. */
  startedAt: number;
  stopped: boolean;
  /** The main thread's answer, once in; helpers' results as they come. */
  main?: { result: SearchResult } | { error: string };
  helperResults: SearchResult[];
  /** Set when the main thread has answered: the last helpers get this long to report. */
  finishTimer?: ReturnType<typeof setTimeout>;
}

/** How long the answer waits, after the main thread's, for stopped helpers to report theirs. */
const HELPER_REPORT_MS = 10;
/**
 * How long threads of a search given up on (abandon) may stay busy before they are replaced. A
 * thread that is merely late (descheduled on a loaded machine, a garbage collection) finishes
 * within milliseconds of the stop flag and is kept, with what it has learned; one silent for
 * seconds is stuck.
 */
export const STALL_MS = 3000;

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
export class SearchPool {
  private readonly stopFlag = new Int32Array(new SharedArrayBuffer(4));
  private readonly nodeCounts = new Float64Array(new SharedArrayBuffer(8 * MAX_THREADS));
  private readonly script: string | URL;
  private readonly log: (line: string) => void;
  private table: TranspositionTable;
  private slots: Slot[] = [];
  private nextId = 1;
  /** The job of worker 0 still owed an answer. */
  private active: Pending | undefined;
  /** A job waiting for every worker to become idle. */
  private pending: Pending | undefined;
  private dirty = false;
  private closed = false;
  private readyWaiters: (() => void)[] = [];
  /** Threads that died before ever starting, in a row: past MAX_FAILED_STARTS the pool gives up. */
  private failedStarts = 0;
  private broken: string | undefined;
  private readonly stallMs: number;
  /** Ids of searches given up on whose threads may still be running, and the timer that replaces them. */
  private abandoned = new Set<number>();
  private stallTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(opts: PoolOptions) {
    this.script = opts.script ?? new URL(import.meta.url);
    this.log = opts.log ?? ((line) => process.stderr.write(line + '\n'));
    this.stallMs = opts.stallMs ?? STALL_MS;
    this.table = TranspositionTable.create(opts.hashMb, true);
    this.setThreads(opts.threads);
  }

  get hashMb(): number {
    return this.table.megabytes;
  }

  get threads(): number {
    return this.slots.length;
  }

  /** Whether a search is running or waiting to run (Hash and Threads changes wait for idle). */
  get searching(): boolean {
    return this.active !== undefined || this.pending !== undefined || this.slots.some((s) => s.busy !== 0);
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

  /** Calls `f` once every thread has started (at once if they all have): `isready` waits for it. */
  whenReady(f: () => void): void {
    if (this.slots.every((s) => s.ready)) f();
    else this.readyWaiters.push(f);
  }

  private flushReady(): void {
    if (!this.slots.every((s) => s.ready)) return;
    const waiters = this.readyWaiters;
    this.readyWaiters = [];
    for (const f of waiters) f();
  }

  /** Starts or ends helper workers so that `n` threads search (only while idle). */
  setThreads(n: number): void {
    if (this.broken !== undefined) return;
    while (this.slots.length > n) void this.slots.pop()!.worker.terminate();
    while (this.slots.length < n) this.slots.push(this.spawn(this.slots.length));
    this.flushReady();
  }

  /** Forget the previous game: clear the table (if used) and every thread's move-ordering state. */
  newGame(): void {
    if (this.dirty) this.table.clear();
    this.dirty = false;
    for (const slot of this.slots) slot.worker.postMessage({ type: 'newgame' } satisfies ToWorker);
  }

  /**
   * Searches a job. Its softMs/hardMs count from `startedAt` (main-thread performance.now()),
   * so time spent waiting for helpers of the previous search to wind down is not lost.
   */
  start(job: SearchJob, handlers: SearchHandlers, startedAt = performance.now()): void {
    if (this.active !== undefined || this.pending !== undefined) throw new Error('a search is already running');
    if (this.broken !== undefined) {
      const error = this.broken;
      queueMicrotask(() => handlers.onDone({ error }));
      return;
    }
    this.pending = { id: this.nextId++, job, handlers, startedAt, stopped: false, helperResults: [] };
    this.dispatch();
  }

  /** Asks the running search to finish now; its onDone follows within milliseconds. */
  stop(): void {
    if (this.pending) this.pending.stopped = true;
    Atomics.store(this.stopFlag, 0, 1);
  }

  /**
   * Gives up on the current search (it did not answer in time): no onDone will come for it. Its
   * threads are stopped but kept: the next search starts on them, with the table and what they
   * learned, once they finish. Threads still busy with it after `stallMs` are replaced.
   */
  abandon(): void {
    for (const job of [this.active, this.pending]) if (job !== undefined) this.abandoned.add(job.id);
    if (this.active !== undefined) clearTimeout(this.active.finishTimer);
    this.active = undefined;
    this.pending = undefined;
    Atomics.store(this.stopFlag, 0, 1);
    if (!this.slots.some((s) => this.abandoned.has(s.busy))) return this.abandoned.clear();
    clearTimeout(this.stallTimer);
    this.stallTimer = setTimeout(() => this.replaceStalled(), this.stallMs);
  }

  /** Threads still running a search given up on `stallMs` ago are stuck: new ones take their place. */
  private replaceStalled(): void {
    this.stallTimer = undefined;
    if (this.closed) return;
    this.slots.forEach((slot, index) => {
      if (!this.abandoned.has(slot.busy)) return;
      this.log(`bredon: search thread ${index} stayed busy ${this.stallMs} ms after it was stopped; replacing it`);
      void slot.worker.terminate();
      this.slots[index] = this.spawn(index);
    });
    this.abandoned.clear();
    this.dispatch();
  }

  /** Ends every thread (quit). */
  close(): void {
    this.closed = true;
    clearTimeout(this.stallTimer);
    this.active = undefined;
    this.pending = undefined;
    Atomics.store(this.stopFlag, 0, 1);
    for (const slot of this.slots) void slot.worker.terminate();
    this.slots = [];
  }

  private spawn(threadIndex: number): Slot {
    const init: WorkerInit = {
      tag: WORKER_TAG,
      table: this.table.buffer as SharedArrayBuffer,
      stop: this.stopFlag.buffer as SharedArrayBuffer,
      nodes: this.nodeCounts.buffer as SharedArrayBuffer,
      threadIndex,
    };
    // stdout: true keeps the worker off the protocol's stdout; anything it prints goes to stderr.
    // Forwarded chunk by chunk, not piped: a pipe per thread hangs listeners on process.stderr,
    // and past ten threads Node prints a (false) "memory leak detected" warning there.
    const worker = new Worker(this.script, { workerData: init, stdout: true });
    worker.stdout.on('data', (chunk: Buffer) => process.stderr.write(chunk));
    const slot: Slot = { worker, busy: 0, ready: false };
    worker.on('message', (msg: FromWorker) => this.onMessage(slot, msg));
    worker.on('error', (e) => this.onCrash(slot, e.message, e.stack));
    worker.on('exit', (code) => this.onCrash(slot, `search thread exited with code ${code}`));
    return slot;
  }

  private dispatch(): void {
    const job = this.pending;
    if (job === undefined || this.active !== undefined || this.slots.some((s) => s.busy !== 0)) return;
    this.pending = undefined;
    this.active = job;
    this.dirty = true;
    Atomics.store(this.stopFlag, 0, job.stopped ? 1 : 0);
    // Deadlines were set against the time the job arrived; count from now.
    const waited = performance.now() - job.startedAt;
    const limits: SearchLimits = { ...job.job.limits };
    if (limits.softMs !== undefined) limits.softMs = Math.max(0, Math.floor(limits.softMs - waited));
    if (limits.hardMs !== undefined) limits.hardMs = Math.max(1, Math.floor(limits.hardMs - waited));
    const message: ToWorker = { type: 'search', id: job.id, job: { ...job.job, limits } };
    this.nodeCounts.fill(0);
    for (const slot of this.slots) {
      slot.busy = job.id;
      slot.worker.postMessage(message);
    }
  }

  private totalNodes(): number {
    let n = 0;
    for (let i = 0; i < this.slots.length; i++) n += this.nodeCounts[i]!;
    return n;
  }

  private onMessage(slot: Slot, msg: FromWorker): void {
    if (msg.type === 'ready') {
      slot.ready = true;
      this.failedStarts = 0;
      return this.flushReady();
    }
    if (msg.id !== slot.busy) return; // a report of an abandoned search
    const main = slot === this.slots[0];
    const active = this.active !== undefined && this.active.id === msg.id ? this.active : undefined;
    if (msg.type === 'info') {
      if (main) this.nodeCounts[0] = msg.info.nodes;
      if (main && active) active.handlers.onInfo(msg.info, this.totalNodes());
      return;
    }
    if (msg.type === 'progress') {
      if (main) this.nodeCounts[0] = msg.progress.nodes;
      if (main && active) active.handlers.onProgress?.(msg.progress, this.totalNodes());
      return;
    }
    if (this.abandoned.has(slot.busy)) {
      // A late thread of a search given up on: it finished, and is kept.
      slot.busy = 0;
      if (!this.slots.some((s) => this.abandoned.has(s.busy))) {
        clearTimeout(this.stallTimer);
        this.stallTimer = undefined;
        this.abandoned.clear();
      }
      if (msg.type === 'failed') this.log(`bredon: search failed: ${msg.stack ?? msg.message}`);
      return this.dispatch();
    }
    slot.busy = 0;
    if (msg.type === 'failed') this.log(`bredon: ${main ? '' : 'helper '}search failed: ${msg.stack ?? msg.message}`);
    if (active) {
      if (main) {
        active.main = msg.type === 'done' ? { result: msg.result } : { error: msg.message };
        Atomics.store(this.stopFlag, 0, 1); // the main answer is in: stop the helpers
        active.finishTimer = setTimeout(() => this.finish(active), HELPER_REPORT_MS);
      } else if (msg.type === 'done') {
        active.helperResults.push(msg.result);
      }
      if (active.main !== undefined && this.slots.every((s) => s.busy === 0)) this.finish(active);
    }
    this.dispatch();
  }

  /** Answers a job once its main thread has, with the result poolAnswer picks. */
  private finish(job: Pending): void {
    if (this.active !== job || job.main === undefined) return;
    clearTimeout(job.finishTimer);
    this.active = undefined;
    if ('error' in job.main) {
      job.handlers.onDone({ error: job.main.error });
    } else {
      const best = poolAnswer(job.main.result, job.helperResults, job.job.limits);
      job.handlers.onDone({ result: best, nodes: this.totalNodes() });
    }
    this.dispatch();
  }

  /** The worker script itself cannot run: stop respawning, fail what is owed, let isready through. */
  private giveUp(message: string): void {
    this.broken = `search threads cannot start: ${message}`;
    for (const slot of this.slots) void slot.worker.terminate();
    this.slots = [];
    const owed = [this.active, this.pending];
    this.active = undefined;
    this.pending = undefined;
    for (const job of owed) job?.handlers.onDone({ error: this.broken });
    this.flushReady();
  }

  /** A thread died: replace it, and fail the search it was running. */
  private onCrash(slot: Slot, message: string, stack?: string): void {
    const index = this.slots.indexOf(slot);
    if (index < 0 || this.closed) return; // terminated on purpose
    this.log(`bredon: search thread ${index} died: ${stack ?? message}`);
    void slot.worker.terminate();
    const wasBusy = slot.busy;
    if (!slot.ready && ++this.failedStarts >= MAX_FAILED_STARTS) return this.giveUp(message);
    this.slots[index] = this.spawn(index);
    if (index === 0 && this.active !== undefined && this.active.id === wasBusy) {
      const active = this.active;
      this.active = undefined;
      Atomics.store(this.stopFlag, 0, 1);
      active.handlers.onDone({ error: message });
    }
    this.dispatch();
  }
}
