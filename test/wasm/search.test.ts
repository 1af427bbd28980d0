// The search in WebAssembly (the Searcher's default core, src/wasm/search-core.ts over
// src/wasm/assembly/search.ts) against the same Searcher searching in TypeScript: bredon bench's
// positions (4x4 to 8x8, networks on and off) searched to the same depth from an empty table give
// the same nodes, best move, score and line, position by position (the bench signature); and so do
// node-limited, Multi-PV and level searches, a search of a game with repetitions in its history,
// and a second search on the same table.
import { describe, expect, it } from 'vitest';
import { makeMove } from '../../src/core/makemove.js';
import { parseMove } from '../../src/notation/ptn-move.js';
import { parsePtnGames, replayGame } from '../../src/notation/ptn-game.js';
import { parseTps } from '../../src/notation/tps.js';
import type { Position } from '../../src/core/position.js';
import { BENCH_POSITIONS } from '../../src/search/bench-positions.js';
import { Searcher } from '../../src/search/search.js';
import { TranspositionTable } from '../../src/search/tt.js';
import type { SearchInfo, SearchLimits, SearchResult } from '../../src/search/types.js';
import { readRepo } from '../repo.js';

const MIDDLE_6 = 'x6/x,2,x,1,x2/x,2,1,12C,2,x/x,1,21,1,2S,x/x,1,x,2,x2/1,x5 1 9';

/** Both cores' results (and reported lines) for the same searches on fresh tables. */
function both(make: () => Position, halfKomi: number, limits: SearchLimits, searches = 1): [unknown, unknown] {
  const run = (core: 'wasm' | 'typescript') => {
    const table = TranspositionTable.create(16, false);
    const s = new Searcher({ table, stop: new Int32Array(1), core });
    const out: { result: SearchResult; infos: Omit<SearchInfo, 'timeMs'>[] }[] = [];
    for (let k = 0; k < searches; k++) {
      const infos: Omit<SearchInfo, 'timeMs'>[] = [];
      const result = s.search(make(), halfKomi, limits, ({ timeMs: _t, ...info }) => infos.push(info));
      out.push({ result, infos });
    }
    return out;
  };
  return [run('wasm'), run('typescript')];
}

describe('the WebAssembly search core', () => {
  it('searches the bench positions node for node as the TypeScript core, networks on (the bench signature)', () => {
    let nodes = 0;
    for (const tps of BENCH_POSITIONS) {
      const [wasm, ts] = both(() => parseTps(tps), 0, { depth: 6 });
      expect(wasm).toEqual(ts);
      nodes += (wasm as { result: SearchResult }[])[0]!.result.nodes;
    }
    expect(nodes).toBe(247_413);
  });

  it('and with the linear evaluation alone', () => {
    for (const tps of BENCH_POSITIONS) {
      const [wasm, ts] = both(() => parseTps(tps), 0, { depth: 5, network: false });
      expect(wasm).toEqual(ts);
    }
  });

  it('node-limited, Multi-PV, at a level, and twice on one table', () => {
    for (const limits of [{ nodes: 150_000 }, { nodes: 60_000, multiPV: 3 }, { level: 4 }, { level: 8 }] as SearchLimits[]) {
      const [wasm, ts] = both(() => parseTps(MIDDLE_6), 4, limits, 2);
      expect(wasm, JSON.stringify(limits)).toEqual(ts);
    }
  });

  it('a game with spreads back and forth in its history (repetitions), komi 2', () => {
    const game = parsePtnGames(readRepo('data/games/playtak-6x6-1344.ptn'))[3]!;
    const positions: Position[] = [];
    replayGame(game, { onMove: (pos) => void (pos.ply % 9 === 0 && positions.push(pos.clone())) });
    for (const p of positions.slice(0, 4)) {
      const [wasm, ts] = both(() => p.clone(), 4, { nodes: 40_000 });
      expect(wasm).toEqual(ts);
    }
    // A position whose last moves repeat it: each side's flat stepped out and back.
    const start = parseTps('2,x4/x5/x2,1,x2/x5/x4,1 1 6');
    const rep = () => {
      const pos = start.clone();
      for (const m of ['e1+', 'a5-', 'e2-', 'a4+']) makeMove(pos, parseMove(m, 5));
      expect(pos.repetitions()).toBe(2);
      return pos;
    };
    const [wasm, ts] = both(rep, 4, { depth: 5 });
    expect(wasm).toEqual(ts);
  });
});
