import { describe, expect, it } from 'vitest';
import { CAP, FLAT, WALL, placement, spread } from '../../src/core/move.js';
import { legalMoves } from '../../src/core/movegen.js';
import { EAST, NORTH, SOUTH, WEST } from '../../src/core/sizes.js';
import { NotationError } from '../../src/notation/errors.js';
import { formatMove, parseMove } from '../../src/notation/ptn-move.js';
import { parseTps } from '../../src/notation/tps.js';
import { readRepo } from '../repo.js';

interface PerftPosition {
  name: string;
  size: number;
  tps: string;
}
const perftPositions = (JSON.parse(readRepo('data/perft.json')) as { positions: PerftPosition[] }).positions;

/** The error parseMove throws for `text`, which must be a NotationError. */
function parseError(text: string, size: number): NotationError {
  try {
    parseMove(text, size);
  } catch (e) {
    expect(e).toBeInstanceOf(NotationError);
    return e as NotationError;
  }
  throw new Error(`'${text}' parsed on ${size}x${size} but should not`);
}

describe('PTN move output', () => {
  it('prints the short canonical forms', () => {
    expect(formatMove(placement(0, FLAT), 5)).toBe('a1');
    expect(formatMove(placement(0, WALL), 5)).toBe('Sa1');
    expect(formatMove(placement(0, CAP), 5)).toBe('Ca1');
    expect(formatMove(placement(24, FLAT), 5)).toBe('e5');
    expect(formatMove(placement(63, CAP), 8)).toBe('Ch8');
    expect(formatMove(spread(0, NORTH, 0b1), 5)).toBe('a1+');
    // c3 on 5x5 is square 12; a hand of 3 all dropped on one square has mask 0b100.
    expect(formatMove(spread(12, EAST, 0b100), 5)).toBe('3c3>');
    // drops 1 then 2: bit 0 (first square ends after piece 0), bit 2.
    expect(formatMove(spread(12, EAST, 0b101), 5)).toBe('3c3>12');
    expect(formatMove(spread(12, SOUTH, 0b1), 5)).toBe('c3-');
    expect(formatMove(spread(12, WEST, 0b11), 5)).toBe('2c3<11');
  });

  it('round-trips every legal move of the shared perft positions', () => {
    let checked = 0;
    for (const p of perftPositions) {
      const pos = parseTps(p.tps);
      for (const move of legalMoves(pos)) {
        const text = formatMove(move, pos.size);
        expect(text).toMatch(/^([SC]?[a-h][1-8]|([2-8])?[a-h][1-8][+\-<>]([1-8]{2,})?)$/);
        expect(parseMove(text, pos.size), `${p.name}: ${text}`).toBe(move);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });
});

describe('PTN move input', () => {
  it('accepts the tolerant forms and means the canonical move', () => {
    const cases: [string, string, number][] = [
      ['Fa1', 'a1', 5],
      ['1c5-1', 'c5-', 5],
      ['1c5-', 'c5-', 5],
      ['3c3>3', '3c3>', 5],
      ['a1+*', 'a1+', 5],
      ["c3''", 'c3', 5],
      ["c3'", 'c3', 5],
      ['c3"', 'c3', 5],
      ['Sb2!?', 'Sb2', 5],
      ['Cd4??', 'Cd4', 5],
      ['5b4>212!', '5b4>212', 6],
      ["4e4+22'", '4e4+22', 6],
      ['  a1  ', 'a1', 3],
    ];
    for (const [input, canonical, size] of cases) {
      expect(formatMove(parseMove(input, size), size), input).toBe(canonical);
    }
  });

  it('reads directions from White\'s side of the board', () => {
    const size = 5;
    expect(parseMove('c3+', size)).toBe(spread(12, NORTH, 1));
    expect(parseMove('c3>', size)).toBe(spread(12, EAST, 1));
    expect(parseMove('c3-', size)).toBe(spread(12, SOUTH, 1));
    expect(parseMove('c3<', size)).toBe(spread(12, WEST, 1));
    expect(parseMove('b1', size)).toBe(placement(1, FLAT));
    expect(parseMove('a2', size)).toBe(placement(5, FLAT));
  });

  it('rejects malformed moves with a NotationError naming the token', () => {
    const bad: [string, number, RegExp][] = [
      ['a9', 8, /a9.*off the 8x8 board/],
      ['f1', 5, /f1.*off the 5x5 board/],
      ['Ce6', 5, /e6.*off the 5x5 board/],
      ['6a1>', 5, /'6a1>'.*carry limit 5/],
      ['9a1+', 8, /'9a1\+'.*carry limit 8/],
      ['3c3>22', 5, /drops in '3c3>22' add up to 4, not 3/],
      ['3c3>1', 5, /drops in '3c3>1' add up to 1, not 3/],
      ['a1<', 5, /'a1<' runs off the board/],
      ['e5+', 5, /'e5\+' runs off the board/],
      ['3c3>111', 5, /'3c3>111' runs off the board/],
      ['hello', 5, /'hello' is not a PTN move/],
      ['Xa1', 5, /'Xa1' is not a PTN move/],
      ['a1^', 5, /'a1\^' is not a PTN move/],
      ['a0', 5, /'a0' is not a PTN move/],
      ['0a1>', 5, /'0a1>' is not a PTN move/],
      ['3c3>120', 5, /'3c3>120' is not a PTN move/],
      ['Sa1+', 5, /'Sa1\+' is not a PTN move/],
      ['', 5, /empty move/],
    ];
    for (const [text, size, message] of bad) {
      expect(parseError(text, size).message, text).toMatch(message);
    }
  });
});
