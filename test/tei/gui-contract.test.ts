// What a GUI relies on, against the built engine: `go movetime` thinks for the time asked, lines
// are answered in the order they came, `isready` is answered at once during a search, every
// `go` is answered from a completed depth, and a refused `position` keeps the position before
// it and says why on the lines PTN Ninja shows (`info ... pv ... string ...`).

import { describe, expect, it } from 'vitest';
import { engineStarter } from './engine.js';

const start = engineStarter();

/** A 6x6 middle game (no road in sight for either side). */
const MIDDLE = 'x6/x,2,x,1,x2/x,2,1,12C,2,x/x,1,21,1,2S,x/x,1,x,2,x2/1,x5 1 9';

/** The depth of the last `info ... pv` line before a bestmove (undefined if there is none). */
function lastDepth(infos: string[]): number | undefined {
  const withPv = infos.filter((l) => / pv /.test(l));
  const m = /^info depth (\d+)/.exec(withPv.at(-1) ?? '');
  return m ? Number(m[1]) : undefined;
}

describe('go movetime', () => {
  it('uses the whole time on a middle game', async () => {
    const engine = start();
    await engine.handshake();
    engine.send('teinewgame 6', `position tps ${MIDDLE}`, 'isready');
    await engine.expect('readyok');
    const t0 = performance.now();
    engine.send('go movetime 1000');
    const answer = await engine.bestmove();
    const took = performance.now() - t0;
    // Less the move overhead (60 ms) it is all of it; the lower bound holds on any machine.
    expect(took).toBeGreaterThanOrEqual(900);
    expect(lastDepth(answer.infos)).toBeGreaterThanOrEqual(1);
    expect(await engine.quit()).toBe(0);
  });

  it('answers a proven win at once', async () => {
    const engine = start();
    await engine.handshake();
    // White has a road in one: a5-d5 are White's, e5 is empty.
    engine.send('teinewgame 5', 'position tps 1,1,1,1,x/x5/x5/2,2,2,x2/x5 1 5', 'isready');
    await engine.expect('readyok');
    const t0 = performance.now();
    engine.send('go movetime 20000');
    const answer = await engine.bestmove();
    expect(performance.now() - t0).toBeLessThan(15_000); // far short of the 20 s asked
    expect(answer.move).toBe('e5');
    expect(await engine.quit()).toBe(0);
  });
});

describe('order and readiness', () => {
  it('answers lines sent at once in the order they came', async () => {
    const engine = start();
    engine.send('tei', 'isready', 'position startpos moves a1', 'go depth 1', 'position startpos moves a1 z9', 'go depth 1');
    const firstBest = await engine.bestmove();
    const second = await engine.bestmove();
    const kinds = engine.lines.filter((l) => l === 'teiok' || l === 'readyok' || l.startsWith('bestmove'));
    expect(kinds).toEqual(['teiok', 'readyok', `bestmove ${firstBest.move}`, `bestmove ${second.move}`]);
    // Both answers come from a search of depth 1 at least.
    expect(lastDepth(firstBest.infos)).toBeGreaterThanOrEqual(1);
    expect(lastDepth(second.infos)).toBeGreaterThanOrEqual(1);
    expect(await engine.quit()).toBe(0);
  });

  it('answers isready during a long search within moments, and the search goes on', async () => {
    const engine = start();
    await engine.handshake();
    engine.send('teinewgame 6', `position tps ${MIDDLE}`, 'go movetime 10000');
    const firstInfo = await engine.expect('info depth');
    const t0 = performance.now();
    engine.send('isready');
    await engine.expect('readyok');
    const waited = performance.now() - t0;
    // 50 ms on a quiet machine; the bound leaves room for a loaded one.
    expect(waited).toBeLessThan(1000);
    expect(engine.lines.some((l) => l.startsWith('bestmove'))).toBe(false);
    engine.send('stop');
    const answer = await engine.bestmove();
    // On a loaded machine the stop may come before a second info line: count the first one too.
    expect(lastDepth([firstInfo, ...answer.infos])).toBeGreaterThanOrEqual(1);
    expect(await engine.quit()).toBe(0);
  });
});

