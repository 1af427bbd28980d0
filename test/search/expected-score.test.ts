// The score scale: SCORE_SCALE is what scripts/fit-score-scale.ts fits to the repository's
// selfplay rounds (refitted here, so that new data or a changed fit shows), and the functions
// every shown score goes through.

import { describe, expect, it } from 'vitest';
import { ecosystemCp, expectedScore, provenPlies, SCORE_SCALE, scoreScale, steadyScore, winnerMoves } from '../../src/search/expected-score.js';
import { WIN_SCORE } from '../../src/search/types.js';
import { fitSize, SCALE_FIT_FILES } from '../../scripts/fit-score-scale.js';
import { REPO } from '../repo.js';

describe('the score scale', () => {
  it('holds the fit of each size\'s latest selfplay round, rounded to 10', async () => {
    for (const size of Object.keys(SCALE_FIT_FILES).map(Number)) {
      const fit = await fitSize(size, REPO);
      expect(fit.n, `${size}x${size}`).toBeGreaterThan(10_000);
      expect(SCORE_SCALE[size], `${size}x${size}: K ${fit.k}`).toBe(Math.round(fit.k / 10) * 10);
    }
    expect(scoreScale(3)).toBe(SCORE_SCALE[5]);
  });

  it('turns scores into expected scores, proofs into certainty', () => {
    expect(expectedScore(0, 6)).toBe(0.5);
    expect(expectedScore(SCORE_SCALE[6]!, 6)).toBeCloseTo(1 / (1 + Math.exp(-1)), 12);
    expect(expectedScore(WIN_SCORE - 5, 6)).toBe(1);
    expect(expectedScore(-(WIN_SCORE - 2), 6)).toBe(0);
    expect(ecosystemCp(0.75)).toBe(50);
    expect(provenPlies(WIN_SCORE - 3)).toBe(3);
    expect(provenPlies(-(WIN_SCORE - 4))).toBe(4);
    expect(provenPlies(500)).toBe(0);
    // The winner's moves: a road now is 1; a loss in 2 plies is the opponent's next move.
    expect([1, 2, 3, 4, 5].map(winnerMoves)).toEqual([1, 1, 2, 2, 3]);
  });

  it('steadies a depth\'s score by the previous depth\'s, never a proof', () => {
    expect(steadyScore(-111, -97)).toBe(-104);
    expect(steadyScore(-111, undefined)).toBe(-111);
    expect(steadyScore(WIN_SCORE - 3, 400)).toBe(WIN_SCORE - 3);
    expect(steadyScore(400, WIN_SCORE - 5)).toBe(400);
  });
});
