// What every pool of search threads does, whatever the threads are: node:worker_threads
// (SearchPool, src/search/worker.ts) or browser Web Workers (BrowserSearchPool,
// src/web/search-pool.ts). Both keep this bookkeeping and differ only in how a thread is
// started, spoken to and ended, and in whether the threads share memory.
//
// Thread 0 is the main search (its reports are relayed; its result answers, or a deeper
// helper's: poolAnswer); threads 1.. are lazy-SMP helpers. A job waits until every thread is
// idle, so that a late thread never runs on into the next search, and its deadlines count from
// when it arrived. A search the caller gives up on (abandon) keeps its threads: they are stopped,
// finish, and take the next job; only threads still busy `stallMs` after their stop are
// replaced. Threads that die before ever starting, three in a row, break the pool: every job
// then fails at once with the reason.

import { makeMove } from '../core/makemove.js';
import { legalMoves } from '../core/movegen.js';
import type { ReserveOptions } from '../core/position.js';
import { parseTps } from '../notation/tps.js';
import { poolAnswer } from './pool-answer.js';
import type { SearchInfo, SearchLimits, SearchProgress, SearchResult } from './types.js';

/** What to search: the game from its start position, so that repetitions are known. */
export interface SearchJob {
  startTps: string;
  reserves?: ReserveOptions;
  moves: number[];
  halfKomi: number;
  limits: SearchLimits;
}

export interface SearchHandlers {
  /** A progress report of the main thread; `nodes` counts every thread. */
  onInfo(info: SearchInfo, nodes: number): void;
  /** A sign of life of the main thread inside an iteration (about every 500 ms without a report). */
  onProgress?(progress: SearchProgress, nodes: number): void;
  /** The main thread's result (nodes of every thread), or why the search failed. */
  onDone(outcome: { result: SearchResult; nodes: number } | { error: string }): void;
}

/** The job message every thread takes. */
export interface SearchMessage {
  type: 'search';
  id: number;
  job: SearchJob;
}

/** What a search thread says. */
export type FromThread =
  | { type: 'ready' }
  | { type: 'info'; id: number; info: SearchInfo }
  | { type: 'progress'; id: number; progress: SearchProgress }
  | { type: 'done'; id: number; result: SearchResult }
  | { type: 'failed'; id: number; message: string; stack?: string };

/** One thread as the pool sees it. */
export interface ThreadSlot {
  /** The job id this thread is running, 0 when idle. */
  busy: number;
  /** Its message loop is running. */
  ready: boolean;
}

interface Job {
  id: number;
  job: SearchJob;
  handlers: SearchHandlers;
  /** performance.now() of the pool's thread when the job's clock started. */
  startedAt: number;
  stopped: boolean;
  /** Stopped without shared memory before any report: answered at the first completed depth. */
  stopAtReport?: boolean;
  /** The main thread's last report, and its last exact one (a completed depth). */
  lastInfo?: SearchInfo;
  lastExact?: SearchInfo;
  /** The main thread's answer, once in; helpers' results as they come. */
  main?: { result: SearchResult } | { error: string };
  helperResults: SearchResult[];
  /** Set when the main thread has answered: the last helpers get this long to report. */
  finishTimer?: ReturnType<typeof setTimeout>;
}

/** How long the answer waits, after the main thread's, for stopped helpers to report theirs. */
const HELPER_REPORT_MS = 10;
/** Threads that die before ever starting, in a row, before the pool gives up. */
const MAX_FAILED_STARTS = 3;
/**
 * How long threads of a search given up on (abandon) may stay busy before they are replaced. A
 * thread that is merely late (descheduled on a loaded machine, a garbage collection) finishes
 * within milliseconds of the stop flag and is kept, with what it has learned; one silent for
 * seconds is stuck.
 */
export const STALL_MS = 3000;

export abstract class SearchPoolCore<S extends ThreadSlot> {
  protected slots: S[] = [];
  protected readonly log: (line: string) => void;
  /** Shared with the threads when they share memory: the stop flag and per-thread node counts. */
  protected readonly stopFlag: Int32Array | undefined;
  protected readonly nodeCounts: Float64Array | undefined;
  private readonly stallMs: number;
  private nextId = 1;
  /** The job of thread 0 still owed an answer. */
  protected active: Job | undefined;
  /** A job waiting for every thread to become idle. */
  private pending: Job | undefined;
  private readyWaiters: (() => void)[] = [];
  private failedStarts = 0;
  /** Why no thread can run, once starting them failed repeatedly. */
  protected broken: string | undefined;
  private closed = false;
  /** Ids of searches given up on whose threads may still be running, and the timer that replaces them. */
  private readonly abandoned = new Set<number>();
  private stallTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(opts: { log: (line: string) => void; stallMs?: number; shared: { stop: Int32Array; nodes: Float64Array } | undefined }) {
    this.log = opts.log;
    this.stallMs = opts.stallMs ?? STALL_MS;
    this.stopFlag = opts.shared?.stop;
    this.nodeCounts = opts.shared?.nodes;
  }

