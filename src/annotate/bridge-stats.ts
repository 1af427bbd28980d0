// The statistics of the level bridge (level-bridge.ts measures): per-move figures of people by
// rating band and of each level, and the rating each level's mean loss corresponds to.
//
// A loss is capped at LOSS_CAP before it is averaged, so that one thrown road (a proven loss is
// some 30000 centiflats) does not outweigh hundreds of ordinary moves; a blunder (loss of three
// flats or more) still counts in the blunder rate. Moves of one game are not independent (the
// same players, the same kind of position), so the game is the unit of every error: standard
// errors are clustered by game and intervals are a bootstrap over games.

import { Rng } from '../selfplay/rng.js';
import { BLUNDER_CP } from './analysis.js';
import type { BridgeRecord, JudgedMove } from './level-bridge.js';

/** A move's loss is capped here (centiflats: five flats) before it is averaged. */
export const LOSS_CAP = 500;

export interface MoveStats {
  moves: number;
  /** Games the moves come from. */
  games: number;
  /** Mean capped loss (centiflats) and its standard error (clustered by game). */
  meanLoss: number;
  seLoss: number;
  /** Share of moves losing BLUNDER_CP or more, and of moves equal to the full search's best. */
  blunderRate: number;
  agreement: number;
}

export function cappedLoss(m: JudgedMove): number {
  return Math.min(m.loss, LOSS_CAP);
}

/** The figures of moves, each with the game it comes from. */
export function moveStats(moves: readonly { game: number; judged: JudgedMove }[]): MoveStats {
  const n = moves.length;
  const sums = new Map<number, { n: number; loss: number }>();
  let loss = 0;
  let blunders = 0;
  let agreed = 0;
  for (const { game, judged } of moves) {
    const l = cappedLoss(judged);
    loss += l;
    if (judged.loss >= BLUNDER_CP) blunders++;
    if (judged.best) agreed++;
    const s = sums.get(game) ?? { n: 0, loss: 0 };
    s.n++;
    s.loss += l;
    sums.set(game, s);
  }
  const mean = n > 0 ? loss / n : 0;
  // The cluster-robust variance of a mean: the spread of each game's sum of residuals.
  const g = sums.size;
  let v = 0;
  for (const s of sums.values()) v += (s.loss - s.n * mean) ** 2;
  const se = g > 1 ? Math.sqrt((v * g) / (g - 1)) / n : NaN;
  return { moves: n, games: g, meanLoss: mean, seLoss: se, blunderRate: n > 0 ? blunders / n : 0, agreement: n > 0 ? agreed / n : 0 };
}

/** A rating band: ratings from `low` (inclusive) to `high` (exclusive). */
export interface Band {
  low: number;
  high: number;
  label: string;
}

/** The bands cut at `edges` (ascending): below the first, between each pair, from the last on. */
export function ratingBands(edges: readonly number[]): Band[] {
  const bands: Band[] = [];
  const cuts = [-Infinity, ...edges, Infinity];
  for (let i = 0; i + 1 < cuts.length; i++) {
    const low = cuts[i]!;
    const high = cuts[i + 1]!;
    const label = low === -Infinity ? `<${high}` : high === Infinity ? `>=${low}` : `${low}-${high - 1}`;
    bands.push({ low, high, label });
  }
  return bands;
}

export interface BandStats extends MoveStats {
  band: Band;
  /** The mean rating of the band's moves. */
  rating: number;
}

export function bandStats(records: readonly BridgeRecord[], bands: readonly Band[]): BandStats[] {
  return bands.map((band) => {
    const inBand = records.filter((r) => r.rating >= band.low && r.rating < band.high);
    const rating = inBand.length > 0 ? inBand.reduce((a, r) => a + r.rating, 0) / inBand.length : NaN;
    return { band, rating, ...moveStats(inBand.map((r) => ({ game: r.game, judged: r.human }))) };
  });
}

/** levels[i]'s figures, over every record. */
export function levelStats(records: readonly BridgeRecord[], levelCount: number): MoveStats[] {
  const out: MoveStats[] = [];
  for (let i = 0; i < levelCount; i++) out.push(moveStats(records.map((r) => ({ game: r.game, judged: r.levels[i]! }))));
  return out;
}

/** Sums of one game, enough for the fit and the levels' means. */
interface GameSums {
  n: number;
  rating: number;
  rating2: number;
  loss: number;
  ratingLoss: number;
  levelLoss: number[];
}

