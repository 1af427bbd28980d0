// The whole feature vector of a position, as the tuner needs it: the board features plus what
// the search takes from the road map (group spans, the non-mover's placement threats). The
// search never calls this; evaluate() gives the same number as the dot product of this vector
// with the blended weights (test/eval/evaluate.test.ts checks that).

import type { Position } from '../core/position.js';
import { scanRoads } from '../core/roads.js';
import { boardFeatures, featureLayout } from './features.js';
import { groupWeights } from './evaluate.js';
import { GROUP_SPANS, groupSpans, MAP, mapRoads } from './roadmap.js';

/** Fills F[0..featureLayout(size).count) with every feature of `pos` (White's minus Black's). */
export function extractFeatures(pos: Position, halfKomi: number, F: Float64Array): void {
  const L = featureLayout(pos.size);
  scanRoads(pos);
  const w = groupWeights(pos.size);
  mapRoads(pos, 0, w);
  mapRoads(pos, 1, w);
  const nonMoverThreats = pos.ply >= 2 ? MAP[(pos.side ^ 1) * 4 + 2]! : 0;
  boardFeatures(pos, halfKomi, nonMoverThreats, F);
  for (let colour = 0; colour < 2; colour++) {
    groupSpans(pos, colour);
    const sign = colour === 0 ? 1 : -1;
    for (let k = 0; k <= pos.size; k++) F[L.group + k] += sign * GROUP_SPANS[k]!;
  }
}
