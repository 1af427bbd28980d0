// The WebAssembly rules core against the TypeScript one: the published perft counts, the same
// move lists in the same order and the same Zobrist keys move by move through real games (every
// legal move of each position made and unmade, so spreads, smashes and their undoing are all
// met), and the embedded bytes those of a fresh compile of the AssemblyScript sources.
import { describe, expect, it } from 'vitest';
import { makeMove, unmakeMove } from '../../src/core/makemove.js';
import { generateMoves, MAX_MOVES } from '../../src/core/movegen.js';
import type { Position } from '../../src/core/position.js';
import { isDecided } from '../../src/core/result.js';
import { formatTps, parseTps } from '../../src/notation/tps.js';
import { parsePtnGames, replayGame } from '../../src/notation/ptn-game.js';
import { NetAccumulator } from '../../src/eval/net/accumulator.js';
import { networkFor } from '../../src/eval/net/nets.js';
import { Perft } from '../../src/core/perft.js';
import { perftCount, perftDivide } from '../../src/wasm/perft.js';
import { WasmRules } from '../../src/wasm/rules-core.js';
import { RULES_WASM } from '../../src/wasm/rules.generated.js';
import { readRepo } from '../repo.js';
// @ts-expect-error: a plain ES module script without type declarations
import { compileRules, generatedSource } from '../../scripts/build-asc.mjs';

interface PerftCase {
  name: string;
  tps: string;
  counts: number[];
}

const cases: PerftCase[] = JSON.parse(readRepo('data/perft.json')).positions;
const core = new WasmRules();

/** Makes m on pos and on the WebAssembly core, each accumulator updated from slot 0 to slot 1. */
function makeOnBoth(pos: Position, acc: NetAccumulator, wasm: WasmRules, m: number): void {
  acc.beforeMove(pos, m, 0);
  wasm.beforeMove(m, 0);
  makeMove(pos, m);
  wasm.make(m);
  acc.afterMove(pos, m, 0);
  wasm.afterMove(m, 0);
}

