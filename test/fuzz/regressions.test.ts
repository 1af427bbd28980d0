// Bugs the fuzzers found, each pinned by the smallest input that showed it.
import { describe, expect, it } from 'vitest';
import { NotationError } from '../../src/notation/errors.js';
import { parsePtnFile } from '../../src/notation/ptn-game.js';
import { parseMove } from '../../src/notation/ptn-move.js';
import { formatTps, parseTps } from '../../src/notation/tps.js';
import type { SearchHandlers, SearchJob } from '../../src/search/worker.js';
import { Session, type SearchBackend } from '../../src/tei/session.js';
import { Engine } from '../tei/engine.js';

describe('found by fuzzing', () => {
  it('tps-parse: a move number past 2^30 is refused, not read as another number', () => {
    // It was accepted, and its ply overflowed 32 bits: `x3/x3/x3 1 1073741825` wrote back as move -1073741823.
    expect(() => parseTps('x3/x3/x3 1 1073741825')).toThrow(/move number must be a whole number from 1 to 1073741824/);
    expect(() => parseTps('x3/x3/x3 1 99999999999999999999')).toThrow(NotationError);
    expect(formatTps(parseTps('x3/x3/x3 2 1073741824'))).toBe('x3/x3/x3 2 1073741824');
  });

  it('tps-parse, move-parse, ptn-parse: an error quoting its input stays one line', () => {
    // Messages quoted the input as it was: a line break in it broke "every error is one line".
    const messages: string[] = [];
    for (const f of [() => parseTps('\u0000\n1'), () => parseMove('x\nx', 3), () => parseMove('\u0085a1', 5)]) {
      try {
        f();
      } catch (e) {
        messages.push((e as Error).message);
      }
    }
    expect(messages).toEqual([
      "TPS needs three fields (rows, side to move, move number), got 2: '\\u0000\\n1'",
      "'x\\nx' is not a PTN move",
      "'\\u0085a1' is not a PTN move",
    ]);
    const [game] = parsePtnFile('[ S[ Site "x" ]\r ]\n1. a1 e5\n');
    expect(game && 'error' in game ? game.error.reason : '').toBe('bad tag \'[ S[ Site "x" ]\\r ]\' (expected [Name "value"])');
  });

  it('session-scripted: a refused position leaves the board size as it was', () => {
    // A 7x7 TPS with an illegal move set the size to 7 although the position was refused, so the
    // next `position startpos` was a 7x7 board while the client's game was 6x6.
    const jobs: SearchJob[] = [];
    const backend: SearchBackend = {
      whenReady: (f) => f(),
      setHash: () => {},
      setThreads: () => {},
      newGame: () => {},
      start: (job: SearchJob, _handlers: SearchHandlers) => void jobs.push(job),
      stop: () => {},
      abandon: () => {},
      close: () => {},
    };
    const out: string[] = [];
    const session = new Session({ out: (l) => out.push(l), backend, version: '0', onQuit: () => {} });
    session.handle('teinewgame 6');
    session.handle('position tps x7/x7/x7/x7/x7/x7/x7 1 1 moves a1 c1 a1');
    expect(out.at(-1)).toMatch(/^info string error: move 3 'a1' is illegal/);
    session.handle('position startpos');
    session.handle('go depth 1');
    expect(jobs[0]!.startTps).toBe('x6/x6/x6/x6/x6/x6 1 1');
    // A TPS given as its PTN tag, [TPS "..."], has the size of its rows, not of the tag's text:
    // it was taken for a board of size 1, and the new game's standard reserves crashed the session.
    session.handle('position tps [TPS "x5/x5/x5/x5/2,x4 1 1"] moves ');
    expect(out.at(-1)).toBe('info string a position of size 5 in a game of size 6: a new game of size 5 with the standard reserves (21 stones and 1 capstone each), half-komi 0');
    expect(out.filter((l) => l.includes('error'))).toHaveLength(1); // the 7x7 one only
  });
});

describe('found by fuzzing the built program', () => {
  it('session-program: more than ten search threads print no warning on stderr', async () => {
    // Each thread piped its stdout into process.stderr; past ten, Node warned of a memory leak.
    const engine = new Engine();
    try {
      engine.send('setoption name Threads value 11');
      await engine.sync();
      engine.send('position startpos', 'go depth 2');
      await engine.bestmove();
      expect(await engine.quit()).toBe(0);
      expect(engine.stderr.join('')).toBe('');
    } finally {
      engine.kill();
    }
  });
});
