// `bredon perft --divide` as an engine author uses it: each line is a legal root move, listed
// once, with the count that `bredon perft --moves "... <that move>"` gives one ply shallower, and
// the total is what plain `bredon perft` says. Run in-process through runPerft (hundreds of
// child runs), then once on the built program.

import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { runPerft } from '../../src/cli/perft.js';
import { BREDON } from '../repo.js';

const ISSUE_13 = 'x6/x,2,x,1,x2/x,2,1,12C,2,x/x,1,21,1,2S,x/x,1,x,2,x2/1,x5 1 9';

function run(args: string[]): string[] {
  const lines: string[] = [];
  runPerft(args, (line) => lines.push(line));
  return lines;
}

/** Plain perft's count at `depth` (its last line). */
function perft(args: string[], depth: number): number {
  const last = run([...args, '--depth', String(depth)]).at(-1)!;
  const m = /^depth (\d+) nodes (\d+) time \d+ nps \d+$/.exec(last);
  expect(m, last).not.toBeNull();
  expect(Number(m![1])).toBe(depth);
  return Number(m![2]);
}

interface Divide {
  lines: [string, number][];
  total: number;
}

function parseDivide(output: string[]): Divide {
  const totalLine = /^total (\d+) time \d+$/.exec(output.at(-1)!);
  expect(totalLine, output.at(-1)).not.toBeNull();
  const lines = output.slice(0, -1).map((line): [string, number] => {
    const m = /^(\S+) (\d+)$/.exec(line);
    expect(m, line).not.toBeNull();
    return [m![1]!, Number(m![2])];
  });
  return { lines, total: Number(totalLine![1]) };
}

/** --moves with one more move played. */
function withMove(args: string[], move: string): string[] {
  const i = args.indexOf('--moves');
  if (i < 0) return [...args, '--moves', move];
  return args.map((a, j) => (j === i + 1 ? `${a} ${move}` : a));
}

const cases: [string, string[], number, number?][] = [
  ['4x4 start', ['--size', '4'], 3, 7440],
  ['6x6 start', ['--size', '6'], 3, 132_720],
  ['3x3 start, a capstone each', ['--size', '3', '--caps', '1'], 4],
  ['6x6 middle game of issue 13 (stacks, a capstone, a wall)', ['--tps', ISSUE_13], 3, 673_724],
  ['the same, White down to its last stone (--stones 9)', ['--tps', ISSUE_13, '--stones', '9'], 3],
  ['5x5 after moves, with --stones 10 --caps 1', ['--size', '5', '--moves', 'a1 e5 c3 c4 Cc2 1c4- b4 Cd3 Sb3', '--stones', '10', '--caps', '1'], 3, 94_609],
];

describe('bredon perft --divide', () => {
  for (const [name, args, depth, expected] of cases) {
    it(`${name}, depth ${depth}`, () => {
      const { lines, total } = parseDivide(run([...args, '--depth', String(depth), '--divide']));
      const moves = lines.map(([m]) => m);
      expect(new Set(moves).size, `a move listed twice in ${moves.join(' ')}`).toBe(moves.length);
      // Every legal move: as many lines as perft 1 has moves (each line's move is checked legal
      // below, by --moves).
      expect(moves.length).toBe(perft(args, 1));
      expect(lines.reduce((sum, [, n]) => sum + n, 0)).toBe(total);
      expect(total).toBe(perft(args, depth));
      if (expected !== undefined) expect(total).toBe(expected);
      for (const [move, n] of lines) expect(n, move).toBe(perft(withMove(args, move), depth - 1));
    });
  }
});

describe('the built program', () => {
  function bredon(...args: string[]): string {
    const r = spawnSync(process.execPath, [BREDON, 'perft', ...args], { encoding: 'utf8', timeout: 60_000 });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    return r.stdout;
  }

  it('counts a handicap game (--stones W,B): Black\'s 2 stones can end it at ply 4', () => {
    // The first four plies are the standard ones; lines where Black placed both stop there.
    expect(perft(['--size', '3', '--stones', '10,2'], 4)).toBe(17792);
    expect(perft(['--size', '3', '--stones', '10,2'], 5)).toBeLessThan(perft(['--size', '3'], 5));
    expect(perft(['--size', '3', '--stones', '2,10'], 2)).toBe(72);
  });

  it('divides the 4x4 start and the issue 13 position once per move, summing to perft', () => {
    for (const [args, moves, total] of [
      [['--size', '4'], 16, 7440],
      [['--tps', ISSUE_13], perft(['--tps', ISSUE_13], 1), 673_724],
    ] as const) {
      const { lines, total: printed } = parseDivide(bredon(...args, '--depth', '3', '--divide').trimEnd().split('\n'));
      expect(new Set(lines.map(([m]) => m)).size).toBe(moves);
      expect(lines).toHaveLength(moves);
      expect(printed).toBe(total);
      expect(bredon(...args, '--depth', '3').trimEnd().split('\n').at(-1)).toMatch(new RegExp(`^depth 3 nodes ${total} `));
    }
  });
});
