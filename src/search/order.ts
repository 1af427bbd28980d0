// Move ordering: the transposition-table move, moves that stop the opponent's road threat,
// killers, the counter move (the move that last refuted the opponent's move just played), then
// history scores on top of a small prior by move kind. Scores go into a typed
// array beside the move list; the search picks the best remaining move lazily.

import { generateMoves, isValidMove, MAX_MOVES } from '../core/movegen.js';
import type { Position } from '../core/position.js';
import { keepThreatAnswers, mayAnswerThreat } from '../tactics/threat-answers.js';

/**
 * History is kept per side for placements by (square, type) and for spreads by (square,
 * direction, hand size): 256 + 2048 slots, small enough to stay in cache, and general
 * enough that a lesson about one drop pattern helps its siblings.
 */
export const HISTORY_SIZE = 256 + 2048;

export function historyIndex(m: number): number {
  if ((m & 256) === 0) return m & 255;
  return 256 + (((m & 255) << 3) | (31 - Math.clz32((m >>> 9) & 0xff)));
}
const TT_BONUS = 1 << 30;
const BLOCK_BONUS = 1 << 28;
const KILLER1 = 1 << 26;
const KILLER2 = 1 << 25;
const COUNTER = 1 << 24;
const HISTORY_MAX = 1 << 22;

/** Prior by placement type (index 1 flat, 2 wall, 3 cap) and for spreads. */
const PLACE_PRIOR = Int32Array.of(0, 300, 60, 150);
const SPREAD_PRIOR = 100;

export class MoveOrder {
  readonly history = new Int32Array(2 * HISTORY_SIZE);
  readonly killers: Int32Array;
  /** Per side, by the history slot of the opponent's move: the move that last refuted it. */
  readonly counters = new Int32Array(2 * HISTORY_SIZE);
  /** Per ply: the move that led to the node (0 at the root and after a null move). */
  readonly prev: Int32Array;

  constructor(maxPly: number) {
    this.killers = new Int32Array(maxPly * 2);
    this.prev = new Int32Array(maxPly);
  }

  clear(): void {
    this.history.fill(0);
    this.killers.fill(0);
    this.counters.fill(0);
  }

  /** Halves the history between searches, so old lessons fade. */
  age(): void {
    const h = this.history;
    for (let i = 0; i < h.length; i++) h[i] = h[i]! >> 1;
    this.killers.fill(0);
  }

  /**
   * Scores moves[start..end) into scores[start..end). threatLo/Hi are the squares where the
   * opponent threatens to complete a road by placement (0 when none).
   */
  score(
    pos: Position,
    moves: Int32Array,
    scores: Int32Array,
    start: number,
    end: number,
    ply: number,
    ttMove: number,
    threatLo: number,
    threatHi: number,
  ): void {
    const hist = this.history;
    const side = pos.side * HISTORY_SIZE;
    const k1 = this.killers[ply * 2]!;
    const k2 = this.killers[ply * 2 + 1]!;
    const blocking = (threatLo | threatHi) !== 0;
    const prev = this.prev[ply]!;
    const counter = prev !== 0 ? this.counters[side + historyIndex(prev)]! : 0;
    const delta = pos.info.delta;
    for (let i = start; i < end; i++) {
      const m = moves[i]!;
      let s: number;
      if (m === ttMove) s = TT_BONUS;
      else {
        s = hist[side + historyIndex(m)]!;
        if ((m & 256) === 0) s += PLACE_PRIOR[(m >>> 6) & 3]!;
        else s += SPREAD_PRIOR;
        if (m === k1) s += KILLER1;
        else if (m === k2) s += KILLER2;
        else if (m === counter) s += COUNTER;
        if (blocking) {
          let sq = m & 63;
          let hit = false;
          if ((m & 256) === 0) {
            hit = ((sq < 32 ? threatLo >>> sq : threatHi >>> (sq - 32)) & 1) !== 0;
          } else {
            const step = delta[(m >>> 6) & 3]!;
            let mask = (m >>> 9) & 0xff;
            while (mask !== 0 && !hit) {
              sq += step;
              mask &= mask - 1;
              hit = ((sq < 32 ? threatLo >>> sq : threatHi >>> (sq - 32)) & 1) !== 0;
            }
          }
          if (hit) s += BLOCK_BONUS;
        }
      }
      scores[i] = s;
    }
  }

