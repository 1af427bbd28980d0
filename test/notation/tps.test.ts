import { describe, expect, it } from 'vitest';
import { makeMove } from '../../src/core/makemove.js';
import { BLACK, WHITE, type Position } from '../../src/core/position.js';
import { DEFAULT_RESERVES } from '../../src/core/sizes.js';
import { NotationError } from '../../src/notation/errors.js';
import { parseMove } from '../../src/notation/ptn-move.js';
import { formatTps, parseTps, startTps } from '../../src/notation/tps.js';
import { readRepo } from '../repo.js';

interface PerftPosition {
  name: string;
  size: number;
  tps: string;
  moves?: string;
}
const perftPositions = (JSON.parse(readRepo('data/perft.json')) as { positions: PerftPosition[] }).positions;

function tpsError(text: string, expectedSize?: number): NotationError {
  try {
    parseTps(text, {}, expectedSize);
  } catch (e) {
    expect(e).toBeInstanceOf(NotationError);
    return e as NotationError;
  }
  throw new Error(`TPS '${text}' parsed but should not`);
}

/** Pieces of a colour on the board, from the stacks themselves. */
function piecesOnBoard(pos: Position, colour: number): { stones: number; caps: number } {
  let stones = 0;
  let caps = 0;
  for (let sq = 0; sq < pos.area; sq++) {
    const h = pos.height[sq]!;
    for (let l = 0; l < h; l++) {
      if (pos.colourAt(sq, l) !== colour) continue;
      if (l === h - 1 && pos.top[sq]! >= 6) caps++;
      else stones++;
    }
  }
  return { stones, caps };
}

