// What a search thread does with a job, the same in a node:worker_threads worker
// (src/search/worker.ts) and a browser Web Worker (src/web/search-thread.ts): rebuild the root
// from the start TPS and the moves (so that repetitions in the game are seen), search, and post
// the reports and the answer, each line continued from the table as far as the search reached.

import { makeMove } from '../core/makemove.js';
import { parseTps } from '../notation/tps.js';
import type { FromThread, SearchMessage } from './pool-core.js';
import { extendPv } from './pv.js';
import type { Searcher } from './search.js';
import type { TranspositionTable } from './tt.js';
import type { SearchInfo, SearchProgress } from './types.js';

/** Searches one job on this thread's searcher and table; a failure is posted, never thrown. */
export function runJob(searcher: Searcher, table: TranspositionTable, msg: SearchMessage, post: (m: FromThread) => void): void {
  const { id, job } = msg;
  try {
    const pos = parseTps(job.startTps, job.reserves);
    for (const m of job.moves) makeMove(pos, m);
    // Reports come between iterations, when pos is the root again: lines are continued from
    // the table as far as the search reached (see pv.ts).
    const onInfo = (info: SearchInfo) => {
      info.pv = extendPv(pos, info.pv, table, Math.max(info.depth, info.seldepth));
      post({ type: 'info', id, info });
    };
    const onProgress = (nodes: number, seldepth: number, currMove: number, currMoveNumber: number) => {
      const progress: SearchProgress = { nodes, seldepth, currMove, currMoveNumber, hashfull: table.hashfull() };
      post({ type: 'progress', id, progress });
    };
    const result = searcher.search(pos, job.halfKomi, job.limits, onInfo, onProgress);
    result.seldepth = searcher.lastSeldepth;
    result.hashfull = table.hashfull();
    if (result.best !== 0) {
      const pv = extendPv(pos, result.pv[0] === result.best ? result.pv : [result.best], table, Math.max(result.depth, result.seldepth));
      if (pv[0] === result.best) result.pv = pv;
    }
    post({ type: 'done', id, result });
  } catch (e) {
    const err = e instanceof Error ? e : new Error(String(e));
    post({ type: 'failed', id, message: err.message, stack: err.stack });
  }
}
