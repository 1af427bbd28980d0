// The search's node in AssemblyScript: negamax and searchMove (PVS, the table,
// mate-distance pruning, roads in one by placement and by spread, flat finishes, the threat
// extension and answers-only nodes, internal iterative reduction, reverse futility, null move,
// late-move pruning and reductions), over the rules core, the tactics, the linear evaluation and
// the network accumulators, so that a node never leaves WebAssembly. The root's iterations, the
// clock and the reports stay in TypeScript (search/search.ts through src/wasm/search-core.ts),
// which calls `searchDepth` and is called back every few thousand nodes (`checkLimits`). Ported
// from a TypeScript negamax node for node; test/wasm/search.test.ts holds the tree it recorded.

import { key, makeNull, make, ply as gamePly, repetitions, side, unmake, unmakeNull } from './rules';
import {
  DRAW,
  finishOutcome,
  groupScore,
  mapRoads,
  mayOpenSpreadRoad,
  ONGOING,
  resultAfterMove,
  roadThreat,
  scanRoads,
  spreadWin,
  threat,
  threatCount,
  WHITE_FLATS,
  WHITE_ROAD,
} from './tactics';
import { linearEval } from './evaluation';
import { afterMove, beforeMove, copySlot, evaluate as netSum } from './accumulator';
import { BOUND_EXACT, BOUND_LOWER, BOUND_UPPER, probe, store, ttBound, ttDepth, ttEval, ttMove, ttScore } from './table';
import { childStart, cutoff, initPicker, nextMove, penaliseEarlier, prev, quiet } from './order';

/** The clock, the stop flag and the node limit, asked of TypeScript: the next check's node count, or -1 to stop. */
@external('env', 'checkLimits')
declare function checkLimits(nodes: f64): f64;

const MAX_PLY: i32 = 128;
const INF: i32 = 32000;
const WIN_SCORE: i32 = 30000;
const WIN_THRESHOLD: i32 = WIN_SCORE - 1000;
const RFP_DEPTH: i32 = 3;
const RFP_MARGIN: i32 = 120;
const LMP_DEPTH: i32 = 2;
const LMP_BASE: i32 = 8;
const LMP_SCALE: i32 = 8;
const IIR_DEPTH: i32 = 4;
const FINISH_WIN: i32 = 1;
const FINISH_DRAW: i32 = 2;

/** search-core.ts's LMR_TABLE, copied in by the TypeScript side (its logarithms V8's). */
const lmr = new StaticArray<i8>(64 * 64);
const pv = new StaticArray<i32>(MAX_PLY * MAX_PLY);
export const pvLen = new StaticArray<i32>(MAX_PLY);
const spreadClear = new StaticArray<u8>(MAX_PLY);
const excluded = new StaticArray<i32>(256);
export let excludedCount: i32 = 0;

let halfKomi: i32 = 0;
let nodes: f64 = 0;
let nextCheck: f64 = 0;
export let seldepth: i32 = 0;
export let aborted: bool = false;
export let extensionLimit: i32 = MAX_PLY - 2;
let lastMove: i32 = 0;
export let rootSearched: i32 = 0;
export let rootScore: i32 = 0;
export let rootBest: i32 = 0;
export let rootImproved: bool = false;
export let currMove: i32 = 0;
export let currMoveNumber: i32 = 0;

/** The evaluation: 0 linear alone, 1 the network added to it (residual), 2 the network alone. */
let evalKind: i32 = 0;
let netScale: f64 = 0;
let netBias: f64 = 0;
/** A level's evaluation noise in centiflats (levels.ts; 0 at full strength). */
let noise: f64 = 0;

const EVAL_CACHE_BITS: i32 = 14;
const evalKeys = new StaticArray<u64>(1 << EVAL_CACHE_BITS);
const evalScores = new StaticArray<i32>(1 << EVAL_CACHE_BITS);
const evalGens = new StaticArray<i32>(1 << EVAL_CACHE_BITS);
let evalGen: i32 = 0;

export function lmrAt(): usize {
  return changetype<usize>(lmr);
}

export function pvAt(): usize {
  return changetype<usize>(pv);
}

export function pvLenAt(): usize {
  return changetype<usize>(pvLen);
}

export function excludedAt(): usize {
  return changetype<usize>(excluded);
}

/**
 * A new search: komi, the evaluation (kind, and the network's scale K / (QA * QB) and bias
 * b2 * K as the TypeScript accumulator computes them), the first clock check's node count.
 */
export function startSearch(komi: i32, kind: i32, scale: f64, bias: f64, firstCheck: f64, levelNoise: f64): void {
  halfKomi = komi;
  noise = levelNoise;
  evalKind = kind;
  netScale = scale;
  netBias = bias;
  evalGen++;
  nodes = 0;
  seldepth = 0;
  aborted = false;
  nextCheck = firstCheck;
  currMove = currMoveNumber = 0;
}

export function searchNodes(): f64 {
  return nodes;
}

/** The iteration's root settings (search.ts: rootBest, extensionLimit, excludedCount). */
export function setRoot(best: i32, extension: i32, excludedMoves: i32): void {
  rootBest = best;
  extensionLimit = extension;
  excludedCount = excludedMoves;
}