  /** Starts thread `index` (its slot not yet ready). */
  protected abstract spawn(index: number): S;
  protected abstract post(slot: S, msg: SearchMessage): void;
  protected abstract terminate(slot: S): void;

  get threads(): number {
    return this.slots.length;
  }

  /** Whether a search is running or waiting to run (Hash and Threads changes wait for idle). */
  get searching(): boolean {
    return this.active !== undefined || this.pending !== undefined || this.slots.some((s) => s.busy !== 0);
  }

  /** Calls `f` once every thread has started (at once if they all have): `isready` waits for it. */
  whenReady(f: () => void): void {
    if (this.slots.every((s) => s.ready)) f();
    else this.readyWaiters.push(f);
  }

  protected flushReady(): void {
    if (!this.slots.every((s) => s.ready)) return;
    const waiters = this.readyWaiters;
    this.readyWaiters = [];
    for (const f of waiters) f();
  }

  /** Starts or ends threads so that `n` search (only while idle). */
  protected resize(n: number): void {
    if (this.broken !== undefined) return;
    while (this.slots.length > n) this.terminate(this.slots.pop()!);
    while (this.slots.length < n) this.slots.push(this.spawn(this.slots.length));
    this.flushReady();
  }

  /**
   * Searches a job. Its softMs/hardMs count from `startedAt` (performance.now() here), so time
   * spent waiting for threads of the previous search to wind down is not lost.
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
    if (this.stopFlag !== undefined) Atomics.store(this.stopFlag, 0, 1);
    else if (this.active !== undefined) this.stopUnshared(this.active);
  }

  /**
   * Threads without a shared flag cannot be told to stop: the job is answered from its last
   * report, and its threads replaced.
   */
  private stopUnshared(job: Job): void {
    // Not before a completed depth: the answer must come from a search.
    if (job.lastExact === undefined) {
      job.stopAtReport = true;
      return;
    }
    this.active = undefined;
    this.replaceBusy(() => true);
    job.handlers.onDone({ result: this.resultFromReports(job.job, job.lastExact), nodes: job.lastInfo?.nodes ?? 0 });
    this.dispatch();
  }

  /** The answer of a search stopped from outside: its last completed iteration, or a legal move. */
  private resultFromReports(job: SearchJob, info: SearchInfo | undefined): SearchResult {
    if (info !== undefined && info.pv.length > 0) {
      return { best: info.pv[0]!, score: info.score, depth: info.depth, nodes: info.nodes, pv: info.pv, seldepth: info.seldepth, hashfull: info.hashfull };
    }
    const pos = parseTps(job.startTps, job.reserves);
    for (const m of job.moves) makeMove(pos, m);
    return { best: legalMoves(pos)[0] ?? 0, score: 0, depth: 0, nodes: 0, pv: [] };
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
    if (this.stopFlag === undefined) {
      // Nothing reaches a thread without shared memory: end it now.
      this.replaceBusy((slot) => this.abandoned.has(slot.busy));
      this.abandoned.clear();
      return;
    }
    Atomics.store(this.stopFlag, 0, 1);
    if (!this.slots.some((s) => this.abandoned.has(s.busy))) return this.abandoned.clear();
    clearTimeout(this.stallTimer);
    this.stallTimer = setTimeout(() => this.replaceStalled(), this.stallMs);
  }

  /** Threads still running a search given up on `stallMs` ago are stuck: new ones take their place. */
  private replaceStalled(): void {
    this.stallTimer = undefined;
    if (this.closed) return;
    this.replaceBusy((slot, index) => {
      if (!this.abandoned.has(slot.busy)) return false;
      this.log(`bredon: search thread ${index} stayed busy ${this.stallMs} ms after it was stopped; replacing it`);
      return true;
    });
    this.abandoned.clear();
    this.dispatch();
  }

  /** Ends the threads `which` picks and starts new ones in their places. */
  private replaceBusy(which: (slot: S, index: number) => boolean): void {
    this.slots.forEach((slot, index) => {
      if (!which(slot, index)) return;
      this.terminate(slot);
      this.slots[index] = this.spawn(index);
    });
  }

  /** Ends every thread (quit). */
  close(): void {
    this.closed = true;
    clearTimeout(this.stallTimer);
    this.active = undefined;
    this.pending = undefined;
    if (this.stopFlag !== undefined) Atomics.store(this.stopFlag, 0, 1);
    for (const slot of this.slots) this.terminate(slot);
    this.slots = [];
  }

