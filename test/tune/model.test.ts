// The model and the fit: the gradient matches finite differences, K is a sane positive number,
// a few dozen epochs on 60 Tiltak games lower the training loss, and the unphased group weights
// stay tied.
import { beforeAll, describe, expect, it } from 'vitest';
import { featureLayout } from '../../src/eval/features.js';
import { weightsFor } from '../../src/eval/weights.js';
import { loadDataset, type Dataset } from '../../src/tune/dataset.js';
import { Adam } from '../../src/math/adam.js';
import { evaluateRows, fitK, loss, lossAndGradient, setTargets } from '../../src/tune/model.js';
import { train } from '../../src/tune/train.js';
import { firstTiltakGames } from './helpers.js';

let data: Dataset;
beforeAll(async () => {
  data = await loadDataset([firstTiltakGames(60)], { size: 6, validation: 0.1, seed: 1 });
});

const start = () => ({ mg: Float64Array.from(weightsFor(6).mg), eg: Float64Array.from(weightsFor(6).eg) });

describe('the model', () => {
  it('has the gradient of its loss', () => {
    const { mg, eg } = start();
    const K = 200;
    setTargets(data.train, K, 0.5);
    const count = data.count;
    const gm = new Float64Array(count);
    const ge = new Float64Array(count);
    const l = lossAndGradient(data.train, mg, eg, K, gm, ge);
    expect(l).toBeCloseTo(loss(data.train, mg, eg, K), 12);
    const L = featureLayout(6);
    for (const j of [L.flatLead, L.stack, L.capPst, L.lineOpen + 3, L.group + 3, L.tempo]) {
      for (const [w, g] of [[mg, gm], [eg, ge]] as const) {
        const h = 1e-3;
        const keep = w[j]!;
        w[j] = keep + h;
        const up = loss(data.train, mg, eg, K);
        w[j] = keep - h;
        const down = loss(data.train, mg, eg, K);
        w[j] = keep;
        const numeric = (up - down) / (2 * h);
        expect(Math.abs(numeric), `feature ${L.names[j]} fires`).toBeGreaterThan(1e-9);
        expect(Math.abs(g[j]! - numeric), `feature ${L.names[j]}`).toBeLessThan(1e-5 * Math.abs(numeric) + 1e-13);
      }
    }
  });

  it('fits a positive, finite K that beats its neighbours', () => {
    const { mg, eg } = start();
    const K = fitK(data.train, mg, eg, 0.5);
    expect(K).toBeGreaterThan(10);
    expect(K).toBeLessThan(10_000);
    const at = (k: number) => {
      setTargets(data.train, k, 0.5);
      return loss(data.train, mg, eg, k);
    };
    const best = at(K);
    expect(best).toBeLessThanOrEqual(at(K * 0.8));
    expect(best).toBeLessThanOrEqual(at(K * 1.25));
    // The targets are left set for the K found.
    fitK(data.train, mg, eg, 0.5);
    const E = new Float64Array(data.train.n);
    evaluateRows(data.train, mg, eg, E);
    expect(E.some((e) => e !== 0)).toBe(true);
  });
});

describe('training', () => {
  it('lowers the training loss and keeps the group weights tied', () => {
    const { mg, eg } = start();
    const K = fitK(data.train, mg, eg, 0.5);
    setTargets(data.validation, K, 0.5);
    const before = loss(data.train, mg, eg, K);
    const L = featureLayout(6);
    const seen: number[] = [];
    const after = train(data.train, data.validation, mg, eg, {
      K,
      epochs: 40,
      lr: 4,
      l2: 1e-5,
      unphased: L.unphased,
      onEpoch: (_e, t, v) => {
        seen.push(t);
        expect(Number.isFinite(v)).toBe(true);
      },
    });
    expect(seen).toHaveLength(40);
    expect(after).toBeLessThan(before * 0.95);
    expect(seen[39]!).toBeLessThan(seen[0]!);
    let moved = 0;
    for (let j = 0; j < L.count; j++) {
      if (L.unphased[j] === 1) expect(eg[j], L.names[j]).toBe(mg[j]);
      if (mg[j] !== weightsFor(6).mg[j]) moved++;
    }
    expect(moved).toBeGreaterThan(L.count / 2);
    // The group weights did move (they are fitted, as one parameter each).
    expect(Array.from({ length: 7 }, (_, k) => mg[L.group + k]! !== weightsFor(6).mg[L.group + k]!).some(Boolean)).toBe(true);
  });

  it('Adam leaves a weight with no gradient alone', () => {
    const p = Float64Array.from([1, 2]);
    const a = new Adam(2, 1);
    a.step(p, Float64Array.from([0, 0.5]));
    expect(p[0]).toBe(1);
    expect(p[1]).toBeCloseTo(1, 6);
  });
});
