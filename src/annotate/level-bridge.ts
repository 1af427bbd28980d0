// The bridge from Bredon's playing levels to people's ratings, measured move by move: in each
// position of a rated game, the move the person played and the move each level would play are
// judged the way `bredon annotate` judges a move (analysis.ts): the full search's score before
// the move less its score after it, both from the mover's side, and whether the move is the
// search's best. The full search runs at a fixed node budget, never on a clock, so the figures
// do not depend on the machine or its load. Plain records out; the statistics are bridge-stats.ts.
//
// Each game starts from empty tables, and its positions are measured in order, so a game's
// records depend on the game alone (not on which worker measured it, nor what it measured
// before). A move's position after it is searched once, whoever chose the move; the search after
// the person's move is also the search before the next position.

import { makeMove, unmakeMove } from '../core/makemove.js';
import type { Position } from '../core/position.js';
import { boardResult, ONGOING } from '../core/result.js';
import { parseMove } from '../notation/ptn-move.js';
import { replayGame, startPosition, tagValue, type PtnGame } from '../notation/ptn-game.js';
import { MAX_LEVEL } from '../search/levels.js';
import { Searcher } from '../search/search.js';
import { TranspositionTable } from '../search/tt.js';
import type { SearchResult } from '../search/types.js';
import { decidedScore, fromBefore } from './analysis.js';

/** One move judged by the full search. */
export interface JudgedMove {
  move: number;
  /** The full search's score before the move less its score after it (mover's view, never below 0, not capped). */
  loss: number;
  /** Whether the move is the full search's best move. */
  best: boolean;
}

/** One position of a rated game: the person's move and each level's, judged alike. */
export interface BridgeRecord {
  /** The game's place in its file (1-based, PtnGame.index). */
  game: number;
  /** Plies played before the position. */
  ply: number;
  /** The side to move: 0 White, 1 Black. */
  side: number;
  /** The mover's rating: Rating1 for White (Player1), Rating2 for Black. */
  rating: number;
  /** The full search's score of the position, mover's view. */
  score: number;
  human: JudgedMove;
  /** levels[i] is the move of BridgeOptions.levels[i]. */
  levels: JudgedMove[];
}

export interface BridgeOptions {
  /** The full search's node budget, for every position before and after a move. */
  nodes: number;
  /** The levels asked to choose a move in each position (1 to MAX_LEVEL - 1). */
  levels: readonly number[];
  /** Positions with fewer plies played are skipped (the opening). */
  firstPly: number;
  /**
   * Every how many plies a position is measured (1: all). An odd number alternates the sides;
   * measuring fewer positions of more games spreads the sample over more players.
   */
  every: number;
  /** The full search's table (MB), kept through a game. */
  hashMb: number;
  /** The levels' table (MB), emptied before each level's search. */
  levelHashMb: number;
}

/** The mover's rating in `game`: Rating1 for White, Rating2 for Black; undefined when not a number. */
export function moverRating(game: PtnGame, side: number): number | undefined {
  const text = tagValue(game, side === 0 ? 'Rating1' : 'Rating2');
  if (text === undefined || !/^\s*[0-9]+\s*$/.test(text)) return undefined;
  return Number(text);
}

export class LevelBridge {
  private readonly table: TranspositionTable;
  private readonly searcher: Searcher;
  private readonly levelTable: TranspositionTable;
  private readonly levelSearcher: Searcher;

  constructor(private readonly options: BridgeOptions) {
    for (const level of options.levels) {
      if (!Number.isInteger(level) || level < 1 || level >= MAX_LEVEL) throw new Error(`level ${level} is not from 1 to ${MAX_LEVEL - 1}`);
    }
    this.table = TranspositionTable.create(options.hashMb, false);
    this.searcher = new Searcher({ table: this.table, stop: new Int32Array(1) });
    this.levelTable = TranspositionTable.create(options.levelHashMb, false);
    this.levelSearcher = new Searcher({ table: this.levelTable, stop: new Int32Array(1) });
  }

  /**
   * The records of every position of `game` from options.firstPly on (a finished game has none
   * at its end) whose plies from there are `phase` modulo options.every; none when a rating tag
   * is missing. Throws a PtnError on an illegal game. `onPosition` is called after each
   * position measured.
   */
  measureGame(game: PtnGame, phase = 0, onPosition?: () => void): BridgeRecord[] {
    const { firstPly, every } = this.options;
    const ratings = [moverRating(game, 0), moverRating(game, 1)];
    if (ratings[0] === undefined || ratings[1] === undefined) return [];
    const { halfKomi } = replayGame(game);
    const pos = startPosition(game);
    this.table.clear();
    this.searcher.newGame();
    const out: BridgeRecord[] = [];
    /** The full search of the current position, when it was the search after the last move. */
    let carried: SearchResult | undefined;
    for (let i = 0; i < game.moves.length; i++) {
      const human = parseMove(game.moves[i]!.text, pos.size);
      let next: SearchResult | undefined;
      const measured = pos.ply >= firstPly && (pos.ply - firstPly) % every === phase % every;
      if (measured && boardResult(pos, halfKomi) === ONGOING) {
        const before = carried ?? this.searchFull(pos, halfKomi);
        const levelMoves = this.options.levels.map((level) => this.levelMove(pos, halfKomi, level));
        // The person's move last: its search after is the search before the next position.
        const moves = [...new Set(levelMoves.filter((m) => m !== human)), human];
        const after = new Map<number, number>();
        for (const m of moves) {
          const side = pos.side;
          makeMove(pos, m);
          const ended = boardResult(pos, halfKomi);
          if (ended !== ONGOING) after.set(m, decidedScore(ended, side));
          else {
            const r = this.searchFull(pos, halfKomi);
            after.set(m, fromBefore(r.score));
            if (m === human) next = r;
          }
          unmakeMove(pos, m);
        }
        const judge = (m: number): JudgedMove => ({ move: m, loss: Math.max(0, before.score - after.get(m)!), best: m === before.best });
        out.push({
          game: game.index,
          ply: pos.ply,
          side: pos.side,
          rating: ratings[pos.side]!,
          score: before.score,
          human: judge(human),
          levels: levelMoves.map(judge),
        });
        onPosition?.();
      }
      makeMove(pos, human);
      carried = next;
    }
    return out;
  }

  private searchFull(pos: Position, halfKomi: number): SearchResult {
    return this.searcher.search(pos, halfKomi, { nodes: this.options.nodes });
  }

  /** The move `level` chooses, from empty tables (its noise is a hash of the position: no chance). */
  private levelMove(pos: Position, halfKomi: number, level: number): number {
    this.levelTable.clear();
    this.levelSearcher.newGame();
    return this.levelSearcher.search(pos, halfKomi, { level }).best;
  }
}
