// The tuner's data: the quiet positions of the games read (src/dataset/read.ts) as the feature
// matrix (rows.ts), of one board size only, whole games split between training and validation.

import type { Position } from '../core/position.js';
import { extractFeatures } from '../eval/extract.js';
import { featureLayout, gamePhase } from '../eval/features.js';
import { readGames, SplitCollector, type LoadOptions, type LoadStats } from '../dataset/read.js';
import { RowBuilder, type Rows } from './rows.js';

export interface Dataset {
  size: number;
  count: number;
  train: Rows;
  validation: Rows;
  stats: LoadStats;
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

/** Reads every file (.ptn or .tsv) into one dataset of size opts.size. */
export async function loadDataset(files: readonly string[], opts: LoadOptions): Promise<Dataset> {
  const c = new Collector(opts.size);
  await readGames(files, opts, c);
  return { size: opts.size, count: c.train.count, train: c.train.finish(), validation: c.validation.finish(), stats: c.stats };
}
