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

// This file keeps the iterations, the clock, the reports and the tinue prover; every node below
// a root call runs in the WebAssembly core (src/wasm/search-core.ts over assembly/search.ts),
// whose tree test/wasm/search.test.ts holds to its record.

import { generateMoves, MAX_MOVES } from '../core/movegen.js';
import type { Position } from '../core/position.js';
import { boardResult, ONGOING } from '../core/result.js';
import { networkFor } from '../eval/net/nets.js';
import { QUICK_TINUE_PLIES, QUICK_TINUE_TABLE_MB, TinueSolver } from '../tinue/dfpn.js';
import { SearchCore } from '../wasm/search-core.js';
import { levelSettings } from './levels.js';
import { stabilityScale } from './time.js';
import type { TranspositionTable } from './tt.js';
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
}

const MAX_PLY = 128;
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
/**
 * The tak-threat extension: a node at or past the horizon that faces a road threat is searched
 * one ply more (its answers), up to this many plies past the iteration's depth; there it is
 * scored statically. Unbounded, chains of answers that threaten back took most of the tree in
 * tactical middle games (test/search/search.test.ts has such a position). See docs/strength.md,
 * row THREAT_EXTENSION_PLIES.
 */
export const THREAT_EXTENSION_PLIES = 4;
/** Longest silence (ms) of the reporting thread inside an iteration before a progress report. */
const PROGRESS_MS = 500;

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
  private readonly rootMoves = new Int32Array(MAX_MOVES);
  /** The line of the last root search, and its length. */
  private readonly pv = new Int32Array(MAX_PLY);
  private pvLength = 0;
  /** Root moves the current root search must skip (Multi-PV: the lines found at this depth). */
  private readonly excluded = new Int32Array(MAX_MULTI_PV);
  private excludedCount = 0;
  /** The last completed iteration's best move: searched first at the root (0 before any). */
  private rootBest = 0;

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
  // Progress reports (main thread only): checked with the clock in checkLimits.
  private onProgress: ProgressCallback | undefined;
  private nextProgressAt = Infinity;
  private currMove = 0;
  private currMoveNumber = 0;
  /** The tinue prover, made on first use (analysis searches only). */
  private tinue: TinueSolver | undefined;
  /** The WebAssembly search core: it searches with this table, its own move order and accumulators. */
  private readonly core: SearchCore;

  constructor(opts: SearcherOptions) {
    this.tt = opts.table;
    this.stop = opts.stop;
    this.threadIndex = opts.threadIndex ?? 0;
    this.nodeCounts = opts.nodeCounts;
    const core = (this.core = new SearchCore(this.tt));
    // The core's clock check, with the core's counts.
    core.onCheck = (nodes) => {
      this.nodes = nodes;
      this.seldepth = core.seldepth;
      this.currMove = core.currMove;
      this.currMoveNumber = core.currMoveNumber;
      this.checkLimits();
      return this.aborted ? -1 : this.nextCheck;
    };
  }

  newGame(): void {
    this.core.clearOrder();
  }

  /** The deepest ply reached by the last search (for its final report). */
  get lastSeldepth(): number {
    return this.seldepth;
  }

  search(pos: Position, halfKomi: number, limits: SearchLimits, onInfo?: (info: SearchInfo) => void, onProgress?: ProgressCallback): SearchResult {
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
    const noise = level?.noise ?? 0;
    // Threat extension plies of this search (none at the levels that play without them).
    const extensionPlies = level === undefined || level.extensions ? THREAT_EXTENSION_PLIES : 0;
    if (level !== undefined) this.nodeLimit = Math.min(this.nodeLimit, level.nodes);
    this.lastCheckAt = this.startTime;
    this.nextCheck = Math.min(this.checkInterval, this.nodeLimit);
    const maxDepth = Math.min(limits.depth ?? MAX_PLY - 8, MAX_PLY - 8, level?.depth ?? MAX_PLY);
    this.tt.newSearch();
    this.core.start(pos, halfKomi, limits.network !== false ? networkFor(pos.size) : undefined, noise, this.nextCheck);

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
      this.extensionLimit = Math.min(MAX_PLY - 2, depth + extensionPlies);
      const lines: RootLine[] = [];
      for (let k = 0; k < lineCount; k++) {
        this.excludedCount = k; // the moves of lines 0..k-1 of this iteration
        const score = this.searchRoot(depth, scores[k]!, onBound);
        if (this.aborted) break;
        const move = this.pv[0]!;
        lines.push({ move, score, pv: Array.from(this.pv.subarray(0, this.pvLength)) });
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
        // (The core's root counts: the root moves it searched in full, whether one after the
        // first raised alpha, and the score of the last that did, whose line is pv.)
        const firstUnfinished = depth === first && result.depth === 0 && this.core.rootSearched >= 1;
        if (!multi && (firstUnfinished || (depth > first && this.core.rootImproved)) && this.pvLength > 0 && this.pv[0] !== result.best) {
          result.best = this.pv[0]!;
          result.pv = Array.from(this.pv.subarray(0, this.pvLength));
          result.score = this.core.rootScore;
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
   * widened on each fail. Returns the exact score, the line in pv; meaningless if aborted.
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

  /** One root call of the core (its counts and line read back). */
  private rootSearch(depth: number, alpha: number, beta: number): number {
    const core = this.core;
    const s = core.searchRoot(depth, alpha, beta, this.rootBest, this.extensionLimit, this.excluded, this.excludedCount);
    this.nodes = core.nodes;
    this.seldepth = core.seldepth;
    this.aborted = core.aborted;
    this.pvLength = core.rootLine(this.pv);
    return s;
  }

  /** A report: the line given, or the root's line; `multipv` (1-based) only in a Multi-PV search. */
  private info(depth: number, score: number, bound: 'exact' | 'lower' | 'upper', line?: number[], multipv?: number): SearchInfo {
    const now = performance.now();
    // An exact report is a sign of life too; an aspiration bound is not (the session does not
    // print it), so it must not put off the next progress line.
    if (this.onProgress !== undefined && bound === 'exact') this.nextProgressAt = now + PROGRESS_MS;
    const timeMs = Math.round(now - this.startTime);
    const abs = Math.abs(score);
    const mateIn = abs >= WIN_THRESHOLD ? Math.sign(score) * (WIN_SCORE - abs) : 0;
    const pv = line !== undefined ? line.slice() : Array.from(this.pv.subarray(0, Math.max(1, this.pvLength)));
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
}
