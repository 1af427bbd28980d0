// `bredon worker`'s machinery: announce the engines this machine offers, find a run (a match or a
// self-play run) that wants them in the same builds, and play its jobs from BullMQ with
// `concurrency` slots until the run ends; then look for the next.
//
// Faults: BullMQ holds a lock on every job a worker plays and renews it while the worker lives;
// a worker that dies (SIGKILL, power off) stops renewing, and after `stallMs` another worker's
// stalled-job check puts the job back to be played again. A worker stopped with Ctrl-C gives its
// jobs back at once. Redis going away is a pause: the clients reconnect and carry on.

import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { DelayedError, Queue, UnrecoverableError, WaitingError, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Timeouts } from '../match/tei-engine.js';
import { runSelfplayPool } from '../selfplay/worker.js';
import type { SelfplayGame } from '../selfplay/game.js';
import { PREFIX, checkAccess, connect } from './connection.js';
import { sleep } from './sleep.js';
import { errorText as message, type QueueUrl } from './url.js';
import { buildDifference, clockFactor, describeBuild, gameToWire, type PairResult, type QueueJob, type SelfplayResult } from './jobs.js';
import type { Offer } from './offers.js';
import { JobConfigError, PairPlayer } from './pair-player.js';
import { activeRuns, announceWorker, clearQueueKeys, loadRun, queueName, refuse, retireWorker, runStatus, type RunSpec, type WorkerInfo } from './store.js';

export interface WorkerOptions {
  queue: QueueUrl;
  offers: Offer[];
  concurrency: number;
  /** Bench nodes per second of this machine (for clock scaling). */
  nps: number | null;
  /** How long a dead worker's job waits before another worker plays it (BullMQ's lock). */
  stallMs: number;
  timeouts: Timeouts;
  log: (message: string) => void;
}

/** The engine name every worker offers for its own program: the player of self-play runs. */
export const SELF = 'self';

const POLL_MS = 1000;
const ANNOUNCE_MS = 5000;

/** Runs the worker until `signal` aborts; jobs in progress are then given back to the queue. */
export async function runWorker(opts: WorkerOptions, signal: AbortSignal): Promise<void> {
  const { log } = opts;
  const id = `${hostname()}/${process.pid}/${randomBytes(2).toString('hex')}`;
  const offers = new Map(opts.offers.map((o) => [o.name, o]));
  const redis = connect(opts.queue, log);
  try {
    await checkAccess(redis, opts.queue);
  } catch (e) {
    redis.disconnect();
    throw e;
  }
  const info: WorkerInfo = {
    id,
    host: hostname(),
    pid: process.pid,
    started: new Date().toISOString(),
    concurrency: opts.concurrency,
    nps: opts.nps,
    engines: opts.offers.map((o) => o.build),
  };
  const announce = async () => {
    try {
      await announceWorker(redis, info);
    } catch (e) {
      log(`cannot announce this worker: ${message(e)}`);
    }
  };
  await announce();
  const announcer = setInterval(() => void announce(), ANNOUNCE_MS);
  log(`worker ${id} on ${opts.queue.shown}: ${opts.concurrency} slot${opts.concurrency === 1 ? '' : 's'}${opts.nps !== null ? `, ${opts.nps} nps` : ''}`);
  for (const o of opts.offers) log(`  offers ${o.name}: ${describeBuild(o.build)} ('${o.command}')`);

  const refused = new Set<string>();
  const queues = new Map<string, Queue>();
  const pending = async (run: string) => {
    let q = queues.get(run);
    if (q === undefined) {
      q = new Queue(queueName(run), { connection: redis, prefix: PREFIX });
      q.on('error', () => {});
      queues.set(run, q);
    }
    return q.getJobCountByTypes('wait', 'prioritized', 'delayed');
  };

  /** The runs this worker may serve, those with jobs waiting first. */
  const eligibleRuns = async (): Promise<RunSpec[]> => {
    const out: { spec: RunSpec; waiting: number }[] = [];
    for (const runId of await activeRuns(redis)) {
      if (refused.has(runId)) continue;
      const spec = await loadRun(redis, runId);
      if (spec === null || (await runStatus(redis, runId)) !== 'running') continue;
      let ok = true;
      for (const wanted of spec.engines) {
        const mine = offers.get(wanted.name);
        if (mine === undefined) {
          ok = false;
          break;
        }
        const diff = buildDifference(wanted, mine.build);
        if (diff !== null) {
          const why = `engine ${wanted.name} here is another build: ${diff}`;
          log(`refusing run ${runId}: ${why}`);
          await refuse(redis, runId, id, why);
          refused.add(runId);
          ok = false;
          break;
        }
      }
      if (ok) out.push({ spec, waiting: await pending(runId) });
    }
    return out.sort((a, b) => (b.waiting > 0 ? 1 : 0) - (a.waiting > 0 ? 1 : 0)).map((x) => x.spec);
  };

  try {
    while (!signal.aborted) {
      let runs: RunSpec[] = [];
      try {
        runs = await eligibleRuns();
      } catch (e) {
        log(`cannot read the runs: ${message(e)}`);
      }
      if (runs.length === 0) {
        await sleep(POLL_MS, signal);
        continue;
      }
      const spec = runs[0]!;
      info.run = spec.id;
      await announce();
      await serveRun(spec, { ...opts, id, redis, offers, pending, eligibleRuns }, signal);
      delete info.run;
      await announce();
    }
  } finally {
    clearInterval(announcer);
    await Promise.all([...queues.values()].map((q) => q.close().catch(() => {})));
    await retireWorker(redis, id).catch(() => {});
    redis.disconnect();
  }
}

