// Time allocation: from the `go` limits (own clock, increment, moves to go, movetime, depth,
// nodes, infinite) to the search's limits: a soft budget (start no new iteration after it) and a
// hard deadline (abort inside the search). Pure functions: no clock is read here.
//
// With usable = time - MOVE_OVERHEAD_MS (Racetrack forfeits on wall time, so a margin covers
// scheduling, pipes, worker messages and GC):
//   plan = min(usable / movesLeft + 3/4 inc, MAX_SOFT_SHARE * usable)
//   soft = ITERATION_SHARE * plan        (an iteration started late ends far past it)
//   hard = min(HARD_FACTOR * plan, MAX_HARD_SHARE * usable)
// movesLeft is `movestogo` when given; with an increment MOVES_LEFT_INC (a twentieth of the
// clock a move: the clock decays geometrically, the opening gets most and the end game keeps
// some); in sudden death the pieces in reserve plus EXTRA_MOVES, clamped to
// [MIN_MOVES_LEFT, MAX_MOVES_LEFT]. The evidence for these choices: docs/strength.md, rows
// ITERATION_SHARE and MOVES_LEFT_INC.

import type { SearchLimits } from './types.js';

/**
 * Time by the root's stability (search.ts applies it to the soft budget after each iteration of
 * a single-line search; the hard deadline is unchanged): an iteration from depth
 * STABLE_MIN_DEPTH on that changed the best move stretches the budget CHANGED_SCALE times, a best
 * move that has stood for STABLE_ITERATIONS iterations shrinks it to STABLE_SCALE, and a score
 * that fell by DROP_CENTIFLATS or more stretches it DROP_SCALE times more: time goes to the
 * moves where another iteration may change the answer. See docs/strength.md, row stabilityScale.
 */
export const STABLE_MIN_DEPTH = 5;
export const CHANGED_SCALE = 1.6;
export const STABLE_ITERATIONS = 4;
export const STABLE_SCALE = 0.75;
export const DROP_CENTIFLATS = 40;
export const DROP_SCALE = 1.4;

/**
 * The factor on the soft budget after an iteration to `depth`: `changed` when its best move
 * differs from the last iteration's, `stable` the iterations in a row that kept it, `drop` the
 * last iteration's score less this one's (centiflats, positive when it fell).
 */
export function stabilityScale(depth: number, changed: boolean, stable: number, drop: number): number {
  let scale = 1;
  if (changed && depth >= STABLE_MIN_DEPTH) scale = CHANGED_SCALE;
  else if (!changed && stable >= STABLE_ITERATIONS) scale = STABLE_SCALE;
  if (drop >= DROP_CENTIFLATS) scale *= DROP_SCALE;
  return scale;
}

/** Subtracted from every clock: process, pipe, worker messaging and watchdog latency. */
export const MOVE_OVERHEAD_MS = 60;
/**
 * Never plan for fewer own moves than this (unless movestogo says so) in sudden death: a game
 * can outlast its reserves by many spreads, and nothing refills the clock.
 */
export const MIN_MOVES_LEFT = 30;
/** Nor for more than this. */
export const MAX_MOVES_LEFT = 50;
/**
 * With an increment, always this many (see the header): a twentieth of the clock a move, plus
 * 3/4 of the increment.
 */
export const MOVES_LEFT_INC = 20;
/** Own moves expected beyond the pieces left in reserve (spreads, and the margin for long games). */
export const EXTRA_MOVES = 10;
/** Without a reserve count, assume this many own moves to come. */
export const DEFAULT_MOVES_LEFT = 40;
/** The planned time never exceeds this share of the usable clock. */
export const MAX_SOFT_SHARE = 0.4;
/** New iterations start only within this share of the planned time (the soft budget). */
export const ITERATION_SHARE = 0.6;
/** The hard deadline is at most this multiple of the planned time... */
export const HARD_FACTOR = 3;
/** ...and never more than this share of the usable clock. */
export const MAX_HARD_SHARE = 0.6;
/**
 * The tinue prover's look before an analysis search (go infinite, a bare go, go movetime): at
 * most this many ms, a tenth of a movetime. Not on a game clock (wtime/btime), where its cost
 * has not been measured in matches (the search finds short forced roads itself), nor with
 * depth or nodes limits, whose searches must repeat exactly.
 */
export const TINUE_MAX_MS = 500;
export const TINUE_MOVETIME_SHARE = 0.1;
/** Deadlines are capped here: timers cannot be set further out than 2^31 - 1 ms. */
export const MAX_DEADLINE_MS = 2_000_000_000;

