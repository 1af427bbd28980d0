// The faults a distributed match must live through, with real processes: a worker SIGKILLed in
// the middle of a game, Redis stopped and restarted (append-only file) mid-match, and the
// coordinator SIGKILLed and resumed. Every game must be counted exactly once.

import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BREDON_ENGINE, Parts, rounds, SKIP_WITHOUT_REDIS } from './helpers.js';

const parts = new Parts();
afterEach(() => parts.cleanup(), 30_000);

function worker(url: string, ...extra: string[]) {
  return parts.bredon('worker', '--queue', url, '--engine', `a=${BREDON_ENGINE}`, '--engine', `b=${BREDON_ENGINE}`, '--nps', '700000', ...extra);
}

function withDir<T>(f: (d: string) => Promise<T>): Promise<T> {
  const d = mkdtempSync(join(tmpdir(), 'bredon-queue-'));
  return f(d).finally(() => rmSync(d, { recursive: true, force: true }));
}

const seq = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

// The matches a fault hits mid-way are 5x5 games at 3000 nodes a move: long enough that the
// match is still running when the fault comes (4x4 games at 300 nodes could all end first).

/** The Worker tag of each round in a PTN file. */
function workerOfRound(ptn: string): Map<number, string> {
  return new Map(ptn.split(/\n(?=\[Site)/).map((g) => [rounds(g)[0]!, /^\[Worker "([^"]+)"\]$/m.exec(g)![1]!]));
}

describe.skipIf(SKIP_WITHOUT_REDIS)('bredon match --queue through faults', () => {
  it('replays the pair of a worker SIGKILLed mid-game on another worker, counting it once', () =>
    withDir(async (d) => {
      const redis = await parts.redis();
      const victim = worker(redis.url, '--stall-seconds', '2');
      await victim.waitFor(/offers b:/, 20_000);
      const match = parts.bredon('match', '--queue', redis.url, '--engine', 'a', '--engine', 'b', '--size', '5', '--nodes', '3000', '--games', '6', '--ptn', join(d, 'g.ptn'));
      const [, pair] = await victim.waitFor(/pair ([0-9]+): playing games/, 30_000);
      const victimId = /worker (\S+) on redis/.exec(victim.stderr)![1]!;
      victim.kill('SIGKILL');
      const rescuer = worker(redis.url, '--stall-seconds', '2');
      expect(await match.done()).toBe(0);
      expect(match.stdout).toMatch(/^ {2}6 of 6 games in [0-9:]+, complete$/m);
      const ptn = readFileSync(join(d, 'g.ptn'), 'utf8');
      expect(rounds(ptn).sort((x, y) => x - y)).toEqual(seq(6));
      // The killed worker's pair was played again, whole, by the other worker.
      const rescuerId = /worker (\S+) on redis/.exec(rescuer.stderr)![1]!;
      const p = Number(pair);
      const byRound = workerOfRound(ptn);
      expect([byRound.get(2 * p - 1), byRound.get(2 * p)]).toEqual([rescuerId, rescuerId]);
      expect([...byRound.values()]).not.toContain(victimId);
    }), 120_000);

  it('gives the games in progress back at once when a worker is stopped with Ctrl-C', () =>
    withDir(async (d) => {
      const redis = await parts.redis();
      // The default stall time (30 s) is longer than the test: only a give-back lets it finish.
      const leaving = worker(redis.url);
      await leaving.waitFor(/offers b:/, 20_000);
      const match = parts.bredon('match', '--queue', redis.url, '--engine', 'a', '--engine', 'b', '--size', '5', '--nodes', '3000', '--games', '4', '--ptn', join(d, 'g.ptn'));
      await leaving.waitFor(/pair [0-9]+: playing games/, 30_000);
      leaving.kill('SIGINT');
      expect(await leaving.done(20_000)).toBe(130);
      expect(leaving.stderr).toMatch(/gave job u[0-9]+ back to the queue/);
      worker(redis.url);
      expect(await match.done(25_000)).toBe(0);
      expect(match.stdout).toMatch(/^ {2}4 of 4 games in [0-9:]+, complete$/m);
      expect(rounds(readFileSync(join(d, 'g.ptn'), 'utf8')).sort((x, y) => x - y)).toEqual(seq(4));
    }), 90_000);

  it('carries on when Redis is stopped and restarted mid-match (append-only file)', () =>
    withDir(async (d) => {
      const redis = await parts.redis({ appendonly: true });
      worker(redis.url);
      const match = parts.bredon('match', '--queue', redis.url, '--engine', 'a', '--engine', 'b', '--size', '5', '--nodes', '3000', '--games', '10', '--ptn', join(d, 'g.ptn'));
      await match.waitFor(/^game [0-9]+: /m, 30_000);
      // Down long enough for every client's reconnection attempts to be refused a few times.
      await redis.restart(1500);
      expect(await match.done()).toBe(0);
      // The outage was seen mid-match and got over.
      expect(match.stderr).toMatch(/Redis at redis:\/\/127\.0\.0\.1:[0-9]+: connect ECONNREFUSED[^]*Redis at redis:\/\/127\.0\.0\.1:[0-9]+: connected again[^]*^game 10: /m);
      expect(match.stdout).toMatch(/^ {2}10 of 10 games in [0-9:]+, complete$/m);
      expect(rounds(readFileSync(join(d, 'g.ptn'), 'utf8')).sort((x, y) => x - y)).toEqual(seq(10));
      const results = /^ {2}W ([0-9]+) {2}L ([0-9]+) {2}D ([0-9]+)/m.exec(match.stdout)!;
      expect(Number(results[1]) + Number(results[2]) + Number(results[3])).toBe(10);
    }), 120_000);

  it('continues a match whose coordinator was SIGKILLed with --resume ID, with the same counts', () =>
    withDir(async (d) => {
      const redis = await parts.redis();
      worker(redis.url);
      const first = parts.bredon('match', '--queue', redis.url, '--engine', 'a', '--engine', 'b', '--size', '5', '--nodes', '3000', '--games', '12', '--ptn', join(d, 'first.ptn'));
      await first.waitFor(/^game [0-9]+: [^|]*\| games 3\/12/m, 30_000);
      first.kill('SIGKILL');
      await first.exited;
      expect(first.proc.signalCode).toBe('SIGKILL');
      const id = /run ([0-9a-f]{8}) on/.exec(first.stderr)![1]!;
      const resumed = parts.bredon('match', '--queue', redis.url, '--resume', id, '--ptn', join(d, 'all.ptn'));
      expect(await resumed.done()).toBe(0);
      expect(resumed.stdout).toMatch(/^ {2}12 of 12 games in [0-9:]+, complete$/m);
      expect(resumed.stdout).toContain(`(run ${id},`);
      const ptn = readFileSync(join(d, 'all.ptn'), 'utf8');
      expect(rounds(ptn).sort((x, y) => x - y)).toEqual(seq(12));
      // The games the first coordinator had written are the same games.
      const firstPtn = readFileSync(join(d, 'first.ptn'), 'utf8');
      for (const game of firstPtn.split(/\n(?=\[Site)/)) expect(ptn).toContain(game.replace(/\n+$/, ''));
      // A second --resume of the finished run prints the same result without playing.
      const again = parts.bredon('match', '--queue', redis.url, '--resume', id);
      expect(await again.done()).toBe(0);
      const tally = (s: string) => s.split('\n').filter((l) => /^ {2}W |Pentanomial|Game ends/.test(l));
      expect(tally(again.stdout)).toEqual(tally(resumed.stdout));
    }), 120_000);
});
