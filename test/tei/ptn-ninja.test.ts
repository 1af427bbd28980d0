// PTN Ninja's dialogue: `teinewgame size <n> halfkomi <k>` (it saw the size line), `go movetime`,
// and interactive analysis: `go infinite`, `isready` while it runs, `stop` (a bestmove must come
// promptly, since the next search waits for it), and the opt-in `score win` report.

import { describe, expect, it } from 'vitest';
import { engineStarter } from './engine.js';
import { RefereeGame } from './game.js';

const start = engineStarter();

describe('PTN Ninja', () => {
  it('analyses with movetime after teinewgame size/halfkomi', async () => {
    const engine = start();
    await engine.handshake();
    engine.send('teinewgame size 6 halfkomi 4');
    await engine.sync();
    const tps = '2,x5/x6/x2,1,2,x2/x6/x6/1,x5 1 3';
    engine.send(`position tps ${tps}`, 'go movetime 300');
    const { move, infos } = await engine.bestmove();
    new RefereeGame(tps, 4).play(move);
    expect(infos.length).toBeGreaterThan(0);
    for (const info of infos) expect(info).not.toMatch(/ pv\s*$/); // never an empty pv
    // PTN Ninja's history form: a start TPS then moves, with F prefixes and suffixes.
    engine.send('position tps x6/x6/x6/x6/x6/x6 1 1 moves a1 f6 Fc3 d4\' 1c3<1', 'go movetime 200');
    const game = new RefereeGame('x6/x6/x6/x6/x6/x6 1 1');
    for (const m of ['a1', 'f6', 'c3', 'd4', 'c3<']) game.play(m);
    game.play((await engine.bestmove()).move);
    expect(engine.strays).toEqual([]);
    expect(await engine.quit()).toBe(0);
  });

  it('answers isready during go infinite and bestmove promptly after stop', async () => {
    const engine = start();
    await engine.handshake();
    engine.send('teinewgame size 6 halfkomi 4');
    await engine.sync();
    for (let round = 0; round < 3; round++) {
      const moves = ['a1', 'f6', 'c3', 'd4', 'c4'].slice(0, 2 + round);
      engine.send(`position startpos moves ${moves.join(' ')}`, 'go infinite');
      await engine.expect('info depth');
      engine.send('isready');
      const { skipped } = await engine.next((l) => l === 'readyok' || l.startsWith('bestmove'), 5000, 'readyok');
      expect(skipped.some((l) => l.startsWith('bestmove'))).toBe(false);
      const t0 = performance.now();
      engine.send('stop');
      const { move } = await engine.bestmove(10_000);
      // Not a speed test: "promptly" here only means the stop was obeyed, not a search's length.
      expect(performance.now() - t0).toBeLessThan(5000);
      const game = new RefereeGame('x6/x6/x6/x6/x6/x6 1 1');
      for (const m of moves) game.play(m);
      game.play(move);
    }
    // A stray stop when idle is harmless: no error, no second bestmove.
    engine.send('stop');
    await engine.sync();
    expect(engine.lines.filter((l) => l.startsWith('bestmove')).length).toBe(3);
    expect(engine.lines.filter((l) => l.includes('error'))).toEqual([]);
    expect(await engine.quit()).toBe(0);
  });

  it('holds the bestmove of an infinite search that ended by itself until stop', async () => {
    const engine = start();
    await engine.handshake();
    engine.send('teinewgame size 5 halfkomi 0');
    // White to move completes the top row: a proven win at depth 1 ends the search at once.
    engine.send('position tps 1,1,1,1,x/x5/x5/x5/2,2,2,2,x 1 5', 'go infinite');
    await engine.expect('info depth');
    await engine.sync(); // the search is over by now, yet no bestmove before stop
    expect(engine.lines.some((l) => l.startsWith('bestmove'))).toBe(false);
    engine.send('stop');
    expect((await engine.bestmove()).move).toBe('e5');
    expect(await engine.quit()).toBe(0);
  });

  it('reports a proven win as score cp by default and as score win with ReportWin', async () => {
    const engine = start();
    await engine.handshake();
    engine.send('teinewgame 5', 'position tps 1,1,1,1,x/x5/x5/x5/2,2,2,2,x 1 5', 'go depth 3');
    let { infos } = await engine.bestmove();
    expect(infos.at(-1)).toMatch(/score cp 100 wdl 1000 0 0 /); // proven: the top of the 200p - 100 scale
    engine.send('setoption name ReportWin value true', 'go depth 3');
    ({ infos } = await engine.bestmove());
    expect(infos.at(-1)).toMatch(/score win 1 /);
    // Black to move cannot stop both of White's roads (e5 and e4): lost in 2 plies.
    engine.send('position tps 1,1,1,1,x/1,1,1,1,x/x5/2,x4/2,2,2,x2 2 7', 'go depth 3');
    ({ infos } = await engine.bestmove());
    expect(infos.at(-1)).toMatch(/score loss 2 /);
    expect(await engine.quit()).toBe(0);
  });

  it('searches with several threads sharing the table', async () => {
    const engine = start();
    await engine.handshake();
    engine.send('setoption name Threads value 2', 'setoption name Hash value 16', 'teinewgame 6');
    await engine.sync();
    const game = new RefereeGame('x6/x6/x6/x6/x6/x6 1 1');
    for (const go of ['go depth 4', 'go movetime 300', 'go nodes 20000']) {
      engine.send(`position startpos moves ${game.moves.join(' ')}`, go);
      game.play((await engine.bestmove()).move);
    }
    engine.send(`position startpos moves ${game.moves.join(' ')}`, 'go infinite');
    await engine.expect('info depth');
    engine.send('stop');
    game.play((await engine.bestmove()).move);
    engine.send('setoption name Threads value 1');
    engine.send(`position startpos moves ${game.moves.join(' ')}`, 'go depth 3');
    game.play((await engine.bestmove()).move);
    expect(engine.lines.filter((l) => l.includes('error'))).toEqual([]);
    expect(await engine.quit()).toBe(0);
  });
});
