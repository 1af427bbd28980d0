// Iterative deepening principal variation search with aspiration windows, a shared Zobrist
// transposition table, null-move pruning, reverse futility pruning, internal iterative
// reduction, late-move reductions, late-move pruning and a tak-threat extension (no pruning
// ever when facing a road threat). A side to move that can complete a road by placement wins at
// once (scored by distance); a side facing such a threat is searched one ply more (up to
// THREAT_EXTENSION_PLIES past the depth) instead of evaluated. No allocation per node.
//
// Multi-PV (limits.multiPV = N > 1, main thread only): each iteration searches the root N times,
// the k-th time with the k - 1 lines already found excluded (checked at ply 0 only), each with an
// aspiration window around that line's last score; the lines are then sorted and reported. A
// root searched with moves excluded stores no table entry. With N = 1 the search is the
// single-line one.

// Where the runtime has WebAssembly SIMD the nodes below each root call run in the WebAssembly
// core (src/wasm/search-core.ts): the same tree as negamax below, which stays as the reference
// the tests hold the core to and as the search where the core cannot run.

import { makeMove, makeNull, unmakeMove, unmakeNull } from '../core/makemove.js';
import { generateMoves, MAX_MOVES } from '../core/movegen.js';
import type { Position } from '../core/position.js';
import { boardResult, DRAW, ONGOING, resultAfterMove, resultWinner } from '../core/result.js';
import { scanRoads } from '../core/roads.js';
import { evaluate, groupWeights } from '../eval/evaluate.js';
import { NetAccumulator } from '../eval/net/accumulator.js';
import { networkFor } from '../eval/net/nets.js';
import { MAP, mapRoads } from '../eval/roadmap.js';
import { MoveOrder, MovePicker } from './order.js';
import { QUICK_TINUE_PLIES, QUICK_TINUE_TABLE_MB, TinueSolver } from '../tinue/dfpn.js';
import { mayOpenSpreadRoad, spreadWin } from '../tactics/spread-roads.js';
import { FINISH_DRAW, FINISH_NONE, FINISH_WIN, finishOutcome } from '../tactics/flat-finish.js';
import { roadThreat, THREAT } from '../tactics/threat-answers.js';
import { searchCore, type SearchCore } from '../wasm/search-core.js';
import { evalNoise, levelSettings } from './levels.js';
import { stabilityScale } from './time.js';
import { BOUND_EXACT, BOUND_LOWER, BOUND_UPPER, TranspositionTable } from './tt.js';
import { MAX_MULTI_PV, WIN_SCORE, WIN_THRESHOLD, type ProgressCallback, type SearchInfo, type SearchLimits, type SearchResult } from './types.js';

export interface SearcherOptions {
  table: TranspositionTable;
  /** stop[0] !== 0 aborts the search at once (set with Atomics.store from another thread). */
  stop: Int32Array;
  /** 0 for the main search thread (it reports); > 0 for silent lazy-SMP helpers. */
  threadIndex?: number;
  /** Shared per-thread node counts (index threadIndex), written every few thousand nodes, so
   *  that the main thread can report the nodes of every thread. */
  nodeCounts?: Float64Array;
  /**
   * Where the nodes are searched: 'wasm' (the default where WebAssembly SIMD runs) in the
   * WebAssembly core (src/wasm/), 'typescript' in negamax below. The same tree either way.
   */
  core?: 'wasm' | 'typescript';
}

const MAX_PLY = 128;
/**
 * log2 of the evaluation cache's slots (16 bytes each: 256 KB). Smaller than the 1 MB it was: the
 * hits lost cost less than the cache misses saved (docs/performance.md); its size never changes
 * a score, so never the tree.
 */
const EVAL_CACHE_BITS = 14;
const INF = 32000;
/**
 * Clock and stop-flag checks aim at one every CHECK_TARGET_MS of the search's own time, whatever
 * the speed of its nodes: the number of nodes between checks halves when a check comes late
 * (a loaded machine, a slow stretch of the tree) and doubles when one comes early, within
 * CHECK_MIN..CHECK_MAX. A node limit is checked exactly at its count, so node-limited searches
 * repeat exactly. (A fixed 1024 nodes could take tens of milliseconds on a busy machine.)
 */
const CHECK_TARGET_MS = 1;
const CHECK_MIN = 16;
const CHECK_MAX = 4096;
/** Aspiration window half-width (centiflats); see docs/strength.md, row ASPIRATION. */
const ASPIRATION = 35;
/** Reverse futility pruning: depths it applies to, and the margin per ply (centiflats); see docs/strength.md, rows RFP_MARGIN and RFP_DEPTH. */
const RFP_DEPTH = 3;
export const RFP_MARGIN = 120;
/** Late move pruning: at non-PV nodes of depth <= LMP_DEPTH not facing a threat, the quiet moves
 *  after the first LMP_BASE + LMP_SCALE * depth^2 searched are skipped (16 at depth 1, 40 at 2).
 *  See docs/strength.md, rows LMP_BASE and LMP_DEPTH. */
