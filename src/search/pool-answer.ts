// Which thread's result a lazy-SMP search answers with, for both pools (worker_threads in
// src/search/worker.ts, browser workers in src/web/search-pool.ts).

import { WIN_THRESHOLD, type SearchLimits, type SearchResult } from './types.js';

/**
 * The result of the thread that completed the deepest iteration (the main thread's on a tie), as
 * helpers sometimes get further; but the main thread's own whenever it proved a win (the tinue
 * prover's answer in analysis) or searched several lines (Multi-PV: only its lines were
 * reported, and `bestmove` must be their first line's move).
 */
export function poolAnswer(main: SearchResult, helpers: readonly SearchResult[], limits: SearchLimits): SearchResult {
  if ((limits.multiPV ?? 1) > 1 || main.score >= WIN_THRESHOLD) return main;
  let best = main;
  for (const r of helpers) if (r.best !== 0 && r.depth > best.depth) best = r;
  return best;
}
