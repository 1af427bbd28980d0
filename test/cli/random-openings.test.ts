// The 7x7 and 8x8 books of data/openings/ are what scripts/random-openings.ts writes with its
// default count and seed (docs/data.md), and every line is a legal four-flat opening that a match
// and selfplay read.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openingKey } from '../../src/match/opening-key.js';
import { parseOpenings, readOpenings } from '../../src/match/openings.js';
import { REPO } from '../repo.js';

describe('scripts/random-openings.ts', () => {
  for (const size of [7, 8]) {
    it(`rewrites data/openings/${size}s_4ply_random.txt byte for byte`, () => {
      const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/random-openings.ts', '--size', String(size)], { cwd: REPO, encoding: 'utf8', timeout: 120_000 });
      expect(r.status, r.stderr).toBe(0);
      const book = join(REPO, `data/openings/${size}s_4ply_random.txt`);
      expect(r.stdout).toBe(readFileSync(book, 'utf8'));
      const openings = readOpenings(book, size);
      expect(openings).toHaveLength(1000);
      expect(new Set(openings.map((o) => o.moves.join(' '))).size).toBe(1000);
      for (const o of openings) expect(o.moves.every((m) => /^[a-h][1-8]$/.test(m)) && new Set(o.moves).size === 4).toBe(true);
    });
  }

  it('draws books for 5x5 and 6x6 too, and never a test-book opening', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/random-openings.ts', '--size', '5', '--count', '3000', '--seed', '3'], { cwd: REPO, encoding: 'utf8', timeout: 120_000 });
    expect(r.status, r.stderr).toBe(0);
    const drawn = parseOpenings(r.stdout, 5, 'drawn');
    expect(drawn).toHaveLength(3000);
    const test = new Set(readOpenings(join(REPO, 'data/openings/5s_4ply_test.txt'), 5).map((o) => openingKey(o.moves, 5)));
    // 5x5 has 9,664 four-ply positions up to symmetry and the test book 500: 3,000 draws meet some.
    expect(drawn.filter((o) => test.has(openingKey(o.moves, 5)))).toEqual([]);
  });

  it('refuses a size below 5, naming the usage', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/random-openings.ts', '--size', '4'], { cwd: REPO, encoding: 'utf8', timeout: 120_000 });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/usage: random-openings\.ts --size 5\.\.8/);
  });
});
