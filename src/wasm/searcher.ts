// A search whose every node runs in WebAssembly (src/wasm/assembly/search.ts): the iterative
// deepening, aspiration windows and limits of search/search.ts's single-line search, driving the
// core's negamax. It searches the same tree as Searcher, node for node, for a depth or a node
// limit (test/wasm/search.test.ts), and is what `npm run bench -- wasm` times against it. Not yet
// the engine's search: no clock-based time use, Multi-PV, levels, threads or tinue prover.

import type { Position } from '../core/position.js';
import { boardResult, ONGOING } from '../core/result.js';
import { groupWeights } from '../eval/evaluate.js';
import { networkFor } from '../eval/net/nets.js';
import { WIN_SCORE, WIN_THRESHOLD, type SearchResult } from '../search/types.js';
import { WasmRules } from './rules-core.js';

const MAX_PLY = 128;
const INF = 32000;
const ASPIRATION = 35;
const THREAT_EXTENSION_PLIES = 4;
const CHECK_INTERVAL = 256;

/** search.ts's LMR_TABLE, computed with V8's logarithms. */
function lmrTable(): Int8Array {
  const t = new Int8Array(64 * 64);
  for (let d = 1; d < 64; d++) for (let i = 1; i < 64; i++) t[d * 64 + i] = Math.floor(0.6 + (Math.log(d) * Math.log(i)) / 2.3);
  return t;
}

export interface WasmSearchLimits {
  depth?: number;
  nodes?: number;
  /** false: the linear evaluation alone (as Searcher's `network: false`). */
  network?: boolean;
}

export class WasmSearcher {
  private readonly core = new WasmRules();
  private readonly e = this.core.exports;
  private size = 0;
  private startStones = -1;
  private tableMb = 0;
  private nodeLimit = Infinity;
  private completedDepth = 0;

  /** A searcher with a table of `tableMb` MB, sized as TranspositionTable.create sizes it. */
  constructor(tableMb = 16) {
    let buckets = 1024;
    while (buckets * 2 * 64 <= tableMb * 1024 * 1024) buckets *= 2;
    this.e.setTable(buckets);
    this.tableMb = tableMb;
    new Int8Array(this.e.memory.buffer, this.e.lmrAt(), 64 * 64).set(lmrTable());
    // As search.ts checkLimits for a node limit: past it the search stops, once an iteration is
    // complete (before that it goes on, checking every 16 nodes).
    this.core.onCheck = (nodes) => {
      if (nodes >= this.nodeLimit) return this.completedDepth > 0 ? -1 : nodes + 16;
      return Math.min(nodes + CHECK_INTERVAL, this.nodeLimit);
    };
  }

  get megabytes(): number {
    return this.tableMb;
  }

  /** An empty table and move order, as a new Searcher over a cleared table has. */
  clear(): void {
    this.e.clearTable();
    this.e.clearOrder();
  }

  search(pos: Position, halfKomi: number, limits: WasmSearchLimits): SearchResult {
    const e = this.e;
    if (pos.size !== this.size || pos.startStones !== this.startStones) {
      this.core.setLinear(pos.size, pos.startStones);
      this.size = pos.size;
      this.startStones = pos.startStones;
    }
    this.core.load(pos);
    this.core.setGroupWeights(groupWeights(pos.size));
    const net = limits.network !== false ? networkFor(pos.size) : undefined;
    let kind = 0;
    if (net !== undefined) {
      this.core.setNetwork(net, MAX_PLY + 2);
      this.core.refresh(0);
      kind = net.residual ? 1 : 2;
    }
    this.nodeLimit = limits.nodes ?? Infinity;
    this.completedDepth = 0;
    const scale = net !== undefined ? net.K / (net.qa * net.qb) : 0;
    const bias = net !== undefined ? net.b2 * net.K : 0;
    e.startSearch(halfKomi, kind, scale, bias, Math.min(CHECK_INTERVAL, this.nodeLimit));
    e.newSearchTable();
    e.ageOrder();
    const result: SearchResult = { best: 0, score: 0, depth: 0, nodes: 0, pv: [] };
    if (boardResult(pos, halfKomi) !== ONGOING) return result;
    const rootEnd = e.generate(0);
    if (rootEnd === 0) return result;
    result.best = this.core.moves[0]!;
    const maxDepth = Math.min(limits.depth ?? MAX_PLY - 8, MAX_PLY - 8);
    let previous = 0;
    for (let depth = 1; depth <= maxDepth; depth++) {
      e.setRoot(result.depth > 0 ? result.best : 0, Math.min(MAX_PLY - 2, depth + THREAT_EXTENSION_PLIES), 0);
      const score = this.searchRoot(depth, previous);
      if (e.searchState(1) !== 0) {
        const pvLen = new Int32Array(e.memory.buffer, e.pvLenAt(), MAX_PLY)[0]!;
        const pv = new Int32Array(e.memory.buffer, e.pvAt(), MAX_PLY);
        const firstUnfinished = depth === 1 && result.depth === 0 && e.searchState(2) >= 1;
        if ((firstUnfinished || (depth > 1 && e.searchState(4) !== 0)) && pvLen > 0 && pv[0] !== result.best) {
          result.best = pv[0]!;
          result.pv = Array.from(pv.subarray(0, pvLen));
          result.score = e.searchState(3);
        }
        break;
      }
      const pvLen = new Int32Array(e.memory.buffer, e.pvLenAt(), MAX_PLY)[0]!;
      const pv = new Int32Array(e.memory.buffer, e.pvAt(), MAX_PLY);
      result.best = pv[0]!;
      result.pv = Array.from(pv.subarray(0, pvLen));
      result.score = score;
      result.depth = depth;
      previous = score;
      if (Math.abs(score) >= WIN_THRESHOLD && WIN_SCORE - Math.abs(score) <= depth) break;
      this.completedDepth = depth;
    }
    result.nodes = e.searchNodes();
    return result;
  }

  /** search.ts searchRoot: an aspiration window around the last score from depth 4, widened on each fail. */
  private searchRoot(depth: number, previous: number): number {
    const e = this.e;
    let alpha = -INF;
    let beta = INF;
    let window = ASPIRATION;
    if (depth >= 4 && Math.abs(previous) < WIN_THRESHOLD) {
      alpha = previous - window;
      beta = previous + window;
    }
    for (;;) {
      const s = e.searchDepth(depth, alpha, beta);
      if (e.searchState(1) !== 0) return 0;
      if (s <= alpha) {
        alpha = Math.max(-INF, s - window);
        window *= 4;
      } else if (s >= beta) {
        beta = Math.min(INF, s + window);
        window *= 4;
      } else return s;
      if (window > 1000) {
        alpha = -INF;
        beta = INF;
      }
    }
  }
}