describe('the WebAssembly rules core', () => {
  for (const c of cases) {
    const depths = c.counts.map((n, d) => [d, n] as const).filter(([, n]) => n <= 15_000_000);
    it(`perft of ${c.name} to depth ${depths.length - 1}`, () => {
      const pos = parseTps(c.tps);
      for (const [d, n] of depths) {
        core.load(pos);
        expect(core.perft(d), `depth ${d}`).toBe(n);
      }
    });
  }

  it('lists the same moves and makes the same keys through human games', () => {
    const games = parsePtnGames(readRepo('data/games/playtak-6x6-1344.ptn')).slice(0, 12);
    const list = new Int32Array(MAX_MOVES);
    let checked = 0;
    for (const game of games) {
      replayGame(game, {
        onMove: (pos) => {
          core.load(pos);
          expect(core.key()).toEqual([pos.keyLo, pos.keyHi]);
          const n = generateMoves(pos, list, 0);
          expect(core.generate(0)).toBe(n);
          expect(Array.from(core.moves.subarray(0, n))).toEqual(Array.from(list.subarray(0, n)));
          expect(core.countMoves()).toBe(n);
          for (let i = 0; i < n; i++) {
            const m = list[i]!;
            makeMove(pos, m);
            core.make(m);
            expect(core.key()).toEqual([pos.keyLo, pos.keyHi]);
            expect(core.decided()).toBe(isDecided(pos));
            unmakeMove(pos, m);
            core.unmake(m);
            checked++;
          }
          expect(core.key()).toEqual([pos.keyLo, pos.keyHi]);
          expect(core.generate(0)).toBe(n);
        },
      });
    }
    expect(checked).toBeGreaterThan(50_000);
  });

  for (const size of [5, 6]) {
    it(`evaluates as the engine's ${size}x${size} network accumulator, move by move through real games`, () => {
      const net = networkFor(size)!;
      const withNet = new WasmRules();
      withNet.setNetwork(net, 4);
      const acc = new NetAccumulator(net, 4);
      const file = size === 6 ? 'data/games/playtak-6x6-1344.ptn' : 'data/games/tiltak-selfplay-5x5-komi2.ptn';
      const games = parsePtnGames(readRepo(file)).slice(0, 6);
      const list = new Int32Array(MAX_MOVES);
      let checked = 0;
      for (const game of games) {
        replayGame(game, {
          onMove: (pos) => {
            if (pos.size !== size) return;
            withNet.load(pos);
            withNet.refresh(0);
            acc.refresh(pos, 0);
            expect(withNet.evaluate(0)).toBe(acc.evaluate(pos, 0));
            const n = generateMoves(pos, list, 0);
            let sum = 0;
            for (let i = 0; i < n; i++) {
              const m = list[i]!;
              makeOnBoth(pos, acc, withNet, m);
              const e = acc.evaluate(pos, 1);
              if (withNet.evaluate(1) !== e) throw new Error(`move ${m} at ply ${pos.ply - 1}: WebAssembly ${withNet.evaluate(1)}, TypeScript ${e}`);
              sum = (sum + withNet.outputSum(1)) | 0;
              unmakeMove(pos, m);
              withNet.unmake(m);
              checked++;
            }
            expect(withNet.walk(0)).toBe(sum);
          },
        });
      }
      expect(checked).toBeGreaterThan(20_000);
    });
  }

  it('keeps one room for networks when it switches board sizes, and evaluates as before in it', () => {
    const core = new WasmRules();
    const sizes = [6, 5];
    const positions = sizes.map((size) => {
      const file = size === 6 ? 'data/games/playtak-6x6-1344.ptn' : 'data/games/tiltak-selfplay-5x5-komi2.ptn';
      let tps = '';
      replayGame(parsePtnGames(readRepo(file))[0]!, { onMove: (pos) => void (pos.ply === 20 && (tps = formatTps(pos))) });
      return parseTps(tps);
    });
    let bytes = 0;
    for (let round = 0; round < 20; round++) {
      sizes.forEach((size, i) => {
        const net = networkFor(size)!;
        const pos = positions[i]!;
        core.setNetwork(net, 4);
        const acc = new NetAccumulator(net, 4);
        core.load(pos);
        core.refresh(0);
        acc.refresh(pos, 0);
        expect(core.evaluate(0)).toBe(acc.evaluate(pos, 0));
        const list = new Int32Array(MAX_MOVES);
        const m = list[generateMoves(pos, list, 0) - 1]!;
        makeOnBoth(pos, acc, core, m);
        expect(core.evaluate(1)).toBe(acc.evaluate(pos, 1));
        unmakeMove(pos, m);
      });
      if (round === 1) bytes = core.exports.memory.buffer.byteLength;
    }
    expect(core.exports.memory.buffer.byteLength).toBe(bytes);
  });

  it("gives bredon perft's counts and divide as the TypeScript core does, with handicap reserves too", () => {
    const positions = [
      parseTps('x6/x,2,x,1,x2/x,2,1,12C,2,x/x,1,21,1,2S,x/x,1,x,2,x2/1,x5 1 9'),
      parseTps('x5/x5/x5/x5/x5 1 1', { stones: [30, 29], caps: [1, 0] }),
      parseTps('x3/x3/x3 1 1', { stones: [127, 127], caps: [0, 0] }),
    ];
    for (const pos of positions) {
      const perft = new Perft();
      for (const d of [0, 1, 2, 3]) {
        expect(perftCount(pos, d), `depth ${d}`).toBe(perft.count(pos, d));
        expect(perftDivide(pos, d)).toEqual(perft.divide(pos, d));
      }
    }
  });

  it('embeds the bytes of a fresh compile', async () => {
    expect(generatedSource(await compileRules())).toBe(`// Written by \`npm run asc\` (scripts/build-asc.mjs) from src/wasm/assembly/: the\n// WebAssembly rules core, as base64. Do not edit by hand.\nexport const RULES_WASM = '${RULES_WASM}';\n`);
  });
});
