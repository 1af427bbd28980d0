// `bredon selfplay`: Bredon plays itself at a fixed node budget per move, one worker thread per
// core, to make data for tuning the evaluation: PTN of every game (--ptn) and the training file
// (--out, format in src/dataset/training-file.ts). stdout gets the summary only; progress and
// diagnostics go to stderr.

import { availableParallelism } from 'node:os';
import { testBook, trainingBook } from '../match/books.js';
import { OPENING_PLIES, openingKey } from '../match/opening-key.js';
import { readOpenings, type Opening } from '../match/openings.js';
import { selfplayJob, type SelfplayJob } from '../selfplay/game.js';
import { isSelfplayWorker, runSelfplayPool, runSelfplayWorker } from '../selfplay/worker.js';
import { halfKomiOption, intOption, parseCommandArgs, queueOption } from './args.js';
import { UsageError } from './errors.js';
import { catchInterrupts } from './interrupts.js';
import { SelfplayOutput } from './selfplay-output.js';
import type { QueueUrl } from '../queue/url.js';

export const selfplayUsage =
  'bredon selfplay --size N [--komi K] [--games N] [--nodes N] [--openings FILE] [--opening-lines A-B] ' +
  '[--first-opening I] [--random-plies N] [--concurrency N] [--ptn OUT.ptn] [--out OUT.tsv] [--max-plies N] [--seed S] [--queue URL | --queue URL --resume ID]';

const DEFAULT_GAMES = 100;
const DEFAULT_NODES = 20_000;
const DEFAULT_RANDOM_PLIES = 2;
const DEFAULT_MAX_PLIES = 300;
/** Book lines 901-1000 are kept out of training so that matches on them test unseen openings. */
const DEFAULT_OPENING_LINES: readonly [number, number] = [1, 900];

const SELFPLAY_HELP = [
  `usage: ${selfplayUsage}`,
  '',
  'Bredon plays itself at a fixed node budget per move and writes the games (PTN) and a training',
  'file for the tuner: one line per searched position, TPS<tab>side to move (1|2)<tab>score in',
  "centiflats, White's view (±30000 = proven)<tab>result, White's view (1|0.5|0)<tab>half-komi.",
  '  --size N               board size, 3 to 8 (required)',
  '  --komi K               komi in flats, whole or half (default 0)',
  `  --games N              games to play (default ${DEFAULT_GAMES})`,
  `  --nodes N              nodes searched per move (default ${DEFAULT_NODES})`,
  '  --openings FILE        one opening per line (PTN moves, or a TPS and moves); default: the',
  '                         size\'s training book, built in (data/openings/; every two-ply opening',
  '                         on 3x3 and 4x4); a book with test-book openings is refused',
  `  --opening-lines A-B    use only the book's lines A to B (default ${DEFAULT_OPENING_LINES[0]}-${DEFAULT_OPENING_LINES[1]}: lines 901-1000 of`,
  '                         the 5x5 and 6x6 books are kept out of the repository for outside checks)',
  '  --first-opening I      start at the I-th of those openings (default 1); games take the',
  '                         openings in order, starting over after the last',
  `  --random-plies N       random legal plies after the opening (default ${DEFAULT_RANDOM_PLIES}), avoiding plies that`,
  '                         end the game or let the opponent win at once',
  '  --concurrency N        worker threads, one game each (default: the number of cores)',
  '  --ptn OUT.ptn          write every game, each searched move with {score in flats, White/depth}',
  '  --out OUT.tsv          write the training file (games are written as they finish)',
  `  --max-plies N          draw a game after N plies (default ${DEFAULT_MAX_PLIES})`,
  '  --seed S               seed of the random plies, 0 to 4294967295 (default: a random one, printed);',
  '                         the same seed and options give the same games',
  '  --queue URL            play the games on bredon worker machines through a Redis (redis://[:PASSWORD@]HOST[:PORT][/DB]',
  "                         or rediss://); each worker plays with its own Bredon (the engine it offers as 'self'),",
  '                         and the files are written here as games arrive',
  '  --resume ID            (with --queue) continue the run ID printed at its start, after this process died',
  '',
  'example:',
  '  bredon selfplay --size 6 --komi 2 --games 200 --nodes 20000 --ptn selfplay6.ptn --out selfplay6.tsv',
].join('\n');

function linesOption(text: string | undefined): readonly [number, number] {
  if (text === undefined) return DEFAULT_OPENING_LINES;
  const m = /^\s*([0-9]+)\s*-\s*([0-9]+)\s*$/.exec(text);
  if (!m || Number(m[1]) < 1 || Number(m[2]) < Number(m[1])) {
    throw new UsageError(`--opening-lines takes A-B with 1 <= A <= B (e.g. 1-900), got '${text}'`);
  }
  if (Number(m[2]) > 10_000_000) throw new UsageError(`--opening-lines B must be at most 10000000, got ${m[2]}`);
  return [Number(m[1]), Number(m[2])];
}

