// The search's node in WebAssembly (assembly/search.ts) for search/search.ts's Searcher: the
// position, the evaluation and the table set up for a search, then one root search at a time,
// its line and counts read back. The Searcher keeps the iterations, the clock, the reports and
// the tinue prover; every node below the root call runs in WebAssembly, whose tree
// test/wasm/search.test.ts holds to its record. A runtime without WebAssembly SIMD cannot search:
// the constructor says so (Node 20 and every current browser have it).

import type { Position } from '../core/position.js';
import type { Network } from '../eval/net/network.js';
import { WasmRules, wasmCoreAvailable, type RulesExports } from './rules-core.js';

const MAX_PLY = 128;

/** LMR_TABLE[min(depth, 63) * 64 + min(moveIndex, 63)]: plies to reduce a late quiet move; see docs/strength.md, row LMR_TABLE. */
const LMR_TABLE = new Int8Array(64 * 64);
for (let d = 1; d < 64; d++) {
  for (let i = 1; i < 64; i++) LMR_TABLE[d * 64 + i] = Math.floor(0.6 + (Math.log(d) * Math.log(i)) / 2.3);
}

/** The table the core searches with (search/tt.ts's TranspositionTable): probe, its entry, store. */
export interface SearchTable {
  probe(keyLo: number, keyHi: number): boolean;
  readonly move: number;
  readonly score: number;
  readonly depth: number;
  readonly bound: number;
  readonly eval: number;
  store(keyLo: number, keyHi: number, move: number, score: number, depth: number, bound: number, evaluation: number): void;
}

export class SearchCore {
  private readonly core: WasmRules;
  private readonly e: RulesExports;
  private size = 0;
  private startStones = -1;
  /** The core's probedEntry (made again in start(): the memory may have grown). */
  private entry = new Int32Array(0);

  /** `table`: the search's table (the one the threads share), which the core probes and stores through. */
  constructor(table: SearchTable) {
    if (!wasmCoreAvailable()) throw new Error('the search needs WebAssembly with SIMD, which this runtime lacks (Node 20 and current browsers have it)');
    const tableProbe = (keyLo: number, keyHi: number): number => {
      if (!table.probe(keyLo, keyHi)) return 0;
      const entry = this.entry;
      entry[0] = table.move;
      entry[1] = table.score;
      entry[2] = table.depth;
      entry[3] = table.bound;
      entry[4] = table.eval;
      return 1;
    };
    const tableStore = (keyLo: number, keyHi: number, move: number, score: number, depth: number, bound: number, evaluation: number): void =>
      table.store(keyLo, keyHi, move, score, depth, bound, evaluation);
    this.core = new WasmRules({ tableProbe, tableStore });
    this.e = this.core.exports;
    new Int8Array(this.e.memory.buffer, this.e.lmrAt(), 64 * 64).set(LMR_TABLE);
  }

  /** Called every so many nodes with the count: returns the next call's count, or -1 to stop. */
  set onCheck(f: (nodes: number) => number) {
    this.core.onCheck = f;
  }

  clearOrder(): void {
    this.e.clearOrder();
  }

  /**
   * Sets up a search of pos: komi, the network (undefined: the linear evaluation alone), the
   * level's noise, the first clock check's node count; a new table generation, the history aged.
   */
  start(pos: Position, halfKomi: number, net: Network | undefined, noise: number, firstCheck: number): void {
    const e = this.e;
    if (pos.size !== this.size || pos.startStones !== this.startStones) {
      this.core.setLinear(pos.size, pos.startStones); // with the size's group weights
      this.size = pos.size;
      this.startStones = pos.startStones;
    }
    this.core.load(pos);
    let kind = 0;
    if (net !== undefined) {
      this.core.setNetwork(net, MAX_PLY + 2);
      this.core.refresh(0);
      kind = net.residual ? 1 : 2;
    }
    const scale = net !== undefined ? net.K / (net.qa * net.qb) : 0;
    const bias = net !== undefined ? net.b2 * net.K : 0;
    this.entry = new Int32Array(e.memory.buffer, e.probedEntryAt(), 8);
    e.startSearch(halfKomi, kind, scale, bias, firstCheck, noise);
    e.ageOrder();
  }

  /**
   * One root search (negamax at ply 0) at `depth` in (alpha, beta): the last iteration's best
   * move first (0: none), the threat extension's limit and the root moves to skip (Multi-PV).
   */
  searchRoot(depth: number, alpha: number, beta: number, rootBest: number, extensionLimit: number, excluded: Int32Array, excludedCount: number): number {
    const e = this.e;
    if (excludedCount > 0) new Int32Array(e.memory.buffer, e.excludedAt(), 256).set(excluded.subarray(0, excludedCount));
    e.setRoot(rootBest, extensionLimit, excludedCount);
    return e.searchDepth(depth, alpha, beta);
  }

  /** The root's line of the last root search into pv[0..], its length returned. */
  rootLine(pv: Int32Array): number {
    const e = this.e;
    const len = new Int32Array(e.memory.buffer, e.pvLenAt(), MAX_PLY)[0]!;
    pv.set(new Int32Array(e.memory.buffer, e.pvAt(), len));
    return len;
  }

  get nodes(): number {
    return this.e.searchNodes();
  }

  get seldepth(): number {
    return this.e.searchState(0);
  }

  get aborted(): boolean {
    return this.e.searchState(1) !== 0;
  }

  get rootSearched(): number {
    return this.e.searchState(2);
  }

  get rootScore(): number {
    return this.e.searchState(3);
  }

  get rootImproved(): boolean {
    return this.e.searchState(4) !== 0;
  }

  get currMove(): number {
    return this.e.searchState(5);
  }

  get currMoveNumber(): number {
    return this.e.searchState(6);
  }
}