const LMP_DEPTH = 2;
const LMP_BASE = 8;
const LMP_SCALE = 8;
/**
 * The tak-threat extension: a node at or past the horizon that faces a road threat is searched
 * one ply more (its answers), up to this many plies past the iteration's depth; there it is
 * scored statically. Unbounded, chains of answers that threaten back took most of the tree in
 * tactical middle games (test/search/search.test.ts has such a position). See docs/strength.md,
 * row THREAT_EXTENSION_PLIES.
 */
export const THREAT_EXTENSION_PLIES = 4;
/**
 * Internal iterative reduction from this depth on (not facing a threat): a node with no table
 * move is searched a ply shallower. See docs/strength.md, row IIR_DEPTH.
 */
const IIR_DEPTH = 4;
/** Longest silence (ms) of the reporting thread inside an iteration before a progress report. */
const PROGRESS_MS = 500;

/** LMR_TABLE[min(depth, 63) * 64 + min(moveIndex, 63)]: plies to reduce a late quiet move; see docs/strength.md, row LMR_TABLE. */
const LMR_TABLE = new Int8Array(64 * 64);
for (let d = 1; d < 64; d++) {
  for (let i = 1; i < 64; i++) LMR_TABLE[d * 64 + i] = Math.floor(0.6 + (Math.log(d) * Math.log(i)) / 2.3);
}

/** One Multi-PV line of a completed root search: its root move, exact score and line. */
interface RootLine {
  move: number;
  score: number;
  pv: number[];
}

export class Searcher {
  private readonly tt: TranspositionTable;
  private readonly stop: Int32Array;
  private readonly threadIndex: number;
  private readonly nodeCounts: Float64Array | undefined;
  private readonly order = new MoveOrder(MAX_PLY);
  private readonly picker = new MovePicker(this.order, MAX_PLY);
  private readonly rootMoves = new Int32Array(MAX_MOVES);
  private readonly pv = new Int32Array(MAX_PLY * MAX_PLY);
  private readonly pvLen = new Int32Array(MAX_PLY);
  /** spreadClear[ply] = 1: the node at ply faced no road in one (roadThreat false), so its
   *  children's side to move has no road by a spread unless the move made opened one. */
  private readonly spreadClear = new Uint8Array(MAX_PLY);
  /** Root moves the current root search must skip (Multi-PV: the lines found at this depth). */
  private readonly excluded = new Int32Array(MAX_MULTI_PV);
  private excludedCount = 0;
  /** Root moves searched in full by the current root search (negamax at ply 0), and the
   *  score of the last one that raised alpha there (its line is pv row 0). */
  private rootSearched = 0;
  private rootScore = 0;
  /** The last completed iteration's best move: searched first at the root (0 before any). */
  private rootBest = 0;
  /** Whether a root move after the first (rootBest) raised alpha in the current root search. */
  private rootImproved = false;

  private pos!: Position;
  private halfKomi = 0;
  private nodes = 0;
  private seldepth = 0;
  private aborted = false;
  /**
   * The deepest iteration completed in this search. The main thread does not stop (for `stop`,
   * the deadline or the node limit) before it has completed one: every answer comes from a search.
   */
  private completedDepth = 0;
  private startTime = 0;
  private hardMs = Infinity;
  private nodeLimit = Infinity;
  /** The node count of the next clock check, and the nodes between checks now (adapted). */
  private nextCheck = 0;
  private checkInterval = 256;
  private lastCheckAt = 0;
  private extensionLimit = MAX_PLY - 2;
  /** Threat extension plies of this search (none at the levels that play without them). */
  private extensionPlies = THREAT_EXTENSION_PLIES;
  /** A level's evaluation noise in centiflats (0 at full strength: src/search/levels.ts). */
  private noise = 0;
  private groupWeights: readonly number[] = [];
  /**
   * Static evaluations of this search by position (direct-mapped, 4 words a slot: key lo, key
   * hi, score, generation). A score depends on the position, the komi, the evaluation and the
   * level's noise, all fixed for one search; a leaf of one iteration is an inner node of the
   * next, where the table has no entry for it, so the same positions are judged again and
   * again. Entries of earlier searches are told apart by the generation: nothing is cleared.
   */
  private readonly evalCache = new Int32Array((1 << EVAL_CACHE_BITS) * 4);
  private evalGen = 0;
  /** The move that led to the node being entered (0 after a null move): set just before each call. */
  private lastMove = 0;
  // Progress reports (main thread only): checked with the clock in checkLimits.
  private onProgress: ProgressCallback | undefined;
  private nextProgressAt = Infinity;
  private currMove = 0;
  private currMoveNumber = 0;
  /** The tinue prover, made on first use (analysis searches only). */
  private tinue: TinueSolver | undefined;
  /** The network evaluation's accumulators when this search uses one (slot = ply), else undefined. */
  private net: NetAccumulator | undefined;
  /** Accumulators made so far, by board size (a network is per size). */
  private readonly nets = new Map<number, NetAccumulator>();

