// `bredon ptn check` and `bredon show`, run as the built program (npm test builds it first).

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BREDON, readRepo, repoPath } from '../repo.js';
import { bredonBatch } from './bredon.js';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function bredon(...args: string[]): Run {
  const r = spawnSync(process.execPath, [BREDON, ...args], { encoding: 'utf8', timeout: 120_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A failure the user caused: one line on stderr, exit 2, no stack trace. */
function expectCleanFailure(r: Run, message: RegExp): void {
  expect(r.code).toBe(2);
  expect(r.stderr).toMatch(message);
  expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(r.stderr).not.toMatch(/\n\s+at |internal error/);
}

let dir = '';
beforeAll(() => {
  if (!existsSync(BREDON)) throw new Error(`${BREDON} is missing: run npm run build first`);
  dir = mkdtempSync(join(tmpdir(), 'bredon-ptn-'));
});
afterAll(() => {
  if (dir !== '') rmSync(dir, { recursive: true, force: true });
});

function write(name: string, text: string): string {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
}

describe('bredon ptn check', () => {
  it('replays the whole PlayTak archive: every game finished with its tagged result', () => {
    const archive = 'data/games/playtak-6x6-1344.ptn';
    const r = bredon('ptn', 'check', repoPath(archive));
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines.at(-1)).toBe('1344 games: 1344 finished, 0 unfinished, 0 errors, 0 result mismatches');
    // Each game's line against the file itself: its Result tag and the number of move tokens.
    const blocks = readRepo(archive).split(/\n(?=\[Site )/);
    expect(blocks).toHaveLength(1344);
    blocks.forEach((block, i) => {
      const result = /\[Result "([^"]*)"\]/.exec(block)![1]!;
      const plies = block
        .split('\n')
        .filter((l) => /^[0-9]+\. /.test(l))
        .reduce((n, l) => n + l.trim().split(/\s+/).length - 1, 0);
      expect(lines[i]!.startsWith(`game ${i + 1}: ${result} after ${plies} plies`), lines[i]).toBe(true);
    });
  });

  it('reports a malformed game by game, ply and move, and exits 1', () => {
    const file = write(
      'mixed.ptn',
      [
        '[Size "3"]\r\n[Result "R-0"]\r\n\r\n1. a3 c1 {swap} 2. a1 b3 3. b1 R-0\r\n',
        '[Size "3"]\n[Result "R-0"]\n\n1. a3 c1 2. a1 b3 3. c2\n', // unfinished, yet tagged R-0
        '[Size "3"]\n\n1. a1 c3\n2. a1 b2\n', // a1 is taken
        '[Size "3"]\n[Result "1-0"]\n1. a3 c1 2. a1 b3 3. b1 c3\n', // a move after the road
        '[Size "3"]\n1. a1 c3 2. 4a1+\n', // over the carry limit
        '[Size "3"]\n1. a1 c3\n5. b2\n', // numbering
      ].join('\n'),
    );
    const r = bredon('ptn', 'check', file);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(1);
    expect(r.stdout.trimEnd().split('\n')).toEqual([
      'game 1: R-0 after 5 plies',
      'game 2: unfinished after 5 plies (tagged R-0)',
      'game 3: error at ply 3 (a1): a1 is not empty',
      'game 4: error at ply 6 (c3): played after the game ended with R-0 at ply 5',
      "game 5: error at ply 3 (4a1+): '4a1+' carries 4 pieces, more than the carry limit 3",
      "game 6: error at line 25: move number '5.' where 2 was expected",
      '6 games: 1 finished, 1 unfinished, 4 errors, 1 result mismatches',
    ]);
  });

  it('lets --size override a wrong Size tag and --komi the Komi tag', () => {
    // White fills the last square of a 3x3 board: 5 white flats to 4 black.
    const file = write('full.ptn', '[Size "4"]\n[Komi "0"]\n[Result "F-0"]\n[TPS "2,1,2/1,2,1/x,1,2 1 5"]\n\n5. a1\n');
    const [tagged, size, komi, halfKomi] = bredonBatch([
      ['ptn', 'check', file],
      ['ptn', 'check', file, '--size', '3'],
      ['ptn', 'check', file, '--size', '3', '--komi', '1'],
      ['ptn', 'check', file, '--size', '3', '--komi', '1.5'],
    ]);
    expect(tagged!.stdout).toMatch(/^game 1: error at line 1: TPS tag: TPS describes a 3x3 board, expected 4x4\n/);
    expect(size!.stdout).toMatch(/^game 1: F-0 after 1 plies\n1 games: 1 finished, 0 unfinished, 0 errors, 0 result mismatches\n$/);
    expect(komi!.stdout).toMatch(/^game 1: 1\/2-1\/2 after 1 plies \(tagged F-0\)\n/);
    expect(halfKomi!.stdout).toMatch(/^game 1: 0-F after 1 plies \(tagged F-0\)\n/);
  });

  it('fails cleanly on an unreadable file or bad arguments', () => {
    const cases: [string[], RegExp][] = [
      [['ptn', 'check', join(dir, 'no-such-file.ptn')], /^bredon ptn: cannot read '.*no-such-file\.ptn': no such file\n$/],
      [['ptn', 'check', dir], /cannot read .*: it is a directory/],
      [['ptn', 'check', write('empty.ptn', '\n\n')], /holds no PTN games/],
      [['ptn', 'check'], /ptn check needs a file/],
      [['ptn', 'verify', 'x.ptn'], /unknown ptn action 'verify'/],
      [['ptn', 'check', 'x.ptn', '--size', '9'], /--size must be from 3 to 8, got 9/],
      [['ptn', 'check', 'x.ptn', '--komi', 'lots'], /--komi: komi 'lots' is not a number/],
    ];
    bredonBatch(cases.map(([args]) => args)).forEach((r, i) => expectCleanFailure(r, cases[i]![1]));
  });
});

describe('bredon show', () => {
  it('draws a position with labels, stacks, reserves and the side to move', () => {
    const r = bredon('show', '2,x4,1/x,12S,x,221C,x2/x6/x,1,x,2S,x2/x6/1,x4,2 2 9');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]!.trim().split(/\s+/)).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(lines[1]!.split(/\s+/)).toEqual(['6', '|', 'B', '.', '.', '.', '.', 'W', '|', '6']);
    expect(lines[2]!.split(/\s+/)).toEqual(['5', '|', '.', 'WBS', '.', 'BBWC', '.', '.', '|', '5']);
    expect(lines[6]!.split(/\s+/)).toEqual(['1', '|', 'W', '.', '.', '.', '.', 'B', '|', '1']);
    expect(lines).toContain('White: 26 stones, 0 capstones in reserve; 3 flats on top');
    expect(lines).toContain('Black: 24 stones, 1 capstone in reserve; 2 flats on top');
    expect(lines).toContain('Move 9, Black to move');
    expect(r.stdout).not.toContain('\x1b['); // not a terminal: no colours
  });

  it('draws a handicap position with each player\'s own reserve (--stones W,B)', () => {
    const [r, bad] = bredonBatch([
      ['show', 'x5/x5/x2,1,x2/x5/x4,2 1 2', '--stones', '30,29', '--caps', '1,0'],
      ['show', 'x5/x5/x5/x5/x5 1 1', '--stones', '30,29,28'],
    ]) as [Run, Run];
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines).toContain('White: 29 stones, 1 capstone in reserve; 1 flat on top');
    expect(lines).toContain('Black: 28 stones, 0 capstones in reserve; 1 flat on top');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--stones must be N \(both players\) or W,B \(White, Black\), got '30,29,28'/);
  });

  it('keeps an 8x8 board with 100-piece stacks within 80 columns', () => {
    const tall = '12'.repeat(50) + '1C';
    const r = bredon('show', `x8/x8/x8/x3,${tall},x4/x8/x8/2C,x7/1,x6,2 2 70`, '--stones', '52');
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[4]!.split(/\s+/)).toEqual(['5', '|', '.', '.', '.', '101:WBWC', '.', '.', '.', '.', '|', '5']);
    for (const line of lines.slice(0, 10)) expect(line.length).toBeLessThanOrEqual(80);
    expect(lines).toContain('White: 1 stone, 1 capstone in reserve; 1 flat on top');
    expect(lines).toContain('Black: 1 stone, 1 capstone in reserve; 1 flat on top');
    expect(lines).toContain('Move 70, Black to move');
  });

  it('draws the shared perft positions', () => {
    const positions = (JSON.parse(readRepo('data/perft.json')) as { positions: { tps: string; size: number }[] }).positions;
    const shown = bredonBatch(positions.slice(-3).map((p) => ['show', p.tps]));
    for (const [i, p] of positions.slice(-3).entries()) {
      const r = shown[i]!;
      expect(r.code, p.tps).toBe(0);
      expect(r.stdout.split('\n').filter((l) => l.includes('|'))).toHaveLength(p.size);
    }
  });

  it('fails cleanly on malformed TPS', () => {
    const cases: [string[], RegExp][] = [
      [['show', 'x6/x6/x6/x6/x6 1 1'], /^bredon show: TPS row 1 \('x6'\) has 6 squares, expected 5\n$/],
      [['show', 'x5/x5/x5/x5/x,7,x3 1 1'], /bad square '7' in TPS row 5/],
      [['show', 'x5/x5/x5/x5/x5 3 1'], /side to move must be 1 or 2, got '3'/],
      [['show', 'hello'], /TPS needs three fields/],
      [['show'], /show needs a TPS/],
    ];
    bredonBatch(cases.map(([args]) => args)).forEach((r, i) => expectCleanFailure(r, cases[i]![1]));
  });
});
