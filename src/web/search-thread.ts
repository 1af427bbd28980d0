// A search thread in the browser: a nested Web Worker running one Searcher, the browser's
// counterpart of runSearchWorker in src/search/worker.ts (which is built on node:worker_threads).
//
// With shared memory (a cross-origin isolated page: SharedArrayBuffer exists) the table, the
// stop flag and the node counts are shared with the engine worker and the other threads, as in
// Node. Without it the thread owns a private table and a stop flag nobody else can set: the
// engine worker stops it by terminating it (see search-pool.ts).

import type { FromThread, SearchMessage } from '../search/pool-core.js';
import { Searcher } from '../search/search.js';
import { runJob } from '../search/thread-job.js';
import { TranspositionTable } from '../search/tt.js';

/** The name the engine worker gives its search threads: the bundle reads it to choose its role. */
export const SEARCH_THREAD_NAME = 'bredon-search';

export type ToThread =
  | { type: 'init'; threadIndex: number; hashMb: number; table?: SharedArrayBuffer; stop?: SharedArrayBuffer; nodes?: SharedArrayBuffer }
  | SearchMessage
  | { type: 'table'; buffer: SharedArrayBuffer }
  | { type: 'hash'; megabytes: number }
  | { type: 'newgame' };


interface ThreadScope {
  postMessage(message: unknown): void;
  onmessage: ((e: MessageEvent) => void) | null;
}

/** The thread's message loop (call in a search thread only). */
export function runSearchThread(scope: ThreadScope): void {
  let table: TranspositionTable | undefined;
  let stop: Int32Array = new Int32Array(1);
  let nodeCounts: Float64Array | undefined;
  let threadIndex = 0;
  let searcher: Searcher | undefined;
  const make = () => {
    searcher = new Searcher({ table: table!, stop, threadIndex, nodeCounts });
  };
  const post = (m: FromThread) => scope.postMessage(m);
  scope.onmessage = (e: MessageEvent) => {
    const msg = e.data as ToThread;
    try {
      if (msg.type === 'init') {
        threadIndex = msg.threadIndex;
        table = msg.table !== undefined ? new TranspositionTable(msg.table) : TranspositionTable.create(msg.hashMb, false);
        if (msg.stop !== undefined) stop = new Int32Array(msg.stop);
        if (msg.nodes !== undefined) nodeCounts = new Float64Array(msg.nodes);
        make();
        post({ type: 'ready' });
      } else if (msg.type === 'table') {
        table = new TranspositionTable(msg.buffer);
        make();
      } else if (msg.type === 'hash') {
        table = TranspositionTable.create(msg.megabytes, false);
        make();
      } else if (msg.type === 'newgame') {
        searcher?.newGame();
        if (nodeCounts === undefined) table?.clear(); // a private table: no one else clears it
      } else if (msg.type === 'search') {
        runJob(searcher!, table!, msg, post);
      }
    } catch (err) {
      // A message the thread could not act on (e.g. a table it could not allocate): say so.
      post({ type: 'failed', id: msg.type === 'search' ? msg.id : 0, message: (err as Error).message });
    }
  };
}
