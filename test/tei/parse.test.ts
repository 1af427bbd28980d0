import { describe, expect, it } from 'vitest';
import { parseLine, type Command } from '../../src/tei/parse.js';

function err(line: string): string {
  const c = parseLine(line);
  expect(c.kind, `'${line}' is an error`).toBe('error');
  return (c as { message: string }).message;
}

describe('parseLine', () => {
  it('reads the bare commands, tolerating spaces and CR', () => {
    for (const k of ['tei', 'isready', 'stop', 'ponderhit', 'quit'] as const) {
      expect(parseLine(k)).toEqual({ kind: k });
      expect(parseLine(`  ${k} \r`)).toEqual({ kind: k });
      expect(parseLine(`\t${k}\t`)).toEqual({ kind: k });
    }
    expect(parseLine('debug on')).toEqual({ kind: 'debug', on: true });
    expect(parseLine('debug off')).toEqual({ kind: 'debug', on: false });
  });

  it('reads setoption with multi-word names and values', () => {
    expect(parseLine('setoption name HalfKomi value 4')).toEqual({ kind: 'setoption', name: 'HalfKomi', value: '4' });
    expect(parseLine('setoption name Clear Hash')).toEqual({ kind: 'setoption', name: 'Clear Hash', value: undefined });
    expect(parseLine('setoption name Book File value /tmp/my book.txt')).toEqual({
      kind: 'setoption',
      name: 'Book File',
      value: '/tmp/my book.txt',
    });
    expect(parseLine('setoption name X value')).toEqual({ kind: 'setoption', name: 'X', value: '' });
    expect(err('setoption')).toMatch(/name/);
    expect(err('setoption name')).toMatch(/no option name/);
    expect(err('setoption name value 3')).toMatch(/no option name/);
    expect(err('setoption HalfKomi 4')).toMatch(/name/);
  });

  it('reads both teinewgame forms', () => {
    expect(parseLine('teinewgame')).toEqual({ kind: 'teinewgame' });
    expect(parseLine('teinewgame 6')).toEqual({ kind: 'teinewgame', size: 6 });
    expect(parseLine('teinewgame size 6 halfkomi 4')).toEqual({ kind: 'teinewgame', size: 6, halfKomi: 4 });
    expect(parseLine('teinewgame halfkomi -3 size 5')).toEqual({ kind: 'teinewgame', size: 5, halfKomi: -3 });
    expect(parseLine('teinewgame size 7')).toEqual({ kind: 'teinewgame', size: 7 });
    // Ranges are the session's business: the syntax is fine.
    expect(parseLine('teinewgame 12')).toEqual({ kind: 'teinewgame', size: 12 });
    expect(err('teinewgame six')).toMatch(/whole number/);
    expect(err('teinewgame size')).toMatch(/whole number/);
    expect(err('teinewgame size 6 komi 2')).toMatch(/unknown field 'komi'/);
    expect(err('teinewgame size 6 halfkomi 2.5')).toMatch(/whole number/);
  });

  it('reads position lines as Racetrack and PTN Ninja send them', () => {
    expect(parseLine('position startpos moves ')).toEqual({ kind: 'position', moves: [] });
    expect(parseLine('position startpos')).toEqual({ kind: 'position', moves: [] });
    expect(parseLine('position startpos moves a1 f6 ')).toEqual({ kind: 'position', moves: ['a1', 'f6'] });
    expect(parseLine('position tps x,x,x,x,x,x/x,x,x,x,x,x/x,x,x,x,x,x/x,x,x,x,x,x/x,x,x,x,x,x/x,x,x,x,x,x 1 1 moves ')).toEqual({
      kind: 'position',
      tps: 'x,x,x,x,x,x/x,x,x,x,x,x/x,x,x,x,x,x/x,x,x,x,x,x/x,x,x,x,x,x/x,x,x,x,x,x 1 1',
      moves: [],
    });
    expect(parseLine("position tps 2,x5/x6/x2,1,2,x2/x6/x6/1,x5 1 3 moves Fc3 1d4+1* 3c3>12'")).toEqual({
      kind: 'position',
      tps: '2,x5/x6/x2,1,2,x2/x6/x6/1,x5 1 3',
      moves: ['Fc3', '1d4+1*', "3c3>12'"],
    });
    expect(parseLine('position tps x5/x5/x5/x5/x5 2 4')).toEqual({ kind: 'position', tps: 'x5/x5/x5/x5/x5 2 4', moves: [] });
    // The TPS itself is checked by the session (it needs the rules); odd field counts pass here.
    expect(parseLine('position tps x5/x5 1')).toEqual({ kind: 'position', tps: 'x5/x5 1', moves: [] });
    expect(err('position')).toMatch(/startpos/);
    expect(err('position tps')).toMatch(/TPS is missing/);
    expect(err('position tps moves a1')).toMatch(/TPS is missing/);
    expect(err('position startpos a1')).toMatch(/unexpected 'a1'/);
    expect(err('position fen 8/8/8')).toMatch(/got 'fen'/);
  });

  it('reads go fields, ignoring unknown ones', () => {
    const go = (line: string) => {
      const c = parseLine(line) as Extract<Command, { kind: 'go' }>;
      expect(c.kind).toBe('go');
      return c.go;
    };
    expect(go('go wtime 60000 btime 59000 winc 600 binc 500')).toMatchObject({ wtime: 60000, btime: 59000, winc: 600, binc: 500, infinite: false });
    expect(go('go movetime 5000')).toMatchObject({ movetime: 5000 });
    expect(go('go depth 7')).toMatchObject({ depth: 7 });
    expect(go('go nodes 100000')).toMatchObject({ nodes: 100000 });
    expect(go('go infinite')).toMatchObject({ infinite: true });
    expect(go('go')).toMatchObject({ infinite: false, ignored: [] });
    expect(go('go wtime -120 btime 10')).toMatchObject({ wtime: -120, btime: 10 });
    expect(go('go wtime 1500.75 btime 10')).toMatchObject({ wtime: 1500 });
    expect(go('go movestogo 12 wtime 1 btime 2')).toMatchObject({ movestogo: 12 });
    expect(go('go ponder wtime 100 btime 100')).toMatchObject({ ponder: true, wtime: 100 });
    expect(go('go frobnicate 3 depth 4')).toMatchObject({ depth: 4, ignored: ['frobnicate', '3'] });
    expect(go('go searchmoves a1 b2 depth 5')).toMatchObject({ depth: 5, searchmoves: ['a1', 'b2'] });
    expect(err('go depth')).toMatch(/depth needs a number, got nothing/);
    expect(err('go movetime fast')).toMatch(/movetime needs a number, got 'fast'/);
    expect(err('go wtime 1e9')).toMatch(/wtime/);
  });

  it('reports empty lines, unknown commands and stray arguments', () => {
    expect(err('')).toBe('empty line');
    expect(err('   \t ')).toBe('empty line');
    expect(err('hello world')).toBe("unknown command 'hello'");
    expect(err('uci')).toMatch(/speaks TEI/);
    expect(err('isready please')).toMatch(/takes no arguments/);
    expect(err('debug maybe')).toMatch(/on' or 'off/);
    expect(err('TEI')).toMatch(/unknown command/); // commands are case-sensitive, as in UCI
    expect(err('x'.repeat(500)).length).toBeLessThan(80); // long junk is not echoed whole
  });

  it('never throws, whatever the line', () => {
    let seed = 7;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    const alphabet = ['go', 'position', 'tps', 'moves', 'setoption', 'name', 'value', 'teinewgame', 'size', 'halfkomi', ' ', '  ', '\t', '1', '-', 'x6', '/', ',', 'a1', '\u0000', '\u00ff', '\ud800', 'wtime', 'infinite', 'searchmoves', '9'.repeat(30)];
    for (let i = 0; i < 5000; i++) {
      let line = '';
      const n = rand(12);
      for (let k = 0; k < n; k++) line += alphabet[rand(alphabet.length)]! + (rand(2) ? ' ' : '');
      const c = parseLine(line);
      expect(typeof c.kind).toBe('string');
    }
  });
});