/** levels.ts evalNoise: a fixed pseudo-random offset in [-amplitude, amplitude) by position. */
function evalNoise(amplitude: f64): f64 {
  let h = ((<i32>key ^ 0x9e3779b9) * 0x85ebca6b) ^ <i32>(key >> 32);
  h = (h ^ (h >>> 13)) * 0xc2b2ae35;
  h ^= h >>> 16;
  return ((<f64>(<u32>h) / 4294967296.0) * 2 - 1) * amplitude;
}

function computeEval(ply: i32): i32 {
  let score: i32;
  if (evalKind == 2) score = <i32>Math.round(<f64>netSum(ply) * netScale + netBias);
  else {
    const threats = gamePly >= 2 ? threatCount[side ^ 1] : 0;
    const linear = linearEval(halfKomi, threats, groupScore[0] - groupScore[1]);
    score = evalKind == 0 ? linear : <i32>Math.round(<f64>linear + (<f64>netSum(ply) * netScale + netBias));
  }
  return noise == 0 ? score : <i32>Math.round(<f64>score + evalNoise(noise));
}

function staticEval(ply: i32): i32 {
  const at = <i32>((key * 0x9e3779b97f4a7c15) >> (64 - EVAL_CACHE_BITS));
  if (evalGens[at] == evalGen && evalKeys[at] == key) return evalScores[at];
  const s = computeEval(ply);
  evalKeys[at] = key;
  evalScores[at] = s;
  evalGens[at] = evalGen;
  return s;
}

function updatePv(ply: i32, m: i32): void {
  const row = ply * MAX_PLY;
  const child = (ply + 1) * MAX_PLY;
  pv[row + ply] = m;
  const len = pvLen[ply + 1];
  for (let j = ply + 1; j < len; j++) pv[row + j] = pv[child + j];
  pvLen[ply] = len > ply + 1 ? len : ply + 1;
}

function storeResult(best: i32, bestMove: i32, depth: i32, ply: i32, alpha0: i32, beta: i32, evaluation: i32): void {
  let stored = best;
  if (stored >= WIN_THRESHOLD) stored += ply;
  else if (stored <= -WIN_THRESHOLD) stored -= ply;
  const bound = best >= beta ? BOUND_LOWER : best > alpha0 ? BOUND_EXACT : BOUND_UPPER;
  store(<i32>key, <i32>(key >> 32), bestMove, stored, depth, bound, evaluation);
}

function isExcluded(m: i32): bool {
  for (let i = 0; i < excludedCount; i++) if (excluded[i] == m) return true;
  return false;
}

/** One root search at `depth` in the window (alpha, beta): negamax at ply 0. */
export function searchDepth(depth: i32, alpha: i32, beta: i32): i32 {
  return negamax(depth, alpha, beta, 0, true, 0);
}

