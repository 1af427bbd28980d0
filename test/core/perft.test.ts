// Perft against the published counts in data/perft.json, and the same counts under
// the 8 board symmetries and with colours swapped (Tak's rules do not care).
import { describe, expect, it } from 'vitest';
import { Perft } from '../../src/core/perft.js';
import { swapColours, transformPosition } from '../../src/core/symmetry.js';
import { formatTps, parseTps } from '../../src/notation/tps.js';
import { makeMove } from '../../src/core/makemove.js';
import { parseMove } from '../../src/notation/ptn-move.js';
import { readRepo } from '../repo.js';

interface PerftCase {
  name: string;
  size: number;
  tps: string;
  moves?: string;
  counts: number[];
}

const cases: PerftCase[] = JSON.parse(readRepo('data/perft.json')).positions;
const FULL_LIMIT = 15_000_000;
const SYMMETRY_LIMIT = 1_200_000;
const perft = new Perft();

describe('perft matches the published counts', () => {
  for (const c of cases) {
    const depths = c.counts.map((n, d) => [d, n] as const).filter(([, n]) => n <= FULL_LIMIT);
    it(`${c.name}: depths 0..${depths.length - 1}`, () => {
      const pos = parseTps(c.tps);
      expect(pos.size).toBe(c.size);
      for (const [d, n] of depths) expect(perft.count(pos, d), `depth ${d}`).toBe(n);
    });
  }
});

describe('perft is invariant under board symmetry and colour swap', () => {
  for (const c of cases) {
    const depths = c.counts.map((n, d) => [d, n] as const).filter(([d, n]) => d > 0 && n <= SYMMETRY_LIMIT);
    it(`${c.name}: 8 symmetries${c.tps.endsWith(' 1 1') ? '' : ' x 2 colourings'} up to depth ${depths.length}`, () => {
      const base = parseTps(c.tps);
      for (let t = 0; t < 8; t++) {
        // Colours can only be swapped past the opening swap: at move 1 White always moves first,
        // and the empty start boards are their own colour swap anyway.
        for (const swap of base.ply >= 2 ? [false, true] : [false]) {
          let pos = transformPosition(base, t);
          if (swap) pos = swapColours(pos);
          for (const [d, n] of depths) expect(perft.count(pos, d), `symmetry ${t} swap ${swap} depth ${d}`).toBe(n);
        }
      }
    });
  }
});

describe('move lists in perft.json lead to the stated TPS', () => {
  for (const c of cases.filter((x) => x.moves !== undefined)) {
    it(c.name, () => {
      const pos = parseTps(`${Array(c.size).fill(`x${c.size}`).join('/')} 1 1`);
      for (const token of c.moves!.split(' ')) makeMove(pos, parseMove(token, c.size));
      expect(formatTps(pos)).toBe(c.tps);
    });
  }
});

describe('custom reserves', () => {
  it('a reserve of one stone ends the game when that stone is placed', () => {
    // White's first ply places Black's only stone: Black's reserve is empty, the game is over.
    const pos = parseTps('x3/x3/x3 1 1', { stones: 1, caps: 0 });
    expect([1, 2, 3].map((d) => perft.count(pos, d))).toEqual([9, 0, 0]);
  });

  it('capstones on 3x3 add capstone placements from the third ply', () => {
    const plain = parseTps('x3/x3/x3 1 1');
    const withCap = parseTps('x3/x3/x3 1 1', { caps: 1 });
    // Plies 1 and 2 are the opening swap (flats only); on ply 3 each of the 7 empty squares
    // also takes a capstone, in each of the 72 lines.
    expect(perft.count(withCap, 2)).toBe(perft.count(plain, 2));
    expect(perft.count(withCap, 3) - perft.count(plain, 3)).toBe(72 * 7);
  });
});
