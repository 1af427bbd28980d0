// Reading the tuner's data: PTN game files and selfplay training files (TSV) into the feature
// matrix (rows.ts), quiet positions of one board size only, whole games split between training
// and validation.
// - PTN: result from the Result tag (unfinished games skipped), komi from the Komi tag. A move by
//   Tiltak with a comment `{<eval>/<depth> <time>s}` gives the position before it the target
//   p = (eval + 1) / 2. The mover must be Tiltak: Bredon's match runner writes the same shape in
//   flats. Tiltak's games played with `bredon match` (Site "Bredon match") carry its score from
//   the mover's view and are turned to White's; a game whose Annotator names Tiltak
//   (scripts/label-games.ts) has Tiltak's evaluation on every move. A game labelled by
//   `bredon label` (Annotator "Bredon label, N nodes"; docs/data.md) has Bredon's search score
//   on each labelled move, read as the TSV's score. Files ending in .ptn.gz are gzip PTN.
// - TSV (`bredon selfplay --out`, gzip when named .tsv.gz): the result, and sigmoid(score / K)
//   once K is fitted.
// Quiet positions only (a static evaluation cannot see a road one move away): not the first 4
// plies, not finished, and no road in one for either side by placement or spread.

import { basename } from 'node:path';
import type { Position } from '../core/position.js';
import { ONGOING, resultFromScan } from '../core/result.js';
import { scanRoads } from '../core/roads.js';
import { groupWeights } from '../eval/evaluate.js';
import { extractFeatures } from '../eval/extract.js';
import { featureLayout, gamePhase } from '../eval/features.js';
import { MAP, mapRoads } from '../eval/roadmap.js';
import { halfKomiFrom, parsePtnFile, replayGame, resultScore, tagValue, type PtnGame } from '../notation/ptn-game.js';
import { parseTps } from '../notation/tps.js';
import { spreadWin } from '../tactics/spread-roads.js';
import { readTextFile } from '../selfplay/compressed.js';
import { labelNodes, labelScore } from '../selfplay/labelled-ptn.js';
import { readTrainingFile } from '../selfplay/training-file.js';
import { RowBuilder, type Rows } from './rows.js';

/** Plies at the start of every game that are never used (the opening swap and the book). */
export const OPENING_PLIES = 4;

export interface LoadOptions {
  size: number;
  /** Fraction of games held out for validation, in [0, 1). */
  validation: number;
  /** Seed of the game split. */
  seed: number;
  /** Called with a line for stderr (games skipped for errors, per-file counts). */
  log?: (line: string) => void;
  /**
   * Keep only positions with an evaluation target (a Tiltak comment or a selfplay score). In
   * games of Bredon against Tiltak that keeps the positions Bredon's moves led to, each with
   * Tiltak's judgement of it, and drops those before Bredon's moves, whose only target would be
   * the result of a game Tiltak usually won.
   */
  evalOnly?: boolean;
}

export interface LoadStats {
  /** Games (PTN) or inferred games (TSV) of the requested size that were used. */
  games: number;
  /** Games used that Tiltak played. */
  tiltakGames: number;
  /** Games used that were held out for validation. */
  validationGames: number;
  /** Games or TSV lines of other sizes, unfinished games, games that failed to replay. */
  otherSize: number;
  unfinished: number;
  errors: number;
  /** Positions kept, and those skipped by each test. */
  kept: number;
  opening: number;
  finished: number;
  placementThreat: number;
  spreadThreat: number;
  /** Kept positions with an evaluation target (Tiltak comment or selfplay score). */
  withEval: number;
  /** Quiet positions left out for having no evaluation target (LoadOptions.evalOnly). */
  noEval: number;
}

export interface Dataset {
  size: number;
  count: number;
  train: Rows;
  validation: Rows;
  stats: LoadStats;
}

/** Positions read but not kept: the opening, finished games, a road in one, and (with evalOnly) no evaluation target. */
export function skippedPositions(s: LoadStats): number {
  return s.opening + s.finished + s.placementThreat + s.spreadThreat + s.noEval;
}

