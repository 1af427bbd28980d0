// `bredon tune`: fits the evaluation's weights of one board size to game results and engine
// evaluations (the Texel method) and writes them to the generated weights file. stdout gets the
// summary; the per-file counts and the progress bar go to stderr.

import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { featureLayout, type FeatureLayout } from '../eval/features.js';
import { weightsFor, type GeneratedSize } from '../eval/weights.js';
import { OPENING_PLIES } from '../dataset/quiet.js';
import { skippedPositions } from '../dataset/read.js';
import { loadDataset, type Dataset } from '../tune/dataset.js';
import { fitK, loss, setTargets } from '../tune/model.js';
import { lossText, TuneProgress } from '../tune/progress.js';
import { tiltakRows, type Rows } from '../tune/rows.js';
import { train } from '../tune/train.js';
import { transferWeights } from '../tune/transfer.js';
import { mergeEntries, readGeneratedEntries, roundWeight, writeWeightsFile } from '../tune/weights-file.js';
import { checkDataFiles, floatOption, intOption, parseCommandArgs, shellWord } from './args.js';
import { formatHelp, type CommandHelp } from './help.js';
import { UsageError } from './errors.js';

export const tuneUsage =
  'bredon tune --size N --data FILE [--data FILE ...] | --start-from M [--lambda L] [--epochs N] [--lr X] [--validation F] ' +
  '[--l2 X] [--seed S] [--out PATH] [--eval-only] [--dry-run]';

const DEFAULT_LAMBDA = 0.5;
const DEFAULT_EPOCHS = 500;
const DEFAULT_LR = 4;
const DEFAULT_VALIDATION = 0.1;
const DEFAULT_L2 = 1e-5;
const DEFAULT_SEED = 1;
export const DEFAULT_OUT = 'src/eval/weights.generated.ts';
/** Weight changes listed in the summary. */
const LARGEST_CHANGES = 15;

export const tuneHelp: CommandHelp = {
  about: [
    "Fits the evaluation's weights of one board size by the Texel method: White's expected score is",
    'modelled as sigmoid(E / K), E the evaluation in centiflats; K is fitted first for the current',
    'weights and then held, and the weights are fitted by Adam on the mean squared error against',
    "each position's target. Quiet positions only: not in the first 4 plies, not finished, and no road",
    'in one for either side (by placement or spread). Writes the weights to the generated file.',
  ].join('\n'),
  options: [
    '  --size N          board size, 3 to 8 (required); positions of other sizes are skipped',
    "  --data FILE       games (.ptn: result from the Result tag, komi from the Komi tag; Tiltak's",
    '                    move comments {eval/depth time} as evaluation targets) or a training file',
    '                    (.tsv from bredon selfplay --out: result and search score); either may be',
    '                    gzipped (.ptn.gz, .tsv.gz, as in data/); repeatable',
    '  --lambda L        target = L * result + (1 - L) * evaluation target where a position has one',
    "                    (Tiltak's (eval + 1) / 2, or sigmoid(score / K) for a selfplay score), else",
    `                    the result alone; 0 to 1 (default ${DEFAULT_LAMBDA})`,
    '  --eval-only       keep only positions with an evaluation target: of games against Tiltak, the',
    "                    positions the other engine's moves led to, each with Tiltak's judgement",
    `  --epochs N        full passes of Adam over the training positions (default ${DEFAULT_EPOCHS}); 0 fits K only`,
    `  --lr X            Adam's step in centiflats (default ${DEFAULT_LR})`,
    `  --validation F    fraction of games held out (default ${DEFAULT_VALIDATION}), chosen by a seeded hash of`,
    "                    each game's number in its file: a game is never split, and a file's held-out",
    '                    games stay the same whatever other files are given',
    '  --l2 X            pull towards the starting weights: loss += X * (sum of squared changes in',
    `                    flats) (default ${DEFAULT_L2})`,
    `  --seed S          seed of the validation split (default ${DEFAULT_SEED})`,
    `  --out PATH        the generated weights file to rewrite (default ${DEFAULT_OUT});`,
    '                    every other size keeps its entry, sizes without one get the hand-set defaults',
    '  --dry-run         fit and report, write nothing',
    '  --start-from M    start from the M x M weights carried over to this size (piece-square',
    '                    tables by relative place, line terms by fraction of the board); with no',
    '                    --data, write them as they are (for sizes without data of their own)',
  ],
  examples: [
    'bredon tune --size 6 --data data/games/tiltak-selfplay-6x6-komi2.ptn --data selfplay6.tsv',
    'bredon tune --size 6 --data data/games/tiltak-selfplay-6x6-komi2.ptn --lambda 1 --dry-run',
  ],
};

interface Losses {
  train: number;
  validation: number;
  tiltak: number;
}

