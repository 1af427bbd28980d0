// The fit itself: K held fixed, the weights moved by full-batch Adam on the training rows'
// mean squared error plus an L2 pull towards the starting weights (which keeps rarely seen
// features near their hand-set values instead of chasing noise). The group spans are unphased
// (the road map caches their score as one number), so their middle-game and end-game weights
// are one parameter: the two gradients are summed and eg is kept equal to mg.

import { Adam } from '../math/adam.js';
import { loss, lossAndGradient } from './model.js';
import type { Rows } from './rows.js';

export interface TrainOptions {
  K: number;
  epochs: number;
  lr: number;
  /** L2 strength per squared flat of change: loss += l2 * sum(((w - w0) / 100)^2). */
  l2: number;
  /** 1 for features whose mg and eg weights are tied (featureLayout().unphased). */
  unphased: Uint8Array;
  /** Called after each epoch with the training loss (before the epoch's step) and the validation loss. */
  onEpoch?: (epoch: number, trainLoss: number, validationLoss: number) => void;
}

/**
 * Fits mg and eg in place (each of featureLayout().count weights) and returns the final training
 * loss. Allocates its scratch once; an epoch allocates nothing.
 */
export function train(trainRows: Rows, validation: Rows, mg: Float64Array, eg: Float64Array, o: TrainOptions): number {
  const count = trainRows.count;
  const params = new Float64Array(2 * count);
  params.set(mg.subarray(0, count), 0);
  params.set(eg.subarray(0, count), count);
  const start = params.slice();
  const grad = new Float64Array(2 * count);
  // Views, not copies: the model reads and Adam writes the same memory.
  const pm = params.subarray(0, count);
  const pe = params.subarray(count);
  const gm = grad.subarray(0, count);
  const ge = grad.subarray(count);
  const adam = new Adam(2 * count, o.lr);
  const pull = (2 * o.l2) / 10_000;
  for (let j = 0; j < count; j++) if (o.unphased[j] === 1) pe[j] = pm[j]!;
  for (let epoch = 1; epoch <= o.epochs; epoch++) {
    const trainLoss = lossAndGradient(trainRows, pm, pe, o.K, gm, ge);
    for (let j = 0; j < 2 * count; j++) grad[j] = grad[j]! + pull * (params[j]! - start[j]!);
    for (let j = 0; j < count; j++) {
      if (o.unphased[j] === 1) {
        gm[j] = gm[j]! + ge[j]!;
        ge[j] = 0;
      }
    }
    adam.step(params, grad);
    for (let j = 0; j < count; j++) if (o.unphased[j] === 1) pe[j] = pm[j]!;
    o.onEpoch?.(epoch, trainLoss, validation.n > 0 ? loss(validation, pm, pe, o.K) : NaN);
  }
  mg.set(pm);
  eg.set(pe);
  return loss(trainRows, mg, eg, o.K);
}