function emptyStats(): LoadStats {
  return { games: 0, tiltakGames: 0, validationGames: 0, otherSize: 0, unfinished: 0, errors: 0, kept: 0, opening: 0, finished: 0, placementThreat: 0, spreadThreat: 0, withEval: 0, noEval: 0 };
}

/** A 32-bit mix (the finaliser of MurmurHash3): neighbouring game numbers land far apart. */
function mix32(x: number): number {
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x >>> 0;
}

function stringHash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/**
 * Whether game `index` (0-based, within its file) is held out. The file's base name is part of
 * the hash so that a file's split does not depend on which other files are given or in what
 * order: the Tiltak games held out stay the same from one fit to the next.
 */
export function isValidationGame(file: string, index: number, seed: number, fraction: number): boolean {
  const h = mix32(stringHash(basename(file)) ^ mix32(index + 1) ^ mix32((seed >>> 0) + 0x9e3779b9));
  return h / 0x1_0000_0000 < fraction;
}

/** The Site tag of `bredon match`'s PTN (src/match/ptn-writer.ts). */
export const BREDON_MATCH_SITE = 'Bredon match';

const TILTAK_COMMENT = /^([+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+))\/[0-9]+\s+[0-9]+(?:\.[0-9]+)?s$/;

/** Tiltak's expected score for White from a move comment `{<eval>/<depth> <time>s}`, or NaN. */
export function tiltakEval(comment: string | undefined): number {
  if (comment === undefined) return NaN;
  const m = TILTAK_COMMENT.exec(comment.trim());
  if (m === null) return NaN;
  const e = Number(m[1]);
  return e >= -1 && e <= 1 ? (e + 1) / 2 : NaN;
}

/** Whether a player name (a Player1/Player2 tag) is Tiltak's. */
export function isTiltak(name: string | undefined): boolean {
  return name !== undefined && /^tiltak\b/i.test(name.trim());
}

/** Why a position is not quiet, by the counters of LoadStats; 'kept' when it is. */
type Verdict = 'kept' | 'opening' | 'finished' | 'placementThreat' | 'spreadThreat';

/** The quiet filter (see the top of the file). */
export function quietVerdict(pos: Position, halfKomi: number): Verdict {
  if (pos.ply < OPENING_PLIES) return 'opening';
  scanRoads(pos);
  if (resultFromScan(pos, halfKomi) !== ONGOING) return 'finished';
  const w = groupWeights(pos.size);
  let spread = false;
  for (let c = 0; c < 2; c++) {
    mapRoads(pos, c, w);
    if (MAP[c * 4 + 2] !== 0) return 'placementThreat';
    // spreadWin reads the REACH sets of the mapRoads just made for this colour.
    if (spreadWin(pos, c) !== 0) spread = true;
  }
  return spread ? 'spreadThreat' : 'kept';
}

/**
 * Receives the quiet positions of the games read, each with its targets and split, and counts
 * what was skipped. The linear tuner's collector (below) and the network trainer's
 * (src/train/samples.ts) keep different things of each position.
 */
export abstract class QuietCollector {
  readonly stats = emptyStats();
  /** Whether quiet positions without an evaluation target are left out (LoadOptions.evalOnly). */
  evalOnly = false;

  constructor(readonly size: number) {}

  /** Keeps a quiet position (the position's roads are mapped in MAP for both colours). */
  protected abstract keep(pos: Position, halfKomi: number, result: number, evalP: number, score: number, tiltak: boolean, held: boolean): void;
  /** A mark to roll back to when a game fails halfway (its positions so far are dropped). */
  abstract mark(): unknown;
  abstract rollback(mark: unknown): void;

  add(pos: Position, halfKomi: number, result: number, evalP: number, score: number, tiltak: boolean, held: boolean): void {
    const v = quietVerdict(pos, halfKomi);
    if (v !== 'kept') {
      this.stats[v]++;
      return;
    }
    const hasEval = !Number.isNaN(evalP) || !Number.isNaN(score);
    if (this.evalOnly && !hasEval) {
      this.stats.noEval++;
      return;
    }
    this.keep(pos, halfKomi, result, evalP, score, tiltak, held);
    this.stats.kept++;
    if (hasEval) this.stats.withEval++;
  }
}

