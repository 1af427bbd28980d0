// The statistics of the level bridge (level-bridge.ts measures): per-move figures of people by
// rating band and of each level, and the rating each level's mean loss corresponds to.
//
// A loss is capped at LOSS_CAP before it is averaged, so that one thrown road (a proven loss is
// some 30000 centiflats) does not outweigh hundreds of ordinary moves; a blunder (loss of three
// flats or more) still counts in the blunder rate. Moves of one game are not independent (the
// same players, the same kind of position), so the game is the unit of every error: standard
// errors are clustered by game and intervals are a bootstrap over games.

import { Rng } from '../math/rng.js';
import type { BridgeRecord, JudgedMove } from './level-bridge.js';

/** A move's loss is capped here (centiflats: five flats) before it is averaged. */
export const LOSS_CAP = 500;
/**
 * The blunder rate's threshold, centiflats (three flats): the bridge's own measure, in the
 * evaluation's unit as docs/levels.md's figures were taken, not the review's marks (marks.ts).
 */
export const BLUNDER_CP = 300;

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

/** Whether a rating falls in a band. */
function inBand(rating: number, band: Band): boolean {
  return rating >= band.low && rating < band.high;
}

export interface BandStats extends MoveStats {
  band: Band;
  /** The mean rating of the band's moves. */
  rating: number;
}

export function bandStats(records: readonly BridgeRecord[], bands: readonly Band[]): BandStats[] {
  return bands.map((band) => {
    const ofBand = records.filter((r) => inBand(r.rating, band));
    const rating = ofBand.length > 0 ? ofBand.reduce((a, r) => a + r.rating, 0) / ofBand.length : NaN;
    return { band, rating, ...moveStats(ofBand.map((r) => ({ game: r.game, judged: r.human }))) };
  });
}

/** levels[i]'s figures, over every record. */
export function levelStats(records: readonly BridgeRecord[], levelCount: number): MoveStats[] {
  const out: MoveStats[] = [];
  for (let i = 0; i < levelCount; i++) out.push(moveStats(records.map((r) => ({ game: r.game, judged: r.levels[i]! }))));
  return out;
}

/**
 * Each level's mean capped loss on the positions of each band's people: the paired comparison,
 * the same positions for both (people of other ratings reach other positions). [band][level].
 */
export function levelLossByBand(records: readonly BridgeRecord[], bands: readonly Band[], levelCount: number): number[][] {
  const { n, levelLoss } = bandTotals(gameSums(records, bands, levelCount), bands.length, levelCount);
  return levelLoss.map((sums, b) => sums.map((x) => (n[b]! > 0 ? x / n[b]! : NaN)));
}

/** Sums of one game by band: people's moves and losses, and each level's losses in the same positions. */
interface GameSums {
  n: number[];
  loss: number[];
  /** levelLoss[band][level] */
  levelLoss: number[][];
}

function gameSums(records: readonly BridgeRecord[], bands: readonly Band[], levelCount: number): GameSums[] {
  const byGame = new Map<number, GameSums>();
  for (const r of records) {
    const b = bands.findIndex((band) => inBand(r.rating, band));
    if (b < 0) continue;
    let s = byGame.get(r.game);
    if (s === undefined) {
      const zeros = (): number[] => new Array<number>(bands.length).fill(0);
      s = { n: zeros(), loss: zeros(), levelLoss: bands.map(() => new Array<number>(levelCount).fill(0)) };
      byGame.set(r.game, s);
    }
    s.n[b]!++;
    s.loss[b]! += cappedLoss(r.human);
    for (let i = 0; i < levelCount; i++) s.levelLoss[b]![i]! += cappedLoss(r.levels[i]!);
  }
  // In game order, so that the bootstrap's draws do not depend on the order records came in.
  return [...byGame.entries()].sort((a, b) => a[0] - b[0]).map(([, s]) => s);
}

/** The games' sums added up, band by band. */
function bandTotals(games: readonly GameSums[], bandCount: number, levelCount: number): GameSums {
  const n = new Array<number>(bandCount).fill(0);
  const loss = new Array<number>(bandCount).fill(0);
  const levelLoss = Array.from({ length: bandCount }, () => new Array<number>(levelCount).fill(0));
  for (const g of games) {
    for (let b = 0; b < bandCount; b++) {
      n[b]! += g.n[b]!;
      loss[b]! += g.loss[b]!;
      for (let i = 0; i < levelCount; i++) levelLoss[b]![i]! += g.levelLoss[b]![i]!;
    }
  }
  return { n, loss, levelLoss };
}