  /** The WebAssembly search core, when used: it searches with this table, its own move order and accumulators. */
  private readonly core: SearchCore | undefined;

  constructor(opts: SearcherOptions) {
    this.tt = opts.table;
    this.stop = opts.stop;
    this.threadIndex = opts.threadIndex ?? 0;
    this.nodeCounts = opts.nodeCounts;
    this.core = opts.core === 'typescript' ? undefined : searchCore(LMR_TABLE, this.tt);
    if (this.core !== undefined) {
      const core = this.core;
      // The core's clock check: the same checkLimits, with the core's counts.
      core.onCheck = (nodes) => {
        this.nodes = nodes;
        this.seldepth = core.seldepth;
        this.currMove = core.currMove;
        this.currMoveNumber = core.currMoveNumber;
        this.checkLimits();
        return this.aborted ? -1 : this.nextCheck;
      };
    }
  }

  newGame(): void {
    this.order.clear();
    this.core?.clearOrder();
  }

  /** The deepest ply reached by the last search (for its final report). */
  get lastSeldepth(): number {
    return this.seldepth;
  }

  search(pos: Position, halfKomi: number, limits: SearchLimits, onInfo?: (info: SearchInfo) => void, onProgress?: ProgressCallback): SearchResult {
    this.pos = pos;
    this.halfKomi = halfKomi;
    this.groupWeights = groupWeights(pos.size);
    const core = this.core;
    this.net = core === undefined && limits.network !== false ? this.netFor(pos.size) : undefined;
    this.net?.refresh(pos, 0);
    this.evalGen = (this.evalGen + 1) | 0;
    this.nodes = 0;
    this.seldepth = 0;
    this.aborted = false;
    this.completedDepth = 0;
    this.startTime = performance.now();
    this.onProgress = this.threadIndex === 0 ? onProgress : undefined;
    this.nextProgressAt = this.onProgress !== undefined ? this.startTime + PROGRESS_MS : Infinity;
    this.currMove = this.currMoveNumber = 0;
    this.hardMs = limits.infinite ? Infinity : limits.hardMs ?? Infinity;
    const softMs = limits.infinite ? Infinity : limits.softMs ?? Infinity;
    this.nodeLimit = limits.nodes ?? Infinity;
    // A playing level below full strength: a shorter look, a rougher judgement (levels.ts).
    const level = levelSettings(limits.level);
    this.noise = level?.noise ?? 0;
    this.extensionPlies = level === undefined || level.extensions ? THREAT_EXTENSION_PLIES : 0;
    if (level !== undefined) this.nodeLimit = Math.min(this.nodeLimit, level.nodes);
    this.lastCheckAt = this.startTime;
    this.nextCheck = Math.min(this.checkInterval, this.nodeLimit);
    const maxDepth = Math.min(limits.depth ?? MAX_PLY - 8, MAX_PLY - 8, level?.depth ?? MAX_PLY);
    this.tt.newSearch();
    this.order.age();
    if (core !== undefined) {
      core.start(pos, halfKomi, limits.network !== false ? networkFor(pos.size) : undefined, this.noise, this.nextCheck);
    }

    const result: SearchResult = { best: 0, score: 0, depth: 0, nodes: 0, pv: [] };
    this.excludedCount = 0;
    if (boardResult(pos, halfKomi) !== ONGOING) return result;
    const rootEnd = generateMoves(pos, this.rootMoves, 0);
    if (rootEnd === 0) return result;
    result.best = this.rootMoves[0]!; // a legal answer even if stopped at once

    // Multi-PV when asked (main thread only; helpers search one line): as many lines as asked,
    // but never more than the root has moves, each reported with its place (multipv).
    const multi = this.threadIndex === 0 && (limits.multiPV ?? 1) > 1;
    const lineCount = multi ? Math.min(limits.multiPV!, MAX_MULTI_PV, rootEnd) : 1;
    // Analysis: a forced road the prover finds first is the answer (a proof, not an estimate).
    if (this.threadIndex === 0 && !multi && level === undefined && (limits.tinueMs ?? 0) > 0 && pos.ply >= 2) {
      if (this.proveTinue(pos, halfKomi, Math.min(limits.tinueMs!, this.hardMs), result, onInfo)) return result;
    }
    // Each line's score in the last completed iteration, best first: the next one's aspiration centres.
    const scores = new Float64Array(lineCount);
    // Aspiration fail-high/low reports are bounds of one line of an unfinished iteration: only
    // the single-line search sends them (as it always has); a Multi-PV search reports whole iterations.
    const onBound = onInfo !== undefined && this.threadIndex === 0 && !multi ? onInfo : undefined;
    const first = this.threadIndex === 0 ? 1 : 1 + (this.threadIndex & 1);
    let iterStart = this.startTime;
    // Time by the root's stability (single-line searches on a clock): the iterations in a row
    // whose best move stayed the same, and the last completed iteration's score.
    let stable = 0;
    let lastScore = 0;
    for (let depth = first; depth <= maxDepth; depth++) {
      iterStart = performance.now();
      this.rootBest = result.depth > 0 ? result.best : 0;
      this.extensionLimit = Math.min(MAX_PLY - 2, depth + this.extensionPlies);
      const lines: RootLine[] = [];
      for (let k = 0; k < lineCount; k++) {
        this.excludedCount = k; // the moves of lines 0..k-1 of this iteration
        const score = this.searchRoot(depth, scores[k]!, onBound);
        if (this.aborted) break;
        const move = this.pv[0]!;
        lines.push({ move, score, pv: Array.from(this.pv.subarray(0, this.pvLen[0]!)) });
        this.excluded[k] = move;
      }
      this.excludedCount = 0;
      if (this.aborted) {
        // An unfinished iteration: its lines are not all known. But a single-line root whose
        // first move (the last iteration's best, searched first) was searched in full and then
        // beaten by another move searched in full has a better move, proven one ply deeper: play
        // that one. Only a move that beat it counts: after an aspiration fail-low the first move
        // of the wider search is the last best again, and a cut-off there proves nothing.
        // Likewise, stopped before any iteration finished (a cold start, a tactical first ply),
        // the best of the root moves searched in full beats the first legal move.
        const firstUnfinished = depth === first && result.depth === 0 && this.rootSearched >= 1;
        if (!multi && (firstUnfinished || (depth > first && this.rootImproved)) && this.pvLen[0]! > 0 && this.pv[0] !== result.best) {
          result.best = this.pv[0]!;
          result.pv = Array.from(this.pv.subarray(0, this.pvLen[0]!));
          result.score = this.rootScore;
        }
        break;
      }
      // Best first; a stable sort keeps the search's order among equal scores.
      if (multi) lines.sort((a, b) => b.score - a.score);
      for (let k = 0; k < lineCount; k++) scores[k] = lines[k]!.score;
      const best = lines[0]!;
      result.best = best.move;
      result.pv = best.pv;
      result.score = best.score;
      result.depth = depth;
      if (onInfo && this.threadIndex === 0) {
        if (!multi) onInfo(this.info(depth, best.score, 'exact'));
        else for (let k = 0; k < lineCount; k++) onInfo(this.info(depth, lines[k]!.score, 'exact', lines[k]!.pv, k + 1));
      }
      if (lines.every((l) => Math.abs(l.score) >= WIN_THRESHOLD && WIN_SCORE - Math.abs(l.score) <= depth)) break; // proven
      this.completedDepth = depth;
      // A movetime is spent whole: the deadline ends the search, not the soft budget.
      if (limits.fixedTime === true) {
        if (rootEnd === 1) break;
        continue;
      }
      const now = performance.now();
      // The soft budget stretches for a root that just changed its mind and shrinks for one that
      // has not for several iterations (time.ts stabilityScale).
      let scale = 1;
      if (!multi && depth > first) {
        const changed = best.move !== this.rootBest; // rootBest: the last completed iteration's
        stable = changed ? 0 : stable + 1;
        scale = stabilityScale(depth, changed, stable, lastScore - best.score);
      }
      lastScore = best.score;
      if (now - this.startTime >= softMs * scale) break;
      // The next iteration takes at least twice this one: when even that overruns the hard
      // deadline, it would be cut off unfinished, its time lost; keep the time for later moves.
      if (now - this.startTime + 2 * (now - iterStart) > this.hardMs) break;
    }
    result.nodes = this.nodes;
    if (this.nodeCounts !== undefined) this.nodeCounts[this.threadIndex] = this.nodes;
    return result;
  }