/** A collector that keeps positions in a training and a validation store, each cut back by count. */
export abstract class SplitCollector<B extends { readonly n: number; truncate(n: number): void }> extends QuietCollector {
  constructor(
    size: number,
    readonly train: B,
    readonly validation: B,
  ) {
    super(size);
  }

  mark(): [number, number] {
    return [this.train.n, this.validation.n];
  }

  rollback(mark: unknown): void {
    const [t, v] = mark as [number, number];
    this.train.truncate(t);
    this.validation.truncate(v);
  }
}

/** Collects the linear model's feature rows into the two splits. */
class Collector extends SplitCollector<RowBuilder> {
  private readonly F: Float64Array;

  constructor(size: number) {
    const count = featureLayout(size).count;
    super(size, new RowBuilder(count), new RowBuilder(count));
    this.F = new Float64Array(count);
  }

  protected keep(pos: Position, halfKomi: number, result: number, evalP: number, score: number, tiltak: boolean, held: boolean): void {
    extractFeatures(pos, halfKomi, this.F);
    (held ? this.validation : this.train).push(this.F, gamePhase(pos), result, evalP, score, tiltak);
  }
}

/** The board size of a game: its Size tag, else the rows of its TPS tag; undefined if neither. */
export function gameSize(game: PtnGame): number | undefined {
  const tag = tagValue(game, 'Size');
  if (tag !== undefined) return Number(tag.trim());
  const tps = tagValue(game, 'TPS');
  return tps === undefined ? undefined : tps.trim().split(/\s+/)[0]!.split('/').length;
}

/**
 * Which of a game's comments are Tiltak's evaluations (the rule at the top of this file):
 * `tiltak` when any are, and `target(k)`, Tiltak's expected score for White of the position
 * before move k, or NaN where that move carries none.
 */
export function tiltakTargets(game: PtnGame): { tiltak: boolean; target: (k: number) => number } {
  // An Annotator tag naming Tiltak (scripts/label-games.ts) makes every move's comment Tiltak's
  // evaluation of the position before it, from White's view, whoever played the move.
  const annotated = isTiltak(tagValue(game, 'Annotator'));
  const white = annotated || isTiltak(tagValue(game, 'Player1'));
  const black = annotated || isTiltak(tagValue(game, 'Player2'));
  // `bredon match` writes each engine's score from the mover's view (Racetrack and the shared
  // archives: White's), so Tiltak games played with it (Site "Bredon match") are read as such.
  const moverView = !annotated && tagValue(game, 'Site')?.trim() === BREDON_MATCH_SITE;
  const moves = game.moves;
  const target = (k: number): number => {
    const m = moves[k];
    if (m === undefined || !(m.side === 0 ? white : black)) return NaN;
    const p = tiltakEval(m.comment);
    return moverView && m.side === 1 ? 1 - p : p;
  };
  return { tiltak: white || black, target };
}

function addPtnGame(c: QuietCollector, file: string, game: PtnGame, opts: LoadOptions): void {
  if (gameSize(game) !== opts.size) {
    c.stats.otherSize++;
    return;
  }
  const result = resultScore(tagValue(game, 'Result') ?? game.result);
  if (result === undefined) {
    c.stats.unfinished++;
    return;
  }
  const before = { ...c.stats };
  const mark = c.mark();
  try {
    const halfKomi = halfKomiFrom(tagValue(game, 'Komi') ?? '0');
    const { tiltak, target } = tiltakTargets(game);
    // A game labelled by bredon label (src/selfplay/labelled-ptn.ts) carries Bredon's search
    // score, White's view in centiflats, on the move played from each labelled position.
    const labelled = labelNodes(game) !== undefined;
    const score = (k: number): number => (labelled ? labelScore(game.moves[k]?.comment) : NaN);
    const held = isValidationGame(file, game.index - 1, opts.seed, opts.validation);
    let i = 0;
    // onMove sees the position after moves[i - 1], i.e. the position before moves[i], whose
    // comment (when Tiltak played that move, or the game is labelled) is the evaluation of this position.
    replayGame(game, {
      size: opts.size,
      onMove: (pos) => {
        i++;
        c.add(pos, halfKomi, result, target(i), score(i), tiltak, held);
      },
    });
    c.stats.games++;
    if (tiltak) c.stats.tiltakGames++;
    if (held) c.stats.validationGames++;
  } catch (e) {
    // A game that does not replay is reported and left out whole, its positions so far too:
    // the archives replay cleanly, so this names a damaged game rather than hiding it.
    c.rollback(mark);
    Object.assign(c.stats, before, { errors: before.errors + 1 });
    opts.log?.(`${file}: game ${game.index} skipped: ${(e as Error).message}`);
  }
}

