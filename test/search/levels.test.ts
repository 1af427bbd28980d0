// Playing levels (src/search/levels.ts): full strength is the search as ever; every level from 2
// takes a road in one and stops one; and on a small sample of book games a higher level beats a
// lower one (levels are capped in depth and nodes, never in time, so load cannot decide it).

import { describe, expect, it } from 'vitest';
import { makeMove } from '../../src/core/makemove.js';
import { legalMoves } from '../../src/core/movegen.js';
import { Position } from '../../src/core/position.js';
import { gameResult, ONGOING, resultWinner, WHITE_ROAD } from '../../src/core/result.js';
import { formatMove, parseMove } from '../../src/notation/ptn-move.js';
import { parseTps } from '../../src/notation/tps.js';
import { evalNoise, levelPaceMs, levelSettings, MAX_LEVEL } from '../../src/search/levels.js';
import { Searcher } from '../../src/search/search.js';
import { TranspositionTable } from '../../src/search/tt.js';
import type { SearchLimits } from '../../src/search/types.js';
import { readRepo } from '../repo.js';

function searcher(): Searcher {
  return new Searcher({ table: TranspositionTable.create(8, false), stop: new Int32Array(1) });
}

/** The move at `level`; full strength (no caps of its own) searches to depth 5. */
function move(tps: string, level: number): string {
  const pos = parseTps(tps);
  const limits: SearchLimits = level < MAX_LEVEL ? { level } : { depth: 5 };
  return formatMove(searcher().search(pos, 0, limits).best, pos.size);
}

describe('level settings', () => {
  it('full strength has none; each level looks at least as far as the one below, and judges better at the same depth', () => {
    expect(levelSettings(MAX_LEVEL)).toBeUndefined();
    expect(levelSettings(undefined)).toBeUndefined();
    for (let k = 2; k < MAX_LEVEL; k++) {
      const lo = levelSettings(k - 1)!;
      const hi = levelSettings(k)!;
      expect(hi.depth).toBeGreaterThanOrEqual(lo.depth);
      expect(hi.nodes).toBeGreaterThan(lo.nodes);
      if (hi.depth === lo.depth) expect(hi.noise).toBeLessThan(lo.noise);
      if (lo.extensions) expect(hi.extensions).toBe(true);
    }
  });

  it("a level's pace holds an answer 2 s, never past the clock's soft budget; full strength not at all", () => {
    expect(levelPaceMs(4, 10_000)).toBe(2000);
    expect(levelPaceMs(4, 700)).toBe(700);
    expect(levelPaceMs(4, undefined)).toBe(0);
    expect(levelPaceMs(MAX_LEVEL, 10_000)).toBe(0);
    expect(levelPaceMs(undefined, 10_000)).toBe(0);
  });

  it('noise is fixed by the position and spread over [-amplitude, amplitude]', () => {
    let sum = 0;
    let lo = 0;
    let hi = 0;
    for (let i = 0; i < 10_000; i++) {
      const n = evalNoise(Math.imul(i, 0x9e3779b1), i * 7919, 100);
      expect(evalNoise(Math.imul(i, 0x9e3779b1), i * 7919, 100)).toBe(n);
      sum += n;
      lo = Math.min(lo, n);
      hi = Math.max(hi, n);
    }
    expect(Math.abs(sum / 10_000)).toBeLessThan(5);
    expect(lo).toBeGreaterThanOrEqual(-100);
    expect(hi).toBeLessThanOrEqual(100);
    expect(hi - lo).toBeGreaterThan(190);
  });
});

describe('roads in one at every level', () => {
  // White completes rank 1 with e1 (by placement), or rank 2 only with the spread c3- .
  const WINS: [string, RegExp][] = [
    ['2,2,x3/x5/x5/x5/1,1,1,1,x 1 5', /^[C]?e1$/],
    ['2,2,x3/x5/x2,21,x2/1,1,2,1,1/x4,2 1 6', /^c3-$/],
    ['2,2,2,x3/x6/x6/x6/x6/1,1,1,1,1,x 1 6', /^[C]?f1$/],
  ];
  // Black must stop White's rank 1 (e1 empty, then f1 on 6x6).
  const BLOCKS: [string, (move: string) => boolean][] = [
    ['2,2,x3/x5/x5/x5/1,1,1,1,x 2 5', (m) => /e1$/.test(m)],
    ['x6/x6/2,x5/2,x5/x6/1,1,1,1,1,x 2 6', (m) => /f1$/.test(m)],
  ];

  for (let level = 1; level <= MAX_LEVEL; level++) {
    it(`level ${level} takes a road in one${level >= 2 ? ' and stops one' : ''}`, () => {
      for (const [tps, want] of WINS) {
        const m = move(tps, level);
        expect(m, tps).toMatch(want);
        const pos = parseTps(tps);
        makeMove(pos, parseMove(m, pos.size));
        expect(gameResult(pos, 0)).toBe(WHITE_ROAD);
      }
      if (level < 2) return; // level 1 looks one ply ahead: the opponent's roads go unseen
      for (const [tps, blocks] of BLOCKS) {
        const m = move(tps, level);
        expect(blocks(m), `level ${level} played ${m} in ${tps}`).toBe(true);
      }
    });
  }
});

/** The first `count` book openings of a size (lines 1-900 only: 901-1000 are for outside checks). */
function openings(count: number, size = 5): string[][] {
  return readRepo(`data/openings/${size}s_4ply_balanced_openings.txt`)
    .split('\n')
    .filter((l) => l.trim() !== '')
    .slice(0, count)
    .map((l) => l.trim().split(/\s+/));
}

/** Plays a game from an opening: `white` and `black` are levels. Returns White's score. */
function play(opening: string[], white: number, black: number, size = 5): number {
  const players = [searcher(), searcher()];
  const levels = [white, black];
  const pos = new Position(size);
  for (const m of opening) makeMove(pos, parseMove(m, size));
  for (let ply = 0; ply < 160; ply++) {
    const r = gameResult(pos, 4);
    if (r !== ONGOING) return resultWinner(r) === 0 ? 1 : resultWinner(r) === 1 ? 0 : 0.5;
    const side = pos.side;
    const best = players[side]!.search(pos, 4, { level: levels[side]! }).best;
    makeMove(pos, best !== 0 ? best : legalMoves(pos)[0]!);
  }
  return 0.5;
}

describe('the ladder on a small sample', () => {
  it('level 4 beats level 1 on 5x5 book lines, both colours', () => {
    let high = 0;
    const lines = openings(3);
    for (const opening of lines) {
      high += play(opening, 4, 1);
      high += 1 - play(opening, 1, 4);
    }
    expect(high).toBeGreaterThanOrEqual(5); // of 6
  });

  it('level 7 beats level 4 on 6x6 book lines, both colours', () => {
    let high = 0;
    for (const opening of openings(2, 6)) {
      high += play(opening, 7, 4, 6);
      high += 1 - play(opening, 4, 7, 6);
    }
    expect(high).toBeGreaterThanOrEqual(3); // of 4
  });
});
