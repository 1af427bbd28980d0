// A puzzle's rating: from how long its line is, how many other moves look like it, and which of
// Bredon's levels 1-8 play its first move. Levels are capped in nodes, never in time, and their
// noise is a hash of the position, so the grade is the same on any machine (docs/levels.md).
// The rating is on the Elo-like scale the page keeps for its player (docs/puzzles.md).

import { makeMove, unmakeMove } from '../core/makemove.js';
import { generateMoves, MAX_MOVES } from '../core/movegen.js';
import type { Position } from '../core/position.js';
import { ONGOING, resultAfterMove } from '../core/result.js';
import { MAX_LEVEL } from '../search/levels.js';
import { Searcher } from '../search/search.js';
import { TranspositionTable } from '../search/tt.js';
import { roadInOne } from '../tinue/threats.js';
import type { PuzzleKind } from './format.js';

/**
 * The levels asked: 1 to 8. Level 10 has no node cap, and level 9's million nodes cost more than
 * the eight below it together while it told apart almost no puzzle level 8 had not.
 */
export const GRADE_LEVELS: readonly number[] = Array.from({ length: MAX_LEVEL - 2 }, (_, i) => i + 1);

/** The rating's terms (docs/puzzles.md). */
const BASE = 800;
const PER_MISSING_LEVEL = 110;
const PER_TWO_PLIES = 120;
const PER_ALTERNATIVE = 15;
const MAX_ALTERNATIVES_COUNTED = 20;

export interface Grade {
  rating: number;
  levels: string;
  alternatives: number;
}

export function puzzleRating(kind: PuzzleKind, plies: number, missingLevels: number, alternatives: number): number {
  const depth = Math.max(0, (plies - 3) / 2) + (kind === 'escape' ? 0.5 : 0);
  return Math.round(BASE + PER_MISSING_LEVEL * missingLevels + PER_TWO_PLIES * depth + PER_ALTERNATIVE * Math.min(alternatives, MAX_ALTERNATIVES_COUNTED));
}

export class PuzzleGrader {
  private readonly table = TranspositionTable.create(16, false);
  private readonly searcher = new Searcher({ table: this.table, stop: new Int32Array(1) });
  private readonly list = new Int32Array(MAX_MOVES);

  grade(pos: Position, halfKomi: number, kind: PuzzleKind, plies: number, solution: number): Grade {
    let levels = '';
    let missing = 0;
    for (const level of GRADE_LEVELS) {
      this.table.clear();
      this.searcher.newGame();
      const found = this.searcher.search(pos, halfKomi, { level }).best === solution;
      levels += found ? '1' : '0';
      if (!found) missing++;
    }
    const alternatives = this.alternatives(pos, halfKomi, kind, solution);
    return { rating: puzzleRating(kind, plies, missing, alternatives), levels, alternatives };
  }

  /**
   * The other moves a player would weigh first. tinue: the taks (moves that leave a road in one
   * and give none). escape: the moves after which the opponent has no road in one.
   */
  private alternatives(pos: Position, halfKomi: number, kind: PuzzleKind, solution: number): number {
    const side = pos.side;
    const end = generateMoves(pos, this.list, 0);
    let n = 0;
    for (let i = 0; i < end; i++) {
      const m = this.list[i]!;
      if (m === solution) continue;
      makeMove(pos, m);
      if (resultAfterMove(pos, m, halfKomi) === ONGOING) {
        const opponentRoad = roadInOne(pos, side ^ 1) !== 0;
        if (kind === 'tinue' ? !opponentRoad && roadInOne(pos, side) !== 0 : !opponentRoad) n++;
      }
      unmakeMove(pos, m);
    }
    return n;
  }
}
