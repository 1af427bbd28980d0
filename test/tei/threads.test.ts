// The search pool (src/search/worker.ts) on its own, with the built program as worker script:
// reports and results, helpers, stop, giving up on a thread, and a script that cannot run.

import { afterEach, describe, expect, it } from 'vitest';
import { isLegalMove } from '../../src/core/movegen.js';
import { parseTps, startTps } from '../../src/notation/tps.js';
import type { SearchInfo, SearchLimits, SearchResult } from '../../src/search/types.js';
import { SearchPool, type SearchJob } from '../../src/search/worker.js';
import { PROGRAM } from './engine.js';

const pools: SearchPool[] = [];
function pool(threads = 1, script: string | URL = PROGRAM): SearchPool {
  const logs: string[] = [];
  const p = new SearchPool({ hashMb: 8, threads, script, log: (l) => logs.push(l) });
  pools.push(p);
  return p;
}
afterEach(() => {
  for (const p of pools.splice(0)) p.close();
});

type Outcome = { result: SearchResult; nodes: number } | { error: string };

function search(p: SearchPool, limits: SearchLimits, size = 6): { infos: SearchInfo[]; done: Promise<Outcome> } {
  const infos: SearchInfo[] = [];
  const job: SearchJob = { startTps: startTps(size), moves: [], halfKomi: 0, limits };
  const done = new Promise<Outcome>((resolve) => p.start(job, { onInfo: (info) => infos.push(info), onDone: resolve }));
  return { infos, done };
}

function ready(p: SearchPool): Promise<void> {
  return new Promise((resolve) => p.whenReady(resolve));
}

function legal(outcome: Outcome, size = 6): boolean {
  return 'result' in outcome && isLegalMove(parseTps(startTps(size)), outcome.result.best);
}

describe('SearchPool', () => {
  it('relays per-depth reports and a legal result', async () => {
    const p = pool();
    await ready(p);
    const { infos, done } = search(p, { depth: 3 });
    const outcome = await done;
    expect(legal(outcome)).toBe(true);
    expect(infos.filter((i) => i.bound === 'exact').map((i) => i.depth)).toEqual([1, 2, 3]);
    expect(p.searching).toBe(false);
  });

  it('stops an infinite search through the shared flag, with helpers', async () => {
    const p = pool(3);
    await ready(p);
    const { infos, done } = search(p, { infinite: true }, 5);
    while (infos.length === 0) await new Promise((r) => setTimeout(r, 5));
    p.stop();
    const outcome = await done;
    expect(legal(outcome, 5)).toBe(true);
    // The next search waits for the helpers to wind down, then runs normally.
    const again = await search(p, { depth: 2 }, 5).done;
    expect(legal(again, 5)).toBe(true);
  });

  it('answers a Multi-PV search with the main thread\'s lines, not a deeper single-line helper', async () => {
    const p = pool(3);
    await ready(p);
    // Four lines per depth make the main thread slower than its single-line helpers.
    const { infos, done } = search(p, { softMs: 700, hardMs: 700, multiPV: 4 }, 5);
    const outcome = await done;
    expect(legal(outcome, 5)).toBe(true);
    const lines = infos.filter((i) => i.bound === 'exact');
    expect(lines.every((i) => i.multipv !== undefined)).toBe(true);
    const deepest = lines.at(-1)!.depth;
    const first = lines.find((i) => i.depth === deepest && i.multipv === 1)!;
    expect(lines.filter((i) => i.depth === deepest).map((i) => i.multipv)).toEqual([1, 2, 3, 4]);
    const { result } = outcome as { result: SearchResult };
    expect([result.depth, result.best]).toEqual([deepest, first.pv[0]]);
  });

  it('replaces its threads when abandoned, and resizes the table', async () => {
    const p = pool(2);
    await ready(p);
    search(p, { infinite: true });
    p.abandon(); // no onDone for that one
    p.setHash(4);
    p.setThreads(1);
    const outcome = await search(p, { depth: 2 }).done;
    expect(legal(outcome)).toBe(true);
  });

  it('gives up on a script that cannot run, failing searches instead of hanging', async () => {
    const p = pool(1, new URL('data:text/javascript,throw new Error("no engine here")'));
    await ready(p); // isready is let through
    const outcome = await search(p, { depth: 2 }).done;
    expect(outcome).toMatchObject({ error: expect.stringMatching(/cannot start: no engine here/) });
  });
});
