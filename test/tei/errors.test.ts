// Bad input never crashes, hangs or silences the engine: each bad line gets one
// `info string error: ...` and the engine keeps serving; stdout stays pure protocol.

import { describe, expect, it } from 'vitest';
import { engineStarter } from './engine.js';
import { RefereeGame } from './game.js';

const start = engineStarter();

const BAD_LINES: [string, RegExp][] = [
  ['', /empty line/],
  ['   ', /empty line/],
  ['bogus', /unknown command 'bogus'/],
  ['uci', /TEI/],
  ['go', /without a position/], // right after teinewgame: no position yet
  ['teinewgame 9', /size 9/],
  ['teinewgame size 6 halfkomi 99', /halfkomi 99/],
  ['teinewgame size six', /whole number/],
  ['setoption name Nonsense value 3', /unknown option/],
  ['setoption name Hash value lots', /Hash must be/],
  ['setoption name HalfKomi value 21', /HalfKomi must be/],
  ['setoption name ReportWin value maybe', /true or false/],
  ['setoption HalfKomi 4', /name/],
  ['position', /startpos/],
  ['position sideways', /startpos/],
  ['position tps', /TPS is missing/],
  ['position tps x,x/x,x 1 1', /bad TPS/],
  ['position tps x6/x6/x6/x6/x6/x6 3 1', /bad TPS/],
  ['position tps x6/x6/x6/x6/x6/x5 1 1', /bad TPS/],
  ['position tps x6/x6/x6/x6/x6/q,x5 1 1', /bad TPS/],
  ['position startpos moves a1 a1', /move 2 'a1' is illegal/],
  ['position startpos moves Sa1', /move 1 'Sa1' is illegal/],
  ['position startpos moves a1 f6 z9', /move 3 'z9'/],
  ['position startpos moves a1 f6 a7', /move 3 'a7'.*off the/],
  ['position startpos banana', /unexpected 'banana'/],
  ['go movetime soon', /go movetime needs a number/],
  ['go depth', /go depth needs a number/],
  ['isready now', /takes no arguments/],
];

describe('bad lines', () => {
  it('each gets info string error and the engine keeps serving', async () => {
    const engine = start();
    await engine.handshake();
    engine.send('teinewgame 6');
    await engine.sync();
    for (const [line, reason] of BAD_LINES) {
      engine.send(line);
      const before = await engine.sync();
      const errors = before.filter((l) => l.startsWith('info string error: '));
      expect(errors, `reply to '${line}'`).toHaveLength(1);
      expect(errors[0], `reply to '${line}'`).toMatch(reason);
      // Only a go is answered: every go gets its bestmove, even one with nothing to search.
      expect(before.filter((l) => l.startsWith('bestmove')), `bestmoves for '${line}'`).toEqual(/^go\b/.test(line) ? ['bestmove a1'] : []);
    }
    // Still a working engine: a rejected position leaves none, a good one plays.
    engine.send('go depth 2');
    expect((await engine.sync()).join('\n')).toMatch(/error: go without a position[^]*bestmove a1/);
    engine.send('position startpos moves a1 f6', 'go depth 2');
    const game = new RefereeGame('x6/x6/x6/x6/x6/x6 1 1');
    game.play('a1');
    game.play('f6');
    game.play((await engine.bestmove()).move);
    expect(engine.strays).toEqual([]);
    expect(engine.stderr.join('')).not.toMatch(/\n\s+at /); // no stack traces, even on stderr
    expect(await engine.quit()).toBe(0);
  });

  it('ends a running search with its bestmove when a go comes during it, then answers that go', async () => {
    const engine = start();
    engine.send('teinewgame 5', 'position startpos moves a1 e5', 'go infinite');
    await engine.expect('info depth');
    engine.send('position startpos moves a1 e5 c3', 'go depth 3');
    const first = await engine.bestmove();
    const game = new RefereeGame('x5/x5/x5/x5/x5 1 1');
    game.play('a1');
    game.play('e5');
    game.play(first.move);
    const second = await engine.bestmove();
    const after = new RefereeGame('x5/x5/x5/x5/x5 1 1');
    for (const m of ['a1', 'e5', 'c3', second.move]) after.play(m);
    // Exactly one bestmove for each search, and no error.
    await engine.sync();
    expect(engine.lines.filter((l) => l.startsWith('bestmove'))).toHaveLength(2);
    expect(engine.lines.filter((l) => l.includes('error'))).toEqual([]);
    expect(await engine.quit()).toBe(0);
  });

  it('answers a finished position with an error and a move PTN Ninja can parse', async () => {
    const engine = start();
    engine.send('teinewgame 5');
    // White has a road on the top row.
    engine.send('position tps 1,1,1,1,1/x5/x5/x5/2,2,2,2,x 2 5', 'go depth 3');
    const { move, skipped } = await engine.bestmove();
    expect(move).toBe('a1+');
    expect(skipped.join('\n')).toMatch(/info string error: the game is over \(R-0\)/);
    // Moves after the end of the game are refused.
    engine.send('position tps 1,1,1,1,x/x5/x5/x5/2,2,2,2,x 1 5 moves e5 e1');
    expect((await engine.sync()).join('\n')).toMatch(/move 2 'e1': the game is already over \(R-0\)/);
    expect(await engine.quit()).toBe(0);
  });

  it('survives random garbage', async () => {
    const engine = start();
    let seed = 12345;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    const words = ['position', 'tps', 'startpos', 'moves', 'go', 'setoption', 'name', 'value', 'teinewgame', 'size', 'halfkomi', 'x6', 'a1', '3c3>12', '-1', '99', '1', 'Hash', '\u00e9', '\t', 'wtime', 'depth'];
    for (let i = 0; i < 200; i++) {
      const n = rand(6);
      const parts: string[] = [];
      for (let k = 0; k < n; k++) parts.push(words[rand(words.length)]!);
      const line = parts.join(' ');
      // Garbage that happens to be a valid search request is given a small limit.
      if (/^go\b/.test(line)) continue;
      engine.send(line);
    }
    await engine.sync();
    expect(engine.strays).toEqual([]);
    expect(engine.exitCode).toBeUndefined();
    expect(await engine.quit()).toBe(0);
  });
});

describe('ending', () => {
  it('quit during a search exits at once', async () => {
    const engine = start();
    engine.send('teinewgame 6', 'position startpos', 'go infinite');
    await engine.expect('info depth');
    engine.send('quit');
    expect(await engine.exited).toBe(0);
  });

  it('an isready sent just before quit is still answered', async () => {
    const engine = start();
    engine.send('isready', 'quit');
    expect(await engine.exited).toBe(0);
    expect(engine.lines).toEqual(['readyok']);
  });

  it('at end of input finishes the search, prints bestmove, exits', async () => {
    const engine = start(['tei']);
    engine.send('teinewgame 4', 'position startpos moves a1 d4', 'go depth 3');
    engine.close();
    expect(await engine.exited).toBe(0);
    expect(engine.lines.at(-1)).toMatch(/^bestmove [a-d][1-4]/);
  });

  it('at end of input stops an infinite search', async () => {
    const engine = start();
    engine.send('teinewgame 4', 'position startpos', 'go infinite');
    await engine.expect('info depth');
    engine.close();
    expect(await engine.exited).toBe(0);
    expect(engine.lines.at(-1)).toMatch(/^bestmove /);
  });
});
