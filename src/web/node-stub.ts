// Stands in for node:worker_threads in the browser bundles: the TEI session imports a constant
// from src/search/worker.ts, whose Node search pool is never started in a browser (the browser
// has its own, search-pool.ts). Anything that reaches for it anyway fails loudly.

export const isMainThread = true;
export const parentPort = null;
export const workerData = null;
export class Worker {
  constructor() {
    throw new Error('node:worker_threads is not available in a browser');
  }
}
