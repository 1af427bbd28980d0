// `bredon match --queue` with real parts: a redis-server on a random loopback port, `bredon worker`
// processes, and Bredon itself as the engines at tiny node budgets on 4x4.

import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { Queue } from 'bullmq';
import { BREDON_ENGINE, Parts, rounds, SKIP_WITHOUT_REDIS } from './helpers.js';
import { buildFakeRules, fake, removeDir } from '../match/helpers.js';
import { saveRun, publishRun, refusals, queueName, type RunSpec } from '../../src/queue/store.js';

const parts = new Parts();
afterEach(() => parts.cleanup(), 30_000);

const dir = () => mkdtempSync(join(tmpdir(), 'bredon-queue-'));
const TERMS = ['--size', '4', '--nodes', '150'];

function worker(url: string, ...extra: string[]) {
  return parts.bredon('worker', '--queue', url, '--engine', `a=${BREDON_ENGINE}`, '--engine', `b=${BREDON_ENGINE}`, '--nps', '700000', '--stall-seconds', '2', ...extra);
}

/** The report without its lines that say where and how long (those differ between local and queued). */
function comparable(report: string): string[] {
  return report
    .trim()
    .split('\n')
    .filter((l) => !/^ {2}[0-9]x[0-9], komi/.test(l))
    .map((l) => l.replace(/ in [0-9:]+, /, ' in T, '));
}

