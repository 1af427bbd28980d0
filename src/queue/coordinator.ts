// The coordinating side of a run (a match or a self-play run), whatever its games are: fix the
// engine builds from the workers that offer them, queue one job per unit (pair or game) with the
// unit as its BullMQ job id, and count each result once as it arrives, until every unit is
// counted, the caller stops the run (an SPRT decided), or the user interrupts it (the jobs are
// then withdrawn). `--resume ID` starts from what Redis holds: the counted results are replayed
// to the caller and only the units not counted are queued again (adding a job whose id is still
// queued does nothing).

import { randomBytes } from 'node:crypto';
import { Queue, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { PREFIX, checkAccess, connect } from './connection.js';
import { sleep } from './sleep.js';
import { errorText as message, type QueueUrl } from './url.js';
import { buildDifference, describeBuild, type EngineBuild, type JobResult, type QueueJob } from './jobs.js';
import {
  countedResults,
  endRun,
  isCounted,
  liveWorkers,
  loadRun,
  publishRun,
  queueName,
  recordResult,
  refusals,
  runStatus,
  saveRun,
  type RunKind,
  type RunSpec,
  type WorkerInfo,
} from './store.js';

/** The run cannot start or go on (no such run to resume, a job no worker can play as asked). */
export class RunError extends Error {
  override name = 'RunError';
}

export interface CoordinatorOptions<S> {
  queue: QueueUrl;
  kind: RunKind;
  /** A run to continue, or null for a new one. */
  resume: string | null;
  /** For a new run: the engine names it needs, its settings and how many units it has. */
  engineNames: string[];
  settings: S;
  units: number;
  /** Lines for the user (stderr). */
  log: (line: string) => void;
}

export interface CoordinatorHooks<S, R> {
  /** The run is known (new or resumed), before any result. */
  onStart: (spec: RunSpec<S>, resumed: boolean) => void;
  /** The job of one unit. */
  jobFor: (unit: number, spec: RunSpec<S>) => QueueJob;
  /** A result counted (replayed from Redis on --resume); return true to stop the run (SPRT). */
  onResult: (result: JobResult<R>, replayed: boolean) => boolean;
  /** Called every half second with the number of workers serving the run (for the status line). */
  onTick: (workers: number) => void;
}

export type RunEnd = 'completed' | 'stopped' | 'interrupted' | 'error';

export interface RunOutcome<S> {
  spec: RunSpec<S>;
  end: RunEnd;
  error?: string;
  /** Workers that played counted results. */
  workers: Set<string>;
}

const POLL_MS = 500;
const WORKERS_EVERY_MS = 2000;
const WAIT_NOTICE_MS = 10_000;
const BATCH = 100;
/** A unit whose job fails this many times (an engine that will not start there) ends the run, as in a local match. */
const MAX_FAILURES = 3;

/** Whether a worker offers every engine of the run in the run's build. */
function offersRun(w: WorkerInfo, builds: EngineBuild[]): boolean {
  return builds.every((b) => {
    const mine = w.engines.find((e) => e.name === b.name);
    return mine !== undefined && buildDifference(b, mine) === null;
  });
}

function workersText(workers: WorkerInfo[]): string {
  if (workers.length === 0) return 'no worker is connected';
  const names = [...new Set(workers.flatMap((w) => w.engines.map((e) => e.name)))].sort();
  return `${workers.length} worker${workers.length === 1 ? '' : 's'} connected, offering ${names.length === 0 ? 'nothing' : names.join(', ')}`;
}

/** A notice that repeats only when it changes or every WAIT_NOTICE_MS (a log must not fill up). */
function noticeBoard(log: (line: string) => void) {
  let last = '';
  let at = 0;
  return (text: string) => {
    const now = performance.now();
    if (text !== last || now - at >= WAIT_NOTICE_MS) {
      log(text);
      last = text;
      at = now;
    }
  };
}

/** The first live worker's build of each engine name; waits (saying so) until every name is offered. */
async function fixBuilds(redis: Redis, names: string[], opts: { log: (l: string) => void }, signal: AbortSignal): Promise<EngineBuild[] | null> {
  const notice = noticeBoard(opts.log);
  for (;;) {
    let workers: WorkerInfo[] = [];
    try {
      workers = await liveWorkers(redis);
    } catch (e) {
      notice(`waiting for Redis: ${message(e)}`);
    }
    const builds = names.map((n) => workers.flatMap((w) => w.engines).find((e) => e.name === n));
    if (builds.every((b) => b !== undefined)) return builds as EngineBuild[];
    const missing = names.filter((_, i) => builds[i] === undefined);
    notice(
      `waiting for a worker offering engine ${missing.map((n) => `'${n}'`).join(' and ')} (${workersText(workers)}); ` +
        `start one with: bredon worker --queue URL --engine ${missing[0]}=COMMAND`,
    );
    await sleep(1000, signal);
    if (signal.aborted) return null;
  }
}

export async function coordinate<S, R>(opts: CoordinatorOptions<S>, hooks: CoordinatorHooks<S, R>, signal: AbortSignal): Promise<RunOutcome<S>> {
  const { log } = opts;
  const redis = connect(opts.queue, log);
  let queue: Queue | null = null;
  try {
    await checkAccess(redis, opts.queue);
    let spec: RunSpec<S>;
    const resumed = opts.resume !== null;
    if (opts.resume !== null) {
      const found = await loadRun<S>(redis, opts.resume);
      if (found === null) throw new RunError(`there is no run '${opts.resume}' in Redis at ${opts.queue.shown}`);
      if (found.kind !== opts.kind) throw new RunError(`run '${opts.resume}' is a ${found.kind} run, not a ${opts.kind} run`);
      const status = await runStatus(redis, found.id);
      if (status === 'withdrawn') throw new RunError(`run '${found.id}' was withdrawn (interrupted): its jobs are gone`);
      spec = found;
    } else {
      const builds = await fixBuilds(redis, [...new Set(opts.engineNames)], opts, signal);
      if (builds === null) throw new RunError('interrupted while waiting for workers');
      spec = { id: randomBytes(4).toString('hex'), kind: opts.kind, created: new Date().toISOString(), engines: builds, units: opts.units, settings: opts.settings };
      await saveRun(redis, spec);
    }
    log(`run ${spec.id} on ${opts.queue.shown}${resumed ? ' (resumed)' : ''}: continue it after a crash with --resume ${spec.id}`);
    for (const b of spec.engines) log(`  engine ${b.name}: ${describeBuild(b)}`);
    hooks.onStart(spec, resumed);
    // Made before the replay: a resumed run that is already decided still has its jobs withdrawn.
    queue = new Queue(queueName(spec.id), { connection: redis, prefix: PREFIX });
    queue.on('error', () => {});

    const workers = new Set<string>();
    let stopRequested = false;
    let countedUnits = 0;
    for (const text of await countedResults(redis, spec.id)) {
      const result = JSON.parse(text) as JobResult<R>;
      countedUnits++;
      workers.add(result.worker);
      if (hooks.onResult(result, true)) stopRequested = true;
    }
    const finish = async (end: RunEnd, error?: string): Promise<RunOutcome<S>> => {
      try {
        await endRun(redis, spec.id, end === 'completed' || end === 'stopped' ? 'done' : 'withdrawn');
        await queue?.obliterate({ force: true });
      } catch (e) {
        log(`could not withdraw the jobs of run ${spec.id}: ${message(e)}`);
      }
      return { spec, end, error, workers };
    };
    if (stopRequested) return await finish('stopped');
    if ((await runStatus(redis, spec.id)) === 'done' || countedUnits >= spec.units) return await finish('completed');

    // Queue what is not counted yet; a unit still queued keeps its job (same id: the add is a no-op).
    const q = queue;
    for (let from = 0; from < spec.units; from += 500) {
      const units = Array.from({ length: Math.min(500, spec.units - from) }, (_, i) => from + i);
      const counted = await isCounted(redis, spec.id, units);
      const jobs = units
        .filter((_, i) => !counted[i])
        .map((u) => ({ name: spec.kind, data: hooks.jobFor(u, spec), opts: { jobId: `u${u}`, removeOnComplete: false, removeOnFail: false } }));
      if (jobs.length > 0) await q.addBulk(jobs);
    }
    await publishRun(redis, spec.id);

    const notice = noticeBoard(log);
    const seenRefusals = new Set<string>();
    // Every refusal is told, also one that came just before the last result.
    const tellRefusals = async () => {
      for (const [worker, why] of Object.entries(await refusals(redis, spec.id))) {
        const key = `${worker} ${why}`;
        if (seenRefusals.has(key)) continue;
        seenRefusals.add(key);
        log(`worker ${worker} refused this run: ${why}`);
      }
    };
    let serving = 0;
    let lastWorkersCheck = -Infinity;
    let lastError = '';
    const failures = new Map<string, number>();
    while (!signal.aborted) {
      try {
        const done = (await q.getJobs(['completed'], 0, BATCH - 1, true)) as Job<QueueJob, JobResult<R>>[];
        for (const job of done) {
          const result = job.returnvalue;
          if (result !== null && result !== undefined && (await recordResult(redis, spec.id, result.unit, JSON.stringify(result)))) {
            countedUnits++;
            workers.add(result.worker);
            if (hooks.onResult(result, false)) stopRequested = true;
          }
          await job.remove();
          if (stopRequested) break;
        }
        if (stopRequested || countedUnits >= spec.units) {
          await tellRefusals();
          return await finish(stopRequested ? 'stopped' : 'completed');
        }

        if (performance.now() - lastWorkersCheck >= WORKERS_EVERY_MS) {
          lastWorkersCheck = performance.now();
          const live = await liveWorkers(redis);
          serving = live.filter((w) => w.run === spec.id).length;
          if (!live.some((w) => offersRun(w, spec.engines))) {
            notice(
              `waiting: no worker offers ${spec.engines.map((b) => `${b.name} (${describeBuild(b)})`).join(' and ')} (${workersText(live)})`,
            );
          }
          await tellRefusals();
          for (const job of (await q.getJobs(['failed'], 0, BATCH - 1, true)) as Job<QueueJob>[]) {
            const reason = job.failedReason ?? '';
            if (reason.startsWith('config: ')) {
              const error = reason.slice('config: '.length);
              return await finish('error', error);
            }
            if (reason === 'withdrawn') continue;
            const n = (failures.get(job.id!) ?? 0) + 1;
            failures.set(job.id!, n);
            if (n >= MAX_FAILURES) return await finish('error', `job ${job.id} failed ${n} times; last: ${reason}`);
            log(`job ${job.id} failed (${reason}): queued again`);
            await job.retry('failed');
          }
        }
        hooks.onTick(serving);
        if (lastError !== '') log('Redis answers again');
        lastError = '';
      } catch (e) {
        const m = message(e);
        if (m !== lastError) log(`Redis at ${opts.queue.shown}: ${m} (retrying)`);
        lastError = m;
      }
      await sleep(POLL_MS, signal);
    }
    return await finish('interrupted');
  } finally {
    await queue?.close().catch(() => {});
    redis.disconnect();
  }
}