  private netFor(size: number): NetAccumulator | undefined {
    let acc = this.nets.get(size);
    if (acc === undefined) {
      const net = networkFor(size);
      if (net === undefined) return undefined;
      acc = new NetAccumulator(net, MAX_PLY + 2);
      this.nets.set(size, acc);
    }
    return acc;
  }

  /**
   * The static evaluation at `ply`, cached by position for the current search: the linear
   * evaluation plus the network's correction when it has one (a network fitted with
   * --no-residual stands alone, without the linear one). Reads the road maps (MAP) of both
   * colours, which must be those of `pos`: the opponent's placement threats (from ply 2) and the
   * groups' score.
   */
  private staticEval(pos: Position, ply: number): number {
    const kLo = pos.keyLo;
    const kHi = pos.keyHi;
    const ec = this.evalCache;
    const at = ((kLo ^ Math.imul(kHi, 0x9e3779b1)) >>> (32 - EVAL_CACHE_BITS)) * 4;
    if (ec[at + 3] === this.evalGen && ec[at] === kLo && ec[at + 1] === kHi) return ec[at + 2]!;
    const s = this.computeEval(pos, ply);
    ec[at] = kLo;
    ec[at + 1] = kHi;
    ec[at + 2] = s;
    ec[at + 3] = this.evalGen;
    return s;
  }

