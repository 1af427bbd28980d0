// `bredon worker`: plays the games of matches and self-play runs queued in Redis by
// `bredon match --queue` and `bredon selfplay --queue` (see src/queue/worker.ts). It runs only
// the engines named on its own command line; a job names engines, never commands.

import { killAllEngines } from '../match/engine-process.js';
import { DEFAULT_TIMEOUTS } from '../match/tei-engine.js';
import { identifyOffers, parseOffer } from '../queue/offers.js';
import { QueueAccessError } from '../queue/connection.js';
import { runWorker, SELF } from '../queue/worker.js';
import { runBenchPositions } from '../search/bench.js';
import { intOption, parseCommandArgs, queueOption } from './args.js';
import { UsageError } from './errors.js';
import { catchInterrupts } from './interrupts.js';
import { SPEED_BENCH_DEPTH, workerUsage } from './worker-help.js';

export async function runWorkerCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs({
    args: argv,
    options: {
      queue: { type: 'string' },
      engine: { type: 'string', multiple: true },
      concurrency: { type: 'string' },
      nps: { type: 'string' },
      'stall-seconds': { type: 'string' },
    },
    strict: true,
    allowPositionals: true,
  });
  if (positionals.length > 0) throw new UsageError(`unexpected '${positionals[0]}': ${workerUsage}`);
  if (values.queue === undefined) throw new UsageError(`--queue is required: ${workerUsage}`);
  const queue = queueOption(values.queue);
  const specs = (values.engine ?? []).map((text) => {
    try {
      return parseOffer(text);
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
  });
  if (specs.length === 0) throw new UsageError(`give at least one --engine NAME=COMMAND: ${workerUsage}`);
  const names = new Set<string>();
  for (const s of specs) {
    if (names.has(s.name)) throw new UsageError(`--engine ${s.name} is given twice`);
    if (s.name === SELF) throw new UsageError(`--engine ${SELF}= is taken: it is this worker's own Bredon, which every worker offers`);
    names.add(s.name);
  }
  // This very program, as a TEI engine and as the self-play player (in its own threads).
  specs.push({ name: SELF, command: `${process.execPath} ${process.argv[1]}`, argv: [process.execPath, process.argv[1]!] });
  const concurrency = intOption('concurrency', values.concurrency, 1, 256) ?? 1;
  const stallMs = (intOption('stall-seconds', values['stall-seconds'], 1, 3600) ?? 30) * 1000;
  // Checked before the engines start: a typo must not cost their handshakes first.
  let nps = intOption('nps', values.nps, 1, 1_000_000_000) ?? null;
  const log = (line: string) => process.stderr.write(`${line}\n`);

  let offers;
  try {
    offers = await identifyOffers(specs, DEFAULT_TIMEOUTS, log);
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  if (nps === null) {
    const { nodes, ms } = runBenchPositions(SPEED_BENCH_DEPTH);
    nps = Math.round((nodes * 1000) / Math.max(1, ms));
  }

  // Ctrl-C: the games in progress are given back to the queue for other workers, then the worker
  // quits. A second Ctrl-C quits at once (the jobs then come back after --stall-seconds).
  const interrupts = catchInterrupts(
    log,
    'giving the games in progress back to the queue (Ctrl-C again quits at once)',
    () => void killAllEngines().then(() => process.exit(130)),
  );
  try {
    await runWorker({ queue, offers, concurrency, nps, stallMs, timeouts: DEFAULT_TIMEOUTS, log }, interrupts.signal);
  } catch (e) {
    if (e instanceof QueueAccessError) throw new UsageError(e.message);
    throw e;
  } finally {
    interrupts.release();
  }
  return interrupts.count > 0 ? 130 : 0;
}
