// What PTN Ninja's engine client uses beyond Racetrack's dialogue (docs/tei-clients.md): `id version`,
// the piece-count options it sets after `teinewgame` for a game with custom reserves (Flats,
// Caps, or per player Flats1/Flats2/Caps1/Caps2), and `wdl` in info lines for its evaluation bar.

import { beforeEach, describe, expect, it } from 'vitest';
import { makeMove } from '../../src/core/makemove.js';
import { legalMoves } from '../../src/core/movegen.js';
import { parseMove } from '../../src/notation/ptn-move.js';
import { parseTps } from '../../src/notation/tps.js';
import type { SearchHandlers, SearchJob } from '../../src/search/worker.js';
import { WIN_SCORE } from '../../src/search/types.js';
import { Session, type SearchBackend } from '../../src/tei/session.js';
import { GENERATED_WEIGHTS } from '../../src/eval/weights.generated.js';
import { winDrawLoss } from '../../src/tei/wdl.js';
import { DEFAULT_TUNER_SCALE, tunerScale } from '../../src/eval/tuner-scale.js';
import { SCORE_SCALE } from '../../src/search/expected-score.js';

class Backend implements SearchBackend {
  jobs: { job: SearchJob; handlers: SearchHandlers }[] = [];
  whenReady(f: () => void): void {
    f();
  }
  setHash(): void {}
  setThreads(): void {}
  newGame(): void {}
  start(job: SearchJob, handlers: SearchHandlers): void {
    this.jobs.push({ job, handlers });
  }
  /** Answers the running job at once with its first legal move, as a search stopped early would. */
  stop(): void {
    const running = this.jobs.at(-1);
    if (running === undefined || this.answered.has(running)) return;
    this.answered.add(running);
    const pos = parseTps(running.job.startTps, running.job.reserves);
    for (const m of running.job.moves) makeMove(pos, m);
    const best = legalMoves(pos)[0]!;
    running.handlers.onDone({ result: { best, score: 0, depth: 1, nodes: 1, pv: [best] }, nodes: 1 });
  }
  private readonly answered = new Set<{ job: SearchJob; handlers: SearchHandlers }>();
  abandon(): void {}
  close(): void {}
}

let out: string[];
let backend: Backend;
let session: Session;
const send = (...lines: string[]) => {
  for (const l of lines) session.handle(l, 0);
};
const errors = () => out.filter((l) => l.startsWith('info string error'));

beforeEach(() => {
  out = [];
  backend = new Backend();
  session = new Session({ out: (l) => out.push(l), backend, version: '9.9.9', onQuit: () => {}, now: () => 0 });
});

