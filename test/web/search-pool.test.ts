// The browser's search pool (src/web/search-pool.ts) in Node: its threads are the browser's
// search-thread.ts run in worker_threads behind a small Web Worker stand-in, in both of its
// modes: shared memory (a cross-origin isolated page) and a private table stopped by ending the
// thread. The page test (page.test.ts) needs chromium; this one runs everywhere.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker as NodeWorker } from 'node:worker_threads';
import { buildSync } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLegalMove } from '../../src/core/movegen.js';
import { parseTps } from '../../src/notation/tps.js';
import type { SearchHandlers, SearchJob } from '../../src/search/pool-core.js';
import type { SearchResult } from '../../src/search/types.js';

// The pool as this test uses it (src/web is type-checked with the DOM's types, by
// tsconfig.web.json; this file is checked without them, so it imports the module untyped).
interface BrowserSearchPool {
  readonly shared: boolean;
  whenReady(f: () => void): void;
  start(job: SearchJob, handlers: SearchHandlers): void;
  stop(): void;
  close(): void;
}
const POOL_MODULE: string = '../../src/web/search-pool.js';
const { BrowserSearchPool } = (await import(POOL_MODULE)) as {
  BrowserSearchPool: new (opts: { script: string; hashMb: number; threads: number; log: (line: string) => void }) => BrowserSearchPool;
};

// The thread's code bundled as plain JavaScript, as the page's build does (a worker cannot load TypeScript).
const dir = mkdtempSync(join(tmpdir(), 'bredon-browser-pool-'));
const SHIM = join(dir, 'search-thread.mjs');

/** Just enough of a Web Worker for the pool: postMessage, onmessage, onerror, terminate. */
class WebWorkerStandIn {
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onerror: ((e: { message: string; preventDefault(): void }) => void) | null = null;
  private readonly worker = new NodeWorker(SHIM);
  constructor() {
    this.worker.on('message', (data: unknown) => this.onmessage?.({ data }));
    this.worker.on('error', (e: Error) => this.onerror?.({ message: e.message, preventDefault: () => {} }));
  }
  postMessage(m: unknown): void {
    this.worker.postMessage(m);
  }
  terminate(): void {
    void this.worker.terminate();
  }
}

const globals = globalThis as { Worker?: unknown; crossOriginIsolated?: boolean };
const saved = { Worker: globals.Worker, crossOriginIsolated: globals.crossOriginIsolated };
beforeAll(() => {
  buildSync({ entryPoints: [fileURLToPath(new URL('./fixtures/search-thread-shim.ts', import.meta.url))], bundle: true, platform: 'node', format: 'esm', outfile: SHIM, logLevel: 'silent' });
  globals.Worker = WebWorkerStandIn;
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  globals.Worker = saved.Worker;
  globals.crossOriginIsolated = saved.crossOriginIsolated;
});

const TPS = 'x5/x5/x2,1,x2/x5/2,x4 1 2';
const job = (limits: SearchJob['limits']): SearchJob => ({ startTps: TPS, moves: [], halfKomi: 0, limits });

function run(pool: BrowserSearchPool, j: SearchJob, onInfo?: () => void): { done: Promise<SearchResult> } {
  let resolve!: (r: SearchResult) => void;
  let reject!: (e: Error) => void;
  const done = new Promise<SearchResult>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  const handlers: SearchHandlers = {
    onInfo: () => onInfo?.(),
    onDone: (o) => ('error' in o ? reject(new Error(o.error)) : resolve(o.result)),
  };
  pool.start(j, handlers);
  return { done };
}

const ready = (pool: BrowserSearchPool) => new Promise<void>((r) => pool.whenReady(r));

describe.each([true, false])('the browser search pool, shared memory %s', (shared) => {
  it('searches, stops an infinite search with a legal move, and searches again', async () => {
    globals.crossOriginIsolated = shared;
    const logs: string[] = [];
    const pool = new BrowserSearchPool({ script: 'bredon-worker.js', hashMb: 1, threads: shared ? 2 : 1, log: (l) => logs.push(l) });
    try {
      expect(pool.shared).toBe(shared);
      await ready(pool);
      const root = parseTps(TPS);
      const first = await run(pool, job({ depth: 3 })).done;
      expect(first.depth).toBe(3);
      expect(isLegalMove(root, first.best)).toBe(true);
      // An infinite search: stopped once it has reported.
      let reported!: () => void;
      const info = new Promise<void>((r) => (reported = r));
      const infinite = run(pool, job({ infinite: true }), () => reported());
      await info;
      pool.stop();
      const stopped = await infinite.done;
      expect(isLegalMove(root, stopped.best)).toBe(true);
      expect(stopped.depth).toBeGreaterThan(0);
      await ready(pool);
      const again = await run(pool, job({ depth: 2 })).done;
      expect(isLegalMove(root, again.best)).toBe(true);
      expect(logs.filter((l) => /died|failed/.test(l))).toEqual([]);
    } finally {
      pool.close();
    }
  }, 30_000);
});