describe('TPS', () => {
  it('round-trips the shared perft positions in both forms, with reserves from the board', () => {
    for (const p of perftPositions) {
      const pos = parseTps(p.tps);
      expect(pos.size, p.name).toBe(p.size);
      expect(formatTps(pos), p.name).toBe(p.tps);
      const loose = formatTps(pos, false);
      expect(loose).not.toMatch(/x[0-9]/);
      expect(loose.split(' ')[0]!.split(/[/,]/)).toHaveLength(p.size * p.size);
      expect(parseTps(loose).samePosition(pos), p.name).toBe(true);
      expect(parseTps(`[TPS "${p.tps}"]`).samePosition(pos)).toBe(true);
      const [stones, caps] = DEFAULT_RESERVES[p.size]!;
      for (const c of [WHITE, BLACK]) {
        const used = piecesOnBoard(pos, c);
        expect(pos.stones[c], `${p.name} stones`).toBe(stones - used.stones);
        expect(pos.caps[c], `${p.name} caps`).toBe(caps - used.caps);
      }
      expect(pos.keyLo, p.name).toBe(pos.computeKey()[0]);
      expect(pos.keyHi, p.name).toBe(pos.computeKey()[1]);
    }
  });

  it('gives the TPS the shared data names for positions reached by moves', () => {
    const withMoves = perftPositions.filter((p) => p.moves !== undefined);
    expect(withMoves.length).toBeGreaterThan(0);
    for (const p of withMoves) {
      const pos = parseTps(startTps(p.size));
      for (const m of p.moves!.split(' ')) makeMove(pos, parseMove(m, p.size));
      expect(formatTps(pos), p.name).toBe(p.tps);
      expect(pos.samePosition(parseTps(p.tps)), p.name).toBe(true);
    }
  });

  it('reads side to move and move number into ply', () => {
    expect(parseTps('x5/x5/x5/x5/x5 1 1').ply).toBe(0);
    const black = parseTps('x5/x5/x5/x5/1,x4 2 1');
    expect(black.side).toBe(BLACK);
    expect(black.ply).toBe(1);
    expect(black.inOpening).toBe(true);
    const later = parseTps('x5/x5/x5/x5/1,2,x3 1 2');
    expect(later.ply).toBe(2);
    expect(later.inOpening).toBe(false);
    expect(formatTps(later)).toBe('x5/x5/x5/x5/1,2,x3 1 2');
  });

  it('accepts mixed compressed and plain rows and extra spaces', () => {
    const a = parseTps('  x,x1,1/x3/2,x,x 2 3 ');
    expect(formatTps(a)).toBe('x2,1/x3/2,x2 2 3');
    expect(formatTps(a, false)).toBe('x,x,1/x,x,x/2,x,x 2 3');
  });

  it('starts every size empty with the reserves of docs/rules.md', () => {
    for (let size = 3; size <= 8; size++) {
      const pos = parseTps(startTps(size));
      expect(pos.occupied()).toBe(0);
      expect([pos.stones[0], pos.caps[0]]).toEqual([...DEFAULT_RESERVES[size]!]);
      expect(formatTps(pos)).toBe(startTps(size));
    }
  });

  it('takes custom reserves and checks the board against them', () => {
    const pos = parseTps('x5/x5/x5/x5/1,2,x3 1 2', { stones: 10, caps: 2 });
    expect(pos.stones[WHITE]).toBe(9);
    expect(pos.caps[BLACK]).toBe(2);
    expect(() => parseTps('1,1,1/x3/x3 2 2', { stones: 2 })).toThrow(/3 White stones, more than the 2/);
  });

  it('rejects malformed TPS with a NotationError naming what is wrong', () => {
    const bad: [string, RegExp, number?][] = [
      ['', /three fields/],
      ['x5/x5/x5/x5/x5 1', /three fields.*got 2/],
      ['x5/x5/x5/x5/x5 1 1 extra', /three fields.*got 4/],
      ['x2/x2 1 1', /TPS has 2 rows; boards from 3 to 8/],
      ['x5/x5/x5/x5 1 1', /row 1 \('x5'\) has 5 squares, expected 4/],
      ['x9/x9/x9/x9/x9/x9/x9/x9/x9 1 1', /9 rows/],
      ['x5/x5/x4/x5/x5 1 1', /row 3 \('x4'\) has 4 squares, expected 5/],
      ['x5/x5/x5/x5/x,1,1,2,2,1 1 1', /row 5 .* has 6 squares, expected 5/],
      ['x5/x5/x5/x5/x5,x5 1 1', /row 5 .* has 10 squares/],
      ['x5/x5/x5/x5/x5 3 1', /side to move must be 1 or 2, got '3'/],
      ['x5/x5/x5/x5/x5 w 1', /side to move must be 1 or 2, got 'w'/],
      ['x5/x5/x5/x5/x5 1 0', /move number .* got '0'/],
      ['x5/x5/x5/x5/x5 1 -2', /move number .* got '-2'/],
      ['x5/x5/x5/x5/x5 1 one', /move number .* got 'one'/],
      ['x5/x5/x5/x5/x,3,x3 1 1', /bad square '3' in TPS row 5/],
      ['x5/x5/x5/x5/x,1S2,x3 1 1', /bad square '1S2'/],
      ['x5/x5/x5/x5/x,S,x3 1 1', /bad square 'S'/],
      ['x5/x5/x5/x5/x,,x3 1 1', /bad square ''/],
      ['x5/x5/x5/x5/x0,x5 1 1', /bad square 'x0'/],
      ['x5/x5/x5/x5/1C,1C,x3 1 1', /2 White capstones, more than the 1/],
      ['x3/x3/x3,2C 1 1', /has 4 squares/],
      ['x3/x3/x2,2C 1 1', /1 Black capstones, more than the 0/],
      [`x3/x3/${'1'.repeat(11)},x2 2 9`, /11 White stones, more than the 10/],
      ['x6/x6/x6/x6/x6/x6 1 1', /6x6 board, expected 5x5/, 5],
    ];
    for (const [text, message, size] of bad) expect(tpsError(text, size).message, text).toMatch(message);
  });
});
