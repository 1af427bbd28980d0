// `bredon train`: fits a network evaluation (src/train/) for one board size to games and
// selfplay files, and writes it to nets/ with its manifest and into the engine's list of
// networks (src/eval/net/nets.generated.ts). stdout gets the summary; per-file counts and the
// progress bar go to stderr.

import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { availableParallelism } from 'node:os';
import { inputLayout } from '../eval/net/inputs.js';
import { fnv1a, hashInName, parseNetwork, serializeNetwork, type Network } from '../eval/net/network.js';
import { tunerScale } from '../eval/tuner-scale.js';
import type { Shape } from '../train/model.js';
import { DEFAULT_GENERATED, DEFAULT_NETS_DIR, installNetwork, writeNetwork } from '../train/net-files.js';
import { dataSha256, manifestPath, readManifest, repositoryRoot, resolveRebuild, trainArgs, type TrainManifest } from '../train/manifest.js';
import { dequantise, quantise } from '../train/quantise.js';
import { SampleCollector } from '../train/samples.js';
import { fit, type EpochLosses } from '../train/trainer.js';
import { isTrainWorker, runTrainWorker } from '../train/worker.js';
import { OPENING_PLIES } from '../dataset/quiet.js';
import { readGames, skippedPositions } from '../dataset/read.js';
import { lossText, TuneProgress } from '../tune/progress.js';
import { checkDataFiles, floatOption, intOption, parseCommandArgs, shellWord } from './args.js';
import { UsageError } from './errors.js';
import type { CommandHelp } from './help.js';

export const trainUsage =
  'bredon train --size N --data FILE [--data FILE ...] [--hidden H] [--epochs N] [--batch B] [--lr X] [--lambda L] ' +
  '[--validation F] [--seed S] [--threads N] [--l2 X] [--no-reserve-inputs] [--no-residual] [--eval-only] [--init NET.bin] [--nets DIR] [--generated PATH] [--no-install] [--dry-run] | bredon train --from NET.json [--nets DIR]';

const DEFAULTS = { hidden: 64, epochs: 12, batch: 4096, lr: 0.002, lambda: 0.5, validation: 0.1, seed: 1, l2: 0 };

export const trainHelp: CommandHelp = {
  about: [
    'Fits a network evaluation for one board size: the inputs a Tak player names (each square\'s top',
    'piece and the colours under it, the reserves), one hidden layer per side, White\'s expected score',
    "as sigmoid of the output. By default the network is a correction added to the linear evaluation",
    '(residual), so it starts as that evaluation and the fit only has to improve on it. Trains with',
    'mini-batch Adam on every core, each position under one of the 8 board symmetries per epoch, and',
    'keeps the epoch with the lowest loss on the held-out games. Same quiet positions and targets as',
    '`bredon tune`. Writes nets/<size>x<size>-<hash>.bin, its manifest (.json) and the engine\'s list.',
  ].join('\n'),
  options: [
    '  --size N          board size, 3 to 8 (required)',
    '  --data FILE       games (.ptn or .ptn.gz; Tiltak comments or bredon label\'s labels as evaluation',
    '                    targets) or selfplay (.tsv or .tsv.gz); repeatable',
    `  --hidden H        hidden units per side (default ${DEFAULTS.hidden})`,
    `  --epochs N        passes over the training positions (default ${DEFAULTS.epochs})`,
    `  --batch B         positions per step (default ${DEFAULTS.batch})`,
    `  --lr X            Adam's first step size; it decays to a tenth over the run (default ${DEFAULTS.lr})`,
    `  --lambda L        target = L * result + (1 - L) * evaluation target (default ${DEFAULTS.lambda})`,
    `  --validation F    fraction of games held out, by the same seeded hash as bredon tune (default ${DEFAULTS.validation})`,
    `  --seed S          seed of the split, the start and the order (default ${DEFAULTS.seed})`,
    '  --threads N       worker threads (default: every core)',
    `  --l2 X            weight decay (AdamW) on the weights, per unit of step (default ${DEFAULTS.l2})`,
    '  --no-reserve-inputs  keep the reserve inputs at weight 0: the network sees the board only',
    '  --no-residual     a network on its own, not added to the linear evaluation',
    '  --eval-only       keep only positions with an evaluation target (as bredon tune --eval-only)',
    '  --init NET.bin    start from this network (e.g. the one the engine plays) instead of from',
    '                    scratch: epoch 0 is then its loss, and the fit goes on from it with the new',
    '                    data; its size, inputs and residual flag must match, and --hidden defaults to its own',
    `  --nets DIR        where the network files go (default ${DEFAULT_NETS_DIR})`,
    `  --generated PATH  the engine's list to update (default ${DEFAULT_GENERATED})`,
    "  --no-install      write the files but leave the engine's list alone",
    '  --dry-run         fit and report, write nothing',
    '  --from NET.json   rebuild a network from its manifest: the same settings, its data from the',
    '                    repository (paths relative to the folder above the manifest\'s, each checked',
    '                    by the SHA-256 the manifest gives; docs/data.md), and its --init network from',
    '                    beside the manifest. Says whether the result equals NET.bin byte for byte',
    '                    (exit 1 when not); writes files only with --nets, and never installs',
  ],
  examples: [
    'bredon train --size 6 --data data/games/tiltak-selfplay-6x6-komi2.ptn --data data/games/tiltak-selfplay-6x6-komi2-b.ptn',
    'bredon train --size 5 --data data/games/tiltak-selfplay-5x5-komi2.ptn --hidden 32 --epochs 4 --dry-run',
    'bredon train --size 5 --data new-games.ptn --init nets/5x5-30cdc102.bin --lr 0.0005 --epochs 4 --eval-only --no-reserve-inputs',
    'bredon train --from test/fixtures/rebuild/nets/6x6-aff8ba27.json --nets /tmp/rebuilt',
  ],
};