function negamax(depth: i32, alpha: i32, beta: i32, ply: i32, pvNode: bool, start: i32): i32 {
  pvLen[ply] = ply;
  if (++nodes >= nextCheck) {
    const next = checkLimits(nodes);
    if (next < 0) aborted = true;
    else nextCheck = next;
  }
  if (aborted) return 0;
  if (ply > seldepth) seldepth = ply;

  if (ply > 0) {
    const r = resultAfterMove(lastMove, halfKomi);
    if (r != ONGOING) {
      if (r == DRAW) return 0;
      const winner = r == WHITE_ROAD || r == WHITE_FLATS ? 0 : 1;
      return winner == side ? WIN_SCORE - ply : -(WIN_SCORE - ply);
    }
    if (repetitions() >= 2) return 0;
    if (alpha < -(WIN_SCORE - ply)) alpha = -(WIN_SCORE - ply);
    if (beta > WIN_SCORE - ply - 1) beta = WIN_SCORE - ply - 1;
    if (alpha >= beta) return alpha;
  }
  const us = side;
  if (ply == 0) {
    scanRoads();
    rootSearched = 0;
    rootImproved = false;
  }
  mapRoads(us);
  mapRoads(us ^ 1);
  if (ply > 0 && gamePly >= 2 && threatCount[us] != 0) return WIN_SCORE - ply - 1;
  let threatSquares: u64 = 0;
  let threatened = false;
  let finish = 0;
  if (gamePly >= 2) {
    const noSpreadWin = ply == 0 || (spreadClear[ply - 1] == 1 && !mayOpenSpreadRoad(lastMove));
    if (!noSpreadWin && spreadWin(us) != 0) return WIN_SCORE - ply - 1;
    if (ply > 0) {
      finish = finishOutcome(us, halfKomi);
      if (finish == FINISH_WIN) return WIN_SCORE - ply - 1;
    }
    threatened = roadThreat(us ^ 1);
    spreadClear[ply] = threatened ? 0 : 1;
    if (threatened) threatSquares = threat;
  } else spreadClear[ply] = 0;

  if (depth <= 0) {
    if (!threatened || ply >= extensionLimit) {
      const s = staticEval(ply);
      return finish == FINISH_DRAW && s < 0 ? 0 : s;
    }
    depth = 1;
  }

  const answersOnly = threatened && ply > 0;
  let tableMove = 0;
  let evaluation: i32;
  if (probe(<i32>key, <i32>(key >> 32))) {
    tableMove = ttMove;
    evaluation = ttEval;
    if (!pvNode && ttDepth >= depth) {
      let s = ttScore;
      if (s >= WIN_THRESHOLD) s -= ply;
      else if (s <= -WIN_THRESHOLD) s += ply;
      const bound = ttBound;
      if (bound == BOUND_EXACT || (bound == BOUND_LOWER && s >= beta) || (bound == BOUND_UPPER && s <= alpha)) return s;
    }
  } else {
    evaluation = answersOnly ? 0 : staticEval(ply);
  }
  if (ply == 0 && rootBest != 0 && excludedCount == 0) tableMove = rootBest;
  if (tableMove == 0 && depth >= IIR_DEPTH && !threatened) depth--;

  if (!pvNode && ply > 0 && depth <= RFP_DEPTH && !threatened && gamePly >= 2 && abs(beta) < WIN_THRESHOLD) {
    if (evaluation - RFP_MARGIN * depth >= beta) return evaluation;
  }

  if (!pvNode && ply > 0 && depth >= 3 && !threatened && gamePly >= 2 && evaluation >= beta && abs(beta) < WIN_THRESHOLD) {
    const r = 2 + (depth >> 2);
    makeNull();
    if (evalKind != 0) copySlot(ply);
    lastMove = 0;
    const s = -negamax(depth - 1 - r, -beta, -beta + 1, ply + 1, false, start);
    unmakeNull();
    if (aborted) return 0;
    if (s >= beta) return s >= WIN_THRESHOLD ? beta : s;
  }

  let best = -INF;
  let bestMove = 0;
  const alpha0 = alpha;
  let searched = 0;
  prev[ply] = ply > 0 ? lastMove : 0;
  initPicker(ply, start, tableMove, !threatened, threatSquares, answersOnly);
  for (let m = nextMove(ply); m != 0; m = nextMove(ply)) {
    if (excludedCount != 0 && ply == 0 && isExcluded(m)) continue;
    if (!pvNode && ply > 0 && depth <= LMP_DEPTH && !threatened && quiet && best > -WIN_THRESHOLD && searched >= LMP_BASE + LMP_SCALE * depth * depth) break;
    let reduce = 0;
    if (depth >= 3 && searched >= 3 && quiet && !threatened) {
      reduce = <i32>lmr[(depth < 63 ? depth : 63) * 64 + (searched < 63 ? searched : 63)];
      if (pvNode && reduce > 0) reduce--;
      if (reduce > depth - 2) reduce = depth - 2;
    }
    const s = searchMove(m, depth, alpha, beta, ply, pvNode, searched, reduce, childStart(ply));
    if (aborted) return 0;
    searched++;
    if (ply == 0) rootSearched = searched;
    if (s > best) {
      best = s;
      bestMove = m;
      if (s > alpha) {
        alpha = s;
        updatePv(ply, m);
        if (ply == 0) {
          rootScore = s;
          if (searched > 1) rootImproved = true;
        }
        if (s >= beta) {
          cutoff(m, ply, depth);
          penaliseEarlier(ply, depth);
          break;
        }
      }
    }
  }
  if (searched == 0) {
    if (answersOnly) return -(WIN_SCORE - ply - 2);
    return evaluation;
  }
  if (excludedCount == 0 || ply != 0) storeResult(best, bestMove, depth, ply, alpha0, beta, evaluation);
  return best;
}

function searchMove(m: i32, depth: i32, alpha: i32, beta: i32, ply: i32, pvNode: bool, searched: i32, reduce: i32, start: i32): i32 {
  if (ply == 0) {
    currMove = m;
    currMoveNumber = searched + 1;
  }
  if (evalKind != 0) {
    beforeMove(m, ply);
    make(m);
    afterMove(m, ply);
  } else make(m);
  let s: i32;
  lastMove = m;
  if (searched == 0) {
    s = -negamax(depth - 1, -beta, -alpha, ply + 1, pvNode, start);
  } else {
    s = -negamax(depth - 1 - reduce, -alpha - 1, -alpha, ply + 1, false, start);
    lastMove = m;
    if (s > alpha && reduce > 0) s = -negamax(depth - 1, -alpha - 1, -alpha, ply + 1, false, start);
    lastMove = m;
    if (s > alpha && s < beta && pvNode) s = -negamax(depth - 1, -beta, -alpha, ply + 1, true, start);
  }
  unmake(m);
  return s;
}

// ---- What the TypeScript side reads after a root search ----------------------------------------

export function searchState(what: i32): i32 {
  switch (what) {
    case 0:
      return seldepth;
    case 1:
      return aborted ? 1 : 0;
    case 2:
      return rootSearched;
    case 3:
      return rootScore;
    case 4:
      return rootImproved ? 1 : 0;
    case 5:
      return currMove;
    case 6:
      return currMoveNumber;
    default:
      return 0;
  }
}
