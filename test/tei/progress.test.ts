// A search you can watch, through the real TEI session: progress lines inside long iterations,
// and a last `info` before `bestmove` that is exact, at the deepest depth shown, with a line that
// starts with the move played and runs as far as the search reached.
//
// Timed assertions are loose on purpose (CI has two loaded cores): "at least one progress line
// during a 2.5 s search", never exact intervals.

import { describe, expect, it } from 'vitest';
import { makeMove } from '../../src/core/makemove.js';
import { isLegalMove } from '../../src/core/movegen.js';
import { boardResult, ONGOING } from '../../src/core/result.js';
import { parseMove } from '../../src/notation/ptn-move.js';
import { formatTps, parseTps } from '../../src/notation/tps.js';
import { engineStarter } from './engine.js';
import { RefereeGame } from './game.js';

/** The 6x6 middle game of issue 13 (4.6 s without a line before progress reports) and a 5x5 one. */
const MID6 = 'x6/x,2,x,1,x2/x,2,1,12C,2,x/x,1,21,1,2S,x/x,1,x,2,x2/1,x5 1 9';
const MID5 = 'x5/x5/x2,121212C,x2/1,x4/1,x4 2 7';

const DEPTH_LINE = /^info depth (\d+) seldepth \d+ score cp -?\d+ wdl \d+ \d+ \d+ nodes \d+ nps \d+ time \d+ hashfull \d+ pv (\S+( \S+)*)$/;
const PROGRESS_LINE = /^info depth (\d+) seldepth \d+( score cp -?\d+ wdl \d+ \d+ \d+)? nodes \d+ nps \d+ time \d+ hashfull \d+( currmove (\S+) currmovenumber ([1-9]\d*))?$/;

const start = engineStarter();

const field = (line: string, name: string) => Number(new RegExp(` ${name} (-?\\d+)`).exec(line)![1]);

/**
 * Checks a search's info lines against the contract and returns its progress lines: every line a
 * depth report or a progress report, depths and times never going back, every currmove legal,
 * and the last line exact at the deepest depth, its pv legal from the root, starting with the
 * move played, and as long as the depth unless it ends the game or repeats.
 */
function checkSearch(tps: string, infos: string[], move: string): string[] {
  const root = parseTps(tps);
  expect(infos.length).toBeGreaterThan(0);
  const progress: string[] = [];
  let time = 0;
  let depth = 0;
  for (const line of infos) {
    expect(line).not.toMatch(/lowerbound|upperbound/);
    const p = PROGRESS_LINE.exec(line);
    if (p !== null) {
      progress.push(line);
      if (p[4] !== undefined) expect(isLegalMove(root, parseMove(p[4], root.size)), line).toBe(true);
    } else {
      expect(line).toMatch(DEPTH_LINE);
    }
    expect(field(line, 'depth'), 'depths never go back').toBeGreaterThanOrEqual(depth);
    expect(field(line, 'time'), 'times never go back').toBeGreaterThanOrEqual(time);
    depth = field(line, 'depth');
    time = field(line, 'time');
  }
  const last = infos.at(-1)!;
  const m = DEPTH_LINE.exec(last);
  expect(m, `last line before bestmove: ${last}`).not.toBeNull();
  const pv = m![2]!.split(' ');
  expect(pv[0]).toBe(move);
  const game = new RefereeGame(tps);
  for (const text of pv) {
    expect(boardResult(game.pos), `pv ${pv.join(' ')} goes on after the game ended`).toBe(ONGOING);
    game.play(text);
  }
  if (pv.length < depth) {
    const ended = boardResult(game.pos) !== ONGOING || game.pos.repetitions() >= 2;
    expect(ended, `pv ${pv.join(' ')} is shorter than depth ${depth}`).toBe(true);
  }
  return progress;
}

describe('a search you can watch', () => {
  it('5x5 and 6x6: progress lines during a long search, the result last', async () => {
    // Both at once (one search thread each): two cores, half the wall time. An infinite search,
    // stopped at its first progress line with a currmove: a timed one may end before any
    // iteration outlasts the progress interval (it starts no iteration it cannot finish), which
    // depends on the machine's speed, while an infinite one's iterations keep growing.
    await Promise.all(
      [
        [6, MID6],
        [5, MID5],
      ].map(async ([size, tps]) => {
        const engine = start();
        await engine.handshake();
        engine.send(`teinewgame ${size}`);
        await engine.sync();
        engine.send(`position tps ${tps}`, 'go infinite');
        const first = await engine.next((l) => / currmove \S+ currmovenumber \d+$/.test(l), 30_000, 'a progress line');
        engine.send('stop');
        const rest = await engine.bestmove(20_000);
        const { move } = rest;
        const infos = [...first.skipped, first.line, ...rest.skipped].filter((l) => l.startsWith('info '));
        new RefereeGame(tps as string).play(move);
        const progress = checkSearch(tps as string, infos, move);
        expect(progress.length, infos.join('\n')).toBeGreaterThanOrEqual(1);
        expect(progress.some((l) => / currmove \S+ currmovenumber \d+$/.test(l))).toBe(true);
        expect(engine.strays).toEqual([]);
        expect(await engine.quit()).toBe(0);
      }),
    );
  });

  it('ends fixed-depth, stopped infinite and threaded searches with the exact result', async () => {
    const engine = start();
    await engine.handshake();
    engine.send('teinewgame 5', `position tps ${MID5}`, 'go depth 4');
    let r = await engine.bestmove(20_000);
    checkSearch(MID5, r.infos, r.move);
    expect(field(r.infos.at(-1)!, 'depth')).toBe(4);

    // A game history (repetitions are the root's business) and `go infinite` stopped mid-iteration.
    engine.send('teinewgame 6', 'position startpos moves a1 f6 c3 d4 d3 c4', 'go infinite');
    await engine.expect('info depth 3');
    await new Promise((resolve) => setTimeout(resolve, 400));
    engine.send('stop');
    r = await engine.bestmove(10_000);
    const played = parseTps('x6/x6/x6/x6/x6/x6 1 1');
    for (const t of ['a1', 'f6', 'c3', 'd4', 'd3', 'c4']) makeMove(played, parseMove(t, 6));
    checkSearch(formatTps(played), r.infos, r.move);

    engine.send('setoption name Threads value 2');
    await engine.sync();
    engine.send(`position tps ${MID6}`, 'go movetime 600');
    r = await engine.bestmove(20_000);
    checkSearch(MID6, r.infos, r.move);
    expect(engine.strays).toEqual([]);
    expect(await engine.quit()).toBe(0);
  });
});