describe.skipIf(SKIP_WITHOUT_REDIS)('bredon match --queue', () => {
  it('plays every game once over several workers, with the report and PTN of a local match; the password never shows', async () => {
    const redis = await parts.redis({ password: 's3cret-pw' });
    const workers = [worker(redis.url), worker(redis.url)];
    // A wrong password is one line and an exit, not a retry loop.
    const wrong = parts.bredon('worker', '--queue', redis.url.replace('s3cret-pw', 'guess-pw'), '--engine', `a=${BREDON_ENGINE}`, '--nps', '1');
    expect(await wrong.done(20_000)).toBe(2);
    expect(wrong.stderr).toMatch(/^bredon worker: Redis at redis:\/\/:\*\*\*@127\.0\.0\.1:[0-9]+ refuses this client: WRONGPASS/m);
    expect(wrong.output).not.toContain('guess-pw');
    const d = dir();
    try {
      const queued = parts.bredon('match', '--queue', redis.url, '--engine', 'a', '--engine', 'b', ...TERMS, '--games', '8', '--ptn', join(d, 'q.ptn'));
      expect(await queued.done()).toBe(0);
      const local = parts.bredon('match', '--engine', BREDON_ENGINE, '--engine', BREDON_ENGINE, ...TERMS, '--games', '8', '--ptn', join(d, 'l.ptn'));
      expect(await local.done()).toBe(0);
      // Node budgets make the games the same wherever they are played: the same tally, word for word.
      expect(comparable(queued.stdout)).toEqual(comparable(local.stdout));
      expect(queued.stdout).toMatch(/^ {2}8 of 8 games in [0-9:]+, complete$/m);
      // Progress (not a terminal): a line a game, with the workers serving and the pace.
      expect(queued.stderr).toMatch(/^game 8: .* \(worker [^)]+\) \| games [0-9]\/8 .* workers [0-9]+ {2}[0-9.]+ games\/min$/m);
      expect(queued.stdout).toMatch(/on the queue redis:\/\/:\*\*\*@127\.0\.0\.1:[0-9]+ \(run [0-9a-f]{8}, [12] workers?\)/);
      const ptn = readFileSync(join(d, 'q.ptn'), 'utf8');
      expect(rounds(ptn).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      expect(ptn).toMatch(/^\[Worker "[^"]+"\]$/m);
      // The games themselves are the local match's.
      const strip = (p: string) => p.replace(/^\[(Date|Time|Worker|Round)[^\n]*\n/gm, '').replace(/ ?[0-9.]+s\}/g, '}');
      const byRound = (p: string) => new Map(p.split(/\n(?=\[Site)/).map((g) => [rounds(g)[0], strip(g).trim()]));
      const q = byRound(ptn);
      for (const [round, game] of byRound(readFileSync(join(d, 'l.ptn'), 'utf8'))) expect(q.get(round)).toBe(game);
      for (const p of [queued, ...workers]) expect(p.output).not.toContain('s3cret-pw');
    } finally {
      rmSync(d, { recursive: true, force: true });
    }
  }, 120_000);

  it('ends with one line when the engines cannot play as asked (an option the engine lacks)', async () => {
    const redis = await parts.redis();
    worker(redis.url);
    const match = parts.bredon('match', '--queue', redis.url, '--engine', 'a', '--engine', 'b', '--option', '1:Nope=3', ...TERMS, '--games', '2');
    expect(await match.done()).toBe(2);
    expect(match.stdout).toBe('');
    expect(match.stderr).toMatch(/^bredon match: engine 1 \(a\) has no option 'Nope' \(it offers: HalfKomi, /m);
  }, 60_000);

  it('says it is waiting while no worker offers an engine, and starts when one comes', async () => {
    const redis = await parts.redis();
    const match = parts.bredon('match', '--queue', redis.url, '--engine', 'a', '--engine', 'b', ...TERMS, '--games', '2');
    await match.waitFor(/waiting for a worker offering engine 'a' and 'b' \(no worker is connected\)/, 20_000);
    worker(redis.url);
    expect(await match.done()).toBe(0);
    expect(match.stdout).toMatch(/2 of 2 games/);
  }, 60_000);

  it('refuses a worker whose engine of the same name is another build, naming the difference', async () => {
    const redis = await parts.redis();
    const d = dir();
    try {
      // The same program under another file: another hash, the same id.
      const copy = join(d, 'other-bredon.js');
      const { copyFileSync, appendFileSync } = await import('node:fs');
      copyFileSync(BREDON_ENGINE.split(' ')[1]!, copy);
      appendFileSync(copy, '\n// another build\n');
      const first = worker(redis.url);
      await first.waitFor(/offers b:/, 20_000);
      const other = parts.bredon('worker', '--queue', redis.url, '--engine', `a=${BREDON_ENGINE}`, '--engine', `b=${process.execPath} ${copy}`, '--nps', '700000');
      await other.waitFor(/offers b:/, 20_000);
      const match = parts.bredon('match', '--queue', redis.url, '--engine', 'a', '--engine', 'b', ...TERMS, '--games', '8');
      await other.waitFor(/refusing run/, 20_000);
      expect(await match.done()).toBe(0);
      expect(match.stdout).toMatch(/8 of 8 games/);
      expect(match.stderr).toMatch(/refused this run: engine b here is another build: file hash [0-9a-f]{12} \(.*other-bredon\.js\) instead of [0-9a-f]{12}/);
      expect(other.stderr).toMatch(/refusing run [0-9a-f]{8}: engine b here is another build/);
      expect(other.stderr).not.toMatch(/playing game/);
    } finally {
      rmSync(d, { recursive: true, force: true });
    }
  }, 60_000);

  it('never runs anything for a job naming an engine the worker does not offer: the job waits for another worker', async () => {
    const redis = await parts.redis();
    const w = worker(redis.url);
    await w.waitFor(/offers b:/, 20_000);
    const client = new Redis(redis.url, { maxRetriesPerRequest: null });
    const queue = new Queue(queueName('feedf00d'), { connection: client, prefix: 'bredon' });
    try {
      const builds = JSON.parse((await client.get((await client.keys('bredon:worker:*'))[0]!))!).engines;
      const spec: RunSpec = { id: 'feedf00d', kind: 'match', created: new Date().toISOString(), engines: builds, units: 1, settings: {} };
      await saveRun(client, spec);
      const job = {
        kind: 'pair', run: 'feedf00d', pair: 0, rounds: [1, 2], engines: ['a', 'rm -rf'], options: [[], []], names: ['a', 'x'],
        opening: { line: 0, tps: null, moves: [] }, size: 4, halfKomi: 0, tcs: [{ baseMs: 1000, incMs: 0, nodes: 100 }, { baseMs: 1000, incMs: 0, nodes: 100 }],
        maxPlies: 100, scaling: null,
      };
      await queue.add('match', job, { jobId: 'u0' });
      await publishRun(client, 'feedf00d');
      await w.waitFor(/refused: job u0 names engine 'rm -rf', which this worker does not offer \(it offers a, b, self\)/, 20_000);
      expect(Object.values(await refusals(client, 'feedf00d')).join()).toMatch(/names engine 'rm -rf'/);
      // Not failed, not lost: put back for a worker that has the engine.
      expect(await queue.getJobState('u0')).toMatch(/delayed|waiting|active/);
      expect(w.stderr).not.toMatch(/playing game/);
    } finally {
      await queue.close();
      client.disconnect();
    }
  }, 60_000);

  it('scales the clocks of a slower worker by its speed and says so in the PTN; node budgets are never scaled', async () => {
    const redis = await parts.redis();
    // Half the reference speed: twice the time.
    parts.bredon('worker', '--queue', redis.url, '--engine', `a=${BREDON_ENGINE}`, '--engine', `b=${BREDON_ENGINE}`, '--nps', '350000');
    const d = dir();
    try {
      const match = parts.bredon('match', '--queue', redis.url, '--engine', 'a', '--engine', 'b', '--size', '4', '--tc', '0.5+0.005', '--games', '2', '--reference-nps', '700000', '--ptn', join(d, 'g.ptn'));
      expect(await match.done()).toBe(0);
      const ptn = readFileSync(join(d, 'g.ptn'), 'utf8');
      expect(ptn.match(/^\[ClockFactor "2"\]$/gm)).toHaveLength(2);
      expect(ptn.match(/^\[Clock "0:01 \+0\.01"\]$/gm)).toHaveLength(2);
      // The report states the match's own time control.
      expect(match.stdout).toMatch(/tc 0\.5\+0\.005,/);
      const nodes = parts.bredon('match', '--queue', redis.url, '--engine', 'a', '--engine', 'b', ...TERMS, '--games', '2', '--ptn', join(d, 'n.ptn'));
      expect(await nodes.done()).toBe(0);
      expect(readFileSync(join(d, 'n.ptn'), 'utf8')).not.toContain('ClockFactor');
    } finally {
      rmSync(d, { recursive: true, force: true });
    }
  }, 60_000);

  it('stops when the SPRT decides and withdraws the jobs left', async () => {
    const rulesDir = await buildFakeRules();
    const d = dir();
    try {
      const redis = await parts.redis();
      parts.bredon('worker', '--queue', redis.url, '--engine', `random=${fake('random')}`, '--engine', `crashy=${fake('crash')}`, '--nps', '1', '--concurrency', '2');
      const match = parts.bredon('match', '--queue', redis.url, '--engine', 'random', '--engine', 'crashy', '--size', '4', '--tc', '2+0.05', '--games', '400', '--sprt', 'elo0=0', 'elo1=20', '--ptn', join(d, 'g.ptn'));
      expect(await match.done()).toBe(0);
      const games = Number(/ ([0-9]+) of 400 games in [0-9:]+, stopped by the SPRT/.exec(match.stdout)![1]);
      expect(games).toBeLessThan(400);
      expect(match.stdout).toContain(`W ${games}  L 0  D 0`);
      expect(match.stdout).toMatch(/SPRT verdict: H1 accepted: RandomMover is stronger/);
      expect(rounds(readFileSync(join(d, 'g.ptn'), 'utf8'))).toHaveLength(games);
      const id = /run ([0-9a-f]{8}) on/.exec(match.stderr)![1]!;
      const client = new Redis(redis.url);
      try {
        expect(await client.keys(`bredon:${queueName(id)}:*`)).toEqual([]);
        expect(await client.get(`bredon:run:${id}:status`)).toBe('done');
      } finally {
        client.disconnect();
      }
    } finally {
      rmSync(d, { recursive: true, force: true });
      removeDir(rulesDir);
    }
  }, 60_000);

  it('withdraws its jobs on Ctrl-C and prints the report so far', async () => {
    const redis = await parts.redis();
    const w = worker(redis.url);
    const match = parts.bredon('match', '--queue', redis.url, '--engine', 'a', '--engine', 'b', ...TERMS, '--games', '400');
    await match.waitFor(/^game [0-9]+: /m, 30_000);
    match.kill('SIGINT');
    expect(await match.done()).toBe(0);
    expect(match.stdout).toMatch(/of 400 games in [0-9:]+, interrupted/);
    const id = /run ([0-9a-f]{8})/.exec(match.stderr)![1]!;
    await w.waitFor(new RegExp(`run ${id} is withdrawn: leaving it`), 10_000);
    const client = new Redis(redis.url);
    try {
      expect(await client.keys(`bredon:${queueName(id)}:*`)).toEqual([]);
      expect(await client.get(`bredon:run:${id}:status`)).toBe('withdrawn');
    } finally {
      client.disconnect();
    }
  }, 60_000);
});
