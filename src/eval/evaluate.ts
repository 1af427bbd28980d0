// The static evaluation, in centiflats from the side to move's view: the linear model of
// features.ts with the weights of weights.ts, middle-game and end-game weights blended by the
// game phase, plus the road groups' score that the road map caches by road set.

import { WHITE, type Position } from '../core/position.js';
import { boardFeatures, featureLayout, gamePhase } from './features.js';
import { weightsFor } from './weights.js';

/** The group weights of a size, for the road map. */
export function groupWeights(size: number): readonly number[] {
  return weightsFor(size).group;
}

const F = new Float64Array(256);

/**
 * The evaluation of `pos` for the side to move. The road terms come from the search's road
 * map (roadmap.ts): `opponentThreats`, the squares where the side not to move could complete
 * a road by placement, and `groups`, White's group score minus Black's.
 */
export function evaluate(pos: Position, halfKomi: number, opponentThreats: number, groups: number): number {
  const w = weightsFor(pos.size);
  boardFeatures(pos, halfKomi, opponentThreats, F);
  const n = featureLayout(pos.size).count;
  const mgw = w.mg;
  const egw = w.eg;
  let mg = 0;
  let eg = 0;
  for (let i = 0; i < n; i++) {
    const f = F[i]!;
    if (f !== 0) {
      mg += f * mgw[i]!;
      eg += f * egw[i]!;
    }
  }
  const phase = gamePhase(pos);
  const s = mg * phase + eg * (1 - phase) + groups;
  return Math.round(pos.side === WHITE ? s : -s);
}
