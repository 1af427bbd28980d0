// One selfplay game, played in-process by one Searcher at a fixed node budget per move: the
// opening's book moves, a few seeded random plies, then searched moves until the rules core
// (src/core/result.ts) ends the game or the ply limit draws it. The record is plain data (it
// crosses from a worker thread by structured clone); the PTN and training lines are made from it
// by the main thread, which alone writes the files.

import { makeMove, unmakeMove } from '../core/makemove.js';
import { generateMoves, MAX_MOVES } from '../core/movegen.js';
import { WHITE, type Position } from '../core/position.js';
import {
  BLACK_FLATS,
  boardResult,
  DRAW,
  gameResult,
  ONGOING,
  REPETITION,
  resultText,
  resultWinner,
  WHITE_FLATS,
  type ResultCode,
} from '../core/result.js';
import { openingStart, type Opening } from '../match/openings.js';
import { formatMove, parseMove } from '../notation/ptn-move.js';
import { formatTps } from '../notation/tps.js';
import { Searcher } from '../search/search.js';
import { TranspositionTable } from '../search/tt.js';
import { gameSeed, Rng } from '../math/rng.js';
import { trainingScore, type TrainingPosition } from '../dataset/training-file.js';

/** What one game is to be: everything that decides its moves, so that it can be replayed. */
export interface SelfplayJob {
  /** 0-based number of the game in the run (its random plies are seeded from it). */
  index: number;
  opening: Opening;
  size: number;
  halfKomi: number;
  nodes: number;
  randomPlies: number;
  maxPlies: number;
  seed: number;
}

/** What every game of a run shares; game `index` takes the openings in order from `firstOpening` (1-based), starting over after the last. */
export interface SelfplayTerms extends Omit<SelfplayJob, 'index' | 'opening'> {
  openings: Opening[];
  firstOpening: number;
}

export function selfplayJob(terms: SelfplayTerms, index: number): SelfplayJob {
  const { openings, firstOpening, ...rest } = terms;
  return { ...rest, index, opening: openings[(firstOpening - 1 + index) % openings.length]! };
}

export type MoveKind = 'book' | 'random' | 'search';

export interface SelfplayMove {
  /** Canonical PTN. */
  text: string;
  kind: MoveKind;
  /** Searched moves only: the position before the move (compressed TPS). */
  tps?: string;
  /** Searched moves only: the score in centiflats from White's view, and the depth completed. */
  score?: number;
  depth?: number;
}

export type Termination = 'road' | 'flats' | 'draw' | 'repetition' | 'max plies';

export interface SelfplayGame {
  job: SelfplayJob;
  startedAt: Date;
  moves: SelfplayMove[];
  /** R-0, 0-R, F-0, 0-F or 1/2-1/2. */
  result: string;
  /** The result from White's view: 1, 0.5 or 0. */
  whiteScore: 0 | 0.5 | 1;
  termination: Termination;
  /** The random plies actually played (fewer than asked when none was safe). */
  randomPlies: number;
  /** Nodes searched over the whole game (for the summary's nodes per second). */
  nodes: number;
}

/** The transposition table of one player: small, since a move searches only tens of thousands of nodes. */
const HASH_MB = 16;

/**
 * Plays selfplay games one after another with one Searcher and one table. The table and the
 * move-ordering state are cleared before each game, so that a game depends only on its job (the
 * same seed gives the same games whichever worker plays them).
 */
export class SelfplayPlayer {
  private readonly table = TranspositionTable.create(HASH_MB, false);
  private readonly searcher = new Searcher({ table: this.table, stop: new Int32Array(1) });
  private readonly moves = new Int32Array(MAX_MOVES);
  private readonly replies = new Int32Array(MAX_MOVES);

