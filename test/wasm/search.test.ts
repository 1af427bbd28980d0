// The search (the Searcher over the WebAssembly core, src/wasm/search-core.ts and
// src/wasm/assembly/search.ts) against its recorded tree: bredon bench's positions (4x4 to 8x8,
// networks on and off) searched to a depth from an empty table, node-limited, Multi-PV and level
// searches, a game with repetitions in its history and a second search on the same table give
// the nodes, best move, score, reports and lines in test/fixtures/search-tree.json, search by
// search. The record was made by the TypeScript negamax the core was ported from, node for node
// equal to it when the port shipped; a change that alters the tree on purpose records it again:
// BREDON_RECORD_TREE=1 npx vitest run test/wasm/search.test.ts (and says so in docs/strength.md).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeMove } from '../../src/core/makemove.js';
import { parseMove } from '../../src/notation/ptn-move.js';
import { parsePtnGames, replayGame } from '../../src/notation/ptn-game.js';
import { parseTps } from '../../src/notation/tps.js';
import type { Position } from '../../src/core/position.js';
import { BENCH_POSITIONS } from '../../src/search/bench-positions.js';
import { Searcher } from '../../src/search/search.js';
import { TranspositionTable } from '../../src/search/tt.js';
import type { SearchInfo, SearchLimits, SearchResult } from '../../src/search/types.js';
import { readRepo, REPO } from '../repo.js';

const MIDDLE_6 = 'x6/x,2,x,1,x2/x,2,1,12C,2,x/x,1,21,1,2S,x/x,1,x,2,x2/1,x5 1 9';
const TREE = join(REPO, 'test/fixtures/search-tree.json');
const RECORD = process.env.BREDON_RECORD_TREE === '1';

type Searched = { result: SearchResult; infos: Omit<SearchInfo, 'timeMs'>[] }[];
const recorded: Record<string, Searched> = RECORD || !existsSync(TREE) ? {} : JSON.parse(readFileSync(TREE, 'utf8'));
const made: Record<string, Searched> = {};

/** The results (and reports) of `searches` searches of make() on one fresh table. */
function searched(make: () => Position, halfKomi: number, limits: SearchLimits, searches = 1): Searched {
  const table = TranspositionTable.create(16, false);
  const s = new Searcher({ table, stop: new Int32Array(1) });
  const out: Searched = [];
  for (let k = 0; k < searches; k++) {
    const infos: Omit<SearchInfo, 'timeMs'>[] = [];
    const result = s.search(make(), halfKomi, limits, ({ timeMs: _t, ...info }) => infos.push(info));
    out.push({ result, infos });
  }
  return out;
}

/** Checks a case against the record (or records it). */
function matches(name: string, got: Searched): void {
  made[name] = JSON.parse(JSON.stringify(got)) as Searched;
  if (!RECORD) expect(made[name], name).toEqual(recorded[name]);
}

afterAll(() => {
  if (RECORD) writeFileSync(TREE, JSON.stringify(made) + '\n');
});

describe('the search tree', () => {
  it('of the bench positions, networks on (the bench signature)', () => {
    let nodes = 0;
    BENCH_POSITIONS.forEach((tps, i) => {
      const got = searched(() => parseTps(tps), 0, { depth: 6 });
      matches(`bench ${i}`, got);
      nodes += got[0]!.result.nodes;
    });
    expect(nodes).toBe(244_712);
  });

  it('and with the linear evaluation alone', () => {
    BENCH_POSITIONS.forEach((tps, i) => matches(`linear ${i}`, searched(() => parseTps(tps), 0, { depth: 5, network: false })));
  });

  it('node-limited, Multi-PV, at a level, and twice on one table', () => {
    for (const limits of [{ nodes: 150_000 }, { nodes: 60_000, multiPV: 3 }, { level: 4 }, { level: 8 }] as SearchLimits[]) {
      matches(JSON.stringify(limits), searched(() => parseTps(MIDDLE_6), 4, limits, 2));
    }
  });

  it('of a game with spreads back and forth in its history (repetitions), komi 2', () => {
    const game = parsePtnGames(readRepo('data/games/playtak-6x6-1344.ptn'))[3]!;
    const positions: Position[] = [];
    replayGame(game, { onMove: (pos) => void (pos.ply % 9 === 0 && positions.push(pos.clone())) });
    positions.slice(0, 4).forEach((p, i) => matches(`game ${i}`, searched(() => p.clone(), 4, { nodes: 40_000 })));
    // A position whose last moves repeat it: each side's flat stepped out and back.
    const start = parseTps('2,x4/x5/x2,1,x2/x5/x4,1 1 6');
    const rep = () => {
      const pos = start.clone();
      for (const m of ['e1+', 'a5-', 'e2-', 'a4+']) makeMove(pos, parseMove(m, 5));
      expect(pos.repetitions()).toBe(2);
      return pos;
    };
    matches('repetition', searched(rep, 4, { depth: 5 }));
  });
});
