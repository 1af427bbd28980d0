// `bredon tinue`: one line on stdout and an exit status for scripts (0 tinue, 1 none, 3 unknown,
// 2 bad input); and `bredon analyze` saying so when the solver proves a tinue before it searches.

import { describe, expect, it } from 'vitest';
import { bredon, bredonBatch } from './bredon.js';

const TINUE_5 = '2,x2,2,x2/x3,2,x2/x2,2,2,2,x/1,1,2,x,1,1/x,1,12221,21112C,x,1/x,1,x,21,2S,1 2 19';
const TINUE_7 = '2,x4,1/x5,1/x2,12,1211212C,2S,2/1,1,2,1C,112121,1/x2,2,2,x,1/x2,2,x2,1 1 23';

describe('bredon tinue', () => {
  it('proves a tinue: its length and line, exit 0', () => {
    const r = bredon('tinue', TINUE_5);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('tinue in 5: d3 e3< c3> a1 4d2-\n');
    expect(r.code).toBe(0);
  });

  it('takes the TPS as three fields too, and --max-plies', () => {
    const r = bredon('tinue', ...TINUE_5.split(' '), '--max-plies', '3');
    expect(r.stdout).toBe('no tinue within 3 plies\n');
    expect(r.code).toBe(1);
  });

  it('refutes: no tinue within N plies, exit 1', () => {
    const r = bredon('tinue', 'x5/x5/x5/2,2,2,x2/1,1,1,x2 1 4', '--max-plies', '7');
    expect(r.stdout).toBe('no tinue within 7 plies\n');
    expect(r.code).toBe(1);
  });

  it('says unknown when the time runs out first, exit 3', () => {
    const r = bredon('tinue', TINUE_7, '--movetime', '1');
    expect(r.stdout).toMatch(/^unknown \(limit reached\)/);
    expect(r.code).toBe(3);
  });

  it('bad input: one line on stderr, exit 2', () => {
    const cases = [
      ['x5/x5 1 1'],
      ['1,1,1,1,1/x5/x5/x5/2,2,2,2,x 2 5'],
      ['x5/x5/x5/x5/x5 1 1'],
      [TINUE_5, '--max-plies', '0'],
      [TINUE_5, '--komi', 'lots'],
      [],
    ];
    const runs = bredonBatch(cases.map((args) => ['tinue', ...args]));
    runs.forEach((r, i) => {
      expect(r.code, cases[i]!.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^bredon tinue: [^\n]+\n$/);
      expect(r.stderr).not.toMatch(/internal error/);
    });
    expect(runs[1]!.stderr).toMatch(/game is already over/);
  });
});

describe('bredon analyze', () => {
  it('names a tinue the solver proves before the search', () => {
    const r = bredon('analyze', TINUE_5, '--depth', '2');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Black has tinue in 5: d3 e3< c3> a1 4d2-$/m);
  });
});
