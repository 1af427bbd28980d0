// MultiPV through the built program, as PTN Ninja and UCI GUIs read it: per completed depth the
// lines `info depth D seldepth S multipv K score ...`, K = 1..N best first, each with its own
// legal line; bestmove is line 1's move; MultiPV 1 prints what Bredon always printed.

import { describe, expect, it } from 'vitest';
import { legalMoves } from '../../src/core/movegen.js';
import { formatMove } from '../../src/notation/ptn-move.js';
import { parseTps } from '../../src/notation/tps.js';
import { roadMovesInOne } from '../tinue/archive.js';
import { engineStarter } from './engine.js';
import { RefereeGame } from './game.js';

/** A 6x6 middle game (from the progress tests) and a 5x5 one. */
const MID6 = 'x6/x,2,x,1,x2/x,2,1,12C,2,x/x,1,21,1,2S,x/x,1,x,2,x2/1,x5 1 9';
const MID5 = 'x5/x5/x2,121212C,x2/1,x4/1,x4 2 7';
/** 3x3, White to move with only eight legal moves. */
const FEW = '2S,1,2/1,2S,1/2,1,x 1 6';
/** 5x5, White's capstone is on the board, so e1 (a flat) is the one move that completes the road. */
const ROAD_IN_ONE = '2,2,x3/x5/x2,1C,x2/x5/1,1,1,1,x 1 6';

const LINE = /^info depth (\d+) seldepth \d+ multipv (\d+) score (cp -?\d+|win \d+|loss \d+) wdl \d+ \d+ \d+ nodes \d+ nps \d+ time \d+ hashfull \d+ pv (\S+( \S+)*)$/;
const SINGLE = /^info depth \d+ seldepth \d+ score cp -?\d+ wdl \d+ \d+ \d+ nodes \d+ nps \d+ time \d+ hashfull \d+ pv \S+( \S+)*$/;
const PROGRESS = /^info depth \d+ seldepth \d+( score cp -?\d+ wdl \d+ \d+ \d+)? nodes \d+ nps \d+ time \d+ hashfull \d+( currmove \S+ currmovenumber \d+)?$/;

interface Line {
  depth: number;
  k: number;
  score: string;
  pv: string[];
}

const start = engineStarter();

/** cp from the side to move's view, with proven results ordered beyond any cp (win n > win n+1). */
function value(score: string): number {
  const [kind, n] = score.split(' ') as [string, string];
  if (kind === 'win') return 1e6 - Number(n);
  if (kind === 'loss') return -1e6 + Number(n);
  return Number(n);
}

/**
 * The search's lines, each depth's set checked: lines come as 1..n in order (a set may be printed
 * again before bestmove, after progress lines), with distinct first moves, each pv legal from the
 * root, scores not increasing from line 1 to n. Returns the last set of each depth.
 */
function depthSets(tps: string, infos: string[], n: number): Map<number, Line[]> {
  const sets = new Map<number, Line[]>();
  let current: Line[] = [];
  for (const info of infos) {
    if (PROGRESS.test(info)) {
      expect(current.length === 0 || current.length === n, `a progress line inside a depth's lines: ${info}`).toBe(true);
      continue;
    }
    const m = LINE.exec(info);
    expect(m, `not a Multi-PV line: ${info}`).not.toBeNull();
    const line: Line = { depth: Number(m![1]), k: Number(m![2]), score: m![3]!, pv: m![4]!.split(' ') };
    if (line.k === 1) current = [];
    expect(line.k, info).toBe(current.length + 1);
    if (current.length > 0) expect(line.depth).toBe(current[0]!.depth);
    current.push(line);
    if (current.length === n) sets.set(line.depth, current);
  }
  expect(current.length, 'the last depth printed all its lines').toBe(n);
  for (const [depth, lines] of sets) {
    expect(new Set(lines.map((l) => l.pv[0])).size, `depth ${depth}: distinct moves`).toBe(n);
    for (let k = 1; k < n; k++) expect(value(lines[k]!.score), `depth ${depth}: line ${k + 1} not above line ${k}`).toBeLessThanOrEqual(value(lines[k - 1]!.score));
    for (const l of lines) {
      const game = new RefereeGame(tps);
      for (const move of l.pv) game.play(move);
    }
  }
  return sets;
}

