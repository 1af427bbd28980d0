// `bredon puzzles` on real games: two rated PlayTak games (101 and 103 of the human archive)
// hold a tinue each that the miner keeps; the set is the same on one thread and on two; a
// position on a kept puzzle's main line is not kept again; bad input is one line, exit 2.

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parsePtnFile } from '../../src/notation/ptn-game.js';
import { parsePuzzleFile } from '../../src/puzzles/format.js';
import { spawnSync } from 'node:child_process';
import { BREDON, readRepo } from '../repo.js';
import { bredon } from '../cli/bredon.js';

/** A mining run: longer than bredon()'s minute on a loaded machine. */
function mine(...args: string[]) {
  const r = spawnSync(process.execPath, [BREDON, 'puzzles', ...args], { encoding: 'utf8', timeout: 280_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const ARCHIVE = 'data/games/playtak-6x6-1344.ptn';

function gamesFile(indices: number[]): string {
  const text = readRepo(ARCHIVE);
  const blocks = text.split(/\n(?=\[Site )/);
  const picked = parsePtnFile(text).map((g, i) => ({ g, i })).filter(({ g }) => 'game' in g && indices.includes(g.index));
  const dir = mkdtempSync(join(tmpdir(), 'bredon-puzzles-'));
  const file = join(dir, 'games.ptn');
  writeFileSync(file, picked.map(({ i }) => blocks[i]!.trim()).join('\n\n') + '\n');
  return file;
}

describe('bredon puzzles', () => {
  it('mines two human games: the same set on 1 and 2 threads', () => {
    const file = gamesFile([101, 103]);
    const outs = [1, 2].map((threads) => {
      const out = `${file}.${threads}.jsonl`;
      const r = mine('--size', '6', '--threads', String(threads), '--out', out, file);
      expect(r.stderr.split('\n').filter((l) => l !== '' && !l.startsWith('puzzles: '))).toEqual([]);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/: \d+ puzzles \(\d+ tinue, \d+ escape\) from 2 games/);
      return readFileSync(out, 'utf8');
    });
    expect(outs[1]).toBe(outs[0]);
    const set = parsePuzzleFile(outs[0]!);
    // The games are numbered in the file given: 101 is #1, 103 is #2.
    const first = set.find((p) => p.source.endsWith('#1 ply 25'));
    expect(first).toMatchObject({ kind: 'tinue', side: 'black', plies: 5, solution: ['2c3- b1> d1< c3+ 5c2+23'] });
    // Ply 27 of that game is the same tinue two plies on: not a puzzle of its own.
    expect(set.some((p) => p.source.endsWith('#1 ply 27'))).toBe(false);
    expect(set.some((p) => p.source.includes('#2 '))).toBe(true);
  });

  it('bad input: one line on stderr, exit 2', () => {
    for (const args of [['--size', '6', 'x.ptn'], ['--size', '6', '--out', '/tmp/x.jsonl', '--max-plies', '4', ARCHIVE], ['--size', '6', '--out', '/tmp/x.jsonl', 'README.md']]) {
      const r = bredon('puzzles', ...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
    }
  });
});
