// The joint ladder fit (src/match/ladder.ts) on games drawn from known ratings: it finds them
// again within its intervals, keeps a player who won every game finite, and says which players
// the games do not link to the anchor.

import { describe, expect, it } from 'vitest';
import { eloToScore } from '../../src/match/elo.js';
import { fitLadder, type Pairing } from '../../src/match/ladder.js';

/** A pairing whose score is the expected one at these ratings, with no draws. */
function expected(a: string, ra: number, b: string, rb: number, games: number): Pairing {
  const wins = Math.round(games * eloToScore(ra - rb));
  return { a, b, wins, draws: 0, losses: games - wins };
}

describe('fitLadder', () => {
  it('finds the ratings of a chain of neighbours, anchored at one end', () => {
    const truth: [string, number][] = [['L1', 0], ['L2', 180], ['L3', 350], ['L4', 560]];
    const pairings = truth.slice(1).map(([name, r], k) => expected(name, r, truth[k]![0], truth[k]![1], 400));
    const fit = fitLadder(pairings, 'L1');
    for (const [name, r] of truth) {
      const got = fit.find((f) => f.name === name)!;
      expect(Math.abs(got.elo - r), name).toBeLessThan(15); // the prior's pull and rounding
      expect(got.low).toBeLessThanOrEqual(got.elo);
      if (name !== 'L1') expect(got.high - got.low).toBeGreaterThan(0);
    }
    // Farther from the anchor, wider.
    const width = (n: string) => fit.find((f) => f.name === n)!.high - fit.find((f) => f.name === n)!.low;
    expect(width('L4')).toBeGreaterThan(width('L2'));
  });

  it('more games narrow the interval; an unbeaten player stays finite', () => {
    const few = fitLadder([expected('B', 100, 'A', 0, 40)], 'A').find((f) => f.name === 'B')!;
    const many = fitLadder([expected('B', 100, 'A', 0, 1000)], 'A').find((f) => f.name === 'B')!;
    expect(many.high - many.low).toBeLessThan(few.high - few.low);
    const sweep = fitLadder([{ a: 'B', b: 'A', wins: 20, draws: 0, losses: 0 }], 'A', 1500).find((f) => f.name === 'B')!;
    expect(Number.isFinite(sweep.elo)).toBe(true);
    expect(sweep.elo).toBeGreaterThan(1500 + 300);
  });

  it('names the players the games do not link to the anchor', () => {
    expect(() => fitLadder([expected('B', 0, 'A', 0, 10), expected('D', 0, 'C', 0, 10)], 'A')).toThrow(/no games link D, C to the anchor 'A'/);
  });
});
