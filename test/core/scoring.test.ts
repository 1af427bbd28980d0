// Final-rules scoring: area plus reserve, and the Downings, Middletown and Tarway variants.

import { describe, expect, it } from 'vitest';
import { findRoad, roadShape, scoreGame } from '../../src/core/scoring.js';
import { parseTps } from '../../src/notation/tps.js';

const ALL = { downings: true, middletown: true, tarway: true };

/** Whether squares form a road: adjacent steps from one edge to the opposite one. */
function isRoadPath(squares: number[], size: number): boolean {
  for (let i = 1; i < squares.length; i++) {
    const a = squares[i - 1]!;
    const b = squares[i]!;
    const adjacent = (Math.abs(a - b) === 1 && Math.floor(a / size) === Math.floor(b / size)) || Math.abs(a - b) === size;
    if (!adjacent) return false;
  }
  const first = squares[0]!;
  const last = squares[squares.length - 1]!;
  const ns = first < size && last >= size * (size - 1);
  const we = first % size === 0 && last % size === size - 1;
  return ns || we;
}

describe('scoreGame', () => {
  it('scores a straight low road: area + reserve, doubled by Downings and by Tarway, x4 with both', () => {
    // White's flats fill rank 4 of a 4x4; White used 4 of 15 stones, Black 3.
    const pos = parseTps('1,1,1,1/x4/2,2,2,x/x4 2 5');
    const plain = scoreGame(pos);
    expect(plain).toMatchObject({ winner: 0, area: 16, reserve: 11, multiplier: 1, points: 27 });
    expect(plain.road).toMatchObject({ straight: true, low: true, high: false });
    expect(plain.road!.squares).toEqual([12, 13, 14, 15]);
    expect(scoreGame(pos, { downings: true }).points).toBe(16 + 22);
    expect(scoreGame(pos, { tarway: true }).points).toBe(16 + 22);
    const both = scoreGame(pos, ALL);
    expect(both.points).toBe(16 + 44);
    expect(both.applied).toEqual(['straight road x2', 'low road x2']);
  });

  it('scores a bent high road: x3 by Tarway, nothing by Downings', () => {
    // Black-under-white stacks on b4 b3 b2 c2 c1: a north-south road that turns.
    const pos = parseTps('x,21,x,x/x,21,x,x/x,21,21,x/x,x,21,x 2 8');
    const shape = roadShape(pos, 0)!;
    expect(shape).toMatchObject({ straight: false, low: false, high: true });
    expect(isRoadPath(shape.squares, 4)).toBe(true);
    expect(shape.squares.length).toBe(5);
    expect(scoreGame(pos).points).toBe(16 + 10);
    expect(scoreGame(pos, { downings: true }).points).toBe(16 + 10);
    expect(scoreGame(pos, { tarway: true })).toMatchObject({ points: 16 + 30, multiplier: 3, applied: ['high road x3'] });
  });

  it('gives a mixed road no Tarway factor, and takes the best of several roads', () => {
    // Rank 1 is White's and straight, with one stack in it (mixed); file d is a low straight road.
    const mixed = parseTps('x,x,x,x/x4/x4/1,21,1,1 2 5');
    expect(scoreGame(mixed, { tarway: true }).multiplier).toBe(1);
    expect(scoreGame(mixed, { downings: true }).multiplier).toBe(2);
    expect(scoreGame(mixed, { downings: true, tarway: true }).multiplier).toBe(2);
    const two = parseTps('x,x,x,1/x,x,x,1/x,x,x,1/1,21,1,1 2 7');
    expect(scoreGame(two, { downings: true, tarway: true })).toMatchObject({ multiplier: 4, applied: ['straight road x2', 'low road x2'] });
  });

  it('doubles for a capstone never placed (Middletown), only where there are capstones', () => {
    // 5x5, White wins on time with 21 - 3 stones and the capstone in reserve.
    const kept = parseTps('x5/x5/x5/1,1,1,x2/2,2,x3 1 4');
    expect(scoreGame(kept, {}, 0)).toMatchObject({ points: 25 + 19, reserve: 19 });
    expect(scoreGame(kept, { middletown: true }, 0)).toMatchObject({ points: 25 + 38, applied: ['capstone never placed x2'] });
    const placed = parseTps('x5/x5/x5/1,1,1C,x2/2,2,x3 1 4');
    expect(scoreGame(placed, { middletown: true }, 0)).toMatchObject({ points: 25 + 19, multiplier: 1 });
    // No capstones on 4x4: Middletown never applies.
    expect(scoreGame(parseTps('1,1,1,1/x4/2,2,2,x/x4 2 5'), { middletown: true }).multiplier).toBe(1);
  });

  it('counts flat wins and Black wins, with komi deciding the winner', () => {
    // 3x3 full board: White 5 flats, Black 4; reserves 10 - 5 and 10 - 4.
    const full = parseTps('1,2,1/2,1,2/1,2,1 2 5');
    expect(scoreGame(full)).toMatchObject({ winner: 0, points: 9 + 5, road: null });
    expect(scoreGame(full, ALL)).toMatchObject({ winner: 0, points: 9 + 5, multiplier: 1 });
    // Komi 1 (half-komi 2): 5 against 4 + 1 is a draw; komi 1.5 gives it to Black.
    expect(scoreGame(full, {}, undefined, 2)).toMatchObject({ winner: -1, points: 0 });
    expect(scoreGame(full, {}, undefined, 3)).toMatchObject({ winner: 1, points: 9 + 6 });
  });

  it('gives a double road to the player who made it', () => {
    // Both have a road; White to move, so Black moved last and wins.
    const pos = parseTps('2,2,2,2/x4/x4/1,1,1,1 1 6');
    expect(scoreGame(pos).winner).toBe(1);
    expect(scoreGame(parseTps('2,2,2,2/x4/x4/1,1,1,1 2 6')).winner).toBe(0);
  });

  it('scores nothing when nobody won', () => {
    expect(scoreGame(parseTps('x4/x4/x4/x4 1 1'), ALL)).toMatchObject({ winner: -1, points: 0 });
  });
});

describe('findRoad', () => {
  it('finds a shortest road within a set of squares, or none', () => {
    const pos = parseTps('x4/x4/x4/x4 1 1');
    const set = new Array(16).fill(false);
    for (const sq of [0, 4, 5, 9, 13, 12]) set[sq] = true; // a1 a2 b2 b3 b4 a4
    const road = findRoad(pos, set)!;
    expect(isRoadPath(road, 4)).toBe(true);
    expect(road).toEqual([0, 4, 5, 9, 13]);
    set[9] = false;
    expect(findRoad(pos, set)).toBeNull();
  });

  it('ignores walls', () => {
    expect(roadShape(parseTps('1,1,1S,1,1/x5/x5/x5/x5 2 4'), 0)).toBeNull();
    expect(roadShape(parseTps('1,1,1C,1,1/x5/x5/x5/x5 2 4'), 0)).not.toBeNull();
  });
});
