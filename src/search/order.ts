// Move ordering: the transposition-table move, moves that stop the opponent's road threat,
// killers, then history scores on top of a small prior by move kind. Scores go into a typed
// array beside the move list; the search picks the best remaining move lazily.

import type { Position } from '../core/position.js';

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
const HISTORY_MAX = 1 << 22;

/** Prior by placement type (index 1 flat, 2 wall, 3 cap) and for spreads. */
const PLACE_PRIOR = Int32Array.of(0, 300, 60, 150);
const SPREAD_PRIOR = 100;

export class MoveOrder {
  readonly history = new Int32Array(2 * HISTORY_SIZE);
  readonly killers: Int32Array;

  constructor(maxPly: number) {
    this.killers = new Int32Array(maxPly * 2);
  }

  clear(): void {
    this.history.fill(0);
    this.killers.fill(0);
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
