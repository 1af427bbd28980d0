// The engine's integer network must score what the trainer's float model scores: positions of
// real Tiltak games, a network quantised from float weights, the engine's accumulator against
// the float forward pass of src/train/model.ts (which reads the inputs of src/eval/net/inputs.ts
// through its own code path). Stated tolerance: 2 centiflats at K 200 (QA 2048, QB 1024: with QA 512 rounding alone moved scores by up to 2.4).
import { describe, expect, it } from 'vitest';
import type { Position } from '../../src/core/position.js';
import { NetAccumulator } from '../../src/eval/net/accumulator.js';
import { inputLayout } from '../../src/eval/net/inputs.js';
import { parseNetwork, serializeNetwork } from '../../src/eval/net/network.js';
import { moverLogit, offsets, Scratch, type Shape } from '../../src/train/model.js';
import { dequantise, quantise } from '../../src/train/quantise.js';
import { networkFor } from '../../src/eval/net/nets.js';
import { SampleBuilder } from '../../src/train/samples.js';
import { initialParams } from '../../src/train/trainer.js';
import { QuietCollector, readGames } from '../../src/dataset/read.js';
import { Rng } from '../../src/math/rng.js';
import { firstTiltakGames } from '../tune/helpers.js';

const TOLERANCE_CP = 2;

class Keep extends QuietCollector {
  readonly positions: Position[] = [];
  readonly samples = new SampleBuilder(6);
  protected keep(pos: Position): void {
    this.positions.push(pos.clone());
    this.samples.push(pos, 0.5, 0, false);
  }
  mark(): number {
    return this.positions.length;
  }
  rollback(): void {
    throw new Error('the Tiltak games replay');
  }
}

describe('quantisation', () => {
  it(`the engine's integer network agrees with the float model within ${TOLERANCE_CP} centiflats on real positions`, async () => {
    const c = new Keep(6);
    await readGames([firstTiltakGames(20)], { size: 6, validation: 0, seed: 1 }, c);
    const samples = c.samples.finish();
    expect(samples.n).toBeGreaterThan(500);
    const shape: Shape = { size: 6, hidden: 32, inputs: inputLayout(6).count, residual: false };
    const p = initialParams(shape, 5);
    // Spread the hidden biases so that units sit on both sides of the clip.
    const o = offsets(shape);
    const rng = new Rng(9);
    for (let j = 0; j < shape.hidden; j++) p[o.b1 + j] = rng.below(1000) / 1000 - 0.2;
    const K = 200;
    const net = parseNetwork(serializeNetwork(quantise(p, shape, K)));
    const acc = new NetAccumulator(net, 1);
    const s = new Scratch(shape);
    let worst = 0;
    let spread = 0;
    for (let i = 0; i < samples.n; i++) {
      const pos = c.positions[i]!;
      acc.refresh(pos, 0);
      const engine = acc.evaluate(pos, 0);
      const float = K * moverLogit(p, shape, samples, i, s);
      worst = Math.max(worst, Math.abs(engine - float));
      spread = Math.max(spread, Math.abs(float));
    }
    expect(worst).toBeLessThanOrEqual(TOLERANCE_CP);
    // The comparison means something: the scores themselves range far wider than the tolerance.
    expect(spread).toBeGreaterThan(50 * TOLERANCE_CP);
  });

  it('dequantise is the way back: the engine networks come back as the same integers', () => {
    for (const size of [5, 6]) {
      const net = networkFor(size)!;
      const shape: Shape = { size, hidden: net.hidden, inputs: net.inputs, residual: net.residual };
      const back = quantise(dequantise(net, shape), shape, net.K);
      expect(Array.from(back.W1)).toEqual(Array.from(net.W1));
      expect(Array.from(back.b1)).toEqual(Array.from(net.b1));
      expect(Array.from(back.W2)).toEqual(Array.from(net.W2));
      expect(back.b2).toBe(net.b2);
      expect(() => dequantise(net, { ...shape, hidden: shape.hidden + 1 })).toThrow(/hidden units a side/);
    }
  });
});

