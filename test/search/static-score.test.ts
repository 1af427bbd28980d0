// The static score the search gives a position (eval/static-score.ts): the linear evaluation plus
// a residual network, a network fitted with --no-residual alone, whatever a search did before.
import { describe, expect, it, vi } from 'vitest';
import { NetAccumulator } from '../../src/eval/net/accumulator.js';
import { networkFor } from '../../src/eval/net/nets.js';
import { staticScore } from '../../src/eval/static-score.js';
import { parseTps } from '../../src/notation/tps.js';
import { Searcher } from '../../src/search/search.js';
import { TranspositionTable } from '../../src/search/tt.js';

// 6x6 plays a standalone network of random weights here; the other sizes keep theirs.
vi.mock('../../src/eval/net/nets.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/eval/net/nets.js')>();
  const { randomNetData } = await import('../eval/net/random-net.js');
  const { parseNetwork, serializeNetwork } = await import('../../src/eval/net/network.js');
  const standalone = parseNetwork(serializeNetwork({ ...randomNetData(6, 16, 7), residual: false }));
  return { ...actual, networkFor: (size: number) => (size === 6 ? standalone : actual.networkFor(size)) };
});

const SIX = 'x2,2,x3/x,2,1,x,2,x/x,1,21,1C,x2/x,2,1,2C,1,x/x2,1,x3/x6 1 9';
const FIVE = 'x2,2,x,2/x,12,x,12,x/212,x2,2121C,x/x,1,112221,1,1/x5 2 21';


describe('the static score', () => {
  it('is the network alone for a network fitted with --no-residual', () => {
    const net = networkFor(6)!;
    expect(net.residual).toBe(false);
    const pos = parseTps(SIX);
    const acc = new NetAccumulator(net, 2);
    acc.refresh(pos, 0);
    const alone = Math.round(acc.evaluate(pos, 0));
    expect(staticScore(pos, 4, true)).toBe(alone);
    expect(staticScore(pos, 4, false)).not.toBe(alone); // the linear evaluation, another value
  });

  it('is the linear evaluation plus a residual network, whatever was searched or scored before', () => {
    expect(networkFor(5)!.residual).toBe(true);
    const pos = parseTps(FIVE);
    const on = staticScore(pos, 4, true);
    const off = staticScore(pos, 4, false);
    expect(on).not.toBe(off);
    const zero = staticScore(pos, 0, true);
    expect(zero).not.toBe(on); // komi counts
    new Searcher({ table: TranspositionTable.create(4, false), stop: new Int32Array(1) }).search(parseTps(FIVE), 4, { depth: 3 });
    staticScore(parseTps(SIX), 0, true); // another size's network
    expect(staticScore(pos, 4, false)).toBe(off);
    expect(staticScore(pos, 0, true)).toBe(zero);
    expect(staticScore(pos, 4, true)).toBe(on);
  });
});