/** The `go` limits that concern the side to move (its own clock already picked). */
export interface TimeControls {
  /** Own clock in ms (wtime or btime). */
  time?: number;
  /** Own increment in ms (winc or binc). */
  inc?: number;
  movesToGo?: number;
  moveTime?: number;
  depth?: number;
  nodes?: number;
  infinite?: boolean;
}

export interface ClockBudget {
  softMs: number;
  hardMs: number;
}

function clamp(x: number, lo: number, hi: number): number {
  return x < lo ? lo : x > hi ? hi : x;
}

function finiteNonNegative(x: number | undefined): number {
  return x !== undefined && Number.isFinite(x) && x > 0 ? x : 0;
}

/** How many own moves to spread the clock over. */
export function movesLeft(movesToGo: number | undefined, piecesLeft: number | undefined, increment = false): number {
  if (movesToGo !== undefined && Number.isFinite(movesToGo) && movesToGo >= 1) return clamp(Math.floor(movesToGo), 1, 100);
  if (increment) return MOVES_LEFT_INC;
  if (piecesLeft === undefined || !Number.isFinite(piecesLeft)) return DEFAULT_MOVES_LEFT;
  return clamp(Math.round(piecesLeft) + EXTRA_MOVES, MIN_MOVES_LEFT, MAX_MOVES_LEFT);
}

/** Soft and hard limits (ms from the search start) for a move played on a clock. */
export function clockBudget(time: number, inc = 0, movesToGo?: number, piecesLeft?: number): ClockBudget {
  const usable = Math.max(0, finiteNonNegative(time) - MOVE_OVERHEAD_MS);
  const increment = finiteNonNegative(inc);
  const n = movesLeft(movesToGo, piecesLeft, increment > 0);
  // With one move to go the clock is refilled afterwards: spend more of it, still not all.
  const softShare = n === 1 ? MAX_HARD_SHARE : MAX_SOFT_SHARE;
  const plan = Math.min(usable / n + 0.75 * increment, softShare * usable);
  const hard = Math.min(HARD_FACTOR * plan, MAX_HARD_SHARE * usable);
  const hardMs = clamp(Math.floor(hard), 1, MAX_DEADLINE_MS);
  return { softMs: clamp(Math.floor(ITERATION_SHARE * plan), 0, hardMs), hardMs };
}

/** Limits for `go movetime`: nearly all of it, less a margin for latency. */
export function moveTimeBudget(moveTime: number): ClockBudget {
  const t = finiteNonNegative(moveTime);
  const margin = Math.min(MOVE_OVERHEAD_MS, t / 4);
  const hardMs = clamp(Math.floor(t - margin), 1, MAX_DEADLINE_MS);
  return { softMs: hardMs, hardMs };
}

/**
 * The search limits for a `go`. `piecesLeft` is the mover's reserve (stones and capstones),
 * used to estimate the moves to come. No limit at all means infinite: search until `stop`
 * (what UCI engines do with a bare `go`).
 */
export function searchLimits(tc: TimeControls, piecesLeft?: number): SearchLimits {
  const limits: SearchLimits = {};
  if (tc.depth !== undefined) limits.depth = Math.max(1, Math.floor(tc.depth));
  if (tc.nodes !== undefined) limits.nodes = Math.max(1, Math.floor(tc.nodes));
  const exact = limits.depth !== undefined || limits.nodes !== undefined;
  if (tc.infinite) {
    limits.infinite = true;
    if (!exact) limits.tinueMs = TINUE_MAX_MS;
    return limits;
  }
  const budgets: ClockBudget[] = [];
  if (tc.time !== undefined) budgets.push(clockBudget(tc.time, tc.inc, tc.movesToGo, piecesLeft));
  if (tc.moveTime !== undefined) budgets.push(moveTimeBudget(tc.moveTime));
  // A movetime alone means "think this long" (PTN Ninja, Racetrack, UCI GUIs): all of it.
  if (tc.moveTime !== undefined && tc.time === undefined) limits.fixedTime = true;
  if (budgets.length > 0) {
    limits.softMs = Math.min(...budgets.map((b) => b.softMs));
    limits.hardMs = Math.min(...budgets.map((b) => b.hardMs));
  } else if (!exact) {
    limits.infinite = true;
  }
  // Analysis (a bare go, or a movetime without a clock): the prover's look first.
  if (!exact && tc.time === undefined) {
    limits.tinueMs = tc.moveTime === undefined ? TINUE_MAX_MS : Math.min(TINUE_MAX_MS, Math.floor(finiteNonNegative(tc.moveTime) * TINUE_MOVETIME_SHARE));
  }
  return limits;
}
