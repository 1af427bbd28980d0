// The tinue solver against the rules core. Every tinue it reports is replayed by checkProof
// (verify.ts): each defender answer, as the rules core lists them, must meet an attacker reply
// that keeps the proof, down to a road. Its "no" answers are checked by brute force where that is
// affordable (road in one, and every 3-ply position here). Positions: the human archive's games
// that end in the winner's road, 1, 3 and 5 plies before the end (archive.ts), known deeper
// tinues, and attacks that look promising but fail.

import { describe, expect, it } from 'vitest';
import { formatMove } from '../../src/notation/ptn-move.js';
import { parseTps } from '../../src/notation/tps.js';
import { TinueInputError, TinueSolver } from '../../src/tinue/dfpn.js';
import { KNOWN_TINUES } from '../../bench/tinue-positions.js';
import { bruteRoadInOne, bruteTinue3, positionsBeforeRoad } from './archive.js';
import { checkProof } from './verify.js';

const solver = new TinueSolver(16);

describe('positions 1 ply before a road in the archive', () => {
  it('are tinue in 1, with the road as the line, and the rules core agrees', () => {
    for (const { game, pos } of positionsBeforeRoad(1, 60)) {
      const o = solver.solve(pos, 0, { maxPlies: 1 });
      expect(o.kind, `game ${game}`).toBe('tinue');
      if (o.kind !== 'tinue') continue;
      expect(o.plies).toBe(1);
      expect(o.line).toHaveLength(1);
      checkProof(solver, pos, 1);
    }
  });
});

describe('positions 3 plies before a road in the archive', () => {
  const positions = positionsBeforeRoad(3, 24);
  it('get the same verdict from the solver and from a brute force over every move', () => {
    let tinues = 0;
    for (const { game, pos } of positions) {
      const o = solver.solve(pos, 0, { maxPlies: 3 });
      expect(o.kind === 'tinue', `game ${game}`).toBe(bruteTinue3(pos));
      if (o.kind === 'tinue') {
        tinues++;
        checkProof(solver, pos, o.plies);
      } else {
        expect(o).toMatchObject({ kind: 'none', plies: 3 });
      }
    }
    // Both verdicts occur: the set tests something either way.
    expect(tinues).toBeGreaterThan(3);
    expect(tinues).toBeLessThan(positions.length);
  });
});

describe('positions 5 plies before a road in the archive', () => {
  it('every tinue found replays with the rules core; every "none" has no road in one', () => {
    let tinues = 0;
    let unknown = 0;
    for (const { game, pos } of positionsBeforeRoad(5, 32)) {
      // A budget keeps the test short: a few refutations need more (bench/tinue.bench.ts times them).
      const o = solver.solve(pos, 0, { maxPlies: 5, nodes: 100_000 });
      if (o.kind === 'unknown') {
        unknown++;
      } else if (o.kind === 'tinue') {
        tinues++;
        const check = checkProof(solver, pos, o.plies);
        expect(check.longest, `game ${game}`).toBe(o.plies);
        // The line runs from the root to the road: attacker, defender, ..., attacker.
        expect(o.line.length, `game ${game}`).toBe(o.plies);
      } else {
        expect(bruteRoadInOne(pos), `game ${game}`).toBe(false);
      }
    }
    expect(tinues).toBeGreaterThan(3);
    expect(unknown).toBeLessThanOrEqual(3);
  });
});

describe('known tinues (the bench set)', () => {
  it.each(KNOWN_TINUES.filter((k) => k.plies >= 5).map((k) => [k.plies, k.tps] as const))('tinue in %i: %s', (plies, tps) => {
    const pos = parseTps(tps);
    const o = solver.solve(pos, 0, { maxPlies: plies, nodes: 2_000_000 });
    expect(o.kind).toBe('tinue');
    if (o.kind !== 'tinue') return;
    // Iterative deepening: the first proof is the shortest, so none within plies - 2.
    expect(o.plies).toBe(plies);
    const check = checkProof(solver, pos, plies);
    expect(check.longest).toBe(plies);
  });
});

describe('attacks that look promising and fail', () => {
  it('a tak on the edge is answered by a block: no tinue, as brute force agrees', () => {
    // 5x5, White a1 b1 c1: d1 threatens e1, and Black simply takes e1.
    const pos = parseTps('x5/x5/x5/2,2,2,x2/1,1,1,x2 1 4');
    expect(bruteTinue3(pos)).toBe(false);
    expect(solver.solve(pos, 0, { maxPlies: 7 })).toMatchObject({ kind: 'none', plies: 7 });
  });

  it('archive positions with taks to play but no tinue in 3 (brute force agrees)', () => {
    let found = 0;
    for (const { game, pos } of positionsBeforeRoad(3, 24, 24)) {
      const o = solver.solve(pos, 0, { maxPlies: 3 });
      if (o.kind !== 'none') continue;
      expect(bruteTinue3(pos), `game ${game}`).toBe(false);
      found++;
      if (found === 4) break;
    }
    expect(found).toBe(4);
  });
});

describe('the solver', () => {
  it('finds the shortest tinue and gives its line in PTN', () => {
    const pos = parseTps('2,x2,2,x2/x3,2,x2/x2,2,2,2,x/1,1,2,x,1,1/x,1,12221,21112C,x,1/x,1,x,21,2S,1 2 19');
    const o = solver.solve(pos, 0, { maxPlies: 9 });
    expect(o.kind).toBe('tinue');
    if (o.kind !== 'tinue') return;
    expect(o.plies).toBe(5);
    expect(o.line.map((m) => formatMove(m, 6))[0]).toBe('d3');
  });

  it('answers the side that just moved (annotate\'s tinue mark)', () => {
    // After Black's d3 in the position above, White cannot stop the road: tinue in 4 for Black.
    const pos = parseTps('2,x2,2,x2/x3,2,x2/x2,2,2,2,x/1,1,2,2,1,1/x,1,12221,21112C,x,1/x,1,x,21,2S,1 1 20');
    expect(solver.solveAfterMove(pos, 0, { maxPlies: 8 })).toMatchObject({ kind: 'tinue', plies: 4 });
    expect(solver.solve(pos, 0, { maxPlies: 5 }).kind).toBe('none');
  });

  it('reports unknown when the limit comes first', () => {
    const pos = parseTps('2,x2,2,x2/x3,2,x2/x2,2,2,2,x/1,1,2,x,1,1/x,1,12221,21112C,x,1/x,1,x,21,2S,1 2 19');
    solver.clear();
    expect(solver.solve(pos, 0, { maxPlies: 9, nodes: 10 })).toMatchObject({ kind: 'unknown' });
  });

  it('refuses a decided position and the opening swap', () => {
    expect(() => solver.solve(parseTps('1,1,1,1,1/x5/x5/x5/2,2,2,2,x 2 5'), 0, { maxPlies: 3 })).toThrow(TinueInputError);
    expect(() => solver.solve(parseTps('x5/x5/x5/x5/x5 1 1'), 0, { maxPlies: 3 })).toThrow(TinueInputError);
  });
});
