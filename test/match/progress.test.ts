import { describe, expect, it } from 'vitest';
import { parseTps, startTps } from '../../src/notation/tps.js';
import type { GameRecord } from '../../src/match/game.js';
import { formatDuration, Progress, progressLine } from '../../src/match/progress.js';
import { sprtState } from '../../src/match/sprt.js';
import { Tally } from '../../src/match/tally.js';

function sink(isTTY: boolean) {
  const chunks: string[] = [];
  return { stream: { isTTY, write: (t: string) => chunks.push(t) }, text: () => chunks.join('') };
}

function finished(round: number, white: number, winner: number): GameRecord {
  return {
    setup: {
      round,
      pair: Math.floor((round - 1) / 2),
      opening: { line: 0, tps: null, moves: [] },
      white,
      size: 4,
      halfKomi: 0,
      tcs: [{ baseMs: 1000, incMs: 0 }, { baseMs: 1000, incMs: 0 }],
      maxPlies: 1000,
      names: ['A', 'B'],
    },
    startedAt: new Date(),
    moves: [],
    result: winner === -1 ? '1/2-1/2' : winner === 0 ? 'R-0' : '0-R',
    winner,
    termination: winner === -1 ? 'draw' : 'road',
    detail: '',
    final: parseTps(startTps(4)),
  };
}

describe('Progress', () => {
  it('redraws one line in place on a terminal and keeps it under diagnostics', () => {
    const s = sink(true);
    const p = new Progress(s.stream);
    p.status('games 1/4');
    p.log('engine 2 crashed');
    p.status('games 2/4');
    p.finish();
    expect(s.text()).toBe('\r\x1b[2Kgames 1/4\r\x1b[2Kengine 2 crashed\ngames 1/4\r\x1b[2Kgames 2/4\n');
  });

  it('writes plain lines elsewhere', () => {
    const s = sink(false);
    const p = new Progress(s.stream);
    p.status('games 1/4');
    p.log('engine 2 crashed');
    p.finish();
    expect(s.text()).toBe('games 1/4\nengine 2 crashed\n');
  });
});

describe('progressLine and the tally', () => {
  it('counts from the first engine, by colour and by pair, and estimates the time left', () => {
    const t = new Tally();
    // Pair 0: A wins as White (engine 0 White, White wins), draws as Black.
    expect(t.add(finished(1, 0, 0))).toBeNull();
    expect(t.add(finished(2, 1, -1))).toEqual({ pair: 0, points: [1, 0.5] });
    // Pair 1: A loses as White, wins as Black (engine 0 is Black, Black wins).
    t.add(finished(3, 0, 1));
    t.add(finished(4, 1, 1));
    expect(t.total).toEqual({ wins: 2, losses: 1, draws: 1 });
    expect(t.asColour).toEqual([
      { wins: 1, losses: 1, draws: 0 },
      { wins: 1, losses: 0, draws: 1 },
    ]);
    expect(t.pentanomial).toEqual([0, 0, 1, 1, 0]);
    const line = progressLine(t, 10, 4000, sprtState(t.pentanomial, { elo0: 0, elo1: 5, alpha: 0.05, beta: 0.05 }));
    // The upper end of the interval is +inf after 4 games, so no ± margin is shown yet.
    expect(line).toMatch(/^games 4\/10  \+2 -1 =1  score 62\.5%  Elo \+88\.7  LLR \d\.\d\d \(-2\.94, 2\.94\)  left ≤0:06$/);
    expect(progressLine(t, 4, 4000, null)).toBe('games 4/4  +2 -1 =1  score 62.5%  Elo +88.7');
    for (let i = 0; i < 20; i++) t.add(finished(5 + i, i % 2, i % 3 === 0 ? 1 : -1));
    expect(progressLine(t, 100, 1000, null)).toMatch(/Elo [-+]\d+\.\d ±\d+  left ~0:03$/);
  });

  it('formats durations', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(65_400)).toBe('1:05');
    expect(formatDuration(3_723_000)).toBe('1:02:03');
  });
});
