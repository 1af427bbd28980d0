// A whole game over TEI with the engine playing both sides on short clocks, judged move by move
// by the rules core, to a proper result.

import { afterEach, describe, expect, it } from 'vitest';
import { gameResult, ONGOING, resultText } from '../../src/core/result.js';
import { Engine } from './engine.js';
import { RefereeGame, uncompressedStart } from './game.js';

const engines: Engine[] = [];
afterEach(() => {
  for (const e of engines.splice(0)) e.kill();
});

describe('self-play over TEI', () => {
  it('plays a whole 5x5 game with komi to a legal result', async () => {
    const engine = new Engine();
    engines.push(engine);
    await engine.handshake();
    engine.send('setoption name HalfKomi value 2', 'teinewgame 5');
    await engine.sync();
    const game = new RefereeGame(uncompressedStart(5), 2);
    const time = [1500, 1500];
    const inc = 15;
    while (!game.over && game.moves.length < 400) {
      const side = game.pos.side;
      const t0 = performance.now();
      engine.send(game.racetrackPosition(false), `go wtime ${time[0]} btime ${time[1]} winc ${inc} binc ${inc}`);
      const { move } = await engine.bestmove();
      const spent = performance.now() - t0;
      expect(spent, `ply ${game.moves.length + 1} over the clock`).toBeLessThanOrEqual(time[side]!);
      time[side] = Math.floor(time[side]! - spent) + inc;
      game.play(move);
    }
    const result = gameResult(game.pos, 2);
    expect(result, `game: ${game.moves.join(' ')}`).not.toBe(ONGOING);
    expect(['R-0', '0-R', 'F-0', '0-F', '1/2-1/2']).toContain(resultText(result));
    expect(engine.strays).toEqual([]);
    expect(engine.lines.filter((l) => l.includes('error'))).toEqual([]);
    expect(await engine.quit()).toBe(0);
  });
});