/** The network file of --init, checked against the hash in its name when it has one (NxN-<hash>.bin). */
function readInit(path: string): Network {
  if (!existsSync(path)) throw new UsageError(`--init ${path}: no such file`);
  try {
    return parseNetwork(readFileSync(path), hashInName(basename(path)));
  } catch (e) {
    throw new UsageError(`--init ${path}: ${(e as Error).message}`);
  }
}

function lossRow(e: EpochLosses): string {
  return `train ${lossText(e.train)}  validation ${lossText(e.validation)}  Tiltak validation ${lossText(e.tiltak)}`;
}

const TRAIN_OPTIONS = {
  size: { type: 'string' },
  data: { type: 'string', multiple: true },
  hidden: { type: 'string' },
  epochs: { type: 'string' },
  batch: { type: 'string' },
  lr: { type: 'string' },
  lambda: { type: 'string' },
  validation: { type: 'string' },
  seed: { type: 'string' },
  threads: { type: 'string' },
  l2: { type: 'string' },
  'no-reserve-inputs': { type: 'boolean', default: false },
  'no-residual': { type: 'boolean', default: false },
  'eval-only': { type: 'boolean', default: false },
  init: { type: 'string' },
  nets: { type: 'string' },
  generated: { type: 'string' },
  'no-install': { type: 'boolean', default: false },
  'dry-run': { type: 'boolean', default: false },
  from: { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

/** What --from asks of a fit: the network file it must equal, and where (if anywhere) to write. */
interface RebuildTarget {
  manifest: string;
  bin: string;
  nets: string | undefined;
  /** The repository the data came from: a rebuilt manifest names the data as the original does. */
  root: string;
}

export async function runTrain(argv: string[], out: (line: string) => void): Promise<number | void> {
  // dist/bredon.js is also the trainer's worker script (src/train/worker.ts).
  if (isTrainWorker()) {
    runTrainWorker();
    return;
  }
  const { values } = parseCommandArgs({ args: argv, options: TRAIN_OPTIONS, strict: true, allowPositionals: true });
  if (values.from !== undefined) return rebuildFrom(argv, values.from, values.nets, out);
  return train(argv, out, undefined);
}

/** bredon train --from: the manifest's run again, from the repository's files. */
async function rebuildFrom(argv: string[], from: string, nets: string | undefined, out: (line: string) => void): Promise<number> {
  const others = argv.filter((a, i) => a.startsWith('--') && !['--from', '--nets'].includes(a.split('=')[0]!) && !['--from', '--nets'].includes(argv[i - 1] ?? ''));
  if (others.length > 0) throw new UsageError(`--from takes every setting from the manifest; only --nets may go with it (got ${others[0]})`);
  if (!existsSync(from)) throw new UsageError(`--from ${from}: no such file`);
  let m: TrainManifest;
  try {
    m = readManifest(from);
  } catch (e) {
    throw new UsageError(`--from ${from}: ${(e as Error).message}`);
  }
  const r = resolveRebuild(from, m);
  if (r.problems.length > 0) {
    throw new UsageError(`--from ${from}: ${m.name} cannot be rebuilt from the repository:\n  ${r.problems.join('\n  ')}`);
  }
  const args = trainArgs(m, r);
  process.stderr.write(`rebuilding ${m.name}: bredon train ${args.map(shellWord).join(' ')}\n`);
  return train(args, out, { manifest: from, bin: r.bin, nets, root: r.root });
}

async function train(argv: string[], out: (line: string) => void, rebuild: RebuildTarget | undefined): Promise<number> {
  const { values, positionals } = parseCommandArgs({
    args: argv,
    options: TRAIN_OPTIONS,
    strict: true,
    allowPositionals: true,
  });
  if (positionals.length > 0) throw new UsageError(`unexpected '${positionals[0]}': ${trainUsage}`);
  const size = intOption('size', values.size, 3, 8);
  if (size === undefined) throw new UsageError(`--size is required: ${trainUsage}`);
  const files = values.data ?? [];
  if (files.length === 0) throw new UsageError(`--data is required: ${trainUsage}`);
  checkDataFiles(files);
  const init = values.init !== undefined ? readInit(values.init) : undefined;
  const hidden = intOption('hidden', values.hidden, 1, 1024) ?? init?.hidden ?? DEFAULTS.hidden;
  const epochs = intOption('epochs', values.epochs, 0, 100_000) ?? DEFAULTS.epochs;
  const batch = intOption('batch', values.batch, 1, 1 << 20) ?? DEFAULTS.batch;
  const lr = floatOption('lr', values.lr, 1e-7, 1, DEFAULTS.lr);
  const lambda = floatOption('lambda', values.lambda, 0, 1, DEFAULTS.lambda);
  const validation = floatOption('validation', values.validation, 0, 0.9, DEFAULTS.validation);
  const seed = intOption('seed', values.seed, 0, 0xffff_ffff) ?? DEFAULTS.seed;
  const threads = intOption('threads', values.threads, 1, 256) ?? availableParallelism();
  const residual = !values['no-residual'];
  const l2 = floatOption('l2', values.l2, 0, 1e6, DEFAULTS.l2);
  const reserveInputs = !values['no-reserve-inputs'];
  const netsDir = rebuild !== undefined ? (rebuild.nets ?? dirname(rebuild.bin)) : (values.nets ?? DEFAULT_NETS_DIR);
  const generated = values.generated ?? DEFAULT_GENERATED;
  // A rebuild writes only where --nets says, and never changes the engine's list.
  const dryRun = values['dry-run'] || (rebuild !== undefined && rebuild.nets === undefined);
  const install = !values['no-install'] && !dryRun && rebuild === undefined;
  if (install && !existsSync(generated)) {
    throw new UsageError(`--generated ${generated}: no such file (run from the checkout, or give --generated or --no-install)`);
  }
  const commandLine = (rebuild !== undefined ? ['bredon', 'train', '--from', rebuild.manifest] : ['bredon', 'train', ...argv]).map(shellWord).join(' ');
  // The starting network's shape is checked before any data is read.
  const shape: Shape = { size, hidden, inputs: inputLayout(size).count, residual };
  let start: Float64Array | undefined;
  if (init !== undefined) {
    try {
      start = dequantise(init, shape);
    } catch (e) {
      throw new UsageError(`--init ${values.init}: ${(e as Error).message}`);
    }
  }

  const K = tunerScale(size);
  const started = performance.now();
  const log = (line: string) => process.stderr.write(line + '\n');
  const c = new SampleCollector(size, { lambda, K });
  const evalOnly = values['eval-only'];
  await readGames(files, { size, validation, seed, log, evalOnly }, c);
  const train = c.train.finish();
  const held = c.validation.finish();
  const s = c.stats;
  if (train.n === 0) throw new UsageError(`no quiet training positions of size ${size} in the data (${s.kept} kept, all held out?)`);
  const loaded = performance.now();

  const progress = new TuneProgress(process.stderr, epochs);
  const result = await fit(train, held, { shape, epochs, batch, lr, seed, threads, l2, reserveInputs, init: start, onProgress: (e, t, v) => progress.update(e, t, v) });
  progress.stop();
  const fitted = performance.now();

  const skipped = skippedPositions(s);
  out(`size ${size}: ${s.games} games (${s.validationGames} held out; ${s.tiltakGames} played by Tiltak); skipped ${s.otherSize} of other sizes, ${s.unfinished} unfinished, ${s.errors} with errors`);
  out(`positions: ${s.kept} quiet (${train.n} train, ${held.n} validation); skipped ${skipped} (${s.opening} in the first ${OPENING_PLIES} plies, ${s.finished} finished, ${s.placementThreat + s.spreadThreat} with a road in one${evalOnly ? `, ${s.noEval} without an evaluation target` : ''})`);
  out(`network: ${shape.inputs} inputs, ${hidden} hidden per side, ${residual ? 'residual on the linear evaluation' : 'on its own'}; K ${K} centiflats per logit`);
  const first = result.history[0]!;
  const startName = init !== undefined ? `the network ${init.hash}` : residual ? 'the linear evaluation alone' : 'untrained';
  out(`epoch 0 (${startName}): ${lossRow(first)}`);
  for (const e of result.history.slice(1)) out(`epoch ${e.epoch}: ${lossRow(e)}`);
  out(`kept epoch ${result.best.epoch}: validation ${lossText(first.validation)} -> ${lossText(result.best.validation)}`);

  const net = quantise(result.params, shape, K);
  let status = 0;
  if (rebuild !== undefined) {
    const bytes = serializeNetwork(net);
    const same = existsSync(rebuild.bin) && Buffer.compare(readFileSync(rebuild.bin), bytes) === 0;
    out(`rebuilt ${size}x${size}-${fnv1a(bytes)}: ${same ? 'identical to' : 'DIFFERS from'} ${rebuild.bin} (${bytes.length} bytes)`);
    if (!same) status = 1;
  }
  if (!dryRun) {
    // Data paths relative to the repository root (the folder above nets/), each with its hash,
    // so that bredon train --from can find and check them (docs/data.md).
    const root = rebuild?.root ?? repositoryRoot(netsDir);
    const data = files.map((f) => manifestPath(root, f));
    const manifest = {
      size,
      hidden,
      inputs: shape.inputs,
      residual,
      K,
      created: new Date().toISOString(),
      command: commandLine,
      data,
      dataSha256: Object.fromEntries(files.map((f, i) => [data[i]!, dataSha256(f)])),
      ...(init !== undefined ? { init: `${init.size}x${init.size}-${init.hash}` } : {}),
      games: { used: s.games, heldOut: s.validationGames, tiltak: s.tiltakGames },
      positions: { train: train.n, validation: held.n, symmetries: 8 },
      settings: { epochs, batch, lr, lambda, validation, seed, threads, l2, reserveInputs, evalOnly },
      losses: { start: first, best: result.best, history: result.history },
    };
    const name = writeNetwork(netsDir, net, manifest);
    out(`wrote ${netsDir}/${name}.bin and ${name}.json`);
    if (install) {
      installNetwork(generated, netsDir, size, name);
      out(`the engine's ${size}x${size} network is now ${name} (${generated}; rebuild to play with it)`);
    }
  }
  out(`time: ${((loaded - started) / 1000).toFixed(1)} s loading, ${((fitted - loaded) / 1000).toFixed(1)} s fitting${dryRun ? '; nothing written' : ''}`);
  return status;
}
