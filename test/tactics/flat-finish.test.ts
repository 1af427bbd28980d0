// finishOutcome (can a colour end the game by a placement, and what would the count say?) agrees
// with brute force (make every placement, see whether the game ended, read the count with komi)
// for both colours, on the PlayTak archive's endings and random games of every size.
import { describe, expect, it } from 'vitest';
import { makeMove, makeNull, unmakeMove, unmakeNull } from '../../src/core/makemove.js';
import { generateMoves, MAX_MOVES } from '../../src/core/movegen.js';
import { isSpread } from '../../src/core/move.js';
import type { Position } from '../../src/core/position.js';
import { boardFull, flatCount, reservesExhausted } from '../../src/core/result.js';
import { formatTps, parseTps } from '../../src/notation/tps.js';
import { FINISH_DRAW, FINISH_LOSS, FINISH_NONE, FINISH_WIN, finishOutcome } from '../../src/tactics/flat-finish.js';
import { forEachGamePosition } from '../game-positions.js';
import { forEachRandomPosition } from '../random-games.js';
import { readRepo } from '../repo.js';

const buf = new Int32Array(MAX_MOVES);
const NAMES = ['none', 'win', 'draw', 'loss'];

/** The best count `colour` can end the game on by one placement (FINISH_NONE if none ends it). */
function bruteForce(pos: Position, colour: number, halfKomi: number): number {
  const nulled = pos.side !== colour;
  if (nulled) makeNull(pos);
  const end = generateMoves(pos, buf, 0);
  let best = FINISH_NONE;
  const rank = [0, 3, 2, 1]; // none < loss < draw < win
  for (let i = 0; i < end; i++) {
    const m = buf[i]!;
    if (isSpread(m)) continue;
    makeMove(pos, m);
    if (boardFull(pos) || reservesExhausted(pos)) {
      const mine = 2 * flatCount(pos, colour) + (colour === 1 ? halfKomi : 0);
      const them = 2 * flatCount(pos, colour ^ 1) + (colour === 1 ? 0 : halfKomi);
      const o = mine > them ? FINISH_WIN : mine === them ? FINISH_DRAW : FINISH_LOSS;
      if (rank[o]! > rank[best]!) best = o;
    }
    unmakeMove(pos, m);
  }
  if (nulled) unmakeNull(pos);
  return best;
}

/** Checks both colours at komi 0, 2 and 2.5; returns how many finishes were found. */
function check(pos: Position, wrong: string[]): number {
  let found = 0;
  for (const halfKomi of [0, 4, 5]) {
    for (const colour of [0, 1]) {
      const got = finishOutcome(pos, colour, halfKomi);
      const expected = bruteForce(pos, colour, halfKomi);
      if (got !== expected) wrong.push(`${formatTps(pos)} colour ${colour} halfKomi ${halfKomi}: ${NAMES[got]}, expected ${NAMES[expected]}`);
      if (got !== FINISH_NONE) found++;
    }
  }
  return found;
}

describe('flat finishes', () => {
  it('sees a last stone placed on a won count, and a capstone that adds no flat', () => {
    // White to move with one stone left (4 at the start, 3 on the board), 3 flats against Black's
    // 2: placing it ends the game.
    const pos = parseTps('1,1,1,x2/2,2,x3/x5/x5/x5 1 20', { stones: [4, 8], caps: [0, 1] });
    expect(finishOutcome(pos, 0, 0)).toBe(FINISH_WIN);
    expect(finishOutcome(pos, 0, 4)).toBe(FINISH_DRAW); // 8 against 4 + 4
    expect(finishOutcome(pos, 1, 0)).toBe(FINISH_NONE); // Black holds 6
    // The same board with White's capstone as its last piece: it ends the game and adds no flat.
    const cap = parseTps('1,1,1,x2/2,2,x3/x5/x5/x5 1 20', { stones: [3, 8], caps: [1, 1] });
    expect(finishOutcome(cap, 0, 0)).toBe(FINISH_WIN); // 6 against 4
    expect(finishOutcome(cap, 0, 2)).toBe(FINISH_DRAW); // 6 against 4 + 2
  });

  it('agrees with brute force on the PlayTak archive', () => {
    const wrong: string[] = [];
    let found = 0;
    forEachGamePosition(readRepo('data/games/playtak-6x6-1344.ptn'), 2, (pos, pliesLeft) => {
      // The endings: the last 12 plies of each game, where reserves and empty squares run out.
      if (pliesLeft < 12) found += check(pos, wrong);
    });
    expect(wrong.slice(0, 5)).toEqual([]);
    expect(found).toBeGreaterThan(200); // real finishes were met
  });

  it('agrees with brute force on random games of every size', () => {
    const wrong: string[] = [];
    let found = 0;
    forEachRandomPosition(7, 12, 400, (pos) => {
      if (pos.ply >= 2) found += check(pos, wrong);
    });
    expect(wrong.slice(0, 5)).toEqual([]);
    expect(found).toBeGreaterThan(50);
  });
});
