// Scoring a finished game under the final rules (docs/rules.md, "Scoring"): the winner scores the
// board's area plus the pieces left in their reserve; the loser and both players of a draw score
// 0. Optional variants multiply the reserve part (their factors multiply when several are on):
//   Downings: the winning road is one whole rank or file                      -> x2
//   Middletown: the winner never placed a capstone (all still in reserve; never on 3x3, 4x4) -> x2
//   Tarway: every square of the road a single piece -> x2, every one a stack of 2+ -> x3
// A board can hold several roads; the winner is given the one that scores best (a straight road
// is one of the 2 * size ranks and files; a low or high road lies within the winner's road
// squares of height 1, or at least 2). A pure function of the final position and the winner
// (read from the board unless the game was won otherwise, e.g. on time).

import { boardResult, resultWinner } from './result.js';
import type { Position } from './position.js';

export interface ScoringVariants {
  downings?: boolean;
  middletown?: boolean;
  tarway?: boolean;
}

export interface RoadShape {
  /** One road of the winner, as squares from one edge to the other (a shortest one). */
  squares: number[];
  /** Some road of the winner is a whole rank or file. */
  straight: boolean;
  /** Some road of the winner is made of single pieces only. */
  low: boolean;
  /** Some road of the winner is made of stacks of two or more only. */
  high: boolean;
}

export interface GameScore {
  /** 0 White, 1 Black, -1 nobody (a draw or an unfinished game). */
  winner: number;
  /** Points for the winner (0 when nobody won). */
  points: number;
  area: number;
  /** Pieces left in the winner's reserve. */
  reserve: number;
  /** Product of the variant factors applied to the reserve. */
  multiplier: number;
  /** The variants that applied, e.g. ["straight road x2", "high road x3"]. */
  applied: string[];
  road: RoadShape | null;
}

/** Squares topped by `colour`'s flat or capstone (what roads are made of). */
function roadSquares(pos: Position, colour: number): boolean[] {
  const out: boolean[] = [];
  for (let sq = 0; sq < pos.area; sq++) {
    const t = pos.top[sq]!;
    out.push(t !== 0 && (t & 1) === colour && t !== 4 + colour);
  }
  return out;
}

/**
 * A shortest road within the squares marked in `inSet` (by breadth-first search from the south
 * edge to the north, then from the west edge to the east), or null.
 */
export function findRoad(pos: Position, inSet: readonly boolean[]): number[] | null {
  const size = pos.size;
  let best: number[] | null = null;
  for (const axis of [0, 1]) {
    // axis 0: rank 1 to rank `size`; axis 1: file a to the last file.
    const onStart = (sq: number) => (axis === 0 ? sq < size : sq % size === 0);
    const onEnd = (sq: number) => (axis === 0 ? sq >= size * (size - 1) : sq % size === size - 1);
    const from = new Int32Array(pos.area).fill(-2);
    const queue: number[] = [];
    for (let sq = 0; sq < pos.area; sq++) {
      if (inSet[sq] && onStart(sq)) {
        from[sq] = -1;
        queue.push(sq);
      }
    }
    for (let head = 0; head < queue.length; head++) {
      const sq = queue[head]!;
      if (onEnd(sq)) {
        const path: number[] = [];
        for (let s = sq; s !== -1; s = from[s]!) path.push(s);
        path.reverse();
        if (best === null || path.length < best.length) best = path;
        break;
      }
      const rank = Math.floor(sq / size);
      const file = sq % size;
      const next = [
        rank + 1 < size ? sq + size : -1,
        rank > 0 ? sq - size : -1,
        file + 1 < size ? sq + 1 : -1,
        file > 0 ? sq - 1 : -1,
      ];
      for (const n of next) {
        if (n >= 0 && inSet[n] && from[n] === -2) {
          from[n] = sq;
          queue.push(n);
        }
      }
    }
  }
  return best;
}

/** Tarway factor of a set of road squares: 2 when all single pieces, 3 when all stacks, else 1. */
function tarwayFactor(pos: Position, squares: readonly number[]): number {
  if (squares.every((sq) => pos.height[sq] === 1)) return 2;
  if (squares.every((sq) => pos.height[sq]! >= 2)) return 3;
  return 1;
}

/** The shape of `colour`'s roads, or null when they have none. */
export function roadShape(pos: Position, colour: number): RoadShape | null {
  const inRoad = roadSquares(pos, colour);
  const squares = findRoad(pos, inRoad);
  if (squares === null) return null;
  const lowSet = inRoad.map((r, sq) => r && pos.height[sq] === 1);
  const highSet = inRoad.map((r, sq) => r && pos.height[sq]! >= 2);
  return {
    squares,
    straight: straightLines(pos, inRoad).length > 0,
    low: findRoad(pos, lowSet) !== null,
    high: findRoad(pos, highSet) !== null,
  };
}

/** The whole ranks and files made only of road squares, each as its list of squares. */
function straightLines(pos: Position, inRoad: readonly boolean[]): number[][] {
  const size = pos.size;
  const lines: number[][] = [];
  for (let i = 0; i < size; i++) {
    const rank = Array.from({ length: size }, (_, f) => i * size + f);
    const file = Array.from({ length: size }, (_, r) => r * size + i);
    for (const line of [rank, file]) if (line.every((sq) => inRoad[sq])) lines.push(line);
  }
  return lines;
}

/**
 * Scores a finished game. `winner` (0 White, 1 Black, -1 nobody) defaults to the board's result
 * with `halfKomi`; pass it for games won otherwise (time, forfeit).
 */
export function scoreGame(pos: Position, variants: ScoringVariants = {}, winner?: number, halfKomi = 0): GameScore {
  const w = winner ?? resultWinner(boardResult(pos, halfKomi));
  const area = pos.area;
  if (w !== 0 && w !== 1) return { winner: -1, points: 0, area, reserve: 0, multiplier: 1, applied: [], road: null };
  const reserve = pos.stones[w]! + pos.caps[w]!;
  const road = roadShape(pos, w);
  const applied: string[] = [];
  let multiplier = 1;
  if (road !== null && (variants.downings || variants.tarway)) {
    // The best road for the winner: a straight line (x2 for Downings, times its own Tarway
    // factor) or any road (its best Tarway factor).
    const inRoad = roadSquares(pos, w);
    let bestFactor = 1;
    let bestApplied: string[] = [];
    const consider = (factor: number, names: string[]) => {
      if (factor > bestFactor) {
        bestFactor = factor;
        bestApplied = names;
      }
    };
    if (variants.tarway) {
      if (road.high) consider(3, ['high road x3']);
      else if (road.low) consider(2, ['low road x2']);
    }
    if (variants.downings) {
      for (const line of straightLines(pos, inRoad)) {
        const t = variants.tarway ? tarwayFactor(pos, line) : 1;
        const names = ['straight road x2'];
        if (t === 2) names.push('low road x2');
        if (t === 3) names.push('high road x3');
        consider(2 * t, names);
      }
    }
    multiplier *= bestFactor;
    applied.push(...bestApplied);
  }
  if (variants.middletown && pos.startCapsOf[w]! > 0 && pos.caps[w] === pos.startCapsOf[w]) {
    multiplier *= 2;
    applied.push('capstone never placed x2');
  }
  return { winner: w, points: area + reserve * multiplier, area, reserve, multiplier, applied, road };
}
