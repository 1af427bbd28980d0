// The engine worker's search threads in the browser: nested Web Workers, each a search-thread.ts.
// It is the browser's SearchPool (src/search/worker.ts is built on node:worker_threads), and it
// gives the TEI session the same SearchBackend, so the session code is the very same.
//
// Two modes, chosen by what the page allows:
// - Shared (the page is cross-origin isolated, so SharedArrayBuffer exists; `bredon serve` sends
//   the headers): the table, the stop flag and the node counts are shared; Threads > 1 adds
//   lazy-SMP helpers, as in Node; `stop` sets the flag and the search answers within
//   milliseconds with its best move.
// - Single (no shared memory): one thread with a private table. Nothing can reach a running
//   search, so `stop` terminates the thread and answers with the first move of the last
//   completed iteration (or the first legal move before any), then starts a fresh thread (the
//   table is lost with it). Threads is held at 1.

import { makeMove } from '../core/makemove.js';
import { legalMoves } from '../core/movegen.js';
import { parseTps } from '../notation/tps.js';
import { TranspositionTable } from '../search/tt.js';
import { poolAnswer } from '../search/pool-answer.js';
import type { SearchInfo, SearchLimits, SearchResult } from '../search/types.js';
import type { SearchHandlers, SearchJob } from '../search/worker.js';
import type { SearchBackend } from '../tei/session.js';
import { SEARCH_THREAD_NAME, type FromThread, type ToThread } from './search-thread.js';

/** The most threads a page may run: a browser tab shares the machine with everything else. */
export const MAX_BROWSER_THREADS = 16;
/** How long the answer waits, after the main thread's, for stopped helpers to report. */
const HELPER_REPORT_MS = 10;

interface Slot {
  worker: Worker;
  busy: number;
  ready: boolean;
}

interface Job {
  id: number;
  job: SearchJob;
  handlers: SearchHandlers;
  startedAt: number;
  stopped: boolean;
  lastInfo?: SearchInfo;
  main?: { result: SearchResult } | { error: string };
  helperResults: SearchResult[];
  finishTimer?: ReturnType<typeof setTimeout>;
}

export interface BrowserPoolOptions {
  /** The script of the search threads (the engine bundle itself). */
  script: string;
  hashMb: number;
  threads: number;
  log: (line: string) => void;
}

