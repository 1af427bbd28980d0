// A search thread that overruns its deadline: the session answers on time from the last
// completed depth, and the late thread is kept and searches the next move; a thread stuck for
// longer than the pool's stall limit is replaced. The threads are a stand-in that stalls on
// purpose (fixtures/stalling-worker.mjs), so that the test takes a second, not a loaded machine.

import { afterEach, describe, expect, it } from 'vitest';
import { SearchPool } from '../../src/search/worker.js';
import { Session } from '../../src/tei/session.js';

const SCRIPT = new URL('./fixtures/stalling-worker.mjs', import.meta.url);

let pool: SearchPool | undefined;
afterEach(() => pool?.close());

function setup(stallMs: number) {
  const out: string[] = [];
  const logs: string[] = [];
  pool = new SearchPool({ hashMb: 1, threads: 1, script: SCRIPT, stallMs, log: (l) => logs.push(l) });
  const session = new Session({ out: (l) => out.push(l), backend: pool, version: 'test', onQuit: () => {}, log: (l) => logs.push(l) });
  const until = async (what: string, done: () => boolean) => {
    const deadline = Date.now() + 10_000;
    while (!done()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; output: ${out.join(' | ')}; log: ${logs.join(' | ')}`);
      await new Promise((r) => setTimeout(r, 5));
    }
  };
  const bestmoves = () => out.filter((l) => l.startsWith('bestmove'));
  return { out, logs, session, until, bestmoves, pool: pool! };
}

describe('a search thread that overruns its deadline', () => {
  it('is answered for from the last completed depth, then kept and reused when it finishes', async () => {
    const { out, logs, session, until, bestmoves, pool } = setup(5000);
    session.handle('position startpos');
    await new Promise<void>((r) => pool.whenReady(r));
    const table = (pool as unknown as { table: unknown }).table;
    // The thread ignores the stop flag for 600 ms; the deadline of a 100 ms search is far sooner.
    session.handle('setoption name HalfKomi value 6');
    session.handle('go movetime 100');
    await until('the answer', () => bestmoves().length === 1);
    expect(bestmoves()).toEqual(['bestmove a1']);
    expect(out.some((l) => l.startsWith('info depth 1 '))).toBe(true); // the depth it answered from
    expect(pool.searching).toBe(true); // answered while the thread still runs
    expect(logs.filter((l) => l.includes('answering from its last completed depth'))).toHaveLength(1);
    // The next search waits for that thread and runs on it: its second search.
    session.handle('setoption name HalfKomi value 0');
    session.handle('go movetime 2000');
    await until('the second answer', () => bestmoves().length === 2);
    expect(out.filter((l) => l.startsWith('info depth 1 ')).at(-1)).toMatch(/ nodes 2 /);
    expect(logs.filter((l) => /replacing/.test(l))).toEqual([]);
    expect((pool as unknown as { table: unknown }).table).toBe(table); // and its table
  });

  it('is replaced when it stays busy past the stall limit', async () => {
    const { out, logs, session, until, bestmoves, pool } = setup(300);
    session.handle('position startpos');
    await new Promise<void>((r) => pool.whenReady(r));
    session.handle('setoption name HalfKomi value 20'); // stuck for 2 s
    session.handle('go movetime 50');
    await until('the answer', () => bestmoves().length === 1);
    session.handle('setoption name HalfKomi value 0');
    session.handle('go movetime 3000');
    await until('the second answer', () => bestmoves().length === 2);
    expect(logs.filter((l) => /stayed busy 300 ms after it was stopped; replacing it/.test(l))).toHaveLength(1);
    // A new thread: its first search.
    expect(out.filter((l) => l.startsWith('info depth 1 ')).at(-1)).toMatch(/ nodes 1 /);
  });
});
