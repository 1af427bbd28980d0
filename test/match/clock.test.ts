import { describe, expect, it } from 'vitest';
import { clockTag, formatTimeControl, GameClock, parseTimeControl } from '../../src/match/clock.js';

describe('time controls', () => {
  it('parses SEC+INC and SEC', () => {
    expect(parseTimeControl('60+0.6')).toEqual({ baseMs: 60_000, incMs: 600 });
    expect(parseTimeControl('2+0.05')).toEqual({ baseMs: 2000, incMs: 50 });
    expect(parseTimeControl('10')).toEqual({ baseMs: 10_000, incMs: 0 });
    expect(formatTimeControl(parseTimeControl('2+0.05'))).toBe('2+0.05');
  });

  it('refuses what is not a time control', () => {
    for (const bad of ['', 'abc', '1+', '+1', '0+1', '-5+1', '1:00', '5+1+2']) expect(() => parseTimeControl(bad)).toThrow(/--tc/);
  });

  it('writes the PTN Clock tag as minutes:seconds +increment', () => {
    expect(clockTag({ baseMs: 600_000, incMs: 20_000 })).toBe('10:00 +20');
    expect(clockTag({ baseMs: 2000, incMs: 50 })).toBe('0:02 +0.05');
    expect(clockTag({ baseMs: 90_500, incMs: 0 })).toBe('1:30.5 +0');
  });
});

describe('the game clock', () => {
  it('charges the mover, adds the increment, and flags a move past the clock', () => {
    const c = new GameClock({ baseMs: 1000, incMs: 100 });
    expect(c.goLine(0)).toBe('go wtime 1000 btime 1000 winc 100 binc 100');
    expect(c.charge(0, 400.7)).toBe(true);
    expect(c.limit(0)).toBeCloseTo(699.3, 9);
    expect(c.goLine(0)).toBe('go wtime 699 btime 1000 winc 100 binc 100');
    expect(c.charge(1, 1000)).toBe(true); // exactly on the clock is in time
    expect(c.limit(1)).toBe(100);
    expect(c.charge(1, 100.01)).toBe(false);
    expect(c.limit(1)).toBe(0);
  });

  it('asks for a node budget instead of the clocks with --nodes, still charging time as a limit', () => {
    const c = new GameClock({ baseMs: 60000, incMs: 0, nodes: 5000 });
    expect(c.goLine(0)).toBe('go nodes 5000');
    expect(c.charge(0, 250)).toBe(true);
    expect(c.limit(0)).toBe(59750);
    expect(c.goLine(0)).toBe('go nodes 5000');
    expect(formatTimeControl({ baseMs: 60000, incMs: 0, nodes: 5000 })).toBe('60+0, 5000 nodes per move');
  });

  it('runs each colour on its own terms for time odds: own start, own increment, both sent', () => {
    const c = new GameClock({ baseMs: 10_000, incMs: 100 }, { baseMs: 30_000, incMs: 300 });
    expect(c.goLine(0)).toBe('go wtime 10000 btime 30000 winc 100 binc 300');
    expect(c.charge(0, 1000)).toBe(true);
    expect(c.limit(0)).toBe(9100);
    expect(c.charge(1, 1000)).toBe(true);
    expect(c.limit(1)).toBe(29_300);
    expect(c.goLine(1)).toBe('go wtime 9100 btime 29300 winc 100 binc 300');
    // A node budget on one side only: that side is asked for nodes, the other plays the clock.
    const n = new GameClock({ baseMs: 10_000, incMs: 0 }, { baseMs: 10_000, incMs: 0, nodes: 777 });
    expect(n.goLine(0)).toBe('go wtime 10000 btime 10000 winc 0 binc 0');
    expect(n.goLine(1)).toBe('go nodes 777');
  });
});
