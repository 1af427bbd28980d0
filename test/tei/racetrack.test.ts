// Racetrack's dialogue, as its source does it: `tei` (options parsed, `teiok`), the HalfKomi
// setoption, `isready`; per game `teinewgame <size>` + `isready`; per ply the whole game in a
// `position` line ending with a space (an uncompressed TPS start when komi is not zero) and
// `go wtime .. btime .. winc .. binc ..`. The clock is kept the way Racetrack keeps it: wall time
// from `position` to `bestmove`, then the increment; running out loses, past LAG_MS more (as in
// test/tei/selfplay.test.ts: a busy machine can stall a process longer than the 60 ms Bredon keeps
// for latency, and a first move also loads its size's network). Every move is judged by the rules core.

import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { REPO } from '../repo.js';
import { engineStarter, type Engine } from './engine.js';
import { RefereeGame, uncompressedStart } from './game.js';

const start = engineStarter();

/** How far past its clock a move may end before it counts as late: lag, not thinking. */
const LAG_MS = 500;

/** Parses a UCI option line the way Racetrack does: spin needs default, min and max. */
function parseOption(line: string): { name: string; type: string; fields: Record<string, string> } {
  const words = line.split(/\s+/).slice(1);
  const keys = new Set(['name', 'type', 'default', 'min', 'max', 'var']);
  const fields: Record<string, string[]> = {};
  let key: string | undefined;
  for (const w of words) {
    if (keys.has(w)) {
      key = w;
      fields[w] ??= [];
    } else {
      expect(key, `option line starts with a key: ${line}`).toBeDefined();
      fields[key!]!.push(w);
    }
  }
  const flat = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.join(' ')]));
  return { name: flat['name'] ?? '', type: flat['type'] ?? '', fields: flat };
}

interface Clock {
  time: [number, number];
  inc: number;
}

/** One game in Racetrack's manner; returns the plies played. */
async function playRacetrackGame(engine: Engine, size: number, halfKomi: number, clock: Clock, maxPlies: number): Promise<RefereeGame> {
  engine.send(`teinewgame ${size}`);
  await engine.sync();
  const startpos = halfKomi === 0;
  const game = new RefereeGame(uncompressedStart(size), halfKomi);
  const time = [...clock.time];
  const left = (side: number) => Math.max(0, Math.floor(time[side]!));
  while (!game.over && game.moves.length < maxPlies) {
    const side = game.pos.side;
    const t0 = performance.now();
    engine.send(game.racetrackPosition(startpos), `go wtime ${left(0)} btime ${left(1)} winc ${clock.inc} binc ${clock.inc}`);
    const { move, infos } = await engine.bestmove();
    const spent = performance.now() - t0;
    expect(spent, `ply ${game.moves.length + 1}: over the clock (${Math.round(spent)} ms of ${Math.round(time[side]!)}, with ${LAG_MS} ms for lag)`).toBeLessThanOrEqual(time[side]! + LAG_MS);
    time[side] = time[side]! - spent + clock.inc;
    for (const info of infos) {
      if (info.startsWith('info string')) continue;
      // A depth's report (with its line), or a progress report inside a long iteration: both
      // carry the `score cp` Racetrack keeps.
      expect(info).toMatch(/^info depth \d+ seldepth \d+ score cp -?\d+( lowerbound| upperbound)? wdl \d+ \d+ \d+ nodes \d+ nps \d+ time \d+ hashfull \d+( pv \S+| currmove \S+ currmovenumber \d+$)/);
    }
    game.play(move);
  }
  return game;
}

describe('Racetrack', () => {
  it('gets complete option lines, the version, the size line before teiok', async () => {
    const engine = start();
    const lines = await engine.handshake();
    const version = JSON.parse(readFileSync(`${REPO}/package.json`, 'utf8')).version as string;
    expect(lines[0]).toBe(`id name Bredon ${version}`);
    expect(lines[1]).toBe('id author The Bredon developers');
    const options = lines.filter((l) => l.startsWith('option ')).map(parseOption);
    for (const o of options) {
      expect(['check', 'spin', 'combo', 'string', 'button']).toContain(o.type);
      if (o.type === 'spin') {
        for (const k of ['default', 'min', 'max']) expect(o.fields[k], `${o.name} ${k}`).toMatch(/^-?\d+$/);
      }
      if (o.type === 'check') expect(['true', 'false']).toContain(o.fields['default']);
    }
    const byName = new Map(options.map((o) => [o.name, o]));
    expect(byName.get('HalfKomi')?.fields).toMatchObject({ default: '0', min: '-20', max: '20' });
    expect(byName.get('Hash')?.type).toBe('spin');
    expect(byName.get('Threads')?.type).toBe('spin');
    expect(byName.get('ReportWin')?.fields['default']).toBe('false');
    const sizeLine = lines.find((l) => l.startsWith('size '));
    expect(sizeLine).toBe(`size 3 4 5 6 7 8 halfkomi ${Array.from({ length: 41 }, (_, i) => i - 20).join(' ')}`);
    expect(engine.strays).toEqual([]);
    expect(await engine.quit()).toBe(0);
  });

  it('plays several games in a row with komi, legal moves and never over the clock', async () => {
    const engine = start();
    await engine.handshake();
    engine.send('setoption name HalfKomi value 4');
    await engine.sync();
    const clock: Clock = { time: [800, 800], inc: 30 };
    const sizes = [6, 5, 7];
    for (const size of sizes) {
      const game = await playRacetrackGame(engine, size, 4, clock, 10);
      expect(game.moves.length).toBeGreaterThan(0);
    }
    expect(engine.strays).toEqual([]);
    expect(engine.lines.filter((l) => l.includes('error'))).toEqual([]);
    expect(await engine.quit()).toBe(0);
  });

  it('plays from `position startpos moves ` without komi, on small and large boards', async () => {
    const engine = start();
    await engine.handshake();
    for (const size of [3, 8]) {
      const game = await playRacetrackGame(engine, size, 0, { time: [1000, 1000], inc: 20 }, 6);
      expect(game.moves.length).toBeGreaterThan(0);
    }
    expect(engine.strays).toEqual([]);
    expect(await engine.quit()).toBe(0);
  });

  it('answers in time on a nearly empty clock', async () => {
    const engine = start();
    await engine.handshake();
    engine.send('teinewgame 6');
    await engine.sync();
    const game = new RefereeGame(uncompressedStart(6));
    for (const move of ['a1', 'f6', 'c3', 'd4']) game.play(move);
    engine.send(game.racetrackPosition(true), 'go wtime 150 btime 150 winc 0 binc 0');
    const { move } = await engine.bestmove();
    game.play(move);
    expect(await engine.quit()).toBe(0);
  });
});
