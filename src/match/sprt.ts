// The sequential probability ratio test that decides "is the first engine stronger?".
// H0: elo = elo0, H1: elo = elo1 on the logistic scale, with Wald's bounds for error rates alpha
// and beta: lower = ln(beta / (1 - alpha)), upper = ln((1 - beta) / alpha); H1 when
// LLR >= upper, H0 when LLR <= lower.
// The LLR is the generalized SPRT in its normal approximation (M. Van den Bergh's "GSPRT"
// notes): with N samples of mean score s, variance v, and s0, s1 the expected scores under each
// hypothesis, LLR = N (s1 - s0) (2 s - s0 - s1) / (2 v). Samples are opening pairs (pentanomial,
// see elo.ts), scored pair points / 2. Empty pentanomial bins weigh 1e-3 pairs so that identical
// pairs give no zero variance; the variance is still far too small after a handful of them (one
// 2-0 pair gave LLR 7.5), so no verdict is drawn before MIN_SPRT_PAIRS.

import { eloToScore, meanAndSigma, PENTANOMIAL_SCORES } from './elo.js';
import { MatchError } from './errors.js';

export interface SprtParams {
  elo0: number;
  elo1: number;
  alpha: number;
  beta: number;
}

export const DEFAULT_SPRT: SprtParams = { elo0: 0, elo1: 5, alpha: 0.05, beta: 0.05 };

export type SprtVerdict = 'H1' | 'H0' | null;

export interface SprtState {
  llr: number;
  lower: number;
  upper: number;
  /** 'H1' (the first engine is stronger), 'H0' (it is not), or null (keep playing). */
  verdict: SprtVerdict;
}

const EMPTY_BIN_WEIGHT = 1e-3;
/** Opening pairs needed before the SPRT may stop a match (the LLR is reported before that). */
export const MIN_SPRT_PAIRS = 10;

export function sprtBounds(p: SprtParams): { lower: number; upper: number } {
  return { lower: Math.log(p.beta / (1 - p.alpha)), upper: Math.log((1 - p.beta) / p.alpha) };
}

/** The normal-approximation GSPRT log-likelihood ratio of samples with given values and counts. */
export function gsprtLlr(values: readonly number[], counts: readonly number[], p: SprtParams): number {
  const n = counts.reduce((a, c) => a + c, 0);
  if (n === 0) return 0;
  const regular = counts.map((c) => (c === 0 ? EMPTY_BIN_WEIGHT : c));
  const { mean, sigma } = meanAndSigma(values, regular);
  const variance = sigma * sigma;
  if (variance === 0) return 0;
  const s0 = eloToScore(p.elo0);
  const s1 = eloToScore(p.elo1);
  return (n * (s1 - s0) * (2 * mean - s0 - s1)) / (2 * variance);
}

/** The SPRT state from pentanomial pair counts (k = 0..4: pairs where the first engine scored k/2). */
export function sprtState(pentanomial: readonly number[], p: SprtParams): SprtState {
  const llr = gsprtLlr(PENTANOMIAL_SCORES, pentanomial, p);
  const { lower, upper } = sprtBounds(p);
  const pairs = pentanomial.reduce((a, c) => a + c, 0);
  const verdict = pairs < MIN_SPRT_PAIRS ? null : llr >= upper ? 'H1' : llr <= lower ? 'H0' : null;
  return { llr, lower, upper, verdict };
}

/** The largest elo0 and elo1 of --sprt, either way: past it the expected scores are 0 or 1. */
const MAX_SPRT_ELO = 1000;

/** Parses `elo0=A elo1=B alpha=X beta=Y` words (any subset; the rest default). */
export function parseSprtWords(words: readonly string[]): SprtParams {
  const p: SprtParams = { ...DEFAULT_SPRT };
  for (const word of words) {
    const m = /^(elo0|elo1|alpha|beta)=(-?[0-9]+(?:\.[0-9]+)?)$/.exec(word);
    if (!m) throw new MatchError(`--sprt takes elo0=A elo1=B alpha=X beta=Y, got '${word}'`);
    p[m[1] as keyof SprtParams] = Number(m[2]);
  }
  if (!(p.elo0 < p.elo1)) throw new MatchError(`--sprt needs elo0 < elo1, got elo0=${p.elo0} elo1=${p.elo1}`);
  for (const k of ['alpha', 'beta'] as const) {
    if (!(p[k] > 0 && p[k] < 0.5)) throw new MatchError(`--sprt ${k} must be between 0 and 0.5, got ${p[k]}`);
  }
  for (const k of ['elo0', 'elo1'] as const) {
    if (Math.abs(p[k]) > MAX_SPRT_ELO) throw new MatchError(`--sprt ${k} must be from -${MAX_SPRT_ELO} to ${MAX_SPRT_ELO}, got ${p[k]}`);
  }
  return p;
}
