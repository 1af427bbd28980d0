// The static evaluation, in centiflats from the side to move's view: the linear model of
// features.ts with the weights of weights.ts, middle-game and end-game weights blended by the
// game phase, plus the road groups' score that the road map caches by road set.

import { WHITE, type Position } from '../core/position.js';
import { featureLayout, scoreBoard } from './features.js';
import { blendTable, weightsFor } from './weights.js';

/** The group weights of a size, for the road map. */
export function groupWeights(size: number): readonly number[] {
  return weightsFor(size).group;
}

/**
 * The evaluation of `pos` for the side to move. The road terms come from the search's road
 * map (roadmap.ts): `opponentThreats`, the squares where the side not to move could complete
 * a road by placement, and `groups`, White's group score minus Black's.
 */
export function evaluate(pos: Position, halfKomi: number, opponentThreats: number, groups: number): number {
  if (pos.startStones !== tableStones || pos.size !== tableSize) useTable(pos);
  const row = (pos.stones[0]! + pos.stones[1]!) * count;
  const s = groups + scoreBoard(pos, halfKomi, opponentThreats, table, row, null);
  return Math.round(pos.side === WHITE ? s : -s);
}

/** The blend table of the last size and reserve seen (a search keeps to one). */
let table: Float64Array = new Float64Array(0);
let tableSize = 0;
let tableStones = -1;
let count = 0;

function useTable(pos: Position): void {
  table = blendTable(weightsFor(pos.size), pos.startStones);
  tableSize = pos.size;
  tableStones = pos.startStones;
  count = featureLayout(pos.size).count;
}
