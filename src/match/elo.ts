// Elo from match results, on the logistic scale: an Elo difference d means an expected score of
//   E(d) = 1 / (1 + 10^(-d / 400)),  so  d = -400 * log10(1 / s - 1)  for a score fraction s.
//
// The 95% interval comes from the normal approximation of the mean score: s +- 1.96 * sigma / sqrt(n),
// with sigma the standard deviation of one sample, and both ends mapped to Elo.
//   Trinomial: a sample is one game (1, 1/2 or 0).
//   Pentanomial: a sample is one opening pair (the same opening with colours swapped), scored
//   0, 1/4, 1/2, 3/4 or 1 (the pair's points / 2). Pairs cancel most of the opening's and the
//   colour's bias, so their variance is the honest one when games are played in pairs.
// LOS (likelihood of superiority) is Phi((s - 1/2) / (sigma / sqrt(n))).

const Z95 = 1.959963984540054;

export function scoreToElo(score: number): number {
  if (score <= 0) return -Infinity;
  if (score >= 1) return Infinity;
  return 400 * Math.log10(score / (1 - score));
}

export function eloToScore(elo: number): number {
  return 1 / (1 + Math.pow(10, -elo / 400));
}

export interface EloEstimate {
  /** Samples: games (trinomial) or pairs (pentanomial). */
  n: number;
  /** Mean score fraction, 0..1. */
  score: number;
  /** Standard deviation of one sample's score fraction. */
  sigma: number;
  elo: number;
  /** 95% interval. */
  low: number;
  high: number;
  /** Likelihood of superiority, 0..1. */
  los: number;
}

/** The normal cumulative distribution, from erf (Abramowitz and Stegun 7.1.26, error < 1.5e-7). */
export function normalCdf(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * z);
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-z * z);
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/** Mean and standard deviation of samples taking `values[k]` `counts[k]` times. */
export function meanAndSigma(values: readonly number[], counts: readonly number[]): { n: number; mean: number; sigma: number } {
  const n = counts.reduce((a, c) => a + c, 0);
  if (n === 0) return { n, mean: 0.5, sigma: 0 };
  const mean = values.reduce((a, v, k) => a + v * counts[k]!, 0) / n;
  const variance = values.reduce((a, v, k) => a + counts[k]! * (v - mean) ** 2, 0) / n;
  return { n, mean, sigma: Math.sqrt(variance) };
}

function estimate(values: readonly number[], counts: readonly number[]): EloEstimate {
  const { n, mean, sigma } = meanAndSigma(values, counts);
  const stderr = n > 0 ? sigma / Math.sqrt(n) : 0;
  const los = n === 0 ? 0.5 : stderr === 0 ? (mean > 0.5 ? 1 : mean < 0.5 ? 0 : 0.5) : normalCdf((mean - 0.5) / stderr);
  return {
    n,
    score: mean,
    sigma,
    elo: scoreToElo(mean),
    low: scoreToElo(Math.max(0, mean - Z95 * stderr)),
    high: scoreToElo(Math.min(1, mean + Z95 * stderr)),
    los,
  };
}

/** From single games: wins, draws, losses of the first engine. */
export function trinomialElo(wins: number, draws: number, losses: number): EloEstimate {
  return estimate([1, 0.5, 0], [wins, draws, losses]);
}

/** Score fraction of each pentanomial bin: pair points 0, 1/2, 1, 3/2, 2 over 2. */
export const PENTANOMIAL_SCORES: readonly number[] = [0, 0.25, 0.5, 0.75, 1];

/** From pairs: counts[k] pairs in which the first engine scored k/2 points (k = 0..4). */
export function pentanomialElo(counts: readonly number[]): EloEstimate {
  return estimate(PENTANOMIAL_SCORES, counts);
}

/** `+12.3`, `-4.0`, `+inf`. */
export function formatElo(elo: number): string {
  if (elo === Infinity) return '+inf';
  if (elo === -Infinity) return '-inf';
  return (elo >= 0 ? '+' : '') + elo.toFixed(1);
}