interface ServeContext extends Omit<WorkerOptions, 'offers'> {
  id: string;
  redis: Redis;
  offers: Map<string, Offer>;
  pending: (run: string) => Promise<number>;
  eligibleRuns: () => Promise<RunSpec[]>;
}

/** Plays one run's jobs until it ends, this worker stops, or it has nothing left and another run waits. */
async function serveRun(spec: RunSpec, ctx: ServeContext, signal: AbortSignal): Promise<void> {
  const { log, redis } = ctx;
  const players = Array.from({ length: ctx.concurrency }, () => new PairPlayer(ctx.offers, ctx.timeouts, log));
  const free = [...players];
  let shuttingDown = false;
  let busy = 0;
  /** Jobs refused already (each comes back every few seconds until a worker that can play it takes it). */
  const refusedJobs = new Set<string>();
  log(`serving run ${spec.id} (${spec.kind})`);

  const processor = async (job: Job<QueueJob>, token: string | undefined, jobSignal: AbortSignal | undefined): Promise<PairResult | SelfplayResult> => {
    const data = job.data;
    const abort = jobSignal ?? new AbortController().signal;
    const giveBack = async (): Promise<never> => {
      await job.moveToWait(token);
      log(`gave job ${job.id} back to the queue`);
      throw new WaitingError();
    };
    if (data.run !== spec.id) throw new UnrecoverableError(`config: job of run ${data.run} in the queue of run ${spec.id}`);
    const names = data.kind === 'pair' ? data.engines : spec.engines.map((b) => b.name);
    const missing = names.filter((n) => !ctx.offers.has(n));
    if (missing.length > 0) {
      // A job naming an engine this machine lacks: never run anything else in its place; leave it
      // for a worker that has it.
      const why = `job ${job.id} names engine ${missing.map((n) => `'${n}'`).join(', ')}, which this worker does not offer (it offers ${[...ctx.offers.keys()].join(', ')})`;
      if (!refusedJobs.has(String(job.id))) {
        refusedJobs.add(String(job.id));
        log(`refused: ${why}`);
        await refuse(redis, spec.id, ctx.id, why);
      }
      await job.moveToDelayed(Date.now() + 5000, token);
      throw new DelayedError();
    }
    busy++;
    const t0 = performance.now();
    try {
      if (data.kind === 'pair') {
        const player = free.pop()!;
        const factor = clockFactor(data.scaling, ctx.nps);
        log(`run ${spec.id} pair ${data.pair + 1}: playing game${data.rounds.length > 1 ? 's' : ''} ${data.rounds.join(', ')}${factor !== 1 ? ` (clocks x${factor})` : ''}`);
        let games;
        try {
          games = await player.play(data, factor, abort);
        } catch (e) {
          if (e instanceof JobConfigError) throw new UnrecoverableError(`config: ${e.message}`);
          throw e;
        } finally {
          free.push(player);
        }
        if (games === null) {
          if (shuttingDown) return await giveBack();
          throw new Error('withdrawn');
        }
        log(`run ${spec.id} pair ${data.pair + 1} (game${games.length > 1 ? 's' : ''} ${data.rounds.join(', ')}): ${games.map((g) => g.result).join(', ')} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
        return { unit: data.pair, worker: ctx.id, clockFactor: factor, payload: games.map(gameToWire) };
      }
      let game: SelfplayGame | null = null;
      const outcome = await runSelfplayPool([data.job].values(), { workers: 1 }, (g) => (game = g), abort);
      if (outcome === 'aborted' || game === null) {
        if (shuttingDown) return await giveBack();
        throw new Error('withdrawn');
      }
      const played: SelfplayGame = game;
      log(`run ${spec.id} game ${data.job.index + 1}: ${played.result} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      return { unit: data.job.index, worker: ctx.id, clockFactor: 1, payload: { ...played, startedAt: played.startedAt.toISOString() } };
    } finally {
      busy--;
    }
  };

  const bull = new Worker<QueueJob, PairResult | SelfplayResult>(queueName(spec.id), processor, {
    connection: redis,
    prefix: PREFIX,
    concurrency: ctx.concurrency,
    lockDuration: ctx.stallMs,
    stalledInterval: ctx.stallMs,
    // A pair can stall more than once (two machines dying in turn); it is retried each time.
    maxStalledCount: 100,
    drainDelay: 1,
  });
  let lastError = '';
  bull.on('error', (e) => {
    const m = message(e);
    if (m !== lastError) log(`queue: ${m}`);
    lastError = m;
  });
  bull.on('failed', (job, e) => {
    if (e.message !== 'withdrawn' && !(e instanceof DelayedError) && !(e instanceof WaitingError)) log(`job ${job?.id ?? '?'} failed: ${message(e)}`);
  });

  const stopped = new AbortController();
  const onAbort = () => stopped.abort();
  /** The run's status when the worker left it because it was no longer running. */
  let ended: string | null = null;
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    let idleChecks = 0;
    while (!stopped.signal.aborted) {
      await sleep(POLL_MS, stopped.signal);
      if (stopped.signal.aborted) break;
      try {
        const status = await runStatus(redis, spec.id);
        if (status !== 'running') {
          ended = status ?? 'gone';
          break;
        }
        // Nothing to play here for a while while another run waits: go there.
        idleChecks = busy === 0 && (await ctx.pending(spec.id)) === 0 ? idleChecks + 1 : 0;
        if (idleChecks >= 3) {
          const others = (await ctx.eligibleRuns()).filter((s) => s.id !== spec.id);
          if (others.length > 0 && (await ctx.pending(others[0]!.id)) > 0) break;
          idleChecks = 0;
        }
      } catch (e) {
        const m = message(e);
        if (m !== lastError) log(`queue: ${m}`);
        lastError = m;
      }
    }
  } finally {
    signal.removeEventListener('abort', onAbort);
    shuttingDown = signal.aborted;
    bull.cancelAllJobs(shuttingDown ? 'worker stopping' : 'run ended');
    await bull.close().catch(() => {});
    await Promise.all(players.map((p) => p.shutdown()));
    if (ended !== null) {
      await clearQueueKeys(redis, spec.id).catch((e) => log(`queue: ${message(e)}`));
      log(`run ${spec.id} is ${ended}: leaving it`);
    }
  }
}