  /** staticEval's arithmetic, for a position not in the evaluation cache. */
  private computeEval(pos: Position, ply: number): number {
    const net = this.net;
    let score: number;
    if (net !== undefined && !net.net.residual) score = Math.round(net.evaluate(pos, ply));
    else {
      const threatCount = pos.ply >= 2 ? MAP[(pos.side ^ 1) * 4 + 2]! : 0;
      const linear = evaluate(pos, this.halfKomi, threatCount, MAP[3]! - MAP[7]!);
      score = net === undefined ? linear : Math.round(linear + net.evaluate(pos, ply));
    }
    return this.noise === 0 ? score : Math.round(score + evalNoise(pos.keyLo, pos.keyHi, this.noise));
  }

  /**
   * The static score the search gives `pos` at a quiet node, for the side to move: the linear
   * evaluation plus the size's network (unless `network` is false), as negamax computes it. Not
   * used by the search itself: it lets a caller see what the pruning near the leaves saw.
   */
  staticScore(pos: Position, halfKomi: number, network = true): number {
    this.halfKomi = halfKomi;
    this.noise = 0;
    this.groupWeights = groupWeights(pos.size);
    this.net = network ? this.netFor(pos.size) : undefined;
    this.net?.refresh(pos, 0);
    scanRoads(pos);
    mapRoads(pos, pos.side, this.groupWeights);
    mapRoads(pos, pos.side ^ 1, this.groupWeights);
    return this.computeEval(pos, 0); // not the cache: it holds the last search's settings
  }

  /**
   * Runs the tinue prover on the root for up to `ms` (the stop flag ends it early). On a proof,
   * fills `result` with its first move, line and won score, reports it, and returns true.
   */
  private proveTinue(pos: Position, halfKomi: number, ms: number, result: SearchResult, onInfo?: (info: SearchInfo) => void): boolean {
    this.tinue ??= new TinueSolver(QUICK_TINUE_TABLE_MB);
    this.tinue.clear();
    const o = this.tinue.solve(pos, halfKomi, { maxPlies: QUICK_TINUE_PLIES, ms, stop: this.stop });
    if (o.kind !== 'tinue' || o.line.length === 0) return false;
    this.nodes = o.nodes;
    this.seldepth = o.plies;
    if (this.nodeCounts !== undefined) this.nodeCounts[this.threadIndex] = this.nodes;
    result.best = o.line[0]!;
    result.score = WIN_SCORE - o.plies;
    result.depth = o.plies;
    result.pv = o.line;
    result.nodes = o.nodes;
    if (onInfo) onInfo(this.info(o.plies, result.score, 'exact', o.line));
    return true;
  }

  /**
   * One root search of an iteration at `depth` (the moves in `excluded` skipped), with an
   * aspiration window around `previous` (that line's score in the last iteration) from depth 4,
   * widened on each fail. Returns the exact score, the line in pv row 0; meaningless if aborted.
   */
  private searchRoot(depth: number, previous: number, onBound: ((info: SearchInfo) => void) | undefined): number {
    let alpha = -INF;
    let beta = INF;
    let window = ASPIRATION;
    if (depth >= 4 && Math.abs(previous) < WIN_THRESHOLD) {
      alpha = previous - window;
      beta = previous + window;
    }
    for (;;) {
      const s = this.rootSearch(depth, alpha, beta);
      if (this.aborted) return 0;
      if (s <= alpha) {
        if (onBound) onBound(this.info(depth, alpha, 'upper'));
        alpha = Math.max(-INF, s - window);
        window *= 4;
      } else if (s >= beta) {
        if (onBound) onBound(this.info(depth, beta, 'lower'));
        beta = Math.min(INF, s + window);
        window *= 4;
      } else {
        return s;
      }
      if (window > 1000) {
        alpha = -INF;
        beta = INF;
      }
    }
  }