export class BrowserSearchPool implements SearchBackend {
  /** Whether the threads share memory (see the modes above). */
  readonly shared = typeof SharedArrayBuffer === 'function' && (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated === true;
  private readonly script: string;
  private readonly log: (line: string) => void;
  private readonly stopFlag: Int32Array | undefined;
  private readonly nodeCounts: Float64Array | undefined;
  private table: TranspositionTable | undefined;
  private hashMb: number;
  private slots: Slot[] = [];
  private nextId = 1;
  private active: Job | undefined;
  private pending: Job | undefined;
  private readyWaiters: (() => void)[] = [];
  private warnedThreads = false;
  private failedStarts = 0;
  /** Why no thread can run, once starting them failed repeatedly. */
  private broken: string | undefined;

  constructor(opts: BrowserPoolOptions) {
    this.script = opts.script;
    this.log = opts.log;
    this.hashMb = opts.hashMb;
    if (this.shared) {
      this.stopFlag = new Int32Array(new SharedArrayBuffer(4));
      this.nodeCounts = new Float64Array(new SharedArrayBuffer(8 * MAX_BROWSER_THREADS));
      this.table = TranspositionTable.create(opts.hashMb, true);
    }
    this.setThreads(opts.threads);
  }

  get threads(): number {
    return this.slots.length;
  }

  whenReady(f: () => void): void {
    if (this.slots.every((s) => s.ready)) f();
    else this.readyWaiters.push(f);
  }

  private flushReady(): void {
    if (!this.slots.every((s) => s.ready)) return;
    const w = this.readyWaiters;
    this.readyWaiters = [];
    for (const f of w) f();
  }

  setHash(megabytes: number): void {
    this.hashMb = megabytes;
    if (this.shared) {
      this.table = TranspositionTable.create(megabytes, true);
      for (const s of this.slots) this.post(s, { type: 'table', buffer: this.table.buffer as SharedArrayBuffer });
    } else {
      for (const s of this.slots) this.post(s, { type: 'hash', megabytes });
    }
  }

  setThreads(n: number): void {
    if (this.broken !== undefined) return;
    let want = Math.max(1, Math.min(n, MAX_BROWSER_THREADS));
    if (!this.shared && want > 1) {
      if (!this.warnedThreads) this.log('bredon: one search thread only: this page is not cross-origin isolated, so threads cannot share memory');
      this.warnedThreads = true;
      want = 1;
    }
    while (this.slots.length > want) this.slots.pop()!.worker.terminate();
    while (this.slots.length < want) this.slots.push(this.spawn(this.slots.length));
    this.flushReady();
  }

  newGame(): void {
    this.table?.clear();
    for (const s of this.slots) this.post(s, { type: 'newgame' });
  }

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

  stop(): void {
    if (this.pending) this.pending.stopped = true;
    if (this.stopFlag !== undefined) {
      Atomics.store(this.stopFlag, 0, 1);
      return;
    }
    // No shared flag: end the thread, answer from what it reported, start a fresh one.
    const job = this.active;
    if (job === undefined) return;
    this.active = undefined;
    for (const s of this.slots) s.worker.terminate();
    this.slots = [];
    this.setThreads(1);
    job.handlers.onDone({ result: this.resultFromReports(job), nodes: job.lastInfo?.nodes ?? 0 });
    this.dispatch();
  }

  /** A stopped private-table search's answer: its last completed iteration, or a legal move. */
  private resultFromReports(job: Job): SearchResult {
    const info = job.lastInfo;
    if (info !== undefined && info.pv.length > 0) {
      return { best: info.pv[0]!, score: info.score, depth: info.depth, nodes: info.nodes, pv: info.pv, seldepth: info.seldepth, hashfull: info.hashfull };
    }
    const pos = parseTps(job.job.startTps, job.job.reserves);
    for (const m of job.job.moves) makeMove(pos, m);
    return { best: legalMoves(pos)[0] ?? 0, score: 0, depth: 0, nodes: 0, pv: [] };
  }

  abandon(): void {
    this.active = undefined;
    this.pending = undefined;
    const n = Math.max(1, this.slots.length);
    for (const s of this.slots) s.worker.terminate();
    this.slots = [];
    this.setThreads(n);
  }

  close(): void {
    this.active = undefined;
    this.pending = undefined;
    for (const s of this.slots) s.worker.terminate();
    this.slots = [];
  }

  private post(slot: Slot, msg: ToThread): void {
    slot.worker.postMessage(msg);
  }

  private spawn(threadIndex: number): Slot {
    const worker = new Worker(this.script, { name: SEARCH_THREAD_NAME });
    const slot: Slot = { worker, busy: 0, ready: false };
    worker.onmessage = (e: MessageEvent) => this.onMessage(slot, e.data as FromThread);
    worker.onerror = (e: ErrorEvent) => {
      e.preventDefault();
      this.onCrash(slot, e.message || 'the search thread failed to start');
    };
    this.post(slot, {
      type: 'init',
      threadIndex,
      hashMb: this.hashMb,
      table: this.table?.buffer as SharedArrayBuffer | undefined,
      stop: this.stopFlag?.buffer as SharedArrayBuffer | undefined,
      nodes: this.nodeCounts?.buffer as SharedArrayBuffer | undefined,
    });
    return slot;
  }

  private dispatch(): void {
    const job = this.pending;
    if (job === undefined || this.active !== undefined || this.slots.some((s) => s.busy !== 0)) return;
    this.pending = undefined;
    this.active = job;
    if (this.stopFlag !== undefined) Atomics.store(this.stopFlag, 0, job.stopped ? 1 : 0);
    const waited = performance.now() - job.startedAt;
    const limits: SearchLimits = { ...job.job.limits };
    if (limits.softMs !== undefined) limits.softMs = Math.max(0, Math.floor(limits.softMs - waited));
    if (limits.hardMs !== undefined) limits.hardMs = Math.max(1, Math.floor(limits.hardMs - waited));
    this.nodeCounts?.fill(0);
    for (const s of this.slots) {
      s.busy = job.id;
      this.post(s, { type: 'search', id: job.id, job: { ...job.job, limits } });
    }
    if (job.stopped && this.stopFlag === undefined) this.stop();
  }

  private totalNodes(fallback: number): number {
    if (this.nodeCounts === undefined) return fallback;
    let n = 0;
    for (let i = 0; i < this.slots.length; i++) n += this.nodeCounts[i]!;
    return Math.max(n, fallback);
  }

  private onMessage(slot: Slot, msg: FromThread): void {
    if (msg.type === 'ready') {
      slot.ready = true;
      this.failedStarts = 0;
      return this.flushReady();
    }
    if (msg.id !== slot.busy) return;
    const main = slot === this.slots[0];
    const active = this.active !== undefined && this.active.id === msg.id ? this.active : undefined;
    if (msg.type === 'info') {
      if (main && active) {
        active.lastInfo = msg.info;
        active.handlers.onInfo(msg.info, this.totalNodes(msg.info.nodes));
      }
      return;
    }
    if (msg.type === 'progress') {
      if (main && active) active.handlers.onProgress?.(msg.progress, this.totalNodes(msg.progress.nodes));
      return;
    }
    slot.busy = 0;
    if (msg.type === 'failed') this.log(`bredon: ${main ? '' : 'helper '}search failed: ${msg.message}`);
    if (active) {
      if (main) {
        active.main = msg.type === 'done' ? { result: msg.result } : { error: msg.message };
        if (this.stopFlag !== undefined) Atomics.store(this.stopFlag, 0, 1);
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

  private onCrash(slot: Slot, message: string): void {
    const index = this.slots.indexOf(slot);
    if (index < 0) return;
    this.log(`bredon: search thread ${index} died: ${message}`);
    slot.worker.terminate();
    const wasBusy = slot.busy;
    // A script that cannot load would fail forever: after a few failed starts in a row, give up.
    if (!slot.ready && ++this.failedStarts >= 3) {
      this.broken = `search threads cannot start: ${message}`;
      this.slots.splice(index, 1);
    } else {
      this.slots[index] = this.spawn(index);
    }
    const owed = this.broken !== undefined ? [this.active, this.pending] : index === 0 && this.active?.id === wasBusy ? [this.active] : [];
    for (const job of owed) {
      if (job === undefined) continue;
      if (job === this.active) this.active = undefined;
      if (job === this.pending) this.pending = undefined;
      if (this.stopFlag !== undefined) Atomics.store(this.stopFlag, 0, 1);
      job.handlers.onDone({ error: this.broken ?? message });
    }
    this.flushReady();
    this.dispatch();
  }
}
