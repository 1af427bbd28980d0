// spreadWin (the filtered, computed check) agrees with brute force (make every spread, look for
// a road with the rules core) for both colours, on archive positions and random games.
import { describe, expect, it } from 'vitest';
import { makeMove, makeNull, unmakeMove, unmakeNull } from '../../src/core/makemove.js';
import { generateMoves, MAX_MOVES } from '../../src/core/movegen.js';
import { isSpread } from '../../src/core/move.js';
import type { Position } from '../../src/core/position.js';
import { hasRoad, scanRoads } from '../../src/core/roads.js';
import { groupWeights } from '../../src/eval/evaluate.js';
import { mapRoads } from '../../src/eval/roadmap.js';
import { formatMove } from '../../src/notation/ptn-move.js';
import { formatTps, parseTps } from '../../src/notation/tps.js';
import { mayOpenSpreadRoad, spreadWin } from '../../src/tactics/spread-roads.js';
import { forEachGamePosition } from '../game-positions.js';
import { forEachRandomPosition } from '../random-games.js';
import { readRepo } from '../repo.js';

const buf = new Int32Array(MAX_MOVES);

function bruteForce(pos: Position, colour: number): boolean {
  const nulled = pos.side !== colour;
  if (nulled) makeNull(pos);
  const end = generateMoves(pos, buf, 0);
  let win = false;
  for (let i = 0; i < end && !win; i++) {
    const m = buf[i]!;
    if (!isSpread(m)) continue;
    makeMove(pos, m);
    win = hasRoad(pos, colour);
    unmakeMove(pos, m);
  }
  if (nulled) unmakeNull(pos);
  return win;
}

/** spreadWin of `colour` in pos, the road map made first. */
function spreadWinOf(pos: Position, colour: number): number {
  scanRoads(pos);
  mapRoads(pos, colour, groupWeights(pos.size));
  return spreadWin(pos, colour);
}

/**
 * For every legal move of pos after which the opponent of the mover has a road by a spread that
 * it lacked before: mayOpenSpreadRoad must say so. Counts the moves it cleared and the moves that
 * did open a road into `counts`.
 */
function checkOpenings(pos: Position, wrong: string[], counts: { cleared: number; opened: number }): void {
  const them = pos.side ^ 1;
  if (spreadWinOf(pos, them) !== 0) return;
  const moves = new Int32Array(MAX_MOVES);
  const end = generateMoves(pos, moves, 0);
  for (let i = 0; i < end; i++) {
    const m = moves[i]!;
    makeMove(pos, m);
    if (!hasRoad(pos, 0) && !hasRoad(pos, 1)) {
      const may = mayOpenSpreadRoad(pos, m);
      const opened = spreadWinOf(pos, them) !== 0;
      if (!may) counts.cleared++;
      if (opened) counts.opened++;
      if (opened && !may) wrong.push(`${formatTps(pos)}: ${formatMove(m, pos.size)} opened a spread road`);
    }
    unmakeMove(pos, m);
  }
}

function check(pos: Position, wrong: string[]): number {
  let wins = 0;
  for (const colour of [0, 1]) {
    const m = spreadWinOf(pos, colour);
    const expected = bruteForce(pos, colour);
    if ((m !== 0) !== expected) wrong.push(`${formatTps(pos)} colour ${colour}: found ${m} expected ${expected}`);
    if (m !== 0) {
      wins++;
      // The move it names really wins.
      const nulled = pos.side !== colour;
      if (nulled) makeNull(pos);
      makeMove(pos, m);
      if (!hasRoad(pos, colour)) wrong.push(`${formatTps(pos)}: ${m} does not make a road`);
      unmakeMove(pos, m);
      if (nulled) unmakeNull(pos);
    }
  }
  return wins;
}

describe('roads by spreads', () => {
  it('finds a capstone spreading onto the last gaps of a line', () => {
    // White flats a2-d2, Black flats a1-d1, e1 empty, a white capstone on two white flats on f1:
    // no placement completes a road, but 2f1<11 (e1, then the capstone on d1) joins a2 to f1.
    const pos = parseTps('x6/x6/x6/x6/1,1,1,1,x2/2,2,2,2,x,111C 1 12');
    scanRoads(pos);
    mapRoads(pos, 0, groupWeights(6));
    const m = spreadWin(pos, 0);
    expect(m).not.toBe(0);
    expect(formatMove(m, 6)).toBe('2f1<11');
    makeMove(pos, m);
    expect(hasRoad(pos, 0)).toBe(true);
  });

  it('agrees with brute force on the PlayTak archive', () => {
    const wrong: string[] = [];
    let wins = 0;
    forEachGamePosition(readRepo('data/games/playtak-6x6-1344.ptn'), 9, (pos) => {
      wins += check(pos, wrong);
    });
    expect(wrong.slice(0, 5)).toEqual([]);
    expect(wins).toBeGreaterThan(100); // real spread threats were met
  });

  it('agrees with brute force on random games of every size', () => {
    const wrong: string[] = [];
    let wins = 0;
    forEachRandomPosition(11, 15, 250, (pos) => {
      if (pos.ply >= 2) wins += check(pos, wrong);
    });
    expect(wrong.slice(0, 5)).toEqual([]);
    expect(wins).toBeGreaterThan(50);
  });

  it('mayOpenSpreadRoad clears only moves that open no road by a spread, on archive and random games', () => {
    const wrong: string[] = [];
    const counts = { cleared: 0, opened: 0 };
    forEachGamePosition(readRepo('data/games/playtak-6x6-1344.ptn'), 32, (pos) => checkOpenings(pos, wrong, counts));
    forEachRandomPosition(12, 6, 200, (pos) => {
      if (pos.ply >= 2) checkOpenings(pos, wrong, counts);
    });
    expect(wrong.slice(0, 5)).toEqual([]);
    // Both kinds were met: moves it cleared, and moves that opened a road (which it must not clear).
    expect(counts.cleared).toBeGreaterThan(10000);
    expect(counts.opened).toBeGreaterThan(100);
  });
});
