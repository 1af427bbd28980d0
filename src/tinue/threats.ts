// Roads in one for the tinue solver: can a colour win with its next move, and does a move leave a
// tak (a road threat)? Both ask the same question of a position, "if `colour` were to move now,
// could it complete a road?", answered from the road map (placements: an empty square that
// joins two edges) and spread-roads.ts (a stack spread onto the last gaps of a line), which
// together see every road in one without making a move.
//
// The search owns those two modules; this file only reads them. Their contract: scanRoads() of
// the position first, then mapRoads(pos, colour) right before spreadWin(pos, colour) (the road
// map leaves the reach sets that spreadWin reads in module state). Allocation-free.

import { FLAT, CAP, placement } from '../core/move.js';
import type { Position } from '../core/position.js';
import { groupWeights } from '../eval/evaluate.js';
import { MAP, mapRoads } from '../eval/roadmap.js';
import { spreadWin } from '../tactics/spread-roads.js';

/** The search's own group weights: the road map's cache is flushed when they change identity. */
function weights(pos: Position): readonly number[] {
  return groupWeights(pos.size);
}

/**
 * A move by which `colour` would complete a road if it were to move now (a flat, or the
 * capstone when no stone is left, on a threat square; or a winning spread), else 0. Call after
 * scanRoads() of this position (resultAfterMove() scans too). `colour` need not be to move:
 * that is how a tak is told (the mover's road in one after its move).
 */
export function roadInOne(pos: Position, colour: number): number {
  mapRoads(pos, colour, weights(pos));
  const at = colour * 4;
  if (MAP[at + 2] !== 0) {
    const lo = MAP[at]!;
    const hi = MAP[at + 1]!;
    const sq = lo !== 0 ? 31 - Math.clz32(lo & -lo) : 63 - Math.clz32(hi & -hi);
    // An unfinished game leaves every player a piece; a capstone completes a road as a flat does.
    if (pos.stones[colour]! > 0) return placement(sq, FLAT);
    if (pos.caps[colour]! > 0) return placement(sq, CAP);
  }
  return spreadWin(pos, colour);
}

/** A move that completes a road for the side to move, else 0. Call after scanRoads() of this position. */
export function winInOne(pos: Position): number {
  return roadInOne(pos, pos.side);
}
