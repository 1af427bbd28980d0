// `bredon analyze`: the board, then the search in words, for a person at a terminal.

import { SCORE_SCALE } from '../../src/search/expected-score.js';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { isLegalMove } from '../../src/core/movegen.js';
import { parseMove } from '../../src/notation/ptn-move.js';
import { parseTps } from '../../src/notation/tps.js';
import { describeScore } from '../../src/cli/analyze.js';
import { PROGRAM } from './engine.js';

const run = promisify(execFile);

async function analyze(...args: string[]): Promise<{ stdout: string; stderr: string; code: number }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [PROGRAM, 'analyze', ...args], { timeout: 60_000 });
    return { stdout, stderr, code: 0 };
  } catch (e) {
    const err = e as { stdout: string; stderr: string; code: number };
    return { stdout: err.stdout, stderr: err.stderr, code: err.code };
  }
}

describe('describeScore', () => {
  const white = parseTps('x6/x6/x2,1,2,x2/x6/x6/x6 1 3');
  const black = parseTps('x6/x6/x2,1,2,x2/x6/x6/1,x5 2 3');
  it('speaks from the players’ view, not the side to move’s', () => {
    // White's win chance on the size's scale (src/search/expected-score.ts).
    const chance = (white: number, size: number) => `White ${Math.round(100 / (1 + Math.exp(-white / SCORE_SCALE[size]!)))}%`;
    expect(describeScore({ score: 135, mateIn: 0, pv: [] }, white)).toBe(chance(135, white.size));
    expect(describeScore({ score: 135, mateIn: 0, pv: [] }, black)).toBe(chance(-135, black.size));
    expect(describeScore({ score: -50, mateIn: 0, pv: [] }, black)).toBe(chance(50, black.size));
    expect(describeScore({ score: 0, mateIn: 0, pv: [] }, white)).toBe('White 50%');
  });
  it('names proven wins, by road when the line shows it', () => {
    const pos = parseTps('1,1,1,1,x/x5/x5/x5/2,2,2,2,x 1 5');
    expect(describeScore({ score: 29999, mateIn: 1, pv: [parseMove('e5', 5)] }, pos)).toBe('White wins by road in 1 move (1 ply)');
    expect(describeScore({ score: -29996, mateIn: -4, pv: [] }, pos)).toBe('Black wins in 2 moves (4 plies)');
  });
});

describe('bredon analyze', () => {
  it('draws the board and reports each depth in words', async () => {
    const { stdout, code } = await analyze('x6/x6/x2,1,2,x2/x6/x6/x6 1 3', '--depth', '3', '--komi', '2');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^ +a b c d e f/m);
    expect(stdout).toMatch(/Komi 2/);
    expect(stdout).toMatch(/^depth  1  White \d+%  \(.*\)  \S+/m);
    expect(stdout).toMatch(/^depth  3 /m);
    expect(stdout).toMatch(/^Best move: [SC]?[a-f][1-6] /m); // a placement: a flat, wall or capstone
  });

  it('with --multipv 2, lists the two best moves under each depth, best first', async () => {
    const tps = 'x6/x,2,x,1,x2/x,2,1,12C,2,x/x,1,21,1,2S,x/x,1,x,2,x2/1,x5 1 9';
    const { stdout, code } = await analyze(tps, '--depth', '4', '--multipv', '2');
    expect(code).toBe(0);
    const lines = stdout.split('\n');
    const pos = parseTps(tps);
    for (let depth = 1; depth <= 4; depth++) {
      const at = lines.findIndex((l) => new RegExp(`^depth +${depth}  \\(\\S+ nodes, [\\d.]+ s\\)$`).test(l));
      expect(at, stdout).toBeGreaterThanOrEqual(0);
      const rows = [lines[at + 1]!, lines[at + 2]!].map((l) => /^ {2}([12])\. (\S+) +White \d+%: (\S+( \S+)*)$/.exec(l));
      expect(rows.map((r) => r?.[1]), stdout).toEqual(['1', '2']);
      expect(lines[at + 3]).not.toMatch(/^ {2}\d+\. /); // two lines, no more
      expect(rows[0]![2]).not.toBe(rows[1]![2]);
      for (const r of rows) {
        expect(r![3]!.split(' ')[0]).toBe(r![2]); // each line starts with its own move
        expect(isLegalMove(pos, parseMove(r![2]!, 6))).toBe(true);
      }
    }
    const last = lines.findIndex((l) => /^depth +4 /.test(l));
    const best = /^ {2}1\. (\S+)/.exec(lines[last + 1]!)![1];
    expect(stdout).toMatch(new RegExp(`^Best move: ${best} `, 'm'));
    const bad = await analyze(tps, '--multipv', '0');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--multipv must be from 1 to 64/);
  });

  it('finds a road in one and says so', async () => {
    const { stdout, code } = await analyze('1,1,1,1,x/x5/x5/x5/2,2,2,2,x 1 5', '--movetime', '2000');
    expect(code).toBe(0);
    expect(stdout).toMatch(/White wins by road in 1 move/);
    expect(stdout).toMatch(/^Best move: e5 /m);
  });

  it('explains a finished game and bad arguments', async () => {
    const over = await analyze('1,1,1,1,1/x5/x5/x5/2,2,2,2,x 2 5');
    expect(over.code).toBe(0);
    expect(over.stdout).toMatch(/The game is over \(R-0\)/);
    const bad = await analyze('x5/x5 1 1', '--depth', '2');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^bredon analyze: /);
    expect(bad.stderr).not.toMatch(/\n\s+at /);
    const noTps = await analyze('--depth', '2');
    expect(noTps.code).toBe(2);
  });
});