  /** Records a quiet move that caused a beta cut-off. */
  cutoff(pos: Position, move: number, ply: number, depth: number): void {
    const k = ply * 2;
    if (this.killers[k] !== move) {
      this.killers[k + 1] = this.killers[k]!;
      this.killers[k] = move;
    }
    const prev = this.prev[ply]!;
    if (prev !== 0) this.counters[pos.side * HISTORY_SIZE + historyIndex(prev)] = move;
    const i = pos.side * HISTORY_SIZE + historyIndex(move);
    const v = this.history[i]! + depth * depth;
    this.history[i] = v > HISTORY_MAX ? HISTORY_MAX : v;
  }

  /** Penalises a move that was searched before the cut-off move and failed. */
  failed(pos: Position, move: number, depth: number): void {
    const i = pos.side * HISTORY_SIZE + historyIndex(move);
    const v = this.history[i]! - depth;
    this.history[i] = v < -HISTORY_MAX ? -HISTORY_MAX : v;
  }
}

/** Swaps the best-scored move of [i, end) into slot i. */
export function pickNext(moves: Int32Array, scores: Int32Array, i: number, end: number): void {
  let best = i;
  let bestScore = scores[i]!;
  for (let j = i + 1; j < end; j++) {
    if (scores[j]! > bestScore) {
      bestScore = scores[j]!;
      best = j;
    }
  }
  if (best !== i) {
    const m = moves[i]!;
    moves[i] = moves[best]!;
    moves[best] = m;
    const s = scores[i]!;
    scores[i] = bestScore;
    scores[best] = s;
  }
}

// The staged move picker: the transposition-table move, then the two killers, each checked
// with isValidMove and tried before any list exists (most nodes that cut off do so within
// them), then the generated list, scored and picked best first, skipping what was tried.
// Per-ply state lives in typed arrays, so nothing is allocated while searching.

const STAGE_TT = 0;
const STAGE_KILLER1 = 1;
const STAGE_KILLER2 = 2;
const STAGE_GENERATE = 3;
const STAGE_LIST = 4;
const STAGE_DONE = 5;

export class MovePicker {
  private readonly stage: Int8Array;
  private readonly first: Int32Array; // where this ply's list starts in the move stack
  private readonly cursor: Int32Array;
  private readonly last: Int32Array; // end of this ply's list (0 before generation)
  private readonly tried: Int32Array; // per ply: TT move, killer 1, killer 2 actually tried
  private readonly threat: Int32Array; // per ply: the opponent's threat squares lo, hi
  private readonly useKillers: Uint8Array;
  private readonly answersOnly: Uint8Array; // per ply: 1 when only moves that may answer the threat are kept
  private readonly moves = new Int32Array(1 << 20);
  private readonly scores = new Int32Array(1 << 20);
  /** Whether the move just returned came from the scored list without a bonus (a late quiet move). */
  quiet = false;

  constructor(
    private readonly order: MoveOrder,
    maxPly: number,
  ) {
    this.stage = new Int8Array(maxPly);
    this.first = new Int32Array(maxPly);
    this.cursor = new Int32Array(maxPly);
    this.last = new Int32Array(maxPly);
    this.tried = new Int32Array(maxPly * 3);
    this.threat = new Int32Array(maxPly * 2);
    this.useKillers = new Uint8Array(maxPly);
    this.answersOnly = new Uint8Array(maxPly);
  }

