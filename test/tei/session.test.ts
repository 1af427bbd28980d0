// The session's state machine with a scripted search backend: what it asks of the search, what
// it prints, and how it copes with a search that fails, returns nonsense or never answers.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseMove } from '../../src/notation/ptn-move.js';
import type { SearchInfo } from '../../src/search/types.js';
import type { SearchHandlers, SearchJob } from '../../src/search/worker.js';
import { Session, FIRST_DEPTH_WAIT_MS, WATCHDOG_GRACE_MS, type SearchBackend } from '../../src/tei/session.js';

class FakeBackend implements SearchBackend {
  jobs: { job: SearchJob; handlers: SearchHandlers }[] = [];
  calls: string[] = [];
  whenReady(f: () => void): void {
    f();
  }
  setHash(mb: number): void {
    this.calls.push(`hash ${mb}`);
  }
  setThreads(n: number): void {
    this.calls.push(`threads ${n}`);
  }
  newGame(): void {
    this.calls.push('newgame');
  }
  start(job: SearchJob, handlers: SearchHandlers): void {
    this.jobs.push({ job, handlers });
    this.calls.push('start');
  }
  stop(): void {
    this.calls.push('stop');
  }
  abandon(): void {
    this.calls.push('abandon');
  }
  close(): void {
    this.calls.push('close');
  }
  get last(): { job: SearchJob; handlers: SearchHandlers } {
    return this.jobs.at(-1)!;
  }
}

function info(pv: number[], extra: Partial<SearchInfo> = {}): SearchInfo {
  return { depth: 3, seldepth: 5, score: 42, mateIn: 0, bound: 'exact', nodes: 1000, timeMs: 10, hashfull: 7, pv, ...extra };
}

let out: string[];
let backend: FakeBackend;
let session: Session;
let quits: number;
let clock: number;

beforeEach(() => {
  vi.useFakeTimers();
  out = [];
  backend = new FakeBackend();
  quits = 0;
  clock = 0;
  session = new Session({ out: (l) => out.push(l), backend, version: '9.9.9', onQuit: () => quits++, now: () => clock });
  // These tests follow the search's own scores through the session: in centiflats, each depth's
  // own (test/tei/piece-counts.test.ts checks the default scale and its steadying).
  session.handle('setoption name Centiflats value true');
});
afterEach(() => {
  vi.useRealTimers();
});

const m = (text: string, size = 6) => parseMove(text, size);
/** An info line without its `wdl` (its figures follow the tuner's fitted scale, refitted often). */
const noWdl = (line: string) => line.replace(/ wdl \d+ \d+ \d+/, '');