  play(job: SelfplayJob): SelfplayGame {
    const { size, halfKomi } = job;
    this.table.clear();
    this.searcher.newGame();
    const startedAt = new Date();
    const pos = openingStart(job.opening, size);
    const moves: SelfplayMove[] = [];
    for (const text of job.opening.moves) {
      makeMove(pos, parseMove(text, size));
      moves.push({ text, kind: 'book' });
    }

    const rng = new Rng(gameSeed(job.seed, job.index));
    let randomPlies = 0;
    while (randomPlies < job.randomPlies && moves.length < job.maxPlies && gameResult(pos, halfKomi) === ONGOING) {
      const move = this.randomPly(pos, rng, halfKomi);
      if (move === 0) break;
      makeMove(pos, move);
      moves.push({ text: formatMove(move, size), kind: 'random' });
      randomPlies++;
    }

    let nodes = 0;
    let result: ResultCode;
    for (;;) {
      result = gameResult(pos, halfKomi);
      if (result !== ONGOING || moves.length >= job.maxPlies) break;
      const tps = formatTps(pos);
      const r = this.searcher.search(pos, halfKomi, { nodes: job.nodes });
      // The search answers a legal move for any undecided position with a move to make, and in
      // Tak an undecided position always has one (a placement, since reserves are not empty).
      if (r.best === 0) throw new Error(`the search found no move in ${tps}`);
      nodes += r.nodes;
      moves.push({
        text: formatMove(r.best, size),
        kind: 'search',
        tps,
        score: pos.side === WHITE ? r.score : -r.score,
        depth: r.depth,
      });
      makeMove(pos, r.best);
    }
    const termination: Termination =
      result === ONGOING
        ? 'max plies'
        : result === REPETITION
          ? 'repetition'
          : result === DRAW
            ? 'draw'
            : result === WHITE_FLATS || result === BLACK_FLATS
              ? 'flats'
              : 'road';
    const winner = result === ONGOING ? -1 : resultWinner(result);
    return {
      job,
      startedAt,
      moves,
      result: result === ONGOING ? '1/2-1/2' : resultText(result),
      whiteScore: winner === -1 ? 0.5 : winner === WHITE ? 1 : 0,
      termination,
      randomPlies,
      nodes,
    };
  }

  /**
   * A uniformly random legal ply that neither ends the game nor lets the opponent end it in their
   * favour at once (a road or flat win in one). Such plies would hand the search a decided game
   * and fill the data with trivial positions. Checking every reply costs about moves × replies
   * make/unmakes, a few milliseconds, paid on a couple of plies per game. Falls back to any ply
   * that does not end the game, and returns 0 when there is none.
   */
  private randomPly(pos: Position, rng: Rng, halfKomi: number): number {
    const n = generateMoves(pos, this.moves, 0);
    const safe: number[] = [];
    const quiet: number[] = [];
    for (let i = 0; i < n; i++) {
      const move = this.moves[i]!;
      makeMove(pos, move);
      if (gameResult(pos, halfKomi) === ONGOING) {
        quiet.push(move);
        if (!this.opponentWinsAtOnce(pos, halfKomi)) safe.push(move);
      }
      unmakeMove(pos, move);
    }
    const pool = safe.length > 0 ? safe : quiet;
    return pool.length === 0 ? 0 : pool[rng.below(pool.length)]!;
  }

  /** Whether the side to move has a ply that wins the game on the board. */
  private opponentWinsAtOnce(pos: Position, halfKomi: number): boolean {
    const mover = pos.side;
    const n = generateMoves(pos, this.replies, 0);
    for (let i = 0; i < n; i++) {
      const reply = this.replies[i]!;
      makeMove(pos, reply);
      const r = boardResult(pos, halfKomi);
      unmakeMove(pos, reply);
      if (r !== ONGOING && resultWinner(r) === mover) return true;
    }
    return false;
  }
}

/** The training positions of a game: one per searched move, the position before it (see src/dataset/training-file.ts). */
export function trainingPositions(game: SelfplayGame): TrainingPosition[] {
  const out: TrainingPosition[] = [];
  for (const m of game.moves) {
    if (m.kind !== 'search') continue;
    // The side is the TPS's second field: ' 1 ' or ' 2 ' before the move number.
    const side = m.tps!.split(' ')[1] === '1' ? 1 : 2;
    out.push({ tps: m.tps!, side, score: trainingScore(m.score!), result: game.whiteScore, halfKomi: game.job.halfKomi });
  }
  return out;
}
