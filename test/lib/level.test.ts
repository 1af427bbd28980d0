// The library's `level` option: a level below full strength still takes a road in one, a
// level out of range is refused with TakError, and level 10 is the full search.

import { describe, expect, it } from 'vitest';

// The built library (npm test builds it first): its search runs in worker threads, which load
// the bundle, not the TypeScript sources.
type Lib = typeof import('../../src/lib/index.js');
const { search, TakError } = (await import(new URL('../../dist/lib.js', import.meta.url).href)) as Lib;

describe('search with a level', () => {
  it('level 2 takes a road in one; level 10 and no level search the same', async () => {
    const won = await search('2,2,x3/x5/x5/x5/1,1,1,1,x 1 5', { level: 2, depth: 4 });
    expect(won.bestMove).toMatch(/e1$/);
    const tps = 'x6/x,2,x,1,x2/x,2,1,12C,2,x/x,1,21,1,2S,x/x,1,x,2,x2/1,x5 1 9';
    const full = await search(tps, { level: 10, depth: 3 });
    const plain = await search(tps, { depth: 3 });
    expect(full.bestMove).toBe(plain.bestMove);
    expect(full.nodes).toBe(plain.nodes);
  });

  it('refuses a level outside 1-10', async () => {
    await expect(search('x5/x5/x5/x5/x5 1 1', { level: 0, depth: 1 })).rejects.toThrow(TakError);
    await expect(search('x5/x5/x5/x5/x5 1 1', { level: 11, depth: 1 })).rejects.toThrow(/level must be a whole number from 1 to 10/);
  });
});
