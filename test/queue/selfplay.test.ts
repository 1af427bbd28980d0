// `bredon selfplay --queue` with real parts: the games of a run spread over two workers are the
// games a local run plays with the same seed, written on the coordinating side; --resume after
// the coordinator was killed writes them all again from Redis.

import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BREDON_ENGINE, Parts, rounds, SKIP_WITHOUT_REDIS } from './helpers.js';

const parts = new Parts();
afterEach(() => parts.cleanup(), 30_000);

const TERMS = ['--size', '4', '--nodes', '300', '--seed', '7', '--random-plies', '2'];
const sorted = (text: string) => text.split('\n').filter((l) => l !== '').sort();

describe.skipIf(SKIP_WITHOUT_REDIS)('bredon selfplay --queue', () => {
  it('plays the games of a local run with the same seed on the workers, files written here', async () => {
    const d = mkdtempSync(join(tmpdir(), 'bredon-queue-'));
    try {
      const redis = await parts.redis();
      for (let i = 0; i < 2; i++) parts.bredon('worker', '--queue', redis.url, '--engine', `b=${BREDON_ENGINE}`, '--nps', '1');
      const queued = parts.bredon('selfplay', '--queue', redis.url, ...TERMS, '--games', '6', '--ptn', join(d, 'q.ptn'), '--out', join(d, 'q.tsv'));
      expect(await queued.done()).toBe(0);
      expect(queued.stderr).toMatch(/played by Bredon [0-9.]+, file [0-9a-f]{12}/);
      expect(queued.stdout).toMatch(/^games 6\/6: /m);
      const local = parts.bredon('selfplay', ...TERMS, '--games', '6', '--concurrency', '1', '--ptn', join(d, 'l.ptn'), '--out', join(d, 'l.tsv'));
      expect(await local.done()).toBe(0);
      // The same positions, scores and results (the order is the order games arrived).
      expect(sorted(readFileSync(join(d, 'q.tsv'), 'utf8'))).toEqual(sorted(readFileSync(join(d, 'l.tsv'), 'utf8')));
      const ptn = readFileSync(join(d, 'q.ptn'), 'utf8');
      expect(rounds(ptn).sort()).toEqual([1, 2, 3, 4, 5, 6]);
      expect(ptn.match(/^\[Worker "/gm)).toHaveLength(6);
      expect(queued.stdout.split('\n')[0]).toBe(local.stdout.split('\n')[0]);
    } finally {
      rmSync(d, { recursive: true, force: true });
    }
  }, 120_000);

  it('continues a run whose coordinator was SIGKILLed with --resume ID, writing every game once', async () => {
    const d = mkdtempSync(join(tmpdir(), 'bredon-queue-'));
    try {
      const redis = await parts.redis();
      parts.bredon('worker', '--queue', redis.url, '--engine', `b=${BREDON_ENGINE}`, '--nps', '1');
      const first = parts.bredon('selfplay', '--queue', redis.url, ...TERMS, '--games', '16', '--ptn', join(d, 'first.ptn'));
      const games = () => (existsSync(join(d, 'first.ptn')) ? rounds(readFileSync(join(d, 'first.ptn'), 'utf8')).length : 0);
      for (let i = 0; i < 600 && games() < 2; i++) await new Promise((r) => setTimeout(r, 100));
      expect(games()).toBeGreaterThanOrEqual(2);
      first.kill('SIGKILL');
      await first.exited;
      // Killed mid-run, not finished by itself.
      expect(first.proc.signalCode).toBe('SIGKILL');
      const id = /run ([0-9a-f]{8}):/.exec(first.stderr)![1]!;
      const resumed = parts.bredon('selfplay', '--queue', redis.url, '--resume', id, '--ptn', join(d, 'all.ptn'), '--out', join(d, 'all.tsv'));
      expect(await resumed.done()).toBe(0);
      expect(resumed.stdout).toMatch(/^games 16\/16: /m);
      expect(rounds(readFileSync(join(d, 'all.ptn'), 'utf8')).sort((x, y) => x - y)).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
      const local = parts.bredon('selfplay', ...TERMS, '--games', '16', '--concurrency', '1', '--out', join(d, 'l.tsv'));
      expect(await local.done()).toBe(0);
      expect(sorted(readFileSync(join(d, 'all.tsv'), 'utf8'))).toEqual(sorted(readFileSync(join(d, 'l.tsv'), 'utf8')));
    } finally {
      rmSync(d, { recursive: true, force: true });
    }
  }, 120_000);
});
