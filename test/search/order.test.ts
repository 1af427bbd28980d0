// Move ordering's counter-move table: the move that refuted an opponent's move is tried early
// the next time that move is met, at any ply, for the same side only.
import { describe, expect, it } from 'vitest';
import { generateMoves, MAX_MOVES } from '../../src/core/movegen.js';
import { formatMove, parseMove } from '../../src/notation/ptn-move.js';
import { parseTps } from '../../src/notation/tps.js';
import { MoveOrder } from '../../src/search/order.js';

// A 6x6 middle game from PlayTak (bench-positions.ts), White to move.
const TPS = '2,x,2,x3/x2,2,x3/x2,2,x3/x2,112C,1,1,1/x2,2121,x,1,x/1,1,2,2,x2 1 13';

function ranked(order: MoveOrder, ply: number): string[] {
  const pos = parseTps(TPS);
  const moves = new Int32Array(MAX_MOVES);
  const scores = new Int32Array(MAX_MOVES);
  const end = generateMoves(pos, moves, 0);
  order.score(pos, moves, scores, 0, end, ply, 0, 0, 0);
  const idx = Array.from({ length: end }, (_, i) => i).sort((a, b) => scores[b]! - scores[a]!);
  return idx.map((i) => formatMove(moves[i]!, 6));
}

describe('counter moves', () => {
  it('rank the refutation of the move just played first among quiet moves', () => {
    const order = new MoveOrder(16);
    const pos = parseTps(TPS);
    const theirs = parseMove('d1', 6); // the opponent's move that led to the node
    const answer = parseMove('Sf2', 6); // a wall: no prior would put it first
    expect(ranked(order, 3)[0]).not.toBe('Sf2');
    order.prev[5] = theirs;
    order.cutoff(pos, answer, 5, 1);
    order.history.fill(0);
    order.killers.fill(0); // only the counter-move table remembers it now
    order.prev[3] = theirs;
    expect(ranked(order, 3)[0]).toBe('Sf2');
    order.prev[3] = parseMove('d2', 6); // another move led here: no counter
    expect(ranked(order, 3)[0]).not.toBe('Sf2');
    order.clear();
    order.prev[3] = theirs;
    expect(ranked(order, 3)[0]).not.toBe('Sf2');
  });
});
