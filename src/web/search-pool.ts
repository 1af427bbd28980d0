// The engine worker's search threads in the browser: nested Web Workers, each a search-thread.ts.
// It is the browser's SearchPool: the bookkeeping is the same SearchPoolCore
// (src/search/pool-core.ts) as Node's (src/search/worker.ts, on node:worker_threads), and it gives
// the TEI session the same SearchBackend, so the session code is the very same.
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

import { SearchPoolCore, type FromThread, type SearchMessage, type ThreadSlot } from '../search/pool-core.js';
import { TranspositionTable } from '../search/tt.js';
import type { SearchBackend } from '../tei/session.js';
import { SEARCH_THREAD_NAME, type ToThread } from './search-thread.js';

/** The most threads a page may run: a browser tab shares the machine with everything else. */
export const MAX_BROWSER_THREADS = 16;

interface Slot extends ThreadSlot {
  worker: Worker;
}

export interface BrowserPoolOptions {
  /** The script of the search threads (the engine bundle itself). */
  script: string;
  hashMb: number;
  threads: number;
  log: (line: string) => void;
}

/** Whether this page's threads can share memory (see the modes above). */
function canShare(): boolean {
  return typeof SharedArrayBuffer === 'function' && (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated === true;
}

export class BrowserSearchPool extends SearchPoolCore<Slot> implements SearchBackend {
  /** Whether the threads share memory (see the modes above). */
  readonly shared: boolean;
  private readonly script: string;
  private table: TranspositionTable | undefined;
  private hashMb: number;
  private warnedThreads = false;

  constructor(opts: BrowserPoolOptions) {
    const shared = canShare();
    super({
      log: opts.log,
      shared: shared ? { stop: new Int32Array(new SharedArrayBuffer(4)), nodes: new Float64Array(new SharedArrayBuffer(8 * MAX_BROWSER_THREADS)) } : undefined,
    });
    this.shared = shared;
    this.script = opts.script;
    this.hashMb = opts.hashMb;
    if (shared) this.table = TranspositionTable.create(opts.hashMb, true);
    this.setThreads(opts.threads);
  }

  setHash(megabytes: number): void {
    this.hashMb = megabytes;
    if (this.shared) {
      this.table = TranspositionTable.create(megabytes, true);
      for (const s of this.slots) this.send(s, { type: 'table', buffer: this.table.buffer as SharedArrayBuffer });
    } else {
      for (const s of this.slots) this.send(s, { type: 'hash', megabytes });
    }
  }

  setThreads(n: number): void {
    let want = Math.max(1, Math.min(n, MAX_BROWSER_THREADS));
    if (!this.shared && want > 1) {
      if (!this.warnedThreads) this.log('bredon: one search thread only: this page is not cross-origin isolated, so threads cannot share memory');
      this.warnedThreads = true;
      want = 1;
    }
    this.resize(want);
  }

  newGame(): void {
    this.table?.clear();
    for (const s of this.slots) this.send(s, { type: 'newgame' });
  }

  private send(slot: Slot, msg: ToThread): void {
    slot.worker.postMessage(msg);
  }

  protected post(slot: Slot, msg: SearchMessage): void {
    this.send(slot, msg);
  }

  protected terminate(slot: Slot): void {
    slot.worker.terminate();
  }

  protected spawn(threadIndex: number): Slot {
    const worker = new Worker(this.script, { name: SEARCH_THREAD_NAME });
    const slot: Slot = { worker, busy: 0, ready: false };
    worker.onmessage = (e: MessageEvent) => this.onMessage(slot, e.data as FromThread);
    worker.onerror = (e: ErrorEvent) => {
      e.preventDefault();
      this.onCrash(slot, e.message || 'the search thread failed to start');
    };
    this.send(slot, {
      type: 'init',
      threadIndex,
      hashMb: this.hashMb,
      table: this.table?.buffer as SharedArrayBuffer | undefined,
      stop: this.stopFlag?.buffer as SharedArrayBuffer | undefined,
      nodes: this.nodeCounts?.buffer as SharedArrayBuffer | undefined,
    });
    return slot;
  }
}