  /** negamax at the root, in the WebAssembly core when there is one (its counts and line read back). */
  private rootSearch(depth: number, alpha: number, beta: number): number {
    const core = this.core;
    if (core === undefined) return this.negamax(depth, alpha, beta, 0, true, 0);
    const s = core.searchRoot(depth, alpha, beta, this.rootBest, this.extensionLimit, this.excluded, this.excludedCount);
    this.nodes = core.nodes;
    this.seldepth = core.seldepth;
    this.aborted = core.aborted;
    this.rootSearched = core.rootSearched;
    this.rootScore = core.rootScore;
    this.rootImproved = core.rootImproved;
    this.pvLen[0] = core.rootLine(this.pv);
    return s;
  }

  /** A report: the line given, or pv row 0; `multipv` (1-based) only in a Multi-PV search. */
  private info(depth: number, score: number, bound: 'exact' | 'lower' | 'upper', line?: number[], multipv?: number): SearchInfo {
    const now = performance.now();
    // An exact report is a sign of life too; an aspiration bound is not (the session does not
    // print it), so it must not put off the next progress line.
    if (this.onProgress !== undefined && bound === 'exact') this.nextProgressAt = now + PROGRESS_MS;
    const timeMs = Math.round(now - this.startTime);
    const abs = Math.abs(score);
    const mateIn = abs >= WIN_THRESHOLD ? Math.sign(score) * (WIN_SCORE - abs) : 0;
    const pv = line !== undefined ? line.slice() : Array.from(this.pv.subarray(0, Math.max(1, this.pvLen[0]!)));
    const info: SearchInfo = { depth, seldepth: this.seldepth, score, mateIn, bound, nodes: this.nodes, timeMs, hashfull: this.tt.hashfull(), pv };
    if (multipv !== undefined) info.multipv = multipv;
    return info;
  }

  private checkLimits(): void {
    if (this.nodeCounts !== undefined) this.nodeCounts[this.threadIndex] = this.nodes;
    const now = performance.now();
    const gap = now - this.lastCheckAt;
    this.lastCheckAt = now;
    if (gap > 2 * CHECK_TARGET_MS) this.checkInterval = Math.max(CHECK_MIN, this.checkInterval >> 1);
    else if (gap < CHECK_TARGET_MS / 2) this.checkInterval = Math.min(CHECK_MAX, this.checkInterval << 1);
    this.nextCheck = Math.min(this.nodes + this.checkInterval, this.nodeLimit);
    if (now >= this.nextProgressAt) {
      this.nextProgressAt = now + PROGRESS_MS;
      this.onProgress!(this.nodes, this.seldepth, this.currMove, this.currMoveNumber);
    }
    if (
      Atomics.load(this.stop, 0) !== 0 ||
      this.nodes >= this.nodeLimit ||
      now - this.startTime >= this.hardMs
    ) {
      if (this.completedDepth > 0 || this.threadIndex !== 0) this.aborted = true;
      else this.nextCheck = this.nodes + CHECK_MIN; // past the node limit: keep checking, not every node
    }
  }

