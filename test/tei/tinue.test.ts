// The engine uses the tinue prover in analysis: a `go movetime` or `go infinite` on a position
// with a forced road answers with the proof (its line, `score win N` with ReportWin), while a
// game clock or a depth limit runs the plain search (see src/search/time.ts).

import { describe, expect, it } from 'vitest';
import { BLACK_ROAD } from '../../src/core/result.js';
import { KNOWN_TINUES } from '../../bench/tinue-positions.js';
import { engineStarter } from './engine.js';
import { RefereeGame } from './game.js';

const start = engineStarter();

/** Archive game 70, Black to move: tinue in 5, d3 e3< c3> a1 4d2- (bredon tinue's example in docs/commands.md). */
const TINUE5 = KNOWN_TINUES.find((t) => t.game === 70 && t.plies === 5)!.tps;

describe('TEI analysis with the tinue prover', () => {
  it('go movetime on a tinue: score win 5 (ReportWin) with the proof as the pv, and its first move', async () => {
    const engine = start();
    await engine.handshake();
    engine.send('setoption name ReportWin value true', 'teinewgame 6', `position tps ${TINUE5}`, 'go movetime 3000');
    const { move, infos } = await engine.bestmove(30_000);
    const last = infos.at(-1)!;
    expect(last).toMatch(/^info depth 5 seldepth 5 score win 5 wdl 1000 0 0 nodes \d+ nps \d+ time \d+ hashfull \d+ pv d3 e3< c3> a1 4d2-$/);
    expect(move).toBe('d3');
    // The line is legal and ends in Black's road.
    const game = new RefereeGame(TINUE5);
    for (const m of ['d3', 'e3<', 'c3>', 'a1', '4d2-']) game.play(m);
    expect(game.result).toBe(BLACK_ROAD);
    expect(engine.strays).toEqual([]);
    expect(await engine.quit()).toBe(0);
  });

  it('go infinite on a tinue holds the proof until stop', async () => {
    const engine = start();
    await engine.handshake();
    engine.send('teinewgame 6', `position tps ${TINUE5}`, 'go infinite');
    const { line } = await engine.next((l) => / pv /.test(l) && l.startsWith('info depth 5 '), 20_000, 'the proof');
    expect(line).toMatch(/ score cp 100 .* pv d3 e3< c3> a1 4d2-$/);
    engine.send('stop');
    const { move } = await engine.bestmove();
    expect(move).toBe('d3');
    expect(await engine.quit()).toBe(0);
  });
});