export async function runSelfplay(argv: string[], out: (line: string) => void): Promise<number | void> {
  // dist/bredon.js is also the workers' script: a worker lands here (see src/selfplay/worker.ts).
  if (isSelfplayWorker()) {
    runSelfplayWorker();
    return;
  }
  const { values, positionals } = parseCommandArgs({
    args: argv,
    options: {
      size: { type: 'string' },
      komi: { type: 'string' },
      games: { type: 'string' },
      nodes: { type: 'string' },
      openings: { type: 'string' },
      'opening-lines': { type: 'string' },
      'first-opening': { type: 'string' },
      'random-plies': { type: 'string' },
      concurrency: { type: 'string' },
      ptn: { type: 'string' },
      out: { type: 'string' },
      'max-plies': { type: 'string' },
      seed: { type: 'string' },
      queue: { type: 'string' },
      resume: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
    allowPositionals: true,
  });
  if (values.help) {
    out(SELFPLAY_HELP);
    return;
  }
  if (positionals.length > 0) throw new UsageError(`unexpected '${positionals[0]}': ${selfplayUsage}`);
  let queue: QueueUrl | null = null;
  if (values.queue !== undefined) {
    queue = queueOption(values.queue);
  } else if (values.resume !== undefined) {
    throw new UsageError(`--resume continues a self-play run on a queue: give --queue URL too`);
  }
  if (queue !== null && values.resume !== undefined) {
    const others = Object.keys(values).filter((k) => !['queue', 'resume', 'ptn', 'out', 'help'].includes(k));
    if (others.length > 0) throw new UsageError(`--resume continues a run as it was set up: give only --queue, --resume, --ptn and --out (not --${others[0]})`);
    const output = new SelfplayOutput({ ptn: values.ptn, out: values.out });
    const { runSelfplayOnQueue } = await import('./selfplay-queue.js');
    return runSelfplayOnQueue(queue, { resume: values.resume.trim() }, output, out);
  }
  if (queue !== null && values.concurrency !== undefined) {
    throw new UsageError('--concurrency is for a local run: with --queue, each worker has its own (bredon worker --concurrency N)');
  }
  const sizeOption = intOption('size', values.size, 3, 8);
  if (sizeOption === undefined) throw new UsageError(`--size is required: ${selfplayUsage}`);
  const size: number = sizeOption;
  const halfKomi = halfKomiOption(values.komi);
  if (Math.abs(halfKomi) > 20) throw new UsageError(`--komi must be from -10 to 10, got ${values.komi}`);
  const games = intOption('games', values.games, 1, 100_000_000) ?? DEFAULT_GAMES;
  const nodes = intOption('nodes', values.nodes, 1, 1_000_000_000) ?? DEFAULT_NODES;
  const randomPlies = intOption('random-plies', values['random-plies'], 0, 100) ?? DEFAULT_RANDOM_PLIES;
  const maxPlies = intOption('max-plies', values['max-plies'], 1, 10_000) ?? DEFAULT_MAX_PLIES;
  const concurrency = Math.min(games, intOption('concurrency', values.concurrency, 1, 256) ?? availableParallelism());
  const seed = intOption('seed', values.seed, 0, 0xffff_ffff) ?? Math.floor(Math.random() * 0x1_0000_0000);
  const [firstLine, lastLine] = linesOption(values['opening-lines']);

  const { openings: all, source: book } = values.openings === undefined ? trainingBook(size) : { openings: readOpenings(values.openings, size), source: values.openings };
  if (values.openings !== undefined) refuseTestOpenings(all, book, size);
  const openings = all.filter((o) => o.line >= firstLine && o.line <= lastLine);
  if (openings.length === 0) throw new UsageError(`${book} has no openings on lines ${firstLine}-${lastLine}`);
  const openingsText = `${book} lines ${firstLine}-${lastLine} (${openings.length} openings)`;
  const firstOpening = intOption('first-opening', values['first-opening'], 1, openings.length) ?? 1;

  const output = new SelfplayOutput({ ptn: values.ptn, out: values.out });
  if (queue !== null) {
    const { runSelfplayOnQueue } = await import('./selfplay-queue.js');
    return runSelfplayOnQueue(queue, { settings: { games, size, halfKomi, nodes, randomPlies, maxPlies, seed, openings, firstOpening, openingsText } }, output, out);
  }

  function* jobs(): Generator<SelfplayJob> {
    for (let index = 0; index < games; index++) yield selfplayJob({ size, halfKomi, nodes, randomPlies, maxPlies, seed, openings, firstOpening }, index);
  }

  output.start(games);
  output.log(`selfplay: ${size}x${size} komi ${halfKomi / 2}, ${games} games at ${nodes} nodes per move, ${concurrency} worker${concurrency === 1 ? '' : 's'}, seed ${seed}`);
  output.log(`openings: ${openingsText}, from opening ${firstOpening}, then ${randomPlies} random plies`);

  // Ctrl-C: stop the workers, keep the games already written and print the summary.
  const interrupts = catchInterrupts((line) => output.log(line), 'stopping (games in progress are dropped; Ctrl-C again quits at once)');
  let outcome: 'done' | 'aborted';
  try {
    outcome = await runSelfplayPool(jobs(), { workers: concurrency }, (game) => output.add(game), interrupts.signal);
  } finally {
    output.close();
    interrupts.release();
  }
  for (const line of output.summary(outcome === 'aborted', `over ${concurrency} worker${concurrency === 1 ? '' : 's'}`)) out(line);
  return outcome === 'aborted' ? 130 : 0;
}

/** Test-book openings are for matches only: selfplay from one would put it in training data. */
function refuseTestOpenings(openings: readonly Opening[], file: string, size: number): void {
  if (size < 5) return; // 3x3 and 4x4 have no test book of their own
  const test = testBook(size);
  const keys = new Set(test.openings.map((o) => openingKey(o.moves, size)));
  const found = openings.find((o) => o.tps === null && o.moves.length === OPENING_PLIES && keys.has(openingKey(o.moves, size)));
  if (found !== undefined) throw new UsageError(`${file} line ${found.line} is an opening of ${test.source} (up to symmetry): test-book openings are for matches only`);
}
