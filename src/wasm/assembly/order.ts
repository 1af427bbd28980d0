// Move ordering and the staged move picker: the table move, the killers, then the generated list
// scored by history, prior, killers, the counter move (the move that refuted the opponent's
// last move before, for the same side) and threat blocks, picked best first; ported from the
// TypeScript search with the same scores and ties (the tree test/wasm/search.test.ts records).

import { delta, generate, isValidMove, moves, side } from './rules';
import { keepThreatAnswers, mayAnswer } from './tactics';

const HISTORY_SIZE: i32 = 256 + 2048;
const MAX_PLY: i32 = 128;
const MAX_MOVES: i32 = 1 << 15;
const TT_BONUS: i32 = 1 << 30;
const BLOCK_BONUS: i32 = 1 << 28;
const KILLER1: i32 = 1 << 26;
const KILLER2: i32 = 1 << 25;
const COUNTER: i32 = 1 << 24;
const HISTORY_MAX: i32 = 1 << 22;
const SPREAD_PRIOR: i32 = 100;

const history = new StaticArray<i32>(2 * HISTORY_SIZE);
export const killers = new StaticArray<i32>(MAX_PLY * 2);
const counters = new StaticArray<i32>(2 * HISTORY_SIZE);
/** Per ply: the move that led to the node (0 at the root and after a null move). */
export const prev = new StaticArray<i32>(MAX_PLY);
const scores = new StaticArray<i32>(1 << 20);

@inline
function historyIndex(m: i32): i32 {
  if ((m & 256) == 0) return m & 255;
  return 256 + (((m & 255) << 3) | (31 - clz((m >>> 9) & 0xff)));
}

@inline
function placePrior(type: i32): i32 {
  return type == 1 ? 300 : type == 2 ? 60 : type == 3 ? 150 : 0;
}

export function clearOrder(): void {
  for (let i = 0; i < history.length; i++) history[i] = 0;
  for (let i = 0; i < killers.length; i++) killers[i] = 0;
  for (let i = 0; i < counters.length; i++) counters[i] = 0;
}

/** Between searches: history halved, killers forgotten. */
export function ageOrder(): void {
  for (let i = 0; i < history.length; i++) history[i] = history[i] >> 1;
  for (let i = 0; i < killers.length; i++) killers[i] = 0;
}

function scoreMoves(start: i32, end: i32, ply: i32, ttMove: i32, threat: u64): void {
  const sideAt = side * HISTORY_SIZE;
  const k1 = killers[ply * 2];
  const k2 = killers[ply * 2 + 1];
  const blocking = threat != 0;
  const p = prev[ply];
  const counter = p != 0 ? counters[sideAt + historyIndex(p)] : 0;
  for (let i = start; i < end; i++) {
    const m = moves[i];
    let s: i32;
    if (m == ttMove) s = TT_BONUS;
    else {
      s = history[sideAt + historyIndex(m)];
      if ((m & 256) == 0) s += placePrior((m >>> 6) & 3);
      else s += SPREAD_PRIOR;
      if (m == k1) s += KILLER1;
      else if (m == k2) s += KILLER2;
      else if (m == counter) s += COUNTER;
      if (blocking) {
        let sq = m & 63;
        let hit = false;
        if ((m & 256) == 0) hit = ((threat >> sq) & 1) != 0;
        else {
          const step = delta[(m >>> 6) & 3];
          let mask = (m >>> 9) & 0xff;
          while (mask != 0 && !hit) {
            sq += step;
            mask &= mask - 1;
            hit = ((threat >> sq) & 1) != 0;
          }
        }
        if (hit) s += BLOCK_BONUS;
      }
    }
    scores[i] = s;
  }
}

/** A quiet move that caused a beta cut-off. */
export function cutoff(move: i32, ply: i32, depth: i32): void {
  const k = ply * 2;
  if (killers[k] != move) {
    killers[k + 1] = killers[k];
    killers[k] = move;
  }
  const p = prev[ply];
  if (p != 0) counters[side * HISTORY_SIZE + historyIndex(p)] = move;
  const i = side * HISTORY_SIZE + historyIndex(move);
  const v = history[i] + depth * depth;
  history[i] = v > HISTORY_MAX ? HISTORY_MAX : v;
}

function failed(move: i32, depth: i32): void {
  const i = side * HISTORY_SIZE + historyIndex(move);
  const v = history[i] - depth;
  history[i] = v < -HISTORY_MAX ? -HISTORY_MAX : v;
}