  /**
   * Starts a node. Killers are skipped when `killers` is false (facing a tak: blocks first). With
   * `answersOnly` (facing a tak, no road of one's own in one: tactics/threat-answers.ts) only the
   * moves that may answer the threat on (threatLo, threatHi) are returned.
   */
  init(ply: number, start: number, ttMove: number, killers: boolean, threatLo: number, threatHi: number, answersOnly: boolean): void {
    this.stage[ply] = ttMove !== 0 ? STAGE_TT : killers ? STAGE_KILLER1 : STAGE_GENERATE;
    this.first[ply] = start;
    this.last[ply] = 0;
    this.tried[ply * 3] = ttMove;
    this.tried[ply * 3 + 1] = 0;
    this.tried[ply * 3 + 2] = 0;
    this.threat[ply * 2] = threatLo;
    this.threat[ply * 2 + 1] = threatHi;
    this.useKillers[ply] = killers ? 1 : 0;
    this.answersOnly[ply] = answersOnly ? 1 : 0;
  }

  /** Where a child's moves may start in the move stack. */
  childStart(ply: number): number {
    const end = this.last[ply]!;
    return end !== 0 ? end : this.first[ply]!;
  }

  /** The next move to search at this ply, or 0 when there are no more. */
  next(pos: Position, ply: number): number {
    for (;;) {
      switch (this.stage[ply]) {
        case STAGE_TT: {
          this.stage[ply] = this.useKillers[ply] ? STAGE_KILLER1 : STAGE_GENERATE;
          const m = this.tried[ply * 3]!;
          if (isValidMove(pos, m) && (this.answersOnly[ply] === 0 || mayAnswerThreat(pos, m, this.threat[ply * 2]!, this.threat[ply * 2 + 1]!))) {
            this.quiet = false;
            return m;
          }
          this.tried[ply * 3] = 0;
          break;
        }
        case STAGE_KILLER1:
        case STAGE_KILLER2: {
          const k = this.stage[ply]! - STAGE_KILLER1;
          this.stage[ply]++;
          const m = this.order.killers[ply * 2 + k]!;
          if (m === 0 || m === this.tried[ply * 3] || !isValidMove(pos, m)) break;
          this.tried[ply * 3 + 1 + k] = m;
          this.quiet = false;
          return m;
        }
        case STAGE_GENERATE: {
          const start = this.first[ply]!;
          if (start + MAX_MOVES > this.moves.length) {
            this.stage[ply] = STAGE_DONE; // move stack exhausted (absurdly deep): no list here
            return 0;
          }
          let end = generateMoves(pos, this.moves, start);
          if (this.answersOnly[ply] !== 0) end = keepThreatAnswers(pos, this.moves, start, end, this.threat[ply * 2]!, this.threat[ply * 2 + 1]!);
          this.order.score(pos, this.moves, this.scores, start, end, ply, this.tried[ply * 3]!, this.threat[ply * 2]!, this.threat[ply * 2 + 1]!);
          this.cursor[ply] = start;
          this.last[ply] = end;
          this.stage[ply] = STAGE_LIST;
          break;
        }
        case STAGE_LIST: {
          const end = this.last[ply]!;
          const t = ply * 3;
          for (let i = this.cursor[ply]!; i < end; i++) {
            pickNext(this.moves, this.scores, i, end);
            const m = this.moves[i]!;
            if (m === this.tried[t] || m === this.tried[t + 1] || m === this.tried[t + 2]) continue;
            this.cursor[ply] = i + 1;
            this.quiet = this.scores[i]! < 1 << 25;
            return m;
          }
          this.cursor[ply] = end;
          this.stage[ply] = STAGE_DONE;
          return 0;
        }
        default:
          return 0;
      }
    }
  }

  /** After a cut-off by a list move: lowers the history of the list moves searched before it. */
  penaliseEarlier(pos: Position, ply: number, depth: number): void {
    if (this.stage[ply] !== STAGE_LIST) return;
    const t = ply * 3;
    for (let j = this.first[ply]!; j < this.cursor[ply]! - 1; j++) {
      const f = this.moves[j]!;
      if (f !== this.tried[t] && f !== this.tried[t + 1] && f !== this.tried[t + 2]) this.order.failed(pos, f, depth);
    }
  }
}