function losses(d: Dataset, tiltak: Rows, mg: Float64Array, eg: Float64Array, K: number): Losses {
  return { train: loss(d.train, mg, eg, K), validation: loss(d.validation, mg, eg, K), tiltak: loss(tiltak, mg, eg, K) };
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

function fixed(x: number, digits: number): string {
  return Number.isNaN(x) ? 'n/a' : x.toFixed(digits);
}

/** Rounds weights as the file keeps them: 0.1 centiflat, the tied (unphased) ones whole and equal. */
function roundAsWritten(L: FeatureLayout, mg: Float64Array, eg: Float64Array): void {
  for (let j = 0; j < L.count; j++) {
    const whole = L.unphased[j] === 1;
    mg[j] = roundWeight(mg[j]!, whole);
    eg[j] = whole ? mg[j]! : roundWeight(eg[j]!, false);
  }
}

/** Rewrites the generated weights file with `entry` for `size`, every other size kept. */
function writeEntry(outPath: string, size: number, entry: GeneratedSize, commandLine: string, log: (line: string) => void): void {
  let existing: Record<number, GeneratedSize>;
  try {
    existing = readGeneratedEntries(outPath);
  } catch (e) {
    throw new UsageError(`--out: ${(e as Error).message}`);
  }
  writeWeightsFile(outPath, mergeEntries(existing, { [size]: entry }, log), commandLine);
}

export async function runTune(argv: string[], out: (line: string) => void): Promise<void> {
  const { values, positionals } = parseCommandArgs({
    args: argv,
    options: {
      size: { type: 'string' },
      data: { type: 'string', multiple: true },
      lambda: { type: 'string' },
      epochs: { type: 'string' },
      lr: { type: 'string' },
      validation: { type: 'string' },
      l2: { type: 'string' },
      seed: { type: 'string' },
      out: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      'eval-only': { type: 'boolean', default: false },
      'start-from': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
    allowPositionals: true,
  });
  if (values.help) {
    // main.ts answers --help from tuneHelp; this is for callers that run the command directly.
    out(formatHelp(tuneUsage, tuneHelp));
    return;
  }
  if (positionals.length > 0) throw new UsageError(`unexpected '${positionals[0]}': ${tuneUsage}`);
  const size = intOption('size', values.size, 3, 8);
  if (size === undefined) throw new UsageError(`--size is required: ${tuneUsage}`);
  const startFrom = intOption('start-from', values['start-from'], 3, 8);
  const files = values.data ?? [];
  if (files.length === 0 && startFrom === undefined) throw new UsageError(`--data (or --start-from) is required: ${tuneUsage}`);
  checkDataFiles(files);
  const lambda = floatOption('lambda', values.lambda, 0, 1, DEFAULT_LAMBDA);
  const epochs = intOption('epochs', values.epochs, 0, 10_000_000) ?? DEFAULT_EPOCHS;
  const lr = floatOption('lr', values.lr, 1e-6, 1000, DEFAULT_LR);
  const validationFraction = floatOption('validation', values.validation, 0, 0.9, DEFAULT_VALIDATION);
  const l2 = floatOption('l2', values.l2, 0, 1e6, DEFAULT_L2);
  const seed = intOption('seed', values.seed, 0, 0xffff_ffff) ?? DEFAULT_SEED;
  const dryRun = values['dry-run'];
  const outPath = values.out ?? DEFAULT_OUT;
  if (!dryRun && !existsSync(dirname(resolve(outPath)))) {
    throw new UsageError(
      `--out ${outPath}: no directory ${dirname(resolve(outPath))}` +
        (values.out === undefined ? ' (the default is relative to the checkout: run from it, or give --out)' : ''),
    );
  }
  const commandLine = ['bredon', 'tune', ...argv].map(shellWord).join(' ').replace(/\s+/g, ' ');

  // The starting weights: the size's own, or another size's carried over (transfer.ts).
  const L = featureLayout(size);
  const current = weightsFor(size);
  const start = startFrom === undefined ? current : transferWeights(weightsFor(startFrom), size);
  const mg0 = Float64Array.from(start.mg);
  const eg0 = Float64Array.from(start.eg);
  if (files.length === 0) {
    // No data: write the carried-over weights as they are.
    const source = `carried over from the ${startFrom}x${startFrom} weights (bredon tune --start-from ${startFrom}, ${new Date().toISOString().slice(0, 10)}; no data of this size)`;
    roundAsWritten(L, mg0, eg0);
    if (!dryRun) writeEntry(outPath, size, { source, names: [...L.names], mg: Array.from(mg0), eg: Array.from(eg0) }, commandLine, (line) => process.stderr.write(line + '\n'));
    out(`size ${size}: ${source}${dryRun ? ' (dry run: nothing written)' : `; wrote ${outPath}`}`);
    return;
  }

  const started = performance.now();
  const log = (line: string) => process.stderr.write(line + '\n');
  const evalOnly = values['eval-only'];
  const data = await loadDataset(files, { size, validation: validationFraction, seed, log, evalOnly });
  const s = data.stats;
  if (data.train.n === 0) throw new UsageError(`no quiet training positions of size ${size} in the data (${s.kept} kept, all held out?)`);
  const loaded = performance.now();

  const K = fitK(data.train, mg0, eg0, lambda);
  setTargets(data.validation, K, lambda);
  const tiltak = tiltakRows(data.validation);
  setTargets(tiltak, K, lambda);
  const before = losses(data, tiltak, mg0, eg0, K);

  const mg = mg0.slice();
  const eg = eg0.slice();
  const progress = new TuneProgress(process.stderr, epochs);
  train(data.train, data.validation, mg, eg, {
    K,
    epochs,
    lr,
    l2,
    unphased: L.unphased,
    onEpoch: (e, t, v) => progress.update(e, t, v),
  });
  progress.stop();
  // The weights as written, and their losses: what the engine will actually use.
  roundAsWritten(L, mg, eg);
  const after = losses(data, tiltak, mg, eg, K);
  const fitted = performance.now();

  const counts =
    `${s.kept} quiet positions (${data.train.n} train, ${data.validation.n} validation, ${tiltak.n} of them Tiltak's) ` +
    `from ${s.games} games (${s.validationGames} held out)` +
    (evalOnly ? `, only positions with an evaluation target (--eval-only: ${s.noEval} without one left out)` : '');
  const source =
    `bredon tune ${new Date().toISOString().slice(0, 10)}: ${files.join(', ')}; ${counts}; ` +
    `K ${K.toFixed(1)}, lambda ${lambda}, ${epochs} epochs, lr ${lr}, l2 ${l2}; ` +
    `loss train ${lossText(before.train)} -> ${lossText(after.train)}, validation ${lossText(before.validation)} -> ${lossText(after.validation)}, ` +
    `Tiltak validation ${lossText(before.tiltak)} -> ${lossText(after.tiltak)}`;

  if (!dryRun) writeEntry(outPath, size, { source, names: [...L.names], mg: Array.from(mg), eg: Array.from(eg) }, commandLine, log);

  const skipped = skippedPositions(s);
  out(`size ${size}: ${s.games} games (${s.validationGames} held out; ${s.tiltakGames} played by Tiltak); skipped ${s.otherSize} of other sizes, ${s.unfinished} unfinished, ${s.errors} with errors`);
  out(`positions: ${s.kept} kept (${data.train.n} train, ${data.validation.n} validation, ${tiltak.n} Tiltak validation; ${s.withEval} with an evaluation target)`);
  out(
    `skipped: ${skipped} (${s.opening} in the first ${OPENING_PLIES} plies, ${s.finished} finished, ` +
      `${s.placementThreat} with a placement road threat, ${s.spreadThreat} with a spread road threat` +
      (evalOnly ? `, ${s.noEval} quiet without an evaluation target)` : ')'),
  );
  out(`K: ${K.toFixed(1)} centiflats (lambda ${lambda})`);
  out('loss                before     after');
  const row = (name: string, b: number, a: number) => out(`${name.padEnd(18)}  ${fixed(b, 6).padEnd(9)}  ${fixed(a, 6)}`);
  row('train', before.train, after.train);
  row('validation', before.validation, after.validation);
  row('Tiltak validation', before.tiltak, after.tiltak);
  const changes: { name: string; from: number; to: number }[] = [];
  for (let j = 0; j < L.count; j++) {
    if (L.unphased[j] === 1) changes.push({ name: L.names[j]!, from: mg0[j]!, to: mg[j]! });
    else {
      changes.push({ name: `${L.names[j]} mg`, from: mg0[j]!, to: mg[j]! });
      changes.push({ name: `${L.names[j]} eg`, from: eg0[j]!, to: eg[j]! });
    }
  }
  changes.sort((a, b) => Math.abs(b.to - b.from) - Math.abs(a.to - a.from));
  const largest = changes.slice(0, LARGEST_CHANGES).filter((c) => c.to !== c.from);
  if (largest.length > 0) {
    out(`largest weight changes (centiflats):`);
    const width = Math.max(...largest.map((c) => c.name.length));
    for (const c of largest) {
      const d = c.to - c.from;
      out(`  ${c.name.padEnd(width)}  ${fixed(c.from, 1).padStart(7)} -> ${fixed(c.to, 1).padStart(7)}  (${d > 0 ? '+' : ''}${d.toFixed(1)})`);
    }
  }
  out(
    `time: ${seconds(loaded - started)} loading, ${seconds(fitted - loaded)} fitting` +
      (dryRun ? '; dry run, nothing written' : `; wrote ${outPath}`),
  );
}
