// The search with the network evaluation: on unless turned off (limits.network false, the TEI
// option Network false), only on sizes that have a network, and the same tree whatever else is
// going on.
import { describe, expect, it } from 'vitest';
import { networkFor } from '../../src/eval/net/nets.js';
import { parseTps } from '../../src/notation/tps.js';
import { Searcher } from '../../src/search/search.js';
import { TranspositionTable } from '../../src/search/tt.js';

function search(tps: string, network: boolean | undefined) {
  const table = TranspositionTable.create(4, false);
  const searcher = new Searcher({ table, stop: new Int32Array(1) });
  return searcher.search(parseTps(tps), 4, network === undefined ? { depth: 4 } : { depth: 4, network });
}

describe('the search with a network', () => {
  const six = 'x2,2,x3/x,2,1,x,2,x/x,1,21,1C,x2/x,2,1,2C,1,x/x2,1,x3/x6 1 9';
  // 4x4 will have no network: its games are decided by the first player's edge.
  const four = 'x4/x,2,1,x/x,1,2,x/x,1,2,x 1 4';

  it('is on unless turned off, and changes the 6x6 search', () => {
    expect(networkFor(6)).toBeDefined();
    const on = search(six, undefined);
    expect(search(six, true)).toEqual(on);
    const off = search(six, false);
    expect(on.nodes).not.toBe(off.nodes);
    // The same search twice: the accumulators start afresh at every root.
    expect(search(six, true)).toEqual(on);
  });

  it('leaves a size without a network to the linear evaluation', () => {
    expect(networkFor(4)).toBeUndefined();
    expect(search(four, true)).toEqual(search(four, false));
  });
});
