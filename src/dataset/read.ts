// Reading the training data of the tuner (src/tune/dataset.ts) and the trainer
// (src/train/samples.ts): PTN game files and selfplay training files (TSV) of one board size,
// their quiet positions (quiet.ts) handed to a collector with their targets, whole games split
// between training and validation.
// - PTN: result from the Result tag (unfinished games skipped), komi from the Komi tag; the
//   targets are Tiltak's evaluations (tiltak-ptn.ts), and in a game labelled by `bredon label`
//   (Annotator "Bredon label, N nodes"; labelled-ptn.ts, docs/data.md) Bredon's search score
//   on each labelled move, read as the TSV's score. Files ending in .ptn.gz are gzip PTN.
// - TSV (`bredon selfplay --out`, training-file.ts, gzip when named .tsv.gz): the result, and
//   sigmoid(score / K) once K is fitted.

import { basename } from 'node:path';
import type { Position } from '../core/position.js';
import { readTextFile } from '../notation/compressed.js';
import { halfKomiFrom, parsePtnFile, replayGame, resultScore, tagValue, type PtnGame } from '../notation/ptn-game.js';
import { parseTps } from '../notation/tps.js';
import { DATA_FILE_NAMES, dataFileKind } from './file-kinds.js';
import { labelNodes, labelScore } from './labelled-ptn.js';
import { quietVerdict } from './quiet.js';
import { tiltakTargets } from './tiltak-ptn.js';
import { readTrainingFile } from './training-file.js';

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

/**
 * Receives the quiet positions of the games read, each with its targets and split, and counts
 * what was skipped. The linear tuner's collector (src/tune/dataset.ts) and the network
 * trainer's (src/train/samples.ts) keep different things of each position.
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

/** The board size of a game: its Size tag, else the rows of its TPS tag; undefined if neither. */
export function gameSize(game: PtnGame): number | undefined {
  const tag = tagValue(game, 'Size');
  if (tag !== undefined) return Number(tag.trim());
  const tps = tagValue(game, 'TPS');
  return tps === undefined ? undefined : tps.trim().split(/\s+/)[0]!.split('/').length;
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
    // A game labelled by bredon label (labelled-ptn.ts) carries Bredon's search
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