  private negamax(depth: number, alpha: number, beta: number, ply: number, pvNode: boolean, start: number): number {
    const pos = this.pos;
    this.pvLen[ply] = ply;
    if (++this.nodes >= this.nextCheck) this.checkLimits();
    if (this.aborted) return 0;
    if (ply > this.seldepth) this.seldepth = ply;

    if (ply > 0) {
      const r = resultAfterMove(pos, this.lastMove, this.halfKomi);
      if (r !== ONGOING) {
        if (r === DRAW) return 0;
        return resultWinner(r) === pos.side ? WIN_SCORE - ply : -(WIN_SCORE - ply);
      }
      if (pos.repetitions() >= 2) return 0;
      // Mate-distance pruning: no line from here beats a win found nearer the root.
      if (alpha < -(WIN_SCORE - ply)) alpha = -(WIN_SCORE - ply);
      if (beta > WIN_SCORE - ply - 1) beta = WIN_SCORE - ply - 1;
      if (alpha >= beta) return alpha;
    }
    const side = pos.side;
    if (ply === 0) {
      scanRoads(pos);
      this.rootSearched = 0;
      this.rootImproved = false;
    }
    // (At ply > 0, resultAfterMove has just scanned the roads of this position.)
    const weights = this.groupWeights;
    mapRoads(pos, side, weights);
    mapRoads(pos, side ^ 1, weights);
    if (ply > 0 && pos.ply >= 2 && MAP[side * 4 + 2] !== 0) return WIN_SCORE - ply - 1; // road by placement next ply
    let threatLo = 0;
    let threatHi = 0;
    let threatened = false;
    let finish = FINISH_NONE;
    if (pos.ply >= 2) {
      // Roads by spreads (spread-roads.ts): a win in one for the side to move ends the node. The
      // opponent's road in one, by placement or else by a spread (tactics/threat-answers.ts), is
      // a threat: searched, never trusted to the static score, its squares the ones to block.
      // The check is skipped where its answer is known to be none: the parent faced no threat and
      // the move made there cannot have opened a road by a spread (mayOpenSpreadRoad).
      const noSpreadWin = ply === 0 || (this.spreadClear[ply - 1] === 1 && !mayOpenSpreadRoad(pos, this.lastMove));
      if (!noSpreadWin && spreadWin(pos, side) !== 0) return WIN_SCORE - ply - 1;
      // Flat finishes (flat-finish.ts): a side to move that can end the game by a placement on a
      // won count wins, and one that can end it in a draw scores at least that at a leaf.
      if (ply > 0) {
        finish = finishOutcome(pos, side, this.halfKomi);
        if (finish === FINISH_WIN) return WIN_SCORE - ply - 1;
      }
      threatened = roadThreat(pos, side ^ 1);
      this.spreadClear[ply] = threatened ? 0 : 1;
      if (threatened) {
        threatLo = THREAT[0]!;
        threatHi = THREAT[1]!;
      }
    } else this.spreadClear[ply] = 0;

    if (depth <= 0) {
      if (!threatened || ply >= this.extensionLimit) {
        const s = this.staticEval(pos, ply);
        return finish === FINISH_DRAW && s < 0 ? 0 : s; // a drawn finish is there to take
      }
      depth = 1; // facing a road threat: see the answers before judging
    }

    // Facing a threat with no road of its own in one (checked above, at ply > 0), only the moves
    // that touch the threat can save the game: the rest are skipped (tactics/threat-answers.ts),
    // and the static score is never used (no pruning by it, a node with no answer is lost).
    const answersOnly = threatened && ply > 0;
    const tt = this.tt;
    let ttMove = 0;
    let staticEval: number;
    if (tt.probe(pos.keyLo, pos.keyHi)) {
      ttMove = tt.move;
      staticEval = tt.eval;
      if (!pvNode && tt.depth >= depth) {
        let s = tt.score;
        if (s >= WIN_THRESHOLD) s -= ply;
        else if (s <= -WIN_THRESHOLD) s += ply;
        const bound = tt.bound;
        if (bound === BOUND_EXACT || (bound === BOUND_LOWER && s >= beta) || (bound === BOUND_UPPER && s <= alpha)) {
          return s;
        }
      }
    } else {
      staticEval = answersOnly ? 0 : this.staticEval(pos, ply); // 0 in the table too
    }
    // The root searches the last iteration's best move first, whatever an aspiration fail-low
    // left in the table: the cut-off rule in search() counts on it.
    if (ply === 0 && this.rootBest !== 0 && this.excludedCount === 0) ttMove = this.rootBest;
    // Internal iterative reduction: a node the table knows nothing of (no move to try first) is
    // searched a ply shallower; the next iteration finds it in the table.
    if (ttMove === 0 && depth >= IIR_DEPTH && !threatened) depth--;

    // Reverse futility: near the leaves, a static score far above beta stands (not when facing
    // a threat: those are searched, whatever the score says).
    if (!pvNode && ply > 0 && depth <= RFP_DEPTH && !threatened && pos.ply >= 2 && Math.abs(beta) < WIN_THRESHOLD) {
      if (staticEval - RFP_MARGIN * depth >= beta) return staticEval;
    }

    // Null move: if passing still holds beta, a real move will too (not when facing a threat).
    if (!pvNode && ply > 0 && depth >= 3 && !threatened && pos.ply >= 2 && staticEval >= beta && Math.abs(beta) < WIN_THRESHOLD) {
      const r = 2 + (depth >> 2);
      makeNull(pos);
      this.net?.copy(ply);
      this.lastMove = 0;
      const s = -this.negamax(depth - 1 - r, -beta, -beta + 1, ply + 1, false, start);
      unmakeNull(pos);
      if (this.aborted) return 0;
      if (s >= beta) return s >= WIN_THRESHOLD ? beta : s;
    }

    let best = -INF;
    let bestMove = 0;
    const alpha0 = alpha;
    let searched = 0;
    const picker = this.picker;
    this.order.prev[ply] = ply > 0 ? this.lastMove : 0;
    picker.init(ply, start, ttMove, !threatened, threatLo, threatHi, answersOnly);
    for (let m = picker.next(pos, ply); m !== 0; m = picker.next(pos, ply)) {
      if (this.excludedCount !== 0 && ply === 0 && this.isExcluded(m)) continue; // Multi-PV: a line already found
      // Late move pruning: the list is best first, so past the count every move left is quiet.
      if (!pvNode && ply > 0 && depth <= LMP_DEPTH && !threatened && picker.quiet && best > -WIN_THRESHOLD && searched >= LMP_BASE + LMP_SCALE * depth * depth) break;
      let reduce = 0;
      if (depth >= 3 && searched >= 3 && picker.quiet && !threatened) {
        reduce = LMR_TABLE[(depth < 63 ? depth : 63) * 64 + (searched < 63 ? searched : 63)]!;
        if (pvNode && reduce > 0) reduce--;
        if (reduce > depth - 2) reduce = depth - 2;
      }
      const s = this.searchMove(m, depth, alpha, beta, ply, pvNode, searched, reduce, picker.childStart(ply));
      if (this.aborted) return 0;
      searched++;
      if (ply === 0) this.rootSearched = searched;
      if (s > best) {
        best = s;
        bestMove = m;
        if (s > alpha) {
          alpha = s;
          this.updatePv(ply, m);
          if (ply === 0) {
            this.rootScore = s;
            if (searched > 1) this.rootImproved = true;
          }
          if (s >= beta) {
            this.order.cutoff(pos, m, ply, depth);
            picker.penaliseEarlier(pos, ply, depth);
            break;
          }
        }
      }
    }
    if (searched === 0) {
      // Every move left the threat standing: the opponent's road comes next move.
      if (answersOnly) return -(WIN_SCORE - ply - 2);
      return staticEval; // no legal move (cannot happen in an unfinished game)
    }
    // A root with moves excluded has a best move and score that are not the root's: not stored.
    if (this.excludedCount === 0 || ply !== 0) this.storeResult(best, bestMove, depth, ply, alpha0, beta, staticEval);
    return best;
  }