function gameSums(records: readonly BridgeRecord[], levelCount: number): GameSums[] {
  const byGame = new Map<number, GameSums>();
  for (const r of records) {
    let s = byGame.get(r.game);
    if (s === undefined) {
      s = { n: 0, rating: 0, rating2: 0, loss: 0, ratingLoss: 0, levelLoss: new Array<number>(levelCount).fill(0) };
      byGame.set(r.game, s);
    }
    const l = cappedLoss(r.human);
    s.n++;
    s.rating += r.rating;
    s.rating2 += r.rating * r.rating;
    s.loss += l;
    s.ratingLoss += r.rating * l;
    for (let i = 0; i < levelCount; i++) s.levelLoss[i]! += cappedLoss(r.levels[i]!);
  }
  // In game order, so that the bootstrap's draws do not depend on the order records came in.
  return [...byGame.entries()].sort((a, b) => a[0] - b[0]).map(([, s]) => s);
}

/** The least-squares line loss = intercept + slope * rating over people's moves, and each level's rating by it. */
function fitAndInvert(games: readonly GameSums[], levelCount: number): { intercept: number; slope: number; mean: number; levelMeans: number[]; ratings: number[] } {
  let n = 0;
  let x = 0;
  let xx = 0;
  let y = 0;
  let xy = 0;
  const level = new Array<number>(levelCount).fill(0);
  for (const g of games) {
    n += g.n;
    x += g.rating;
    xx += g.rating2;
    y += g.loss;
    xy += g.ratingLoss;
    for (let i = 0; i < levelCount; i++) level[i]! += g.levelLoss[i]!;
  }
  const slope = (xy - (x * y) / n) / (xx - (x * x) / n);
  const intercept = y / n - (slope * x) / n;
  const levelMeans = level.map((l) => l / n);
  return { intercept, slope, mean: y / n, levelMeans, ratings: levelMeans.map((l) => (l - intercept) / slope) };
}

export interface RatingBridge {
  /** People's mean capped loss = intercept + slope * rating (centiflats; slope a rating point). */
  intercept: number;
  slope: number;
  /** 95% bootstrap interval of the slope. */
  slopeLow: number;
  slopeHigh: number;
  /** The ratings of the people's moves measured: the span the line is fitted on. */
  minRating: number;
  maxRating: number;
  /** Per level: the rating whose fitted mean loss equals the level's, and its 95% bootstrap interval. */
  levels: { rating: number; low: number; high: number }[];
}

function percentile(sorted: readonly number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.round(p * (sorted.length - 1))));
  return sorted[i]!;
}

/**
 * The rating each level plays like, by mean capped loss: a straight line of people's loss
 * against their rating, fitted to every person's move, read backwards at the level's mean loss.
 * Intervals: `resamples` bootstrap draws of the games (seeded, so the table repeats). A level's
 * interval is open-ended (±Infinity) when the resampled slopes reach zero or beyond.
 * Why the mean loss: it uses every move and moves smoothly with skill; the blunder rate counts
 * rare events (noisy on a small sample), and agreement with one best move is blind to how
 * close the other moves were.
 */
export function ratingBridge(records: readonly BridgeRecord[], levelCount: number, resamples = 2000, seed = 1): RatingBridge {
  const games = gameSums(records, levelCount);
  const fit = fitAndInvert(games, levelCount);
  const rng = new Rng(seed);
  const slopes: number[] = [];
  const ratings: number[][] = Array.from({ length: levelCount }, () => []);
  for (let b = 0; b < resamples; b++) {
    const draw = games.map(() => games[rng.below(games.length)]!);
    const f = fitAndInvert(draw, levelCount);
    slopes.push(f.slope);
    // A flat or rising line puts no rating on a loss: a level losing less than people's mean is
    // then above every rating, one losing more below every rating.
    for (let i = 0; i < levelCount; i++) {
      ratings[i]!.push(f.slope < 0 ? f.ratings[i]! : f.levelMeans[i]! < f.mean ? Infinity : -Infinity);
    }
  }
  slopes.sort((a, b) => a - b);
  let minRating = Infinity;
  let maxRating = -Infinity;
  for (const r of records) {
    minRating = Math.min(minRating, r.rating);
    maxRating = Math.max(maxRating, r.rating);
  }
  return {
    intercept: fit.intercept,
    slope: fit.slope,
    slopeLow: percentile(slopes, 0.025),
    slopeHigh: percentile(slopes, 0.975),
    minRating,
    maxRating,
    levels: fit.ratings.map((rating, i) => {
      const sorted = ratings[i]!.sort((a, b) => a - b);
      return { rating, low: percentile(sorted, 0.025), high: percentile(sorted, 0.975) };
    }),
  };
}
