// `bredon analyze`: the board, then the search in words, for a person at a terminal.

import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
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
    expect(describeScore({ score: 135, mateIn: 0, pv: [] }, white)).toBe('+1.35 flats for White');
    expect(describeScore({ score: 135, mateIn: 0, pv: [] }, black)).toBe('+1.35 flats for Black');
    expect(describeScore({ score: -50, mateIn: 0, pv: [] }, black)).toBe('+0.50 flats for White');
    expect(describeScore({ score: 0, mateIn: 0, pv: [] }, white)).toBe('even');
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
    expect(stdout).toMatch(/^depth  1  (even|\+\d+\.\d\d flats for (White|Black))  \(.*\)  \S+/m);
    expect(stdout).toMatch(/^depth  3 /m);
    expect(stdout).toMatch(/^Best move: [a-f][1-6]/m);
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
