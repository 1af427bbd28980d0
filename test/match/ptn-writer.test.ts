import { describe, expect, it } from 'vitest';
import { parseTps, startTps } from '../../src/notation/tps.js';
import type { GameRecord, GameSetup } from '../../src/match/game.js';
import { formatGamePtn } from '../../src/match/ptn-writer.js';

function game(setup: Partial<GameSetup>, rest: Partial<GameRecord>): GameRecord {
  return {
    setup: {
      round: 3,
      pair: 1,
      opening: { line: 0, tps: null, moves: [] },
      white: 1,
      size: 5,
      halfKomi: 4,
      tcs: [{ baseMs: 60_000, incMs: 600 }, { baseMs: 60_000, incMs: 600 }],
      maxPlies: 1000,
      names: ['New', 'Old'],
      ...setup,
    },
    startedAt: new Date(2024, 0, 2, 3, 4, 5),
    moves: [],
    result: '1/2-1/2',
    winner: -1,
    termination: 'draw',
    detail: 'drawn on flats',
    final: parseTps(startTps(5)),
    ...rest,
  };
}

describe('formatGamePtn', () => {
  it('writes the standard tags, book moves, and evals as comments', () => {
    const text = formatGamePtn(
      game(
        { opening: { line: 7, tps: null, moves: ['a1', 'e5'] } },
        {
          moves: [
            { text: 'a1', book: true },
            { text: 'e5', book: true },
            { text: 'c3', book: false, scoreCp: 35, depth: 7, ms: 412 },
            { text: 'Sd3', book: false, scoreCp: -120, ms: 50 },
            { text: 'c3>', book: false, ms: 1 },
          ],
          result: 'R-0',
          winner: 0,
          termination: 'road',
          detail: 'White wins by road',
        },
      ),
    );
    expect(text).toBe(
      [
        '[Site "Bredon match"]',
        '[Event "New vs Old"]',
        '[Date "2024.01.02"]',
        '[Time "03:04:05"]',
        '[Round "3"]',
        '[Player1 "Old"]',
        '[Player2 "New"]',
        '[Size "5"]',
        '[Komi "2"]',
        '[Clock "1:00 +0.6"]',
        '[Result "R-0"]',
        '',
        '1. a1 {book} e5 {book}',
        '2. c3 {+0.35/7 0.41s} Sd3 {-1.20 0.05s}',
        '3. c3> {0.00s}',
        '{White wins by road} R-0',
        '',
      ].join('\n'),
    );
  });

  it('writes the TPS tag and a -- placeholder when the book position has Black to move, and the Termination', () => {
    const text = formatGamePtn(
      game(
        { opening: { line: 2, tps: 'x,x,x,x,x/x,x,x,x,x/x,x,2,x,x/x,x,x,x,x/x,x,x,x,1 2 3', moves: [] }, halfKomi: 5 },
        {
          moves: [
            { text: 'b2', book: false, ms: 10 },
            { text: 'c2', book: false, ms: 20 },
          ],
          result: '0-1',
          winner: 1,
          termination: 'time',
          detail: 'White (Old) loses on time',
        },
      ),
    );
    expect(text).toContain('[Komi "2.5"]\n');
    expect(text).toContain('[TPS "x,x,x,x,x/x,x,x,x,x/x,x,2,x,x/x,x,x,x,x/x,x,x,x,1 2 3"]\n[Termination "time forfeit"]\n\n3. -- b2 {0.01s}\n4. c2 {0.02s}\n{White (Old) loses on time} 0-1\n');
  });

  it('marks forfeits and adjudications', () => {
    const tag = (termination: GameRecord['termination']) => /\[Termination "([^"]*)"\]/.exec(formatGamePtn(game({}, { termination })))?.[1];
    expect(tag('illegal')).toBe('rules infraction');
    expect(tag('malformed')).toBe('rules infraction');
    expect(tag('crash')).toBe('abandoned');
    expect(tag('not ready')).toBe('abandoned');
    expect(tag('adjudication')).toBe('adjudication');
    expect(tag('road')).toBeUndefined();
    expect(tag('repetition')).toBeUndefined();
  });

  it('leaves the Clock tag out of a time-odds game (PTN has one clock for both players)', () => {
    const odds = formatGamePtn(game({ tcs: [{ baseMs: 10_000, incMs: 100 }, { baseMs: 30_000, incMs: 300 }] }, {}));
    expect(odds).not.toContain('[Clock');
    expect(odds).toContain('[Komi "2"]\n[Result "1/2-1/2"]');
  });
});
