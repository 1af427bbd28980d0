// The running totals of a match, always from the first engine's point of view: wins, losses and
// draws (in all and by colour), how games ended, opening pairs (pentanomial), and final-rules
// scoring points when asked for.

import { scoreGame, type ScoringVariants } from '../core/scoring.js';
import type { EarlierGame } from './earlier-games.js';
import { FORFEITS, type GameRecord, type Termination } from './game.js';
import { RepeatFinder } from './repeats.js';

export interface Wld {
  wins: number;
  losses: number;
  draws: number;
}

export interface PairResult {
  pair: number;
  /** The first engine's points in each game of the pair (1, 0.5, 0), in the order the games finished. */
  points: number[];
}

export class Tally {
  readonly total: Wld = { wins: 0, losses: 0, draws: 0 };
  /** The first engine's results with White and with Black. */
  readonly asColour: [Wld, Wld] = [
    { wins: 0, losses: 0, draws: 0 },
    { wins: 0, losses: 0, draws: 0 },
  ];
  /** Games by how they ended, board results by kind and losses by engine for the rest. */
  readonly endings = new Map<string, number>();
  /** Losses by time or forfeit, per engine. */
  readonly lostBy: [Map<Termination, number>, Map<Termination, number>] = [new Map(), new Map()];
  readonly pairs = new Map<number, PairResult>();
  /** pentanomial[k]: complete pairs in which the first engine scored k / 2 points. */
  readonly pentanomial = [0, 0, 0, 0, 0];
  /** Final-rules points per engine (when scoring is on), and the games each won that scored. */
  readonly scoringPoints: [number, number] = [0, 0];
  readonly scoringWins: [number, number] = [0, 0];
  /** Games counted from an earlier run (--continue), not played in this one. */
  earlier = 0;
  /** Games of this run that repeat an earlier one of it, up to symmetry. */
  readonly repeatFinder = new RepeatFinder();

  constructor(private readonly scoring: ScoringVariants | null = null) {}

  get games(): number {
    return this.total.wins + this.total.losses + this.total.draws;
  }

  /** Adds a finished game; returns the pair it completed, if it did. */
  add(game: GameRecord): PairResult | null {
    const { setup } = game;
    const firstColour = setup.white === 0 ? 0 : 1;
    const points = game.winner === -1 ? 0.5 : game.winner === firstColour ? 1 : 0;
    this.count(points, firstColour, game.termination);
    if (this.scoring !== null) {
      const score = scoreGame(game.final, this.scoring, game.winner, setup.halfKomi);
      if (score.winner !== -1) {
        const engine = score.winner === 0 ? setup.white : 1 - setup.white;
        this.scoringPoints[engine] += score.points;
        this.scoringWins[engine]++;
      }
    }
    this.repeatFinder.add(setup.round, game.moves.map((m) => m.text), setup.size);
    return this.addToPair(setup.pair, points);
  }

  /** Counts the complete pairs of an earlier run (keyed below zero, apart from this run's pairs). */
  addEarlier(pairs: readonly (readonly [EarlierGame, EarlierGame])[]): void {
    for (const games of pairs) {
      const key = -1 - this.earlier / 2;
      for (const g of games) {
        this.count(g.points, g.firstWhite ? 0 : 1, g.termination);
        this.addToPair(key, g.points);
        this.earlier++;
      }
    }
  }

  private count(points: number, firstColour: number, termination: Termination): void {
    for (const wld of [this.total, this.asColour[firstColour]!]) {
      if (points === 1) wld.wins++;
      else if (points === 0) wld.losses++;
      else wld.draws++;
    }
    this.endings.set(termination, (this.endings.get(termination) ?? 0) + 1);
    if (points !== 0.5 && (termination === 'time' || FORFEITS.includes(termination))) {
      const m = this.lostBy[points === 0 ? 0 : 1];
      m.set(termination, (m.get(termination) ?? 0) + 1);
    }
  }

  private addToPair(key: number, points: number): PairResult | null {
    const pair = this.pairs.get(key) ?? { pair: key, points: [] };
    pair.points.push(points);
    this.pairs.set(key, pair);
    if (pair.points.length === 2) {
      this.pentanomial[Math.round(2 * (pair.points[0]! + pair.points[1]!))]!++;
      return pair;
    }
    return null;
  }
}
