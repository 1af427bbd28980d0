// The repository stands alone: a clone on a machine with nothing beside it builds, passes its
// tests and runs every documented command. So no code, test, bench, script or doc may name a
// folder beside the checkout (the team's shared folder, one level up), and the data the project
// uses is in data/.

import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from '../repo.js';

/** The files git tracks, and those it would add, as a clone would have them. */
function projectFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: REPO, encoding: 'utf8' });
  return out.split('\n').filter((f) => f !== '' && !f.startsWith('data/') && !f.startsWith('nets/') && f !== 'package-lock.json');
}

describe('the repository', () => {
  it('names no folder beside the checkout in its code, tests, scripts or docs', () => {
    const self = 'test/docs/standalone.test.ts';
    // The shared folder one or two levels up, written as a path or as path.join's pieces.
    const outside = /\.\.[\\/]+shared\b|['"]\.\.['"],\s*(['"]\.\.['"],\s*)?['"]shared['"]/;
    const found: string[] = [];
    for (const f of projectFiles()) {
      if (f === self) continue;
      let text: string;
      try {
        text = readFileSync(join(REPO, f), 'utf8');
      } catch {
        continue; // deleted in the working tree
      }
      text.split('\n').forEach((line, i) => {
        if (outside.test(line)) found.push(`${f}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(found).toEqual([]);
  });

  it('keeps its network manifests to data inside it', () => {
    const manifests = execFileSync('git', ['ls-files', 'nets/*.json'], { cwd: REPO, encoding: 'utf8' }).split('\n').filter(Boolean);
    expect(manifests.length).toBeGreaterThan(0);
    for (const m of manifests) expect(readFileSync(join(REPO, m), 'utf8'), m).not.toMatch(/\.\.\/shared/);
  });

  it('holds lines 1-900 of the balanced 5x5 and 6x6 books and no more: the rest stays out for outside checks', () => {
    for (const size of [5, 6]) {
      const lines = readFileSync(join(REPO, `data/openings/${size}s_4ply_balanced_openings.txt`), 'utf8').split('\n');
      expect(lines.at(-1)).toBe('');
      expect(lines.length - 1).toBe(900);
    }
  });
});
