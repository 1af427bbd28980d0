// The page's reading of the engine's info lines (src/web/thinking.ts): the fields, the score as
// a win chance from wdl or from `score cp` (200p - 100), proven results in the winner's moves,
// and the numbered line. page.test.ts checks the same on the page in chromium.

import { describe, expect, it } from 'vitest';
import { formatCount, numberedLine, numberedMove, parseInfo, scoreView } from '../../src/web/thinking.js';

describe("the page's reading of info lines", () => {
  it('reads the fields of a line with a pv, and ignores the free text after `string`', () => {
    const r = parseInfo('info depth 9 seldepth 12 score cp 24 wdl 620 0 380 nodes 123456 nps 98765 time 1250 hashfull 10 pv c3 d4 c4 string note: pv score 5');
    expect(r).toEqual({ depth: 9, nodes: 123456, nps: 98765, timeMs: 1250, pv: ['c3', 'd4', 'c4'], score: { kind: 'cp', value: 24 }, wdl: [620, 0, 380] });
  });

  it('reads a progress line: counters, no line', () => {
    const r = parseInfo('info depth 8 seldepth 10 score cp 10 wdl 550 0 450 nodes 5000 nps 2500 time 2000 hashfull 3 currmove a1 currmovenumber 4');
    expect(r.pv).toBeUndefined();
    expect(r.nodes).toBe(5000);
    expect(r.score).toEqual({ kind: 'cp', value: 10 });
  });

  it("says the score as the leader's win chance, from wdl, from the side to move's view", () => {
    // White to move, 62% for White.
    expect(scoreView(parseInfo('info depth 5 score cp 24 wdl 620 0 380 pv a1'), 0)).toEqual({ score: 'White 62%', note: 'win chance: White 62%, Black 38%', white: 62 });
    // Black to move with 71%: Black leads, White's share is 29%.
    expect(scoreView(parseInfo('info depth 5 score cp 42 wdl 710 0 290 pv a1'), 1)).toEqual({ score: 'Black 71%', note: 'win chance: White 29%, Black 71%', white: 29 });
    // A draw share counts half.
    expect(scoreView(parseInfo('info depth 5 score cp 0 wdl 400 200 400 pv a1'), 0)!.score).toBe('White 50%');
  });

  it('falls back to score cp (200p - 100) without wdl', () => {
    // White's chance = (100 + White's cp) / 2: cp 24 for White is 62%; cp 24 for Black to move is Black 62%.
    expect(scoreView(parseInfo('info depth 5 score cp 24 pv a1'), 0)!.score).toBe('White 62%');
    expect(scoreView(parseInfo('info depth 5 score cp 24 pv a1'), 1)).toMatchObject({ score: 'Black 62%', white: 38 });
    expect(scoreView(parseInfo('info depth 5 score cp -99 pv a1'), 0)!.score).toBe('Black 99%');
    expect(scoreView(parseInfo('info depth 5 nodes 3 pv a1'), 0)).toBeUndefined();
  });

  it("says a proven result in the winner's moves, whoever is to move", () => {
    // A road in 1 ply for the side to move: 1 move. A loss in 2 plies: the winner's next move.
    expect(scoreView(parseInfo('info depth 1 score win 1 wdl 1000 0 0 pv a1'), 0)).toEqual({ score: 'White wins', note: 'White wins in 1 move', white: 100 });
    expect(scoreView(parseInfo('info depth 2 score loss 2 wdl 0 0 1000 pv a1 b1'), 1)).toEqual({ score: 'White wins', note: 'White wins in 1 move', white: 100 });
    expect(scoreView(parseInfo('info depth 5 score win 5 wdl 1000 0 0 pv a1'), 1)).toMatchObject({ score: 'Black wins', note: 'Black wins in 3 moves', white: 0 });
    expect(scoreView(parseInfo('info depth 4 score loss 4 pv a1'), 0)!.note).toBe('Black wins in 2 moves');
    // A proof said without ReportWin: certain, with no count.
    expect(scoreView(parseInfo('info depth 4 score cp 100 wdl 1000 0 0 pv a1'), 0)).toMatchObject({ score: 'White wins', white: 100 });
  });

  it('numbers a line from the position searched', () => {
    expect(numberedLine(['d2', 'c3', 'c4'], 5, 1)).toBe('5… d2 6. c3 c4');
    expect(numberedLine(['a1', 'b1'], 1, 0)).toBe('1. a1 b1');
    expect(numberedMove('d2', 5, 1)).toBe('5… d2');
    expect(numberedMove('c3', 6, 0)).toBe('6. c3');
    expect([formatCount(950), formatCount(12_345), formatCount(4_500_000), formatCount(undefined)]).toEqual(['950', '12.3k', '4.5M', '–']);
  });
});