  private isExcluded(m: number): boolean {
    for (let i = 0; i < this.excludedCount; i++) if (this.excluded[i] === m) return true;
    return false;
  }

  /** Makes m, searches it (PVS: null window, reduced, then re-searched as needed), unmakes it. */
  private searchMove(
    m: number,
    depth: number,
    alpha: number,
    beta: number,
    ply: number,
    pvNode: boolean,
    searched: number,
    reduce: number,
    start: number,
  ): number {
    const pos = this.pos;
    if (ply === 0) {
      this.currMove = m; // for progress reports (UCI currmove / currmovenumber)
      this.currMoveNumber = searched + 1;
    }
    const net = this.net;
    if (net !== undefined) {
      net.beforeMove(pos, m, ply);
      makeMove(pos, m);
      net.afterMove(pos, m, ply);
    } else makeMove(pos, m);
    let s: number;
    this.lastMove = m;
    if (searched === 0) {
      s = -this.negamax(depth - 1, -beta, -alpha, ply + 1, pvNode, start);
    } else {
      s = -this.negamax(depth - 1 - reduce, -alpha - 1, -alpha, ply + 1, false, start);
      this.lastMove = m;
      if (s > alpha && reduce > 0) s = -this.negamax(depth - 1, -alpha - 1, -alpha, ply + 1, false, start);
      this.lastMove = m;
      if (s > alpha && s < beta && pvNode) s = -this.negamax(depth - 1, -beta, -alpha, ply + 1, true, start);
    }
    unmakeMove(pos, m);
    return s;
  }

  /** The principal variation at ply: m, then the child's line. */
  private updatePv(ply: number, m: number): void {
    const pv = this.pv;
    const row = ply * MAX_PLY;
    const child = (ply + 1) * MAX_PLY;
    pv[row + ply] = m;
    const len = this.pvLen[ply + 1]!;
    for (let j = ply + 1; j < len; j++) pv[row + j] = pv[child + j]!;
    this.pvLen[ply] = len > ply + 1 ? len : ply + 1;
  }

  private storeResult(best: number, bestMove: number, depth: number, ply: number, alpha0: number, beta: number, staticEval: number): void {
    let stored = best;
    if (stored >= WIN_THRESHOLD) stored += ply;
    else if (stored <= -WIN_THRESHOLD) stored -= ply;
    const bound = best >= beta ? BOUND_LOWER : best > alpha0 ? BOUND_EXACT : BOUND_UPPER;
    this.tt.store(this.pos.keyLo, this.pos.keyHi, bestMove, stored, depth, bound, staticEval);
  }
}