describe('every go from a completed depth', () => {
  it('a go stopped at once, a tiny clock and a go ended by the next go all come with a line', async () => {
    const engine = start();
    await engine.handshake();
    engine.send('teinewgame 6', `position tps ${MIDDLE}`);
    const cases: string[][] = [
      ['go infinite', 'stop'],
      ['go wtime 1 btime 1'],
      ['go movetime 1'],
      ['go nodes 1'],
      ['go depth 8', 'go depth 1'],
    ];
    for (const lines of cases) {
      engine.send(...lines);
      const count = lines.filter((l) => l.startsWith('go')).length;
      for (let i = 0; i < count; i++) {
        const answer = await engine.bestmove();
        expect(lastDepth(answer.infos), `${lines.join(' / ')}: answer ${i + 1}`).toBeGreaterThanOrEqual(1);
        const withPv = answer.infos.filter((l) => / pv /.test(l)).at(-1)!;
        expect(withPv.split(' pv ')[1]!.split(' ')[0]).toBe(answer.move);
      }
    }
    expect(await engine.quit()).toBe(0);
  });
});

describe('a refused position', () => {
  it('keeps the position before it, and the next go says why on a line with a pv', async () => {
    const engine = start();
    await engine.handshake();
    engine.send('teinewgame 5', 'position startpos moves a1 e5');
    await engine.sync();
    // A 6x6 game's moves sent to the 5x5 board, as PTN Ninja's Analyze Game does after a switch.
    engine.send('position startpos moves a1 f6');
    const refusal = await engine.sync();
    expect(refusal.filter((l) => l.startsWith('info string error:'))).toHaveLength(1);
    expect(refusal[0]).toMatch(/move 2 'f6'.*off/);
    engine.send('go depth 2');
    const answer = await engine.bestmove();
    // The position kept is searched (a1 e5 on 5x5): a legal 5x5 move, not a placeholder.
    expect(answer.move).toMatch(/^[a-e][1-5]$|^[SC]?[a-e][1-5]$|^\d?[a-e][1-5][<>+-]\d*$/);
    expect(answer.move).not.toMatch(/f|6/);
    const shown = answer.infos.filter((l) => / pv \S+.* string /.test(l));
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.at(-1)).toMatch(/string error: the last position was refused on this 5x5 board \(move 2 'f6'.*\); searching the position before it/);
    // An accepted position clears the note.
    engine.send('position startpos moves a1 e5 c3', 'go depth 2');
    const next = await engine.bestmove();
    expect(next.infos.some((l) => / string /.test(l))).toBe(false);
    expect(await engine.quit()).toBe(0);
  });

  it('a position the custom counts cannot hold is a new standard game, said on the next go\'s pv lines', async () => {
    const engine = start();
    await engine.handshake();
    // A 5x5 game without capstones, then a capstone: what Analyze Game sends after a game switch.
    engine.send('teinewgame 5', 'setoption name Caps value 0', 'position startpos moves a1 e5 Cc3', 'go depth 2');
    const answer = await engine.bestmove();
    const shown = answer.infos.filter((l) => /^info depth [1-9]\d* .* pv \S+.* string note: the position does not fit the custom reserves \(move 3 'Cc3'.*\): a new game with the standard reserves/.test(l));
    expect(shown.length).toBeGreaterThan(0);
    // The next position of that game is plain: no note.
    engine.send('position startpos moves a1 e5 Cc3 d4', 'go depth 2');
    expect((await engine.bestmove()).infos.some((l) => / string /.test(l))).toBe(false);
    expect(await engine.quit()).toBe(0);
  });

  it('with no position before it, the go still says why where PTN Ninja shows it', async () => {
    const engine = start();
    await engine.handshake();
    engine.send('teinewgame 5', 'position startpos moves a1 f6', 'go depth 2');
    const answer = await engine.bestmove();
    expect(answer.infos.some((l) => /^info depth 0 .* pv \S+ string error: the last position was refused on this 5x5 board \(move 2 'f6'/.test(l))).toBe(true);
    expect(await engine.quit()).toBe(0);
  });
});
