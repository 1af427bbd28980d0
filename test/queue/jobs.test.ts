// The pure parts of the queue: URLs and their printable form, build differences, clock scaling,
// and a game's trip through JSON (its final position rebuilt by the rules core).

import { describe, expect, it } from 'vitest';
import { parseQueueUrl, QueueUrlError, scrubPasswords } from '../../src/queue/url.js';
import { buildDifference, clockFactor, describeBuild, gameFromWire, gameToWire, scaleTimeControl } from '../../src/queue/jobs.js';
import { formatTps } from '../../src/notation/tps.js';
import { makeMove } from '../../src/core/makemove.js';
import { parseMove } from '../../src/notation/ptn-move.js';
import { openingStart, EMPTY_OPENING } from '../../src/match/openings.js';
import type { GameRecord } from '../../src/match/game.js';

describe('queue URLs', () => {
  it('hides the password in the printable form and in library messages', () => {
    const q = parseQueueUrl('redis://:hunter2@db.example:6380/3');
    expect(q.shown).toBe('redis://:***@db.example:6380/3');
    expect(q.url).toContain('hunter2');
    expect(parseQueueUrl('rediss://user:pw@h').shown).toBe('rediss://user:***@h');
    expect(parseQueueUrl('redis://127.0.0.1:6379').shown).toBe('redis://127.0.0.1:6379');
    expect(scrubPasswords('cannot reach redis://:hunter2@db.example:6380 now')).toBe('cannot reach redis://:***@db.example:6380 now');
  });

  it('refuses what is not a redis URL, without quoting it', () => {
    expect(() => parseQueueUrl('http://x')).toThrow(QueueUrlError);
    expect(() => parseQueueUrl('redis://h/abc')).toThrow(/database/);
    try {
      parseQueueUrl('not a url :secret@');
    } catch (e) {
      expect((e as Error).message).not.toContain('secret');
    }
  });
});

describe('engine builds', () => {
  const a = { name: 'new', idName: 'Bredon 0.1.0', idVersion: '0.1.0', hash: 'a'.repeat(64), file: 'dist/bredon.js' };
  it('names every difference, and none for the same build', () => {
    expect(buildDifference(a, { ...a })).toBeNull();
    expect(buildDifference(a, { ...a, idVersion: '0.1.1', hash: 'b'.repeat(64), file: 'other.js' })).toBe(
      "id version '0.1.1' instead of '0.1.0', file hash bbbbbbbbbbbb (other.js) instead of aaaaaaaaaaaa",
    );
    expect(describeBuild(a)).toBe('Bredon 0.1.0, file aaaaaaaaaaaa');
    expect(describeBuild({ name: 'x', idName: 'Tiltak', idVersion: '2' })).toBe('Tiltak 2, file none');
  });
});

describe('clock scaling', () => {
  it('gives a slower machine more time, not with node budgets, within bounds', () => {
    expect(clockFactor({ referenceNps: 700_000 }, 350_000)).toBe(2);
    expect(clockFactor({ referenceNps: 700_000 }, 1_400_000)).toBe(0.5);
    expect(clockFactor(null, 350_000)).toBe(1);
    expect(clockFactor({ referenceNps: 700_000 }, 1)).toBe(8);
    expect(scaleTimeControl({ baseMs: 10_000, incMs: 100 }, 1.5)).toEqual({ baseMs: 15_000, incMs: 150 });
  });
});

describe('games through JSON', () => {
  it('come back with their final position replayed', () => {
    const moves = ['a1', 'd4', 'b2', 'c3', 'b3'];
    const final = openingStart(EMPTY_OPENING, 4);
    for (const m of moves) makeMove(final, parseMove(m, 4));
    const game: GameRecord = {
      setup: { round: 3, pair: 1, opening: EMPTY_OPENING, white: 0, size: 4, halfKomi: 0, tcs: [{ baseMs: 1000, incMs: 0 }, { baseMs: 1000, incMs: 0 }], maxPlies: 5, names: ['a', 'b'] },
      startedAt: new Date('2026-01-02T03:04:05Z'),
      moves: moves.map((text) => ({ text, book: false, scoreCp: 12, depth: 3, ms: 5 })),
      result: '1/2-1/2',
      winner: -1,
      termination: 'adjudication',
      detail: 'drawn by adjudication after 5 plies',
      final,
    };
    const back = gameFromWire(JSON.parse(JSON.stringify(gameToWire(game))));
    expect(back.startedAt.getTime()).toBe(game.startedAt.getTime());
    expect(formatTps(back.final)).toBe(formatTps(final));
    expect({ ...back, final: null }).toEqual({ ...game, final: null });
  });
});
