// The WebAssembly linear evaluation (src/wasm/assembly/evaluation.ts) against evaluate.ts, through
// real games of 5x5 to 7x7 and every child of their positions: the same rounded score, with the
// road map's threat count and group score as the search passes them.
import { describe, expect, it } from 'vitest';
import { makeMove, unmakeMove } from '../../src/core/makemove.js';
import { generateMoves, MAX_MOVES } from '../../src/core/movegen.js';
import type { Position } from '../../src/core/position.js';
import { scanRoads } from '../../src/core/roads.js';
import { evaluate, groupWeights } from '../../src/eval/evaluate.js';
import { MAP, mapRoads } from '../../src/eval/roadmap.js';
import { parsePtnGames, replayGame } from '../../src/notation/ptn-game.js';
import { readDecompressed } from '../../src/notation/compressed.js';
import { parseTps } from '../../src/notation/tps.js';
import { WasmRules } from '../../src/wasm/rules-core.js';
import { readRepo } from '../repo.js';

function tsEval(pos: Position, halfKomi: number): number {
  scanRoads(pos);
  const gw = groupWeights(pos.size);
  mapRoads(pos, 0, gw);
  mapRoads(pos, 1, gw);
  const threats = pos.ply >= 2 ? MAP[(pos.side ^ 1) * 4 + 2]! : 0;
  return evaluate(pos, halfKomi, threats, MAP[3]! - MAP[7]!);
}

function wasmEval(core: WasmRules, pos: Position, halfKomi: number): number {
  const p = core.probe(halfKomi);
  const threats = pos.ply >= 2 ? p[(pos.side ^ 1) * 32 + 2]! : 0;
  return core.linearEval(halfKomi, threats, p[3]! - p[32 + 3]!);
}

function check(positions: (visit: (pos: Position) => void) => void, halfKomi: number): number {
  const core = new WasmRules();
  const list = new Int32Array(MAX_MOVES);
  let set = '';
  let checked = 0;
  positions((pos) => {
    core.load(pos);
    if (set !== `${pos.size}/${pos.startStones}`) {
      core.setLinear(pos.size, pos.startStones);
      set = `${pos.size}/${pos.startStones}`;
    }
    expect(wasmEval(core, pos, halfKomi)).toBe(tsEval(pos, halfKomi) | 0); // (-0 and 0 alike)
    const n = generateMoves(pos, list, 0);
    for (let i = 0; i < n; i += 3) {
      const m = list[i]!;
      makeMove(pos, m);
      core.make(m);
      const a = wasmEval(core, pos, halfKomi);
      const b = tsEval(pos, halfKomi);
      if (a !== b) throw new Error(`after ${m} at ply ${pos.ply - 1} of a ${pos.size}x${pos.size} game: WebAssembly ${a}, TypeScript ${b}`);
      unmakeMove(pos, m);
      core.unmake(m);
      checked++;
    }
  });
  return checked;
}

function gamesOf(file: string, count: number): (visit: (pos: Position) => void) => void {
  return (visit) => {
    for (const game of parsePtnGames(readRepo(file)).slice(0, count)) replayGame(game, { onMove: visit });
  };
}

describe('the WebAssembly linear evaluation', () => {
  it('scores as evaluate.ts through human 6x6 games', () => {
    expect(check(gamesOf('data/games/playtak-6x6-1344.ptn', 30), 4)).toBeGreaterThan(30_000);
  });

  it('scores as evaluate.ts through Tiltak 5x5 games, komi 0 and 2', () => {
    expect(check(gamesOf('data/games/tiltak-selfplay-5x5-komi2.ptn', 10), 4)).toBeGreaterThan(5_000);
    expect(check(gamesOf('data/games/tiltak-selfplay-5x5-komi2.ptn', 5), 0)).toBeGreaterThan(2_000);
  });

  it('scores as evaluate.ts on 7x7 and 8x8 selfplay positions', () => {
    for (const size of [7, 8]) {
      const lines = readDecompressed(`data/selfplay/${size}x${size}/r${size}-s101.tsv.gz`).toString('utf8').split('\n');
      const tps = lines.filter((l) => l !== '').slice(0, 400).map((l) => l.split('\t')[0]!);
      const checked = check((visit) => {
        for (const t of tps) visit(parseTps(t));
      }, 0);
      expect(checked).toBeGreaterThan(10_000);
    }
  });
});
