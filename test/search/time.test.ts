import { describe, expect, it } from 'vitest';
import {
  clockBudget,
  EXTRA_MOVES,
  HARD_FACTOR,
  ITERATION_SHARE,
  MAX_DEADLINE_MS,
  MAX_HARD_SHARE,
  MIN_MOVES_LEFT,
  MOVE_OVERHEAD_MS,
  moveTimeBudget,
  MOVES_LEFT_INC,
  movesLeft,
  searchLimits,
  stabilityScale,
  STABLE_ITERATIONS,
  STABLE_MIN_DEPTH,
  DROP_CENTIFLATS,
  TINUE_MAX_MS,
} from '../../src/search/time.js';

describe('clockBudget', () => {
  it('keeps soft <= hard <= the clock minus the overhead, for all clocks', () => {
    for (const time of [0, 1, 10, 59, 60, 61, 100, 250, 1000, 5000, 60_000, 600_000, 3_600_000, 1e9, 1e12]) {
      for (const inc of [0, 10, 100, 1000, 30_000]) {
        for (const pieces of [undefined, 0, 1, 12, 31, 52]) {
          const { softMs, hardMs } = clockBudget(time, inc, undefined, pieces);
          const label = `time ${time} inc ${inc} pieces ${pieces}`;
          expect(Number.isInteger(softMs) && Number.isInteger(hardMs), label).toBe(true);
          expect(softMs, label).toBeGreaterThanOrEqual(0);
          expect(softMs, label).toBeLessThanOrEqual(hardMs);
          expect(hardMs, label).toBeGreaterThanOrEqual(1);
          expect(hardMs, label).toBeLessThanOrEqual(MAX_DEADLINE_MS);
          // The deadline never eats into the overhead margin (1 ms is the floor on an empty clock).
          expect(hardMs, label).toBeLessThanOrEqual(Math.max(1, (time - MOVE_OVERHEAD_MS) * MAX_HARD_SHARE));
        }
      }
    }
  });

  it('answers fast on a tiny clock without increment', () => {
    const { softMs, hardMs } = clockBudget(100, 0, undefined, 30);
    expect(hardMs).toBeLessThanOrEqual(24); // 100 ms left: a reply within a quarter of it
    expect(softMs).toBeLessThanOrEqual(hardMs);
    expect(clockBudget(0, 0)).toEqual({ softMs: 0, hardMs: 1 });
    expect(clockBudget(-500, 0)).toEqual({ softMs: 0, hardMs: 1 });
  });

  it('does not spend an increment it does not have yet', () => {
    const { hardMs } = clockBudget(200, 5000);
    expect(hardMs).toBeLessThanOrEqual((200 - MOVE_OVERHEAD_MS) * MAX_HARD_SHARE);
  });

  it('uses the increment when the clock holds it', () => {
    const share = (60_000 - MOVE_OVERHEAD_MS) / MOVES_LEFT_INC;
    const withInc = clockBudget(60_000, 1000, undefined, 30);
    // Three quarters of the increment planned, and new iterations within ITERATION_SHARE of the plan.
    expect(withInc.softMs).toBe(Math.floor(ITERATION_SHARE * (share + 750)));
    expect(withInc.hardMs).toBe(Math.floor(HARD_FACTOR * (share + 750)));
    // The same share with a bigger increment: the increment alone makes the difference.
    expect(clockBudget(60_000, 2000, undefined, 30).hardMs - withInc.hardMs).toBe(HARD_FACTOR * 750);
  });

  it('spends a fraction of what is left, so a long game does not run the clock out', () => {
    // Sudden death, every search overrunning its soft budget by half, 10 ms latency a move:
    // 100 own moves (200 plies, a very long game) fit in a minute.
    let time = 60_000;
    for (let move = 0; move < 100; move++) {
      const { softMs } = clockBudget(time, 0, undefined, Math.max(0, 30 - move));
      time -= 1.5 * softMs + 10;
      expect(time, `move ${move}`).toBeGreaterThan(0);
    }
    // With an increment even spending every hard deadline plus latency lasts forever.
    time = 10_000;
    for (let move = 0; move < 1000; move++) {
      const { hardMs } = clockBudget(time, 100, undefined, Math.max(0, 30 - move));
      time -= hardMs + 30;
      expect(time, `move ${move}`).toBeGreaterThan(0);
      time += 100;
    }
  });

  it('in sudden death, thinks longer early with more pieces to play', () => {
    expect(clockBudget(60_000, 0, undefined, 30).softMs).toBeLessThan(clockBudget(60_000, 0, undefined, 5).softMs);
    expect(movesLeft(undefined, 2)).toBe(MIN_MOVES_LEFT);
    expect(movesLeft(undefined, 100)).toBe(50);
    expect(movesLeft(undefined, 21)).toBe(21 + EXTRA_MOVES);
    expect(movesLeft(5, 30)).toBe(5);
    expect(movesLeft(0, undefined)).toBe(40);
  });

  it('with an increment, plans a fixed share of the clock whatever the reserve', () => {
    // 3 s left, 3 stones in hand: sudden death still plans for 30 moves, an increment for 20.
    const inc = clockBudget(3000, 100, undefined, 3);
    const sudden = clockBudget(3000, 0, undefined, 3);
    expect(inc.hardMs).toBe(Math.floor(HARD_FACTOR * ((3000 - MOVE_OVERHEAD_MS) / MOVES_LEFT_INC + 75)));
    expect(sudden.hardMs).toBe(Math.floor(HARD_FACTOR * ((3000 - MOVE_OVERHEAD_MS) / MIN_MOVES_LEFT)));
    expect(inc.softMs).toBe(Math.floor(ITERATION_SHARE * ((3000 - MOVE_OVERHEAD_MS) / MOVES_LEFT_INC + 75)));
    for (const pieces of [0, 3, 21, 31, 50, undefined]) expect(movesLeft(undefined, pieces, true)).toBe(MOVES_LEFT_INC);
    // The first move of a 10+0.1 game gets a twentieth of the clock, not the forty-first that
    // the estimate from 31 stones in hand (41 moves to come) gave it.
    const first = clockBudget(10_000, 100, undefined, 31);
    expect(first.softMs).toBe(Math.floor(ITERATION_SHARE * ((10_000 - MOVE_OVERHEAD_MS) / MOVES_LEFT_INC + 75)));
    // movestogo still wins over the share.
    expect(movesLeft(5, 30, true)).toBe(5);
  });

  it('spends more with movestogo 1, never all', () => {
    const b = clockBudget(10_000, 0, 1);
    expect(b.softMs).toBeGreaterThan(clockBudget(10_000, 0, 10).softMs);
    expect(b.hardMs).toBeLessThan(10_000 - MOVE_OVERHEAD_MS);
  });
});

