// The statistics, checked against values worked out by hand from the formulas in elo.ts and sprt.ts.

import { describe, expect, it } from 'vitest';
import { eloToScore, formatElo, normalCdf, pentanomialElo, scoreToElo, trinomialElo } from '../../src/match/elo.js';
import { gsprtLlr, MIN_SPRT_PAIRS, parseSprtWords, sprtBounds, sprtState } from '../../src/match/sprt.js';

describe('Elo', () => {
  it('maps scores to logistic Elo and back', () => {
    expect(scoreToElo(0.5)).toBe(0);
    expect(scoreToElo(0.75)).toBeCloseTo(400 * Math.log10(3), 9); // 190.85
    expect(scoreToElo(0.25)).toBeCloseTo(-190.8485, 3);
    expect(scoreToElo(1)).toBe(Infinity);
    expect(scoreToElo(0)).toBe(-Infinity);
    for (const d of [-300, -20, 0, 5, 70.4365]) expect(scoreToElo(eloToScore(d))).toBeCloseTo(d, 9);
    expect(eloToScore(70.4365)).toBeCloseTo(0.6, 5);
  });

  it('gives the trinomial estimate with its 95% interval', () => {
    // 6 wins, 2 draws, 2 losses: score 0.7, per-game variance 0.0975 / ... worked by hand:
    const e = trinomialElo(6, 2, 2);
    expect(e.n).toBe(10);
    expect(e.score).toBeCloseTo(0.7, 12);
    expect(e.elo).toBeCloseTo(147.1907, 3);
    expect(e.low).toBeCloseTo(-33.3994, 3);
    expect(e.high).toBeCloseTo(504.0333, 3);
    expect(e.los).toBeGreaterThan(0.9);
  });

  it('gives the pentanomial estimate over pairs', () => {
    const e = pentanomialElo([1, 2, 3, 2, 2]);
    expect(e.n).toBe(10);
    expect(e.score).toBeCloseTo(0.55, 12);
    expect(e.sigma).toBeCloseTo(Math.sqrt(0.0975), 12);
    expect(e.elo).toBeCloseTo(scoreToElo(0.55), 9);
    const half = 1.959963984540054 * Math.sqrt(0.0975 / 10);
    expect(e.low).toBeCloseTo(scoreToElo(0.55 - half), 9);
    expect(e.high).toBeCloseTo(scoreToElo(0.55 + half), 9);
  });

  it('has a normal CDF accurate to 1e-6', () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1)).toBeCloseTo(0.8413447, 6);
    expect(normalCdf(-2.5)).toBeCloseTo(0.0062097, 6);
  });

  it('formats Elo with a sign', () => {
    expect(formatElo(12.345)).toBe('+12.3');
    expect(formatElo(-4)).toBe('-4.0');
    expect(formatElo(Infinity)).toBe('+inf');
  });
});

describe('SPRT', () => {
  const p = { elo0: 0, elo1: 5, alpha: 0.05, beta: 0.05 };

  it("has Wald's bounds", () => {
    const b = sprtBounds(p);
    expect(b.lower).toBeCloseTo(-2.944439, 5);
    expect(b.upper).toBeCloseTo(2.944439, 5);
    const skew = sprtBounds({ ...p, alpha: 0.05, beta: 0.1 });
    expect(skew.lower).toBeCloseTo(Math.log(0.1 / 0.95), 12);
    expect(skew.upper).toBeCloseTo(Math.log(0.9 / 0.05), 12);
  });

  it('computes the normal-approximation GSPRT LLR', () => {
    // Pairs [1, 2, 3, 2, 2]: mean 0.55, variance 0.0975; s0 = 0.5, s1 = E(5).
    expect(sprtState([1, 2, 3, 2, 2], p).llr).toBeCloseTo(0.034243, 5);
    // Scaling every count scales the LLR: same mean and variance, N times more evidence.
    expect(sprtState([10, 20, 30, 20, 20], p).llr).toBeCloseTo(0.34243, 4);
    // A mean halfway between s0 and s1 is no evidence either way.
    const s1 = eloToScore(5);
    expect(gsprtLlr([0, 1], [1 - (0.5 + s1) / 2, (0.5 + s1) / 2].map((x) => x * 1000), p)).toBeCloseTo(0, 9);
    expect(sprtState([0, 0, 0, 0, 0], p)).toEqual({ llr: 0, lower: sprtBounds(p).lower, upper: sprtBounds(p).upper, verdict: null });
  });

  it('decides H1 for a clearly stronger engine and H0 for a weaker one', () => {
    expect(sprtState([0, 1, 10, 30, 40], p).verdict).toBe('H1');
    expect(sprtState([40, 30, 10, 1, 0], p).verdict).toBe('H0');
    expect(sprtState([5, 10, 20, 10, 5], p).verdict).toBe(null);
    // Identical pairs do not give a zero variance (empty bins weigh 1e-3 pairs): still finite.
    const allWins = sprtState([0, 0, 0, 0, MIN_SPRT_PAIRS], p);
    expect(Number.isFinite(allWins.llr)).toBe(true);
    expect(allWins.verdict).toBe('H1');
    // But a handful of pairs never decides, however lopsided.
    const early = sprtState([0, 0, 0, 0, MIN_SPRT_PAIRS - 1], p);
    expect(early.llr).toBeGreaterThan(early.upper);
    expect(early.verdict).toBe(null);
  });

  it('parses its words with defaults and refuses nonsense', () => {
    expect(parseSprtWords([])).toEqual(p);
    expect(parseSprtWords(['elo1=10', 'alpha=0.1'])).toEqual({ elo0: 0, elo1: 10, alpha: 0.1, beta: 0.05 });
    expect(parseSprtWords(['elo0=-5', 'elo1=-1']).elo0).toBe(-5);
    expect(() => parseSprtWords(['elo0=5', 'elo1=5'])).toThrow(/elo0 < elo1/);
    expect(() => parseSprtWords(['alpha=0.7'])).toThrow(/alpha must be between 0 and 0.5/);
    expect(() => parseSprtWords(['gamma=1'])).toThrow(/--sprt takes/);
  });
});
