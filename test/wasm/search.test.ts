// The search in WebAssembly (src/wasm/searcher.ts over src/wasm/assembly/search.ts) against the
// TypeScript Searcher: `bredon bench`'s positions (4x4 to 8x8, networks on and off) searched to
// the same depth from an empty table give the same nodes, best move, score and line, position by
// position, so the bench signature is the same; and a node-limited search stops where Searcher's does.
import { describe, expect, it } from 'vitest';
import { parseTps } from '../../src/notation/tps.js';
import { BENCH_POSITIONS } from '../../src/search/bench-positions.js';
import { Searcher } from '../../src/search/search.js';
import { TranspositionTable } from '../../src/search/tt.js';
import { WasmSearcher } from '../../src/wasm/searcher.js';

function compare(depth: number, network: boolean): number {
  const table = TranspositionTable.create(16, false);
  const wasm = new WasmSearcher(16);
  let nodes = 0;
  BENCH_POSITIONS.forEach((tps, i) => {
    table.clear();
    const ts = new Searcher({ table, stop: new Int32Array(1) }).search(parseTps(tps), 0, { depth, network });
    wasm.clear();
    const wa = wasm.search(parseTps(tps), 0, { depth, network });
    expect({ i, nodes: wa.nodes, best: wa.best, score: wa.score, pv: wa.pv }).toEqual({ i, nodes: ts.nodes, best: ts.best, score: ts.score, pv: ts.pv });
    nodes += wa.nodes;
  });
  return nodes;
}

describe('the WebAssembly search', () => {
  it('searches the bench positions node for node as Searcher, networks on (the bench signature)', () => {
    expect(compare(6, true)).toBe(247_413);
  });

  it('and with the linear evaluation alone', () => {
    expect(compare(5, false)).toBeGreaterThan(10_000);
  });
});