@inline
function pickNext(i: i32, end: i32): void {
  let best = i;
  let bestScore = scores[i];
  for (let j = i + 1; j < end; j++) {
    if (scores[j] > bestScore) {
      bestScore = scores[j];
      best = j;
    }
  }
  if (best != i) {
    const m = moves[i];
    moves[i] = moves[best];
    moves[best] = m;
    const s = scores[i];
    scores[i] = bestScore;
    scores[best] = s;
  }
}

// ---- The staged picker -------------------------------------------------------------------------

const STAGE_TT: i8 = 0;
const STAGE_KILLER1: i8 = 1;
const STAGE_KILLER2: i8 = 2;
const STAGE_GENERATE: i8 = 3;
const STAGE_LIST: i8 = 4;
const STAGE_DONE: i8 = 5;

const stage = new StaticArray<i8>(MAX_PLY);
const first = new StaticArray<i32>(MAX_PLY);
const cursor = new StaticArray<i32>(MAX_PLY);
const last = new StaticArray<i32>(MAX_PLY);
const tried = new StaticArray<i32>(MAX_PLY * 3);
const threats = new StaticArray<u64>(MAX_PLY);
const useKillers = new StaticArray<u8>(MAX_PLY);
const answersOnly = new StaticArray<u8>(MAX_PLY);
/** Whether the move next() returned last came from the scored list with no bonus (a late quiet move). */
export let quiet: bool = false;

export function initPicker(ply: i32, start: i32, ttMove: i32, withKillers: bool, threat: u64, onlyAnswers: bool): void {
  stage[ply] = ttMove != 0 ? STAGE_TT : withKillers ? STAGE_KILLER1 : STAGE_GENERATE;
  first[ply] = start;
  last[ply] = 0;
  tried[ply * 3] = ttMove;
  tried[ply * 3 + 1] = 0;
  tried[ply * 3 + 2] = 0;
  threats[ply] = threat;
  useKillers[ply] = withKillers ? 1 : 0;
  answersOnly[ply] = onlyAnswers ? 1 : 0;
}

/** Where a child's moves may start in the move stack. */
export function childStart(ply: i32): i32 {
  const end = last[ply];
  return end != 0 ? end : first[ply];
}

export function nextMove(ply: i32): i32 {
  while (true) {
    const st = stage[ply];
    if (st == STAGE_TT) {
      stage[ply] = useKillers[ply] ? STAGE_KILLER1 : STAGE_GENERATE;
      const m = tried[ply * 3];
      if (isValidMove(m) && (answersOnly[ply] == 0 || mayAnswer(m, threats[ply]))) {
        quiet = false;
        return m;
      }
      tried[ply * 3] = 0;
    } else if (st == STAGE_KILLER1 || st == STAGE_KILLER2) {
      const k = <i32>(st - STAGE_KILLER1);
      stage[ply] = st + 1;
      const m = killers[ply * 2 + k];
      if (m == 0 || m == tried[ply * 3] || !isValidMove(m)) continue;
      tried[ply * 3 + 1 + k] = m;
      quiet = false;
      return m;
    } else if (st == STAGE_GENERATE) {
      const start = first[ply];
      if (start + MAX_MOVES > moves.length) {
        stage[ply] = STAGE_DONE;
        return 0;
      }
      let end = generate(start);
      if (answersOnly[ply] != 0) end = keepThreatAnswers(moves, start, end, threats[ply]);
      scoreMoves(start, end, ply, tried[ply * 3], threats[ply]);
      cursor[ply] = start;
      last[ply] = end;
      stage[ply] = STAGE_LIST;
    } else if (st == STAGE_LIST) {
      const end = last[ply];
      const t = ply * 3;
      for (let i = cursor[ply]; i < end; i++) {
        pickNext(i, end);
        const m = moves[i];
        if (m == tried[t] || m == tried[t + 1] || m == tried[t + 2]) continue;
        cursor[ply] = i + 1;
        quiet = scores[i] < 1 << 25;
        return m;
      }
      cursor[ply] = end;
      stage[ply] = STAGE_DONE;
      return 0;
    } else return 0;
  }
  return 0;
}

/** After a cut-off by a list move: the history of the list moves searched before it lowered. */
export function penaliseEarlier(ply: i32, depth: i32): void {
  if (stage[ply] != STAGE_LIST) return;
  const t = ply * 3;
  for (let j = first[ply]; j < cursor[ply] - 1; j++) {
    const f = moves[j];
    if (f != tried[t] && f != tried[t + 1] && f != tried[t + 2]) failed(f, depth);
  }
}
