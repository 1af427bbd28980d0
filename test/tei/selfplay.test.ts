// A whole game over TEI with the engine playing both sides on short clocks, judged move by move
// by the rules core, to a proper result.
//
// The referee charges each move's wall time (from the go to the bestmove) to the mover's clock,
// as Racetrack does, and calls a move late only past the clock plus LAG_MS. Bredon keeps 60 ms
// (MOVE_OVERHEAD_MS) for the pipes and the scheduling of a quiet machine; a busy one can stall a
// process longer than that (ply 37 once took 96 ms on an 82 ms clock), so the allowance is
// generous. The clock is charged in full all the same: an engine that spent more than its
// increment move after move would run past the allowance within a few moves.

import { afterEach, describe, expect, it } from 'vitest';
import { gameResult, ONGOING, resultText } from '../../src/core/result.js';
import { Engine } from './engine.js';
import { RefereeGame, uncompressedStart } from './game.js';

/** How far past its clock a move may end before it counts as late: lag, not thinking. */
const LAG_MS = 500;

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
    // The increment is above the lag of a busy machine too, so that a clock near zero refills.
    const time = [700, 700];
    const inc = 40;
    const clock = (side: number) => Math.max(0, Math.floor(time[side]!));
    while (!game.over && game.moves.length < 400) {
      const side = game.pos.side;
      const t0 = performance.now();
      engine.send(game.racetrackPosition(false), `go wtime ${clock(0)} btime ${clock(1)} winc ${inc} binc ${inc}`);
      const { move } = await engine.bestmove();
      const spent = performance.now() - t0;
      expect(spent, `ply ${game.moves.length + 1} over the clock (${time[side]!.toFixed(0)} ms, with ${LAG_MS} ms for lag)`).toBeLessThanOrEqual(time[side]! + LAG_MS);
      time[side] = time[side]! - spent + inc;
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