describe('moveTimeBudget', () => {
  it('uses nearly all of movetime, less a margin', () => {
    expect(moveTimeBudget(5000)).toEqual({ softMs: 5000 - MOVE_OVERHEAD_MS, hardMs: 5000 - MOVE_OVERHEAD_MS });
    expect(moveTimeBudget(100).hardMs).toBe(75);
    expect(moveTimeBudget(1).hardMs).toBe(1);
    expect(moveTimeBudget(0).hardMs).toBe(1);
    expect(moveTimeBudget(1e15).hardMs).toBe(MAX_DEADLINE_MS);
  });
});

describe('searchLimits', () => {
  it('maps each kind of go', () => {
    expect(searchLimits({ infinite: true })).toEqual({ infinite: true, tinueMs: TINUE_MAX_MS });
    expect(searchLimits({})).toEqual({ infinite: true, tinueMs: TINUE_MAX_MS });
    expect(searchLimits({ depth: 6 })).toEqual({ depth: 6 });
    expect(searchLimits({ nodes: 5000 })).toEqual({ nodes: 5000 });
    // A movetime alone is spent whole (fixedTime); with a clock beside it, the clock's rules hold.
    expect(searchLimits({ moveTime: 1000 })).toEqual({ softMs: 940, hardMs: 940, tinueMs: 100, fixedTime: true });
    expect(searchLimits({ time: 60_000, moveTime: 5000 }, 30).fixedTime).toBeUndefined();
    expect(searchLimits({ moveTime: 60_000 }).tinueMs).toBe(TINUE_MAX_MS);
    expect(searchLimits({ depth: 0 })).toEqual({ depth: 1 });
    const clock = searchLimits({ time: 60_000, inc: 600 }, 30);
    expect(clock.softMs).toBe(clockBudget(60_000, 600, undefined, 30).softMs);
    expect(clock.infinite).toBeUndefined();
    // The tinue prover looks first in analysis only: never on a game clock, nor with depth or nodes.
    expect(clock.tinueMs).toBeUndefined();
    expect(searchLimits({ time: 60_000, moveTime: 5000 }, 30).tinueMs).toBeUndefined();
    expect(searchLimits({ infinite: true, depth: 8 }).tinueMs).toBeUndefined();
    expect(searchLimits({ moveTime: 1000, nodes: 500 }).tinueMs).toBeUndefined();
  });

  it('takes the tighter of a clock and a movetime, and keeps depth and nodes', () => {
    const l = searchLimits({ time: 1000, moveTime: 5000, depth: 9, nodes: 100 }, 30);
    expect(l.hardMs).toBe(clockBudget(1000, 0, undefined, 30).hardMs);
    expect(l).toMatchObject({ depth: 9, nodes: 100 });
  });

  it('lets infinite override time limits', () => {
    expect(searchLimits({ infinite: true, moveTime: 100, time: 100 })).toEqual({ infinite: true, tinueMs: TINUE_MAX_MS });
  });
});

describe('stabilityScale', () => {
  it('stretches the soft budget for a changed best move or a falling score, shrinks it for a stable one', () => {
    const d = STABLE_MIN_DEPTH;
    expect(stabilityScale(d, false, 1, 0)).toBe(1);
    expect(stabilityScale(d, true, 0, 0)).toBeGreaterThan(1);
    expect(stabilityScale(d - 1, true, 0, 0)).toBe(1); // shallow iterations change their minds freely
    expect(stabilityScale(d, false, STABLE_ITERATIONS - 1, 0)).toBe(1);
    expect(stabilityScale(d, false, STABLE_ITERATIONS, 0)).toBeLessThan(1);
    expect(stabilityScale(d, false, 1, DROP_CENTIFLATS)).toBeGreaterThan(1);
    expect(stabilityScale(d, false, 1, DROP_CENTIFLATS - 1)).toBe(1);
    expect(stabilityScale(d, false, 1, -500)).toBe(1); // a rising score is no reason to think longer
    expect(stabilityScale(d, true, 0, DROP_CENTIFLATS)).toBeGreaterThan(stabilityScale(d, true, 0, 0));
  });

  it('keeps even the most stretched soft budget inside the hard deadline', () => {
    // soft = ITERATION_SHARE * plan and hard = HARD_FACTOR * plan (unless a share of the clock caps it).
    const most = stabilityScale(STABLE_MIN_DEPTH, true, 0, 1000);
    expect(most * ITERATION_SHARE).toBeLessThan(HARD_FACTOR);
  });
});