describe('PTN Ninja extras', () => {
  it('says its version and offers the piece-count options as complete spin lines', () => {
    send('tei');
    expect(out[2]).toBe('id version 9.9.9');
    for (const name of ['Flats', 'Flats1', 'Flats2']) expect(out).toContain(`option name ${name} type spin default 30 min 0 max 120`);
    for (const name of ['Caps', 'Caps1', 'Caps2']) expect(out).toContain(`option name ${name} type spin default 1 min 0 max 120`);
  });

  it('searches with the reserves PTN Ninja sets after teinewgame, and the standard ones in the next game', () => {
    // PTN Ninja's order for a game with custom counts: teinewgame, the options, isready, position, go.
    send('teinewgame size 6 halfkomi 4', 'setoption name Flats value 25', 'setoption name Caps value 2');
    send('setoption name Flats1 value 25', 'setoption name Flats2 value 25', 'setoption name Caps1 value 2', 'setoption name Caps2 value 2');
    send('isready', 'position startpos moves a1 f6 Cc3 Cd4 Cc4', 'go movetime 100');
    expect(errors()).toEqual([]);
    expect(backend.jobs[0]!.job.reserves).toEqual({ stones: 25, caps: 2 });
    // A second capstone each: legal only with the custom reserves.
    backend.jobs[0]!.handlers.onDone({ result: { best: parseMove('Cd3', 6), score: 0, depth: 1, nodes: 1, pv: [] }, nodes: 1 });
    expect(out.at(-1)).toBe('bestmove Cd3');
    // The next game has no custom counts, so PTN Ninja sends none: the standard reserves again.
    send('teinewgame size 6 halfkomi 4', 'isready', 'position startpos moves a1 f6', 'go movetime 100');
    expect(backend.jobs[1]!.job.reserves).toEqual({});
    send('stop');
    send('position startpos moves a1 f6 Cc3 Cd4 Cc4');
    expect(errors().at(-1)).toMatch(/move 5 'Cc4' is illegal/);
  });

  it('checks TPS positions against the custom reserves, and starts a standard game when they cannot hold it', () => {
    send('teinewgame 5', 'setoption name Flats value 3', 'setoption name Caps value 0');
    send('position tps 1,1,x3/x5/x5/x5/2,2,x3 1 3', 'go depth 2');
    expect(backend.jobs.at(-1)!.job.reserves).toEqual({ stones: 3, caps: 0 });
    send('stop');
    // Four White stones: more than 3, so the custom counts were of another game.
    send('position tps 1,1,1,1,x/x5/x5/x5/2,2,2,x2 2 4');
    expect(out.at(-1)).toBe(
      'info string the position does not fit the custom reserves (bad TPS \'1,1,1,1,x/x5/x5/x5/2,2,2,x2 2 4\': TPS has 4 White stones, more than the 3 in a reserve): a new game with the standard reserves (21 stones and 1 capstone each)',
    );
    send('go depth 2');
    expect(backend.jobs.at(-1)!.job.reserves).toEqual({});
    send('stop');
    // The custom counts are gone: the next 5x5 position has the standard reserves too.
    send('position tps 1,1,x3/x5/x5/x5/2,2,x3 1 3', 'go depth 2');
    expect(backend.jobs.at(-1)!.job.reserves).toEqual({});
    expect(errors()).toEqual([]);
  });

  it('starts a new game of a position\'s size, with the standard reserves, and says so', () => {
    send('teinewgame size 5 halfkomi 3', 'setoption name Flats value 18', 'setoption name Caps value 2');
    send('position tps x6/x6/x6/x6/x6/x6 1 1 moves a1 f6');
    expect(out.at(-1)).toBe('info string a position of size 6 in a game of size 5: a new game of size 6 with the standard reserves (30 stones and 1 capstone each), half-komi 3');
    send('go depth 2');
    expect(backend.jobs.at(-1)!.job.reserves).toEqual({});
    expect(backend.jobs.at(-1)!.job.halfKomi).toBe(3);
    send('stop');
    // The game is now 6x6: startpos is a 6x6 board, with no word.
    const said = out.length;
    send('position startpos', 'go depth 1');
    expect(backend.jobs.at(-1)!.job.startTps).toBe('x6/x6/x6/x6/x6/x6 1 1');
    expect(out.slice(said)).toEqual([]);
    // A refused position of another size changes nothing.
    send('stop', 'position tps x4/x4/x4/q,x3 1 1');
    expect(errors().at(-1)).toMatch(/bad TPS/);
    send('position startpos', 'go depth 1');
    expect(backend.jobs.at(-1)!.job.startTps).toBe('x6/x6/x6/x6/x6/x6 1 1');
  });

  it('drops a position set before the counts changed, and searches unequal reserves', () => {
    send('teinewgame 6', 'position startpos moves a1 f6', 'setoption name Caps value 0', 'go depth 2');
    expect(errors().at(-1)).toMatch(/go without a position/);
    expect(out.at(-1)).toBe('bestmove a1');
    expect(backend.jobs).toEqual([]);
    // PTN Ninja's handicap game: White 30 flats, Black 29 (after Flats and Caps for both).
    send('teinewgame size 5 halfkomi 4', 'setoption name Flats value 30', 'setoption name Caps value 1');
    send('setoption name Flats1 value 30', 'setoption name Flats2 value 29', 'setoption name Caps1 value 1', 'setoption name Caps2 value 1');
    send('isready', 'position tps x5/x5/x5/x5/x5 1 1', 'go movetime 5000');
    expect(backend.jobs.at(-1)!.job.reserves).toEqual({ stones: [30, 29], caps: 1 });
    send('stop');
    expect(out.at(-1)).toMatch(/^bestmove [a-e][1-5]$/);
    // Each player's own reserve: one stone left each.
    send('teinewgame 3', 'setoption name Flats1 value 4', 'setoption name Flats2 value 3', 'setoption name Caps value 0');
    send('position tps 1,2,1/2,x,x/1,x2 1 3', 'go depth 2');
    expect(backend.jobs.at(-1)!.job.reserves).toEqual({ stones: [4, 3], caps: 0 });
    send('stop');
    expect(errors()).toEqual(['info string error: go without a position: send position startpos or position tps <TPS> first']);
    send('setoption name Caps value -1');
    expect(errors().at(-1)).toMatch(/Caps must be a whole number from 0 to 120/);
  });

  it('prints score cp as 200p - 100 and wdl as p, p the expected score of the size\'s fit; certainty only for proofs', () => {
    const k6 = SCORE_SCALE[6]!;
    expect(tunerScale(6)).toBe(Number(/\bK ([0-9.]+)/.exec(GENERATED_WEIGHTS[6]!.source)![1]));
    expect(tunerScale(3)).toBe(DEFAULT_TUNER_SCALE); // carried-over weights have no K of their own
    expect(winDrawLoss(0, 0, 6)).toEqual([500, 0, 500]);
    expect(winDrawLoss(5000, 0, 6)).toEqual([999, 0, 1]);
    expect(winDrawLoss(WIN_SCORE - 3, 3, 6)).toEqual([1000, 0, 0]);
    expect(winDrawLoss(-(WIN_SCORE - 2), -2, 6)).toEqual([0, 0, 1000]);
    const [w, , l] = winDrawLoss(100, 0, 6);
    expect(w + l).toBe(1000);
    expect(w).toBe(Math.round(1000 / (1 + Math.exp(-100 / k6))));
    send('position startpos moves a1 f6', 'go depth 3');
    const report = (depth: number, score: number, mateIn = 0) =>
      backend.jobs[0]!.handlers.onInfo({ depth, seldepth: depth, score, mateIn, bound: 'exact', nodes: 5, timeMs: 1, hashfull: 0, pv: [parseMove('c3', 6)] }, 5);
    report(1, -217);
    const win = Math.round(1000 / (1 + Math.exp(217 / k6)));
    const cp = Math.round(win / 5 - 100);
    expect(out.at(-1)).toMatch(new RegExp(`^info depth 1 seldepth 1 score cp ${cp} wdl ${win} 0 ${1000 - win} nodes 5 `));
    // Depth 2 shows the mean of depths 1 and 2 (steadyScore), in cp and wdl alike.
    report(2, -117);
    const win2 = Math.round(1000 / (1 + Math.exp(167 / k6)));
    expect(out.at(-1)).toMatch(new RegExp(`^info depth 2 seldepth 2 score cp ${Math.round(win2 / 5 - 100)} wdl ${win2} 0 ${1000 - win2} `));
    // A proof is certain: cp 100, wdl 1000 0 0; the option Centiflats shows the search's own unit.
    report(3, WIN_SCORE - 3, 3);
    expect(out.at(-1)).toMatch(/^info depth 3 seldepth 3 score cp 100 wdl 1000 0 0 /);
    send('stop');
    send('setoption name Centiflats value true', 'position startpos moves a1 f6', 'go depth 3');
    backend.jobs[1]!.handlers.onInfo({ depth: 1, seldepth: 1, score: -217, mateIn: 0, bound: 'exact', nodes: 5, timeMs: 1, hashfull: 0, pv: [parseMove('c3', 6)] }, 5);
    expect(out.at(-1)).toMatch(new RegExp(`^info depth 1 seldepth 1 score cp -217 wdl ${win} 0 ${1000 - win} `));
  });
});
