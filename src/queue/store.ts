// Bredon's own keys beside BullMQ's, all under `bredon:`:
//
//   bredon:runs                 set of the ids of runs in progress (workers look here for work)
//   bredon:run:ID               the run's spec (JSON): kind, engine builds, settings for --resume
//   bredon:run:ID:status        running | done | withdrawn
//   bredon:run:ID:counted       set of the units (pairs, games) whose result is counted
//   bredon:run:ID:results       list of the counted results (JSON), in the order counted
//   bredon:run:ID:refusals      hash: worker -> why it refused the run (another build)
//   bredon:workers              set of worker ids (members whose key expired are pruned)
//   bredon:worker:ID            a worker's announcement (JSON), expiring unless renewed
//
// The jobs themselves are BullMQ's queue `run-ID` (keys `bredon:run-ID:*`). A result is counted
// by one script that adds its unit to `counted` and appends it to `results` only when the unit
// was not there: a pair retried after a stall, or a coordinator that died between counting a
// result and removing its job, never counts a game twice.

import type { Redis } from 'ioredis';
import { PREFIX } from './connection.js';
import type { EngineBuild } from './jobs.js';

export type RunKind = 'match' | 'selfplay';
export type RunStatus = 'running' | 'done' | 'withdrawn';

export interface RunSpec<S = unknown> {
  id: string;
  kind: RunKind;
  created: string;
  /** One build per engine name the run plays; workers with another build of a name are refused. */
  engines: EngineBuild[];
  /** Jobs in the run (pairs or games). */
  units: number;
  /** What --resume needs to carry on (the command's settings). */
  settings: S;
}

export interface WorkerInfo {
  id: string;
  host: string;
  pid: number;
  started: string;
  concurrency: number;
  /** `bredon bench --depth 5` nodes per second measured at start (or given). */
  nps: number | null;
  engines: EngineBuild[];
  /** The run it is serving, if any. */
  run?: string;
}

/** Finished runs' keys are kept this long (a late --resume still prints the result). */
const KEEP_SECONDS = 7 * 24 * 3600;
/** A worker not heard from for this long is gone. */
export const WORKER_TTL_SECONDS = 15;

const runKey = (id: string, part?: string) => `${PREFIX}:run:${id}${part === undefined ? '' : `:${part}`}`;
const RUNS = `${PREFIX}:runs`;
const WORKERS = `${PREFIX}:workers`;
const workerKey = (id: string) => `${PREFIX}:worker:${id}`;

/** The BullMQ queue name of a run. */
export const queueName = (id: string) => `run-${id}`;

export async function saveRun(redis: Redis, spec: RunSpec): Promise<void> {
  await redis.multi().set(runKey(spec.id), JSON.stringify(spec)).set(runKey(spec.id, 'status'), 'running').exec();
}

/** Lists the run where workers look for work (after its jobs are queued). */
export async function publishRun(redis: Redis, id: string): Promise<void> {
  await redis.sadd(RUNS, id);
}

export async function loadRun<S>(redis: Redis, id: string): Promise<RunSpec<S> | null> {
  const text = await redis.get(runKey(id));
  return text === null ? null : (JSON.parse(text) as RunSpec<S>);
}

export async function runStatus(redis: Redis, id: string): Promise<RunStatus | null> {
  return (await redis.get(runKey(id, 'status'))) as RunStatus | null;
}

export async function activeRuns(redis: Redis): Promise<string[]> {
  return (await redis.smembers(RUNS)).sort();
}

/** Marks a run finished (done or withdrawn): workers leave it; its results stay for a week. */
export async function endRun(redis: Redis, id: string, status: Exclude<RunStatus, 'running'>): Promise<void> {
  const m = redis.multi().set(runKey(id, 'status'), status).srem(RUNS, id);
  for (const part of [undefined, 'status', 'counted', 'results', 'refusals']) m.expire(runKey(id, part), KEEP_SECONDS);
  await m.exec();
}

/**
 * Deletes what is left of a finished run's BullMQ queue (keys `bredon:run-ID:*`). The
 * coordinator obliterates the queue when the run ends, but a worker still attached to it until
 * it notices can write its bookkeeping back (the stalled-jobs check's `stalled-check`, `meta`),
 * so each worker clears the queue again once it has closed its connection to it.
 */
export async function clearQueueKeys(redis: Redis, id: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${PREFIX}:${queueName(id)}:*`, 'COUNT', 1000);
    if (keys.length > 0) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
}

const RECORD_ONCE = `
if redis.call('SADD', KEYS[1], ARGV[1]) == 1 then
  redis.call('RPUSH', KEYS[2], ARGV[2])
  return 1
end
return 0`;

/** Counts a unit's result unless it already was; returns whether it was counted now. */
export async function recordResult(redis: Redis, id: string, unit: number, json: string): Promise<boolean> {
  const r = await redis.eval(RECORD_ONCE, 2, runKey(id, 'counted'), runKey(id, 'results'), String(unit), json);
  return r === 1;
}

export async function countedResults(redis: Redis, id: string): Promise<string[]> {
  return redis.lrange(runKey(id, 'results'), 0, -1);
}

export async function isCounted(redis: Redis, id: string, units: number[]): Promise<boolean[]> {
  if (units.length === 0) return [];
  const r = await redis.smismember(runKey(id, 'counted'), ...units.map(String));
  return r.map((x) => x === 1);
}

export async function refuse(redis: Redis, id: string, worker: string, why: string): Promise<void> {
  await redis.hset(runKey(id, 'refusals'), worker, why);
}

export async function refusals(redis: Redis, id: string): Promise<Record<string, string>> {
  return redis.hgetall(runKey(id, 'refusals'));
}

export async function announceWorker(redis: Redis, info: WorkerInfo): Promise<void> {
  await redis.multi().set(workerKey(info.id), JSON.stringify(info), 'EX', WORKER_TTL_SECONDS).sadd(WORKERS, info.id).exec();
}

export async function retireWorker(redis: Redis, id: string): Promise<void> {
  await redis.multi().del(workerKey(id)).srem(WORKERS, id).exec();
}

/** The workers alive now, oldest first; the ids of those gone are pruned from the set. */
export async function liveWorkers(redis: Redis): Promise<WorkerInfo[]> {
  const ids = await redis.smembers(WORKERS);
  if (ids.length === 0) return [];
  const texts = await redis.mget(...ids.map(workerKey));
  const gone = ids.filter((_, i) => texts[i] === null);
  if (gone.length > 0) await redis.srem(WORKERS, ...gone);
  return texts
    .filter((t): t is string => t !== null)
    .map((t) => JSON.parse(t) as WorkerInfo)
    .sort((a, b) => a.started.localeCompare(b.started) || a.id.localeCompare(b.id));
}
