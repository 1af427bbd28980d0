// The static score the search gives a quiet position, for the side to move: the linear
// evaluation plus the size's network (a network fitted with --no-residual stands alone, without
// the linear one), or the linear evaluation alone. The search computes it in WebAssembly
// (src/wasm/assembly/evaluation.ts and accumulator.ts, held equal to this by test/wasm/); this
// TypeScript reckoning lets a caller see what the pruning near the leaves saw.

import type { Position } from '../core/position.js';
import { scanRoads } from '../core/roads.js';
import { evaluate, groupWeights } from './evaluate.js';
import { NetAccumulator } from './net/accumulator.js';
import { networkFor } from './net/nets.js';
import { MAP, mapRoads } from './roadmap.js';

/** Network accumulators by board size, made on first use (one slot: a fresh refresh each time). */
const accumulators = new Map<number, NetAccumulator>();

/** The accumulator of the size's network, or undefined for a size without one. */
function accumulatorFor(size: number): NetAccumulator | undefined {
  const net = networkFor(size);
  if (net === undefined) return undefined;
  let acc = accumulators.get(size);
  if (acc?.net !== net) {
    acc = new NetAccumulator(net, 1);
    accumulators.set(size, acc);
  }
  return acc;
}

export function staticScore(pos: Position, halfKomi: number, network = true): number {
  const acc = network ? accumulatorFor(pos.size) : undefined;
  acc?.refresh(pos, 0);
  if (acc !== undefined && !acc.net.residual) return Math.round(acc.evaluate(pos, 0));
  const weights = groupWeights(pos.size);
  scanRoads(pos);
  mapRoads(pos, pos.side, weights);
  mapRoads(pos, pos.side ^ 1, weights);
  const threatCount = pos.ply >= 2 ? MAP[(pos.side ^ 1) * 4 + 2]! : 0;
  const linear = evaluate(pos, halfKomi, threatCount, MAP[3]! - MAP[7]!);
  return acc === undefined ? linear : Math.round(linear + acc.evaluate(pos, 0));
}
