// Perft: the number of move sequences of exactly `depth` plies (Tiltak's convention: a decided
// position, by road, full board or empty reserve, has no children). Repetition is not a draw
// here, as in every published count. The last ply is counted in bulk, without making the moves.

import { makeMove, unmakeMove } from './makemove.js';
import { countMoves, generateMoves, MAX_MOVES } from './movegen.js';
import type { Position } from './position.js';
import { isDecided } from './result.js';

export class Perft {
  private buf: Int32Array;

  constructor(maxDepth = 16) {
    this.buf = new Int32Array(MAX_MOVES * 2 + maxDepth * 4096);
  }

  count(pos: Position, depth: number): number {
    if (depth === 0) return 1;
    if (isDecided(pos)) return 0;
    return this.inner(pos, depth, 0);
  }

  /** Per root move: [move, count of the position after it at depth - 1]. */
  divide(pos: Position, depth: number): [number, number][] {
    if (depth === 0 || isDecided(pos)) return [];
    const end = generateMoves(pos, this.buf, 0);
    // A copy of the root moves: count() below generates each child's moves into the same
    // buffer from index 0, which overwrote this list while it was walked (moves counted twice,
    // others skipped, and a total that was not perft's).
    const moves = this.buf.slice(0, end);
    const out: [number, number][] = [];
    for (const m of moves) {
      makeMove(pos, m);
      out.push([m, this.count(pos, depth - 1)]);
      unmakeMove(pos, m);
    }
    return out;
  }

  private inner(pos: Position, depth: number, start: number): number {
    if (depth === 1) return countMoves(pos);
    if (start + MAX_MOVES > this.buf.length) this.grow();
    const buf = this.buf;
    const end = generateMoves(pos, buf, start);
    let total = 0;
    for (let i = start; i < end; i++) {
      const m = buf[i]!;
      makeMove(pos, m);
      if (!isDecided(pos)) total += this.inner(pos, depth - 1, end);
      unmakeMove(pos, m);
    }
    return total;
  }

  private grow(): void {
    const next = new Int32Array(this.buf.length * 2);
    next.set(this.buf);
    this.buf = next;
  }
}
