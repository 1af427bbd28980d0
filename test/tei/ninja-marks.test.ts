// scripts/analysis-marks.ts computes PTN Ninja 3.5.5's move marks (calculateEvalMark in its
// src/bots/bot.js) from raw `score cp` lines: these are that rule's cases, and a real engine's
// lines read the way PTN Ninja reads them (White's view, a proof as ±10000).

import { describe, expect, it } from 'vitest';
import { ninjaMark, rawWhiteScore } from '../../scripts/analysis-marks.js';

describe("PTN Ninja's move marks, as the analysis script computes them", () => {
  it('marks a ply from the change of White\'s raw score, for the mover', () => {
    expect(ninjaMark(0, 20, -5)).toBe('??'); // White lost 25
    expect(ninjaMark(0, 20, 10)).toBe('?'); // White lost 10
    expect(ninjaMark(0, 20, 11)).toBe(''); // White lost 9
    expect(ninjaMark(1, 20, 30)).toBe('?'); // Black lost 10
    expect(ninjaMark(1, 20, 17)).toBe('!'); // Black gained 3
    expect(ninjaMark(0, 20, 26)).toBe('!!'); // White gained 6
  });

  it("reads score cp from the side to move's view, and proofs as ±10000", () => {
    expect(rawWhiteScore('info depth 7 seldepth 9 score cp 35 wdl 675 0 325 nodes 1 pv a1', 0)).toEqual({ white: 35, depth: 7 });
    expect(rawWhiteScore('info depth 7 seldepth 9 score cp 35 wdl 675 0 325 nodes 1 pv a1', 1)).toEqual({ white: -35, depth: 7 });
    expect(rawWhiteScore('info depth 3 seldepth 3 score win 3 nodes 1 pv a1', 1)).toEqual({ white: -10000, depth: 3 });
    expect(rawWhiteScore('info depth 3 seldepth 3 score loss 2 nodes 1 pv a1', 1)).toEqual({ white: 10000, depth: 3 });
    expect(rawWhiteScore('info depth 3 nodes 1 time 4', 0)).toBeUndefined();
  });
});
