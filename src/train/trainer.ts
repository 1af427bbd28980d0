// The network fit: mini-batch Adam over shuffled training samples, each seen under one of the
// board's 8 symmetries (drawn per sample and epoch from the seed), gradients computed by the
// worker threads (worker.ts) and summed in a fixed order, the learning rate decaying
// exponentially to a tenth over the run. After every epoch the held-out games' loss is
// measured; the parameters of the best epoch are the result. Everything is reproducible from
// the seed and the thread count.

import { Rng } from '../math/rng.js';
import { Adam } from '../math/adam.js';
import { inputLayout } from '../eval/net/inputs.js';
import { offsets, type Shape } from './model.js';
import type { Samples } from './samples.js';
import { TrainPool } from './worker.js';

export interface FitOptions {
  shape: Shape;
  epochs: number;
  batch: number;
  lr: number;
  seed: number;
  threads: number;
  /** Decoupled weight decay (AdamW) on the weights (not the biases), per unit of step size. */
  l2: number;
  /** false: the reserve inputs keep weight 0 (the network sees the board only). */
  reserveInputs: boolean;
  /** Called during the run: epochs done (fractional), the epoch's running training loss, the last validation loss. */
  onProgress?: (epochs: number, trainLoss: number, validationLoss: number) => void;
  /** Start from these parameters (a network file, dequantised) instead of initialParams. */
  init?: Float64Array;
  /** The worker script (default: this bundle). */
  script?: string | URL;
}

export interface EpochLosses {
  epoch: number;
  train: number;
  validation: number;
  tiltak: number;
}

export interface FitResult {
  params: Float64Array;
  /** Epoch 0: the starting network (for a residual network, the linear evaluation alone; with init, that network). */
  history: EpochLosses[];
  best: EpochLosses;
}

/** The starting parameters: small uniform input weights, hidden biases in the linear part of the clip. */
export function initialParams(shape: Shape, seed: number): Float64Array {
  const o = offsets(shape);
  const p = new Float64Array(new SharedArrayBuffer(o.count * 8));
  const rng = new Rng(seed ^ 0x5eed);
  const u = (a: number) => ((rng.nextU32() / 0x1_0000_0000) * 2 - 1) * a;
  for (let i = 0; i < o.b1; i++) p[i] = u(0.1);
  for (let j = 0; j < shape.hidden; j++) p[o.b1 + j] = 0.3;
  // A residual network starts as the linear evaluation exactly (output weights 0).
  if (!shape.residual) for (let j = 0; j < 2 * shape.hidden; j++) p[o.W2 + j] = u(1 / Math.sqrt(shape.hidden));
  return p;
}

function shuffle(order: Int32Array, rng: Rng): void {
  for (let i = order.length - 1; i > 0; i--) {
    const j = rng.below(i + 1);
    const t = order[i]!;
    order[i] = order[j]!;
    order[j] = t;
  }
}

export async function fit(train: Samples, validation: Samples, o: FitOptions): Promise<FitResult> {
  if (train.n === 0) throw new Error('no training positions');
  const params = o.init ?? initialParams(o.shape, o.seed);
  const off = offsets(o.shape);
  const H = o.shape.hidden;
  // The reserve inputs' rows of W1, zeroed (and kept so) when the network is to see the board
  // only: before epoch 0 is measured, so that its loss, and the network kept when no epoch beats
  // it, are those of the network the fit starts from (a network given as init included).
  const reserveRows = o.reserveInputs ? null : [inputLayout(o.shape.size).reserves * H, off.b1] as const;
  if (reserveRows !== null) params.fill(0, reserveRows[0], reserveRows[1]);
  const order = new Int32Array(new SharedArrayBuffer(train.n * 4));
  for (let i = 0; i < train.n; i++) order[i] = i;
  const pool = new TrainPool(Math.max(1, o.threads), o.shape, o.seed, params, order, train, validation, o.script);
  try {
    const grad = new Float64Array(params.length);
    const adam = new Adam(params.length, o.lr, 0.9, 0.999, 1e-8);
    const rng = new Rng(o.seed);
    const measure = async (epoch: number, trainLoss: number): Promise<EpochLosses> => {
      const v = await pool.loss('validation', validation.n);
      return { epoch, train: trainLoss, validation: v.n > 0 ? v.sum / v.n : NaN, tiltak: v.tiltakN > 0 ? v.tiltakSum / v.tiltakN : NaN };
    };
    const t0 = await pool.loss('train', train.n);
    const history = [await measure(0, t0.sum / t0.n)];
    let best = history[0]!;
    let bestParams = Float64Array.from(params);
    const steps = Math.ceil(train.n / o.batch);
    const decay = Math.pow(0.1, 1 / Math.max(1, o.epochs * steps));
    for (let epoch = 1; epoch <= o.epochs; epoch++) {
      shuffle(order, rng);
      let sum = 0;
      let seen = 0;
      for (let s = 0; s < steps; s++) {
        const from = s * o.batch;
        const to = Math.min(train.n, from + o.batch);
        sum += await pool.gradient(from, to, epoch, grad);
        seen += to - from;
        const inv = 1 / (to - from);
        for (let i = 0; i < grad.length; i++) grad[i]! *= inv;
        if (reserveRows !== null) grad.fill(0, reserveRows[0], reserveRows[1]);
        adam.step(params, grad);
        if (o.l2 > 0) {
          const shrink = 1 - adam.lr * o.l2;
          for (let i = 0; i < off.b1; i++) params[i]! *= shrink;
          for (let i = off.W2; i < off.W2 + 2 * H; i++) params[i]! *= shrink;
        }
        adam.lr *= decay;
        o.onProgress?.(epoch - 1 + (s + 1) / steps, sum / seen, history[history.length - 1]!.validation);
      }
      const e = await measure(epoch, sum / seen);
      history.push(e);
      o.onProgress?.(epoch, e.train, e.validation);
      if (!(e.validation >= best.validation)) {
        best = e;
        bestParams = Float64Array.from(params);
      }
    }
    return { params: bestParams, history, best };
  } finally {
    await pool.close();
  }
}
