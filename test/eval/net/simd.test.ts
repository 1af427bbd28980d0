// The WebAssembly SIMD kernels of the network accumulators (src/eval/net/simd.wat): the bytes
// embedded in the engine are the .wat's, Node has them, and they give exactly the JavaScript
// loops' scores, move by move through real games, on the engine's own networks and on random
// ones (where the loops' sums leave 32 bits, or H is not a multiple of four, there are none).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { makeMove, unmakeMove } from '../../../src/core/makemove.js';
import { generateMoves, MAX_MOVES } from '../../../src/core/movegen.js';
import { NetAccumulator } from '../../../src/eval/net/accumulator.js';
import type { Network } from '../../../src/eval/net/network.js';
import { networkFor } from '../../../src/eval/net/nets.js';
import { simdKernels } from '../../../src/eval/net/simd.js';
import { SIMD_WASM } from '../../../src/eval/net/simd.generated.js';
import { parsePtnGames, replayGame } from '../../../src/notation/ptn-game.js';
import { Rng } from '../../../src/math/rng.js';
import { readRepo } from '../../repo.js';
import { randomNet } from './random-net.js';
// @ts-expect-error: a plain ES module script without type declarations
import { assembleSimd, generatedSource } from '../../../scripts/build-wasm.mjs';

/** Plays every legal move of the games' positions through both accumulators; returns how many. */
function compare(net: Network, gameCount: number): number {
  const fast = new NetAccumulator(net, 4);
  const loops = new NetAccumulator(net, 4, false);
  const games = parsePtnGames(readRepo(`data/games/playtak-6x6-1344.ptn`)).slice(0, gameCount);
  const moves = new Int32Array(MAX_MOVES);
  let checked = 0;
  for (const game of games) {
    replayGame(game, {
      onMove: (pos) => {
        if (pos.size !== net.size) return;
        fast.refresh(pos, 0);
        loops.refresh(pos, 0);
        const n = generateMoves(pos, moves, 0);
        for (let i = 0; i < n; i++) {
          const m = moves[i]!;
          fast.beforeMove(pos, m, 0);
          loops.beforeMove(pos, m, 0);
          makeMove(pos, m);
          fast.afterMove(pos, m, 0);
          loops.afterMove(pos, m, 0);
          const a = fast.evaluate(pos, 1);
          const b = loops.evaluate(pos, 1);
          if (a !== b) throw new Error(`move ${m} after ply ${pos.ply - 1}: kernels ${a}, loops ${b}`);
          unmakeMove(pos, m);
          checked++;
        }
        // A null move (slot 1 a copy of slot 0): the copy alone, with nothing to apply.
        fast.copy(0);
        loops.copy(0);
        expect(fast.evaluate(pos, 1)).toBe(loops.evaluate(pos, 1));
        expect(fast.evaluate(pos, 0)).toBe(loops.evaluate(pos, 0));
      },
    });
  }
  return checked;
}

describe('the WebAssembly SIMD kernels', () => {
  it('the embedded bytes are simd.wat assembled (run `npm run wasm` after editing it)', async () => {
    const bytes: Uint8Array = await assembleSimd(readFileSync('src/eval/net/simd.wat', 'utf8'));
    expect(Buffer.from(bytes).toString('base64')).toBe(SIMD_WASM);
    expect(readFileSync('src/eval/net/simd.generated.ts', 'utf8')).toBe(generatedSource(bytes));
  });

  it('run in Node for the engine networks, and not where H is not a multiple of 4 or the output sum could overflow', () => {
    expect(simdKernels(networkFor(6)!, 1024)).toBeDefined();
    expect(simdKernels(networkFor(5)!, 1024)).toBeDefined();
    expect(simdKernels(randomNet(5, 12, 1), 64)).toBeDefined();
    expect(simdKernels(randomNet(5, 10, 1), 64)).toBeUndefined();
    // 2H * qa * max|W2| is about 2 * 256 * 512 * 32000 > 2^31.
    expect(simdKernels(randomNet(5, 256, 1, 32767), 64)).toBeUndefined();
  });

  it('each kernel computes what its comment says, on random numbers (the rare paths included: a stack over 11 removes more inputs than it adds)', () => {
    const H = 12;
    const net = randomNet(5, H, 9);
    const k = simdKernels(net, 8 * H)!;
    const rng = new Rng(4);
    const acc = new Int32Array(k.memory.buffer, k.accAt, 8 * H);
    const W = net.W1;
    const n = 4 * H;
    const slot = (i: number) => k.accAt + i * n; // byte offset of the i-th run of H
    for (let trial = 0; trial < 50; trial++) {
      for (let j = 0; j < acc.length; j++) acc[j] = rng.below(200_000) - 100_000;
      const before = Int32Array.from(acc);
      const inp = () => rng.below(net.inputs);
      const [p0, m0, p1, m1] = [inp(), inp(), inp(), inp()];
      k.pair(slot(2), slot(0), p0 * 2 * H, m0 * 2 * H, p1 * 2 * H, m1 * 2 * H, n);
      k.add(slot(4), slot(2), p0 * 2 * H, p1 * 2 * H, n);
      k.sub(slot(6), slot(4), m0 * 2 * H, m1 * 2 * H, n);
      k.row(slot(1), p0 * 2 * H, m0 * 2 * H, n);
      for (let j = 0; j < H; j++) {
        const pair0 = before[j]! + W[p0 * H + j]! - W[m0 * H + j]!;
        const pair1 = before[H + j]! + W[p1 * H + j]! - W[m1 * H + j]!;
        expect([acc[2 * H + j], acc[3 * H + j]]).toEqual([pair0, pair1]);
        expect([acc[4 * H + j], acc[5 * H + j]]).toEqual([pair0 + W[p0 * H + j]!, pair1 + W[p1 * H + j]!]);
        expect([acc[6 * H + j], acc[7 * H + j]]).toEqual([pair0 + W[p0 * H + j]! - W[m0 * H + j]!, pair1 + W[p1 * H + j]! - W[m1 * H + j]!]);
        expect(acc[H + j]).toBe(before[H + j]! + W[p0 * H + j]! - W[m0 * H + j]!);
      }
      let sum = 0;
      const clip = (x: number) => Math.min(Math.max(x, 0), net.qa);
      for (let j = 0; j < H; j++) sum += clip(acc[2 * H + j]! >> 6) * net.W2[j]! + clip(acc[4 * H + j]! >> 6) * net.W2[H + j]!;
      for (let j = 0; j < 6 * H; j++) acc[2 * H + j] = acc[2 * H + j]! >> 6; // into [0, qa] and below, partly
      expect(k.out(slot(2), slot(4), k.w2At, net.qa, n)).toBe(sum);
    }
  });

  it('give the JavaScript loops’ scores exactly after every legal move of real 6x6 games (engine network)', () => {
    expect(compare(networkFor(6)!, 6)).toBeGreaterThan(10_000);
  });

  it('give the same scores with random weights, and an accumulator without kernels still evaluates', () => {
    expect(compare(randomNet(6, 12, 5), 4)).toBeGreaterThan(5_000);
    // H = 10: no kernels, both accumulators are the loops; they must still agree.
    expect(compare(randomNet(6, 10, 6), 2)).toBeGreaterThan(2_000);
  });
});
