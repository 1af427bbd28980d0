import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatTps } from '../../src/notation/tps.js';
import { describeOpening, openingStart, parseOpenings, readOpenings } from '../../src/match/openings.js';
import { repoPath } from '../repo.js';

describe('opening books', () => {
  it('reads the balanced books: lines 1-900 of the team books, legal 4-ply openings', () => {
    for (const size of [5, 6]) {
      const book = readOpenings(repoPath(`data/openings/${size}s_4ply_balanced_openings.txt`), size);
      expect(book.length).toBe(900);
      expect(book.every((o) => o.moves.length === 4 && o.tps === null)).toBe(true);
    }
    const six = readOpenings(repoPath('data/openings/6s_4ply_balanced_openings.txt'), 6);
    expect(six[0]).toEqual({ line: 1, tps: null, moves: ['c5', 'b1', 'e1', 'd5'] });
  });

  it('skips blank and comment lines, canonicalizes moves, and accepts TPS lines', () => {
    const book = parseOpenings('# book\n\n  Fa1   d4 \r\nx4/x4/x,2,1,x/x4 2 2 1b2+1\nx4/x4/x4/1,x3 2 1\n', 4, 'b');
    expect(book).toEqual([
      { line: 3, tps: null, moves: ['a1', 'd4'] },
      { line: 4, tps: 'x,x,x,x/x,x,x,x/x,2,1,x/x,x,x,x 2 2', moves: ['b2+'] },
      { line: 5, tps: 'x,x,x,x/x,x,x,x/x,x,x,x/1,x,x,x 2 1', moves: [] },
    ]);
    expect(formatTps(openingStart(book[1]!, 4))).toBe('x4/x4/x,2,1,x/x4 2 2');
    expect(describeOpening(book[0]!)).toBe('a1 d4');
  });

  it('names the line and the problem of a bad opening', () => {
    expect(() => parseOpenings('a1 b2\nc3 q9\n', 5, 'book.txt')).toThrow(/^book.txt line 2: 'q9' is not a PTN move$/);
    expect(() => parseOpenings('a1 f6', 5, 'book.txt')).toThrow(/book.txt line 1: square f6 in 'f6' is off the 5x5 board/);
    expect(() => parseOpenings('a1 a1', 5, 'book.txt')).toThrow(/book.txt line 1: 'a1' is not legal in this position/);
    expect(() => parseOpenings('Sa1', 5, 'book.txt')).toThrow(/'Sa1' is not legal/);
    expect(() => parseOpenings('c3 c1 a1 b3 a2 b2 a3', 3, 'book.txt')).toThrow(/book.txt line 1: the game is over after 'a3'/);
    expect(() => parseOpenings('x5/x5/x5/x5/x5 1 1', 4, 'book.txt')).toThrow(/book.txt line 1: TPS describes a 5x5 board, expected 4x4/);
    expect(() => parseOpenings('# nothing\n\n', 5, 'book.txt')).toThrow(/book.txt holds no openings/);
  });

  it('says why a file cannot be read', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bredon-openings-'));
    try {
      expect(() => readOpenings(join(dir, 'missing.txt'), 6)).toThrow(/cannot read openings file '.*missing.txt': no such file/);
      expect(() => readOpenings(dir, 6)).toThrow(/it is a directory/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
