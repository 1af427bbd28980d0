// The shipped puzzle sets (data/puzzles/): every line parses, ids run in order, no position
// appears twice up to the board's symmetries, and a sample of each set is proven again from its
// position alone: the same kind, plies and solution lines, so the solution is still the only
// winning move at every step of the player's.

import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseTps } from '../../src/notation/tps.js';
import { parsePuzzleFile, type Puzzle } from '../../src/puzzles/format.js';
import { solutionLines, symmetryKey } from '../../src/puzzles/mine.js';
import { DEFAULT_PROVE_LIMITS, PuzzleProver } from '../../src/puzzles/prove.js';
import { readRepo, repoPath } from '../repo.js';
import { formatMove } from '../../src/notation/ptn-move.js';
import { bredon } from '../cli/bredon.js';

const FILES = readdirSync(repoPath('data/puzzles')).filter((f) => f.endsWith('.jsonl')).sort();
/** Puzzles re-proven a set: spread over the file, both kinds. */
const SAMPLE = 20;

function sample(puzzles: Puzzle[]): Puzzle[] {
  const out: Puzzle[] = [];
  const step = Math.max(1, Math.floor(puzzles.length / SAMPLE));
  for (let i = 0; i < puzzles.length && out.length < SAMPLE; i += step) out.push(puzzles[i]!);
  const escape = puzzles.find((p) => p.kind === 'escape');
  if (escape !== undefined && !out.includes(escape)) out.push(escape);
  return out;
}

describe.each(FILES)('data/puzzles/%s', (file) => {
  const puzzles = parsePuzzleFile(readRepo(`data/puzzles/${file}`));
  const size = Number(file[0]);

  it('parses; ids in order; one size; no duplicate up to symmetry', () => {
    expect(puzzles.length).toBeGreaterThan(0);
    const keys = new Set<string>();
    puzzles.forEach((p, i) => {
      expect(p.id).toBe(`${size}x${size}-${String(i + 1).padStart(4, '0')}`);
      expect(p.size).toBe(size);
      const key = `${p.kind} ${symmetryKey(parseTps(p.tps, {}, size))}`;
      expect(keys.has(key), p.id).toBe(false);
      keys.add(key);
    });
  });

  it('a sample proven again: the same solution, unique at every step', () => {
    const prover = new PuzzleProver(32);
    for (const p of sample(puzzles)) {
      prover.clear();
      const pos = parseTps(p.tps, {}, size);
      const halfKomi = Math.round(p.komi * 2);
      if (p.kind === 'tinue') {
        const proof = prover.proveTinue(pos, halfKomi, DEFAULT_PROVE_LIMITS);
        expect(proof.kind, p.id).toBe('tinue');
        if (proof.kind !== 'tinue') continue;
        expect(proof.plies, p.id).toBe(p.plies);
        expect(solutionLines(proof.tree, size), p.id).toEqual(p.solution);
      } else {
        const proof = prover.proveEscape(pos, halfKomi, DEFAULT_PROVE_LIMITS);
        expect(proof.kind, p.id).toBe('escape');
        if (proof.kind !== 'escape') continue;
        expect(proof.threatPlies, p.id).toBe(p.plies);
        expect([formatMove(proof.move, size)], p.id).toEqual(p.solution);
      }
    }
  });
});

describe('bredon bench --puzzles', () => {
  it('asks the prover each tinue puzzle: one line each, then found, missed and time', () => {
    const lines = readRepo('data/puzzles/6x6.jsonl').split('\n').filter((l) => l.includes('"kind":"tinue"')).slice(0, 5);
    const file = join(mkdtempSync(join(tmpdir(), 'bredon-bench-')), 'five.jsonl');
    writeFileSync(file, lines.join('\n') + '\n');
    const r = bredon('bench', '--puzzles', file);
    expect(r.code).toBe(0);
    const out = r.stdout.trim().split('\n');
    expect(out).toHaveLength(7);
    for (const l of out.slice(1, 6)) expect(l).toMatch(/^6x6-\d{4} plies \d+ found nodes \d+ time [\d.]+$/);
    expect(out[6]).toMatch(/^puzzles: 5 tinue puzzles, found 5, missed 0, \d+ ms$/);
    expect(bredon('bench', '--nodes', '5').code).toBe(2);
  });
});