describe('Session', () => {
  it('identifies itself with options, the size line and teiok', () => {
    session.handle('tei');
    expect(out[0]).toBe('id name Bredon 9.9.9');
    expect(out[1]).toBe('id author The Bredon developers');
    expect(out).toContain('option name HalfKomi type spin default 0 min -20 max 20');
    expect(out).toContain('option name ReportWin type check default false');
    expect(out).toContain('option name Network type check default true');
    expect(out.at(-2)).toMatch(/^size 3 4 5 6 7 8 halfkomi -20 .* 20$/);
    expect(out.at(-1)).toBe('teiok');
  });

  it('sends the game from its start to the search, with komi and clock limits', () => {
    session.handle('setoption name HalfKomi value 4');
    session.handle('teinewgame 6');
    session.handle('position startpos moves a1 f6 ');
    session.handle('go wtime 60000 btime 50000 winc 500 binc 400');
    const { job } = backend.last;
    expect(job.startTps).toBe('x6/x6/x6/x6/x6/x6 1 1');
    expect(job.moves).toEqual([m('a1'), m('f6')]);
    expect(job.halfKomi).toBe(4);
    // The network evaluation is the default: the job leaves it to the search (undefined).
    expect(job.limits.network).toBeUndefined();
    expect(job.limits.hardMs).toBeGreaterThan(job.limits.softMs!);
    expect(job.limits.hardMs).toBeLessThan(60_000);
    backend.last.handlers.onInfo(info([m('c3'), m('d4')]), 2500);
    expect(out.at(-1)).toMatch(/^info depth 3 seldepth 5 score cp 42 wdl \d+ 0 \d+ nodes 2500 nps \d+ time \d+ hashfull 7 pv c3 d4$/);
    backend.last.handlers.onDone({ result: { best: m('c3'), score: 42, depth: 3, nodes: 2500, pv: [m('c3')] }, nodes: 2500 });
    expect(out.at(-1)).toBe('bestmove c3');
    expect(session.searching).toBe(false);
  });

  it('continues the previous position when the next line extends it, and rebuilds otherwise', () => {
    session.handle('teinewgame 5');
    session.handle('position startpos moves a1 e5');
    session.handle('position startpos moves a1 e5 c3 ');
    session.handle('go depth 2');
    expect(backend.last.job.moves).toEqual([m('a1', 5), m('e5', 5), m('c3', 5)]);
    backend.last.handlers.onDone({ result: { best: m('d3', 5), score: 0, depth: 2, nodes: 1, pv: [] }, nodes: 1 });
    session.handle('position startpos moves a1 e4');
    session.handle('go depth 2');
    expect(backend.last.job.moves).toEqual([m('a1', 5), m('e4', 5)]);
  });

  it('reports a proven win as cp or, with ReportWin, as win/loss plies', () => {
    session.handle('position startpos moves a1 f6');
    session.handle('go infinite');
    backend.last.handlers.onInfo(info([m('c3')], { score: 29995, mateIn: 5 }), 10);
    expect(out.at(-1)).toMatch(/score cp 29995 /);
    session.handle('setoption name reportwin value TRUE'); // names and check values in any case
    backend.last.handlers.onInfo(info([m('c3')], { score: -29994, mateIn: -6 }), 10);
    expect(out.at(-1)).toMatch(/score loss 6 wdl 0 0 1000 nodes /);
  });

  it('prints exact reports only, progress between them, and the result as the last line before bestmove', () => {
    session.handle('position startpos moves a1 f6');
    session.handle('go movetime 5000');
    const { handlers } = backend.last;
    clock = 100;
    handlers.onProgress!({ nodes: 900, seldepth: 2, currMove: 0, currMoveNumber: 0, hashfull: 1 }, 900);
    // Nothing completed yet: depth 0, no score, no currmove.
    expect(out.at(-1)).toBe('info depth 0 seldepth 2 nodes 900 nps 9000 time 100 hashfull 1');
    handlers.onInfo(info([m('c3'), m('d4')], { depth: 7 }), 5000);
    const before = out.length;
    // An aspiration fail is a bound at a depth that may never complete: not printed.
    handlers.onInfo(info([m('d3')], { depth: 8, bound: 'lower', score: 80 }), 6000);
    expect(out.length).toBe(before);
    clock = 1000;
    handlers.onProgress!({ nodes: 9000, seldepth: 12, currMove: m('b2'), currMoveNumber: 5, hashfull: 3 }, 10000);
    expect(noWdl(out.at(-1)!)).toBe('info depth 7 seldepth 12 score cp 42 nodes 10000 nps 10000 time 1000 hashfull 3 currmove b2 currmovenumber 5');
    clock = 2000;
    handlers.onDone({ result: { best: m('c3'), score: 40, depth: 7, nodes: 20000, pv: [m('c3'), m('d4'), m('e4')], seldepth: 13, hashfull: 4 }, nodes: 20000 });
    expect(out.slice(-2).map(noWdl)).toEqual(['info depth 7 seldepth 13 score cp 40 nodes 20000 nps 10000 time 2000 hashfull 4 pv c3 d4 e4', 'bestmove c3']);
  });

  it('ends on the last exact report when the search overruns after progress lines', () => {
    session.handle('position startpos moves a1 f6');
    session.handle('go movetime 1000');
    const { handlers, job } = backend.last;
    handlers.onInfo(info([m('e5'), m('d4')], { depth: 6 }), 100);
    clock = 800;
    handlers.onProgress!({ nodes: 800, seldepth: 9, currMove: m('e5'), currMoveNumber: 1, hashfull: 2 }, 800);
    clock = 2000;
    vi.advanceTimersByTime(job.limits.hardMs! + WATCHDOG_GRACE_MS);
    expect(out.slice(-2).map(noWdl)).toEqual(['info depth 6 seldepth 6 score cp 42 nodes 800 nps 400 time 2000 hashfull 7 pv e5 d4', 'bestmove e5']);
  });

  it('starts the final line with the move played when the result has no line, and prints none before any depth', () => {
    session.handle('position startpos moves a1 f6');
    session.handle('go depth 9');
    backend.last.handlers.onDone({ result: { best: m('c3'), score: -5, depth: 2, nodes: 50, pv: [] }, nodes: 50 });
    expect(out.at(-2)).toMatch(/^info depth 2 seldepth 2 score cp -5 wdl \d+ 0 \d+ nodes 50 .* pv c3$/);
    session.handle('go depth 9');
    const before = out.length;
    backend.last.handlers.onDone({ result: { best: m('c3'), score: 0, depth: 0, nodes: 5, pv: [] }, nodes: 5 });
    expect(out.slice(before)).toEqual(['bestmove c3']);
  });

  it('asks for Multi-PV lines only when MultiPV is above 1, and prints each line with its place', () => {
    session.handle('position startpos moves a1 f6');
    session.handle('go depth 3');
    expect('multiPV' in backend.last.job.limits).toBe(false); // the single-line job, as always
    backend.last.handlers.onDone({ result: { best: m('c3'), score: 0, depth: 1, nodes: 1, pv: [m('c3')] }, nodes: 1 });
    session.handle('setoption name multipv value 3');
    session.handle('go depth 3');
    expect(backend.last.job.limits.multiPV).toBe(3);
    const { handlers } = backend.last;
    const before = out.length;
    handlers.onInfo(info([m('c3'), m('d4')], { multipv: 1, score: 50 }), 3000);
    handlers.onInfo(info([m('d3'), m('c4')], { multipv: 2, score: 20 }), 3000);
    handlers.onInfo(info([m('e5')], { multipv: 3, score: -10 }), 3000);
    expect(out.slice(before).map(noWdl)).toEqual([
      'info depth 3 seldepth 5 multipv 1 score cp 50 nodes 3000 nps 3000000 time 0 hashfull 7 pv c3 d4',
      'info depth 3 seldepth 5 multipv 2 score cp 20 nodes 3000 nps 3000000 time 0 hashfull 7 pv d3 c4',
      'info depth 3 seldepth 5 multipv 3 score cp -10 nodes 3000 nps 3000000 time 0 hashfull 7 pv e5',
    ]);
    // The lines just printed are the final ones: bestmove follows them at once.
    handlers.onDone({ result: { best: m('c3'), score: 50, depth: 3, nodes: 3000, pv: [m('c3'), m('d4')] }, nodes: 3000 });
    expect(out.slice(before + 3)).toEqual(['bestmove c3']);
  });

  it('plays with the linear evaluation alone after setoption Network false, and with networks again after true', () => {
    session.handle('position startpos moves a1 f6');
    session.handle('setoption name Network value false');
    session.handle('go depth 3');
    expect(backend.last.job.limits.network).toBe(false);
    backend.last.handlers.onDone({ result: { best: m('c3'), score: 0, depth: 1, nodes: 1, pv: [m('c3')] }, nodes: 1 });
    session.handle('setoption name Network value true');
    session.handle('go depth 3');
    expect(backend.last.job.limits.network).toBeUndefined();
  });

  it('in Multi-PV, gives progress lines line 1\'s score and prints the last depth\'s lines again after them', () => {
    session.handle('setoption name MultiPV value 2');
    session.handle('position startpos moves a1 f6');
    session.handle('go movetime 5000');
    const { handlers } = backend.last;
    handlers.onInfo(info([m('c3')], { depth: 6, multipv: 1, score: 50 }), 100);
    handlers.onInfo(info([m('d3')], { depth: 6, multipv: 2, score: 30 }), 100);
    clock = 1000;
    handlers.onProgress!({ nodes: 5000, seldepth: 9, currMove: m('e5'), currMoveNumber: 4, hashfull: 3 }, 5000);
    expect(noWdl(out.at(-1)!)).toBe('info depth 6 seldepth 9 score cp 50 nodes 5000 nps 5000 time 1000 hashfull 3 currmove e5 currmovenumber 4');
    clock = 2000;
    handlers.onDone({ result: { best: m('c3'), score: 50, depth: 6, nodes: 8000, pv: [m('c3')] }, nodes: 8000 });
    expect(out.slice(-3).map(noWdl)).toEqual([
      'info depth 6 seldepth 6 multipv 1 score cp 50 nodes 8000 nps 4000 time 2000 hashfull 7 pv c3',
      'info depth 6 seldepth 6 multipv 2 score cp 30 nodes 8000 nps 4000 time 2000 hashfull 7 pv d3',
      'bestmove c3',
    ]);
  });

  it('never prints an empty pv', () => {
    session.handle('position startpos');
    session.handle('go infinite');
    const before = out.length;
    backend.last.handlers.onInfo(info([]), 10);
    expect(out.length).toBe(before);
  });

  it('replaces an illegal search answer by the last reported line, a failure by a legal move', () => {
    session.handle('position startpos moves a1 f6');
    session.handle('go depth 4');
    backend.last.handlers.onInfo(info([m('d4')]), 10);
    backend.last.handlers.onDone({ result: { best: m('a1'), score: 0, depth: 4, nodes: 1, pv: [] }, nodes: 1 });
    expect(out.at(-2)).toMatch(/^info string error: search returned no legal move/);
    expect(out.at(-1)).toBe('bestmove d4');
    session.handle('go depth 4');
    backend.last.handlers.onDone({ error: 'boom' });
    expect(out.at(-2)).toBe('info string error: search failed: boom');
    expect(out.at(-1)).toMatch(/^bestmove [a-f][1-6]$/);
    expect(out.at(-1)).not.toMatch(/a1|f6/);
  });

  it('answers from the last completed depth when the search overruns its deadline, and lets the threads go on', () => {
    session.handle('position startpos moves a1 f6');
    session.handle('go movetime 1000');
    const hard = backend.last.job.limits.hardMs!;
    backend.last.handlers.onInfo(info([m('e5')]), 10);
    vi.advanceTimersByTime(hard);
    expect(backend.calls.at(-1)).toBe('stop');
    expect(out.some((l) => l.startsWith('bestmove'))).toBe(false);
    vi.advanceTimersByTime(WATCHDOG_GRACE_MS);
    expect(backend.calls.at(-1)).toBe('abandon');
    expect(out.at(-1)).toBe('bestmove e5');
    // The late answer of the abandoned search is ignored.
    backend.last.handlers.onDone({ result: { best: m('c3'), score: 0, depth: 1, nodes: 1, pv: [] }, nodes: 1 });
    expect(out.filter((l) => l.startsWith('bestmove'))).toEqual(['bestmove e5']);
  });

  it('answers stop within the grace from the last completed depth, even if the search does not', () => {
    session.handle('position startpos moves a1 f6');
    session.handle('go infinite');
    backend.last.handlers.onInfo(info([m('c3'), m('d4')], { depth: 3 }), 900);
    session.handle('isready');
    expect(out.at(-1)).toBe('readyok');
    session.handle('stop');
    expect(backend.calls.at(-1)).toBe('stop');
    vi.advanceTimersByTime(WATCHDOG_GRACE_MS);
    expect(backend.calls.at(-1)).toBe('abandon');
    expect(out.at(-1)).toBe('bestmove c3');
  });

  it('past the grace, waits for the first completed depth rather than answer without a search', () => {
    session.handle('position startpos moves a1 f6');
    session.handle('go infinite');
    session.handle('stop');
    vi.advanceTimersByTime(20 * WATCHDOG_GRACE_MS);
    expect(out.some((l) => l.startsWith('bestmove'))).toBe(false);
    backend.last.handlers.onInfo(info([m('d3')], { depth: 1 }), 40);
    vi.advanceTimersByTime(WATCHDOG_GRACE_MS);
    expect(backend.calls.at(-1)).toBe('abandon');
    expect(out.at(-1)).toBe('bestmove d3');
  });

  it('answers a search that never completes a depth after FIRST_DEPTH_WAIT_MS (a broken thread)', () => {
    session.handle('position startpos moves a1 f6');
    session.handle('go depth 5');
    session.handle('stop');
    vi.advanceTimersByTime(FIRST_DEPTH_WAIT_MS - 100);
    expect(out.some((l) => l.startsWith('bestmove'))).toBe(false);
    vi.advanceTimersByTime(200);
    expect(backend.calls.at(-1)).toBe('abandon');
    expect(out.at(-1)).toMatch(/^bestmove [a-f][1-6]$/);
  });

  it('answers lines in the order they came while an isready waits for the threads', () => {
    let ready: (() => void) | undefined;
    backend.whenReady = (f) => void (ready = f);
    session.handle('isready');
    session.handle('position startpos moves a1');
    session.handle('go depth 1');
    session.handle('position startpos moves a1 z9');
    expect(out).toEqual([]);
    expect(backend.calls).toEqual([]);
    ready!();
    expect(out[0]).toBe('readyok');
    expect(backend.calls).toEqual(['start']);
    // The refusal comes after the readyok, in its place, and the position before it stays.
    expect(out.at(-1)).toMatch(/^info string error: move 2 'z9'/);
    backend.last.handlers.onDone({ result: { best: m('f6'), score: 0, depth: 1, nodes: 1, pv: [m('f6')] }, nodes: 1 });
    expect(out.at(-1)).toBe('bestmove f6');
    session.handle('go depth 1');
    expect(backend.last.job.moves).toEqual([m('a1')]);
  });

  it('a quit while an isready waits answers it, handles the lines before it in order, and quits', () => {
    backend.whenReady = () => {};
    session.handle('isready');
    session.handle('setoption name HalfKomi value 4');
    session.handle('setoption name Nonsense value 1');
    session.handle('quit');
    expect(out[0]).toBe('readyok');
    expect(out[1]).toMatch(/^info string error: unknown option 'Nonsense'/);
    expect(quits).toBe(1);
  });

  it('a level goes to the search, and on a clock its answer comes at a person\'s pace, at once on stop', () => {
    session.handle('setoption name Level value 3');
    expect(backend.calls).toContain('newgame'); // the table held another level's judgement
    session.handle('position startpos moves a1 f6');
    session.handle('go wtime 600000 btime 600000 winc 5000 binc 5000');
    expect(backend.last.job.limits.level).toBe(3);
    clock = 100;
    backend.last.handlers.onDone({ result: { best: m('c3'), score: 0, depth: 2, nodes: 9, pv: [m('c3')] }, nodes: 9 });
    expect(out.some((l) => l.startsWith('bestmove'))).toBe(false);
    vi.advanceTimersByTime(1000);
    expect(out.some((l) => l.startsWith('bestmove'))).toBe(false);
    session.handle('stop');
    expect(out.at(-1)).toBe('bestmove c3');
    // Without a clock (go depth, go nodes: a ladder's matches) there is no pace.
    session.handle('go nodes 500');
    backend.last.handlers.onDone({ result: { best: m('d3'), score: 0, depth: 2, nodes: 9, pv: [m('d3')] }, nodes: 9 });
    expect(out.at(-1)).toBe('bestmove d3');
    // Full strength sends no level: the search is the one it always was.
    session.handle('setoption name Level value 10');
    session.handle('go depth 2');
    expect(backend.last.job.limits.level).toBeUndefined();
  });

  it('holds an infinite search answer until stop', () => {
    session.handle('position startpos moves a1 f6');
    session.handle('go infinite');
    backend.last.handlers.onDone({ result: { best: m('b2'), score: 0, depth: 9, nodes: 1, pv: [] }, nodes: 1 });
    expect(out.some((l) => l.startsWith('bestmove'))).toBe(false);
    session.handle('stop');
    expect(out.at(-1)).toBe('bestmove b2');
    session.handle('stop');
    expect(out.filter((l) => l.startsWith('bestmove'))).toHaveLength(1);
  });

  it('waits for the end of a search to resize the table, change threads and clear', () => {
    session.handle('position startpos');
    session.handle('go infinite');
    session.handle('setoption name Hash value 128');
    session.handle('setoption name Threads value 3');
    session.handle('teinewgame 5'); // stops the search: its bestmove still comes
    expect(backend.calls).toEqual(['start', 'stop']);
    backend.last.handlers.onDone({ result: { best: m('c3'), score: 0, depth: 2, nodes: 1, pv: [] }, nodes: 1 });
    expect(out.at(-1)).toBe('bestmove c3');
    expect(backend.calls).toEqual(['start', 'stop', 'threads 3', 'hash 128', 'newgame']);
    session.handle('go depth 1');
    expect(out.at(-2)).toMatch(/go without a position/); // teinewgame forgets the position
  });

  it('refuses to search a finished game, but answers with a move PTN Ninja can parse', () => {
    session.handle('position tps 1,1,1,1,1/x5/x5/x5/2,2,2,2,x 2 5');
    session.handle('go depth 3');
    // The first legal move by the movement rules (a spread of Black's stack on a1): never (none).
    expect(out.slice(-2)).toEqual(['info string error: the game is over (R-0): nothing to search', 'bestmove a1+']);
    expect(backend.jobs).toHaveLength(0);
    session.handle('go infinite'); // an infinite request waits for stop even here
    expect(out.at(-1)).not.toMatch(/^bestmove/);
    session.handle('stop');
    expect(out.at(-1)).toBe('bestmove a1+');
  });

  it('answers a go without a position with an error and a bestmove', () => {
    session.handle('teinewgame 5');
    session.handle('go movetime 5000');
    expect(out.slice(-2)).toEqual(['info string error: go without a position: send position startpos or position tps <TPS> first', 'bestmove a1']);
    expect(backend.jobs).toHaveLength(0);
  });

  it('ends a running search with its bestmove when another go comes, then starts that one', () => {
    session.handle('position startpos');
    session.handle('go infinite');
    backend.last.handlers.onInfo(info([m('c3')]), 1000);
    session.handle('position startpos moves a1');
    session.handle('go depth 4');
    expect(backend.calls).toEqual(['start', 'stop']);
    expect(out.filter((l) => l.startsWith('bestmove'))).toHaveLength(0);
    backend.jobs[0]!.handlers.onDone({ result: { best: m('c3'), score: 0, depth: 3, nodes: 1, pv: [m('c3')] }, nodes: 1 });
    expect(out.at(-1)).toBe('bestmove c3');
    expect(backend.calls).toEqual(['start', 'stop', 'start']);
    expect(backend.last.job.moves).toEqual([m('a1')]);
    expect(backend.last.job.limits.depth).toBe(4);
    backend.last.handlers.onDone({ result: { best: m('f6'), score: 0, depth: 4, nodes: 1, pv: [] }, nodes: 1 });
    expect(out.filter((l) => l.startsWith('bestmove'))).toEqual(['bestmove c3', 'bestmove f6']);
  });

  it('answers a go queued behind a teinewgame and a stop too, one bestmove each', () => {
    session.handle('position startpos');
    session.handle('go infinite');
    session.handle('teinewgame 5');
    session.handle('position startpos');
    session.handle('go infinite');
    session.handle('stop'); // meant for the second search: it is stopped as soon as it starts
    backend.jobs[0]!.handlers.onDone({ result: { best: m('c3'), score: 0, depth: 3, nodes: 1, pv: [] }, nodes: 1 });
    expect(out.at(-1)).toBe('bestmove c3');
    expect(backend.calls).toEqual(['start', 'stop', 'newgame', 'start', 'stop']);
    expect(backend.last.job.startTps).toBe('x5/x5/x5/x5/x5 1 1');
    backend.last.handlers.onDone({ result: { best: m('e5', 5), score: 0, depth: 1, nodes: 1, pv: [] }, nodes: 1 });
    expect(out.filter((l) => l.startsWith('bestmove'))).toEqual(['bestmove c3', 'bestmove e5']);
  });

  it('plays size 6 before any teinewgame, and takes the size of a TPS', () => {
    session.handle('position startpos moves a1');
    expect(out.at(-1)).toBe('info string no teinewgame yet: playing size 6');
    session.handle('position tps x4/x4/x4/x4 1 1 moves a1 d4');
    session.handle('go depth 1');
    expect(backend.last.job.startTps).toBe('x4/x4/x4/x4 1 1');
    backend.last.handlers.onDone({ result: { best: m('b2', 4), score: 0, depth: 1, nodes: 1, pv: [] }, nodes: 1 });
    expect(out.at(-1)).toBe('bestmove b2');
  });

  it('quits at end of input once the search is done', () => {
    session.handle('position startpos');
    session.handle('go depth 5');
    session.endOfInput();
    expect(quits).toBe(0);
    backend.last.handlers.onDone({ result: { best: m('a1'), score: 0, depth: 5, nodes: 1, pv: [] }, nodes: 1 });
    expect(out.at(-1)).toBe('bestmove a1');
    expect(quits).toBe(1);
    expect(backend.calls.at(-1)).toBe('close');
  });

  it('quits at once on quit, even mid-search, and ignores everything after', () => {
    session.handle('position startpos');
    session.handle('go infinite');
    session.handle('quit');
    expect(quits).toBe(1);
    session.handle('isready');
    expect(out.at(-1)).not.toBe('readyok');
  });

  it('answers with a legal move when the search cannot start', () => {
    const broken = new Session({
      out: (l) => out.push(l),
      backend: { ...backend, whenReady: () => {}, start: () => { throw new Error('kaput'); } } as unknown as SearchBackend,
      version: 'x',
      onQuit: () => {},
    });
    broken.handle('position startpos');
    broken.handle('go depth 1');
    expect(out.at(-2)).toBe('info string error: the search could not start: kaput');
    expect(out.at(-1)).toMatch(/^bestmove [a-f][1-6]$/);
    broken.handle('isready'); // and it is not stuck in a search
    broken.handle('go depth 1');
    expect(out.at(-1)).not.toMatch(/during a search/);
  });
});