  private dispatch(): void {
    const job = this.pending;
    if (job === undefined || this.active !== undefined || this.slots.some((s) => s.busy !== 0)) return;
    this.pending = undefined;
    this.active = job;
    this.dispatched();
    if (this.stopFlag !== undefined) Atomics.store(this.stopFlag, 0, job.stopped ? 1 : 0);
    // Deadlines were set against the time the job arrived; count from now.
    const waited = performance.now() - job.startedAt;
    const limits: SearchLimits = { ...job.job.limits };
    if (limits.softMs !== undefined) limits.softMs = Math.max(0, Math.floor(limits.softMs - waited));
    if (limits.hardMs !== undefined) limits.hardMs = Math.max(1, Math.floor(limits.hardMs - waited));
    const message: SearchMessage = { type: 'search', id: job.id, job: { ...job.job, limits } };
    this.nodeCounts?.fill(0);
    for (const slot of this.slots) {
      slot.busy = job.id;
      this.post(slot, message);
    }
    if (job.stopped && this.stopFlag === undefined) this.stopUnshared(job);
  }

  /** Called when a job goes to the threads (SearchPool marks its table as used). */
  protected dispatched(): void {}

  /** Nodes of every thread (at least `fallback`, the main thread's own count). */
  private totalNodes(fallback: number): number {
    if (this.nodeCounts === undefined) return fallback;
    let n = 0;
    for (let i = 0; i < this.slots.length; i++) n += this.nodeCounts[i]!;
    return Math.max(n, fallback);
  }

  protected onMessage(slot: S, msg: FromThread): void {
    if (msg.type === 'ready') {
      slot.ready = true;
      this.failedStarts = 0;
      return this.flushReady();
    }
    if (msg.id !== slot.busy) return; // a report of a search whose threads were replaced
    const main = slot === this.slots[0];
    const active = this.active !== undefined && this.active.id === msg.id ? this.active : undefined;
    // The main thread's count as it reports (the shared counts are written only every few nodes).
    if (main && this.nodeCounts !== undefined && (msg.type === 'info' || msg.type === 'progress')) {
      this.nodeCounts[0] = msg.type === 'info' ? msg.info.nodes : msg.progress.nodes;
    }
    if (msg.type === 'info') {
      if (main && active) {
        active.lastInfo = msg.info;
        if (msg.info.bound === 'exact' && (msg.info.multipv ?? 1) === 1) active.lastExact = msg.info;
        active.handlers.onInfo(msg.info, this.totalNodes(msg.info.nodes));
        if (active.stopAtReport === true && active.lastExact !== undefined) this.stopUnshared(active);
      }
      return;
    }
    if (msg.type === 'progress') {
      if (main && active) active.handlers.onProgress?.(msg.progress, this.totalNodes(msg.progress.nodes));
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
        if (this.stopFlag !== undefined) Atomics.store(this.stopFlag, 0, 1); // the main answer is in: stop the helpers
        active.finishTimer = setTimeout(() => this.finish(active), HELPER_REPORT_MS);
      } else if (msg.type === 'done') {
        active.helperResults.push(msg.result);
      }
      if (active.main !== undefined && this.slots.every((s) => s.busy === 0)) this.finish(active);
    }
    this.dispatch();
  }

  /** Answers a job once its main thread has, with the result poolAnswer picks. */
  private finish(job: Job): void {
    if (this.active !== job || job.main === undefined) return;
    clearTimeout(job.finishTimer);
    this.active = undefined;
    if ('error' in job.main) {
      job.handlers.onDone({ error: job.main.error });
    } else {
      const best = poolAnswer(job.main.result, job.helperResults, job.job.limits);
      job.handlers.onDone({ result: best, nodes: this.totalNodes(best.nodes) });
    }
    this.dispatch();
  }

  /** A thread died: replace it, and fail the search it was running. */
  protected onCrash(slot: S, message: string, stack?: string): void {
    const index = this.slots.indexOf(slot);
    if (index < 0 || this.closed) return; // ended on purpose
    this.log(`bredon: search thread ${index} died: ${stack ?? message}`);
    this.terminate(slot);
    const wasBusy = slot.busy;
    // A script that cannot load would fail forever: after a few failed starts in a row, give up.
    if (!slot.ready && ++this.failedStarts >= MAX_FAILED_STARTS) return this.giveUp(message);
    this.slots[index] = this.spawn(index);
    if (index === 0 && this.active !== undefined && this.active.id === wasBusy) {
      const active = this.active;
      this.active = undefined;
      if (this.stopFlag !== undefined) Atomics.store(this.stopFlag, 0, 1);
      active.handlers.onDone({ error: message });
    }
    this.dispatch();
  }

  /** The thread script itself cannot run: stop respawning, fail what is owed, let isready through. */
  private giveUp(message: string): void {
    this.broken = `search threads cannot start: ${message}`;
    for (const slot of this.slots) this.terminate(slot);
    this.slots = [];
    const owed = [this.active, this.pending];
    this.active = undefined;
    this.pending = undefined;
    for (const job of owed) job?.handlers.onDone({ error: this.broken });
    this.flushReady();
  }
}