async function loadPtn(c: QuietCollector, file: string, opts: LoadOptions): Promise<void> {
  const text = readTextFile(file);
  for (const g of parsePtnFile(text)) {
    if ('error' in g) {
      c.stats.errors++;
      opts.log?.(`${file}: game ${g.index} skipped: ${g.error.message}`);
      continue;
    }
    addPtnGame(c, file, g.game, opts);
  }
}

/**
 * A training file has no game numbers, but `bredon selfplay` writes each game's searched
 * positions together, one per ply in order: a new game starts where the ply does not follow on
 * or the result or komi changes.
 */
async function loadTsv(c: QuietCollector, file: string, opts: LoadOptions): Promise<void> {
  let game = -1;
  let lastPly = -2;
  let lastResult = -1;
  let lastKomi = NaN;
  let held = false;
  for await (const p of readTrainingFile(file)) {
    const rows = p.tps.slice(0, p.tps.indexOf(' ')).split('/').length;
    if (rows !== opts.size) {
      c.stats.otherSize++;
      continue;
    }
    const pos = parseTps(p.tps, {}, opts.size);
    if (pos.ply !== lastPly + 1 || p.result !== lastResult || p.halfKomi !== lastKomi) {
      game++;
      held = isValidationGame(file, game, opts.seed, opts.validation);
      c.stats.games++;
      if (held) c.stats.validationGames++;
    }
    lastPly = pos.ply;
    lastResult = p.result;
    lastKomi = p.halfKomi;
    c.add(pos, p.halfKomi, p.result, NaN, p.score, false, held);
  }
}

/** What readGames takes, for the error that names a file it does not. */
export const DATA_FILE_NAMES = 'data files must be .ptn or .ptn.gz (games) or .tsv or .tsv.gz (bredon selfplay --out)';

/** A data file's kind by its name: games (.ptn) or a selfplay training file (.tsv), either gzipped. */
export function dataFileKind(file: string): 'ptn' | 'tsv' | undefined {
  const m = /\.(ptn|tsv)(\.gz)?$/i.exec(file);
  return m === null ? undefined : m[1]!.toLowerCase() === 'ptn' ? 'ptn' : 'tsv';
}

/** Reads every file (.ptn or .tsv, either gzipped) of size opts.size into collector `c`. */
export async function readGames(files: readonly string[], opts: LoadOptions, c: QuietCollector): Promise<void> {
  c.evalOnly = opts.evalOnly === true;
  for (const file of files) {
    const kind = dataFileKind(file);
    const before = { ...c.stats };
    if (kind === 'ptn') await loadPtn(c, file, opts);
    else if (kind === 'tsv') await loadTsv(c, file, opts);
    else throw new Error(`${file}: ${DATA_FILE_NAMES}`);
    opts.log?.(`${file}: ${c.stats.games - before.games} games, ${c.stats.kept - before.kept} quiet positions kept`);
  }
}

/** Reads every file (.ptn or .tsv) into one dataset of size opts.size. */
export async function loadDataset(files: readonly string[], opts: LoadOptions): Promise<Dataset> {
  const c = new Collector(opts.size);
  await readGames(files, opts, c);
  return { size: opts.size, count: c.train.count, train: c.train.finish(), validation: c.validation.finish(), stats: c.stats };
}