/** The weighted least-squares non-increasing fit of ys (pool adjacent violators). */
export function nonIncreasing(ys: readonly number[], weights: readonly number[]): number[] {
  const blocks: { y: number; w: number; count: number }[] = [];
  ys.forEach((y, i) => {
    blocks.push({ y, w: weights[i]!, count: 1 });
    while (blocks.length > 1 && blocks.at(-2)!.y < blocks.at(-1)!.y) {
      const b = blocks.pop()!;
      const a = blocks.at(-1)!;
      a.y = (a.y * a.w + b.y * b.w) / (a.w + b.w);
      a.w += b.w;
      a.count += b.count;
    }
  });
  return blocks.flatMap((b) => new Array<number>(b.count).fill(b.y));
}

/**
 * Where a non-increasing ys (at ascending xs) crosses zero, by linear interpolation between the
 * points; -Infinity when it is at or below zero from the first point, Infinity when still above
 * zero at the last.
 */
export function zeroCrossing(xs: readonly number[], ys: readonly number[]): number {
  if (ys[0]! <= 0) return -Infinity;
  for (let i = 0; i + 1 < xs.length; i++) {
    const a = ys[i]!;
    const b = ys[i + 1]!;
    if (a > 0 && b <= 0) return xs[i]! + ((xs[i + 1]! - xs[i]!) * a) / (a - b);
  }
  return Infinity;
}

/**
 * Each level's rating from band sums: where people's loss less the level's, made non-increasing
 * in rating, crosses zero. `xs`: the bands' mean ratings (of the whole sample, in every draw).
 */
function crossings(games: readonly GameSums[], xs: readonly number[], levelCount: number): number[] {
  const { n, loss, levelLoss } = bandTotals(games, xs.length, levelCount);
  const used = n.map((_, b) => b).filter((b) => n[b]! > 0);
  const weights = used.map((b) => n[b]!);
  return Array.from({ length: levelCount }, (_, i) => {
    const diffs = used.map((b) => (loss[b]! - levelLoss[b]![i]!) / n[b]!);
    return zeroCrossing(
      used.map((b) => xs[b]!),
      nonIncreasing(diffs, weights),
    );
  });
}

export interface RatingBridge {
  /** The mean ratings of the bands with moves: the span a level's rating is read within. */
  lowest: number;
  highest: number;
  /** Per level: the rating it plays like and its 95% bootstrap interval (±Infinity: beyond the bands). */
  levels: { rating: number; low: number; high: number }[];
}

function percentile(sorted: readonly number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.round(p * (sorted.length - 1))));
  return sorted[i]!;
}

/**
 * The rating each level plays like, by mean capped loss in the same positions: per band, the
 * people's mean loss less the level's mean loss in those people's positions (paired, since
 * weaker people reach harder positions), at the band's mean rating; made non-increasing in
 * rating, and read where it crosses zero, between two bands by linear interpolation.
 * Intervals: `resamples` bootstrap draws of the games (seeded, so the table repeats).
 * Why the mean loss: it uses every move and moves smoothly with skill; the blunder rate counts
 * rare events (noisy on a small sample), and agreement with one best move is blind to how
 * close the other moves were.
 */
export function ratingBridge(records: readonly BridgeRecord[], bands: readonly Band[], levelCount: number, resamples = 2000, seed = 1): RatingBridge {
  const games = gameSums(records, bands, levelCount);
  const xs = bandStats(records, bands).map((b) => b.rating);
  const whole = crossings(games, xs, levelCount);
  const rng = new Rng(seed);
  const draws: number[][] = Array.from({ length: levelCount }, () => []);
  for (let d = 0; d < resamples; d++) {
    const sample = games.map(() => games[rng.below(games.length)]!);
    crossings(sample, xs, levelCount).forEach((r, i) => draws[i]!.push(r));
  }
  const means = xs.filter((x) => !Number.isNaN(x));
  return {
    lowest: Math.min(...means),
    highest: Math.max(...means),
    levels: whole.map((rating, i) => {
      const sorted = draws[i]!.sort((a, b) => a - b);
      return { rating, low: percentile(sorted, 0.025), high: percentile(sorted, 0.975) };
    }),
  };
}
