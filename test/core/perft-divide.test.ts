// Perft divide: every legal root move exactly once, each with the perft of its child one ply
// shallower (recomputed here on a copy with a fresh Perft, so that the two cannot share a
// buffer), and a total equal to plain perft. Divide once reused the buffer holding the root
// moves for the children's moves, listing some moves twice and skipping others.
import { describe, expect, it } from 'vitest';
import { makeMove } from '../../src/core/makemove.js';
import { generateMoves, isLegalMove, MAX_MOVES } from '../../src/core/movegen.js';
import { Perft } from '../../src/core/perft.js';
import type { Position, ReserveOptions } from '../../src/core/position.js';
import { formatMove } from '../../src/notation/ptn-move.js';
import { formatTps, parseTps, startTps } from '../../src/notation/tps.js';
import { readRepo } from '../repo.js';

interface PerftCase {
  name: string;
  size: number;
  tps: string;
  counts: number[];
}

const published: PerftCase[] = JSON.parse(readRepo('data/perft.json')).positions;
/** The deepest divide whose total stays under this many leaves (seconds for the whole file). */
const LEAF_LIMIT = 1_000_000;

function rootMoves(pos: Position): number[] {
  const buf = new Int32Array(MAX_MOVES);
  return Array.from(buf.subarray(0, generateMoves(pos, buf, 0)));
}

/** Checks divide(pos, depth) against plain perft and against each child counted on its own. */
function checkDivide(pos: Position, depth: number): number {
  const tpsBefore = formatTps(pos);
  const lines = new Perft().divide(pos, depth);
  expect(formatTps(pos), 'divide leaves the position as it found it').toBe(tpsBefore);

  const listed = lines.map(([m]) => formatMove(m, pos.size));
  expect(new Set(listed).size, `no move listed twice: ${listed.join(' ')}`).toBe(listed.length);
  expect([...listed].sort()).toEqual(rootMoves(pos).map((m) => formatMove(m, pos.size)).sort());

  const total = lines.reduce((sum, [, n]) => sum + n, 0);
  const independent = new Perft();
  expect(total, 'divide total = perft').toBe(independent.count(pos, depth));
  for (const [m, n] of lines) {
    expect(isLegalMove(pos, m)).toBe(true);
    const child = pos.clone();
    makeMove(child, m);
    expect(n, `${formatMove(m, pos.size)}: perft ${depth - 1} of the child`).toBe(independent.count(child, depth - 1));
  }
  return total;
}

describe('perft divide on the start positions', () => {
  for (let size = 3; size <= 8; size++) {
    const counts = published.find((c) => c.tps === startTps(size))!.counts;
    for (const depth of [1, 2, 3]) {
      it(`${size}x${size} depth ${depth}: ${counts[depth]}`, () => {
        expect(checkDivide(parseTps(startTps(size)), depth)).toBe(counts[depth]);
      });
    }
  }
});

describe('perft divide on the published middle games (stacks, capstones, walls, roads)', () => {
  for (const c of published.filter((x) => x.tps !== startTps(x.size))) {
    const depth = c.counts.reduce((best, n, d) => (d >= 1 && n <= LEAF_LIMIT ? d : best), 1);
    it(`${c.name}: depth ${depth}`, () => {
      expect(checkDivide(parseTps(c.tps), depth)).toBe(c.counts[depth]);
    });
  }
});

describe('perft divide on more middle games', () => {
  const cases: [string, string, ReserveOptions, number][] = [
    // The 6x6 position of issue 13, where divide listed 14 moves twice and summed to 708,740.
    ['6x6 middle game of issue 13', 'x6/x,2,x,1,x2/x,2,1,12C,2,x/x,1,21,1,2S,x/x,1,x,2,x2/1,x5 1 9', {}, 3],
    ['3x3 start with a capstone each', 'x3/x3/x3 1 1', { caps: 1 }, 4],
    ['3x3 with 3 stones each: reserves run out', 'x3/x,1,x/x,2,x 1 2', { stones: 3 }, 4],
    ['5x5 with 8 stones and 2 capstones each', 'x5/x2,2S,x2/x2,121,x2/x5/x5 1 4', { stones: 8, caps: 2 }, 3],
    ['6x6 with no capstones and 12 stones each', 'x6/x,2,x,1,x2/x,2,1,12,2,x/x,1,21,1,2S,x/x,1,x,2,x2/1,x5 1 9', { stones: 12, caps: 0 }, 3],
    ['6x6, White down to its last stone and capstone', 'x6/x,2,x,1,x2/x,2,1,12C,2,x/x,1,21,1,2S,x/x,1,x,2,x2/1,x5 2 9', { stones: 9 }, 3],
  ];
  for (const [name, tps, reserves, depth] of cases) {
    it(`${name}: depth ${depth}`, () => {
      checkDivide(parseTps(tps, reserves), depth);
    });
  }

  it('the issue 13 position sums to its plain perft, 673,724 at depth 3', () => {
    const pos = parseTps('x6/x,2,x,1,x2/x,2,1,12C,2,x/x,1,21,1,2S,x/x,1,x,2,x2/1,x5 1 9');
    expect(new Perft().divide(pos, 3).reduce((sum, [, n]) => sum + n, 0)).toBe(673_724);
  });

  it('a decided position and depth 0 have no lines', () => {
    expect(new Perft().divide(parseTps('x3/x3/x3 1 1'), 0)).toEqual([]);
    expect(new Perft().divide(parseTps('1,1,1/x3/2,2,x 2 3'), 2)).toEqual([]);
  });
});