describe('MultiPV', () => {
  it('advertises the option and refuses bad values with an error line, going on', async () => {
    const engine = start();
    expect(await engine.handshake()).toContain('option name MultiPV type spin default 1 min 1 max 64');
    engine.send('setoption name MultiPV value 0', 'setoption name MultiPV value abc', 'setoption name MultiPV value 65', 'setoption name MultiPV');
    const errors = (await engine.sync()).filter((l) => l.startsWith('info string error: '));
    expect(errors).toEqual([
      "info string error: MultiPV must be a whole number from 1 to 64, got '0'",
      "info string error: MultiPV must be a whole number from 1 to 64, got 'abc'",
      "info string error: MultiPV must be a whole number from 1 to 64, got '65'",
      'info string error: setoption MultiPV needs a value',
    ]);
    // Still single-line, and still searching.
    engine.send('teinewgame 6', `position tps ${MID6}`, 'go depth 2');
    const { infos } = await engine.bestmove();
    for (const info of infos) expect(info).toMatch(SINGLE);
    expect(engine.strays).toEqual([]);
    expect(await engine.quit()).toBe(0);
  });

  it('MultiPV 3, go depth 4: lines 1, 2, 3 at every depth, best first; bestmove is line 1', async () => {
    const engine = start();
    await engine.handshake();
    engine.send('setoption name MultiPV value 3', 'teinewgame 6', `position tps ${MID6}`, 'go depth 4');
    const { move, infos } = await engine.bestmove(60_000);
    const sets = depthSets(MID6, infos, 3);
    expect([...sets.keys()]).toEqual([1, 2, 3, 4]);
    expect(move).toBe(sets.get(4)![0]!.pv[0]);
    const last = LINE.exec(infos.at(-1)!);
    expect([last![1], last![2]]).toEqual(['4', '3']); // the last word before bestmove: the deepest set
    new RefereeGame(MID6).play(move);
    expect(engine.strays).toEqual([]);
    expect(await engine.quit()).toBe(0);
  });

  it('MultiPV 1 prints exactly the single-line reports, with no multipv', async () => {
    const engine = start();
    await engine.handshake();
    engine.send('teinewgame 5', `position tps ${MID5}`, 'go depth 4');
    const plain = await engine.bestmove();
    engine.send('setoption name MultiPV value 2', 'go depth 4');
    const two = await engine.bestmove();
    depthSets(MID5, two.infos, 2);
    engine.send('setoption name MultiPV value 1', 'teinewgame 5', `position tps ${MID5}`, 'go depth 4');
    const one = await engine.bestmove();
    const strip = (l: string) => l.replace(/ (nps|time) \d+/g, '');
    for (const info of one.infos) expect(info).toMatch(SINGLE);
    // Cleared tables both times (teinewgame): the same search, so the same lines but for the clock.
    expect(one.infos.filter((l) => !PROGRESS.test(l)).map(strip)).toEqual(plain.infos.filter((l) => !PROGRESS.test(l)).map(strip));
    expect(one.move).toBe(plain.move);
    expect(await engine.quit()).toBe(0);
  });

  it('gives as many lines as the root has moves when it has fewer than asked', async () => {
    const moves = legalMoves(parseTps(FEW));
    expect(moves.length).toBeLessThan(10);
    const engine = start();
    await engine.handshake();
    engine.send('setoption name MultiPV value 10', 'teinewgame 3', `position tps ${FEW}`, 'go depth 3');
    const { move, infos } = await engine.bestmove();
    const sets = depthSets(FEW, infos, moves.length);
    expect(sets.size).toBeGreaterThan(0);
    for (const lines of sets.values()) expect(new Set(lines.map((l) => l.pv[0]))).toEqual(new Set(moves.map((m) => formatMove(m, 3))));
    expect(move).toBe([...sets.values()].at(-1)![0]!.pv[0]);
    expect(await engine.quit()).toBe(0);
  });

  it('a road in one is line 1 with the win score (cp, or win with ReportWin); the others score lower', async () => {
    const pos = parseTps(ROAD_IN_ONE);
    const winning = roadMovesInOne(pos); // White's, as White is to move
    expect(winning.map((m) => formatMove(m, 5))).toEqual(['e1']);
    const engine = start();
    await engine.handshake();
    // In centiflats, where a proven win (29999) stands apart from every other score.
    engine.send('setoption name Centiflats value true', 'setoption name MultiPV value 3', 'teinewgame 5', `position tps ${ROAD_IN_ONE}`, 'go depth 4');
    let { move, infos } = await engine.bestmove();
    for (const lines of depthSets(ROAD_IN_ONE, infos, 3).values()) {
      expect([lines[0]!.pv[0], lines[0]!.score]).toEqual(['e1', 'cp 29999']);
      for (const l of lines.slice(1)) expect(value(l.score)).toBeLessThan(29999);
    }
    expect(move).toBe('e1');
    engine.send('setoption name ReportWin value true', 'go depth 4');
    ({ move, infos } = await engine.bestmove());
    for (const lines of depthSets(ROAD_IN_ONE, infos, 3).values()) {
      expect([lines[0]!.pv[0], lines[0]!.score]).toEqual(['e1', 'win 1']);
      for (const l of lines.slice(1)) expect(l.score).not.toBe('win 1');
    }
    expect(move).toBe('e1');
    expect(await engine.quit()).toBe(0);
  });

  it('keeps progress lines and ends a timed, threaded or stopped search on a whole set led by bestmove', async () => {
    const engine = start();
    await engine.handshake();
    // A first search loads the network; the timed ones below then time the search alone. (A cold
    // engine's first depth can take a loaded machine past a short movetime, and the session's
    // watchdog then answers between line 1 and line 2 of depth 1: a src/tei/session.ts matter.)
    engine.send('setoption name MultiPV value 3', 'teinewgame 6', `position tps ${MID6}`, 'go depth 1');
    await engine.bestmove(30_000);
    engine.send('go movetime 800');
    let r = await engine.bestmove(30_000);
    let sets = depthSets(MID6, r.infos, 3);
    expect(r.move).toBe([...sets.values()].at(-1)![0]!.pv[0]);
    expect(LINE.exec(r.infos.at(-1)!)![2]).toBe('3');

    engine.send('setoption name Threads value 2');
    await engine.sync();
    engine.send(`position tps ${MID6}`, 'go movetime 800');
    r = await engine.bestmove(30_000);
    sets = depthSets(MID6, r.infos, 3);
    expect(r.move).toBe([...sets.values()].at(-1)![0]!.pv[0]);

    // Searched until a progress line names the root move it is on (one comes once an iteration
    // runs half a second without a report, at whatever depth that is on this machine), then stopped.
    const from = engine.lines.length;
    engine.send(`position tps ${MID6}`, 'go infinite');
    await engine.next((l) => PROGRESS.test(l) && / currmove \S+ currmovenumber \d+$/.test(l), 120_000, 'a progress line with currmove');
    engine.send('stop');
    r = await engine.bestmove(10_000);
    const infos = engine.lines.slice(from).filter((l) => l.startsWith('info ')); // with the lines waited for
    sets = depthSets(MID6, infos, 3);
    expect(r.move).toBe([...sets.values()].at(-1)![0]!.pv[0]);
    expect(LINE.exec(infos.at(-1)!)![2]).toBe('3');
    expect(engine.lines.filter((l) => l.includes('error'))).toEqual([]);
    expect(engine.strays).toEqual([]);
    expect(await engine.quit()).toBe(0);
  });
});
