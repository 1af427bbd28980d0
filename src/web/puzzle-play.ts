// A puzzle being solved: the player's moves checked against the proof, and Bredon's defences.
// A move is right when it is the next player move of a solution line that matches the moves
// so far (the lines part only at defences, so they agree on it), or, on a tinue's last ply, any
// move that wins by road for the player: the proof counts every road there as a win.
// No DOM here: test/web/puzzle-play.test.ts runs it in Node.

import { makeMove } from '../core/makemove.js';
import type { Position } from '../core/position.js';
import { gameResult, resultWinner, WHITE_ROAD, BLACK_ROAD } from '../core/result.js';
import { formatMove, parseMove } from '../notation/ptn-move.js';
import { parseTps } from '../notation/tps.js';
import type { Puzzle } from '../puzzles/format.js';

export type Verdict =
  /** Right, and the puzzle goes on: `defence` is Bredon's reply, to be played. */
  | { kind: 'right'; defence: number }
  /** Right, and the puzzle is solved. */
  | { kind: 'solved' }
  | { kind: 'wrong' };

export class PuzzleRun {
  readonly lines: number[][];
  /** The moves played from the puzzle's position: the player's and Bredon's. */
  readonly played: number[] = [];
  private readonly pos: Position;

  constructor(readonly puzzle: Puzzle) {
    this.pos = parseTps(puzzle.tps, {}, puzzle.size);
    this.lines = puzzle.solution.map((l) => l.split(' ').map((m) => parseMove(m, puzzle.size)));
  }

  get halfKomi(): number {
    return Math.round(this.puzzle.komi * 2);
  }

  /** The lines that agree with every move played so far. */
  private matching(): number[][] {
    return this.lines.filter((l) => this.played.every((m, i) => l[i] === m));
  }

  /** The player's next move of the solution (the first line's), or undefined when solved. */
  nextMove(): number | undefined {
    return this.matching()[0]?.[this.played.length];
  }

  /** Judges the player's move (legal in the current position); a right move is played. */
  judge(move: number): Verdict {
    const lines = this.matching();
    const k = this.played.length;
    const last = this.puzzle.kind === 'escape' || lines.every((l) => l.length === k + 1);
    const road = this.winsByRoad(move);
    const right = lines.some((l) => l[k] === move) || (this.puzzle.kind === 'tinue' && last && road);
    if (!right) return { kind: 'wrong' };
    this.play(move);
    if (last) return { kind: 'solved' };
    const defence = this.matching()[0]![k + 1]!;
    this.play(defence);
    return { kind: 'right', defence };
  }

  private winsByRoad(move: number): boolean {
    const p = this.pos.clone();
    makeMove(p, move);
    const r = gameResult(p, this.halfKomi);
    return (r === WHITE_ROAD || r === BLACK_ROAD) && resultWinner(r) === this.pos.side;
  }

  private play(move: number): void {
    makeMove(this.pos, move);
    this.played.push(move);
  }

  /** The first line in PTN, for "Solution". */
  solutionText(): string {
    return this.lines[0]!.map((m) => formatMove(m, this.puzzle.size)).join(' ');
  }
}
