// The quiet-position rule of the training data: a static evaluation cannot see a road one move
// away, so the tuner, the trainer (read.ts) and the labeller (src/selfplay/label.ts) keep only
// positions past the first 4 plies, not finished, and with no road in one for either side by
// placement or spread.

import type { Position } from '../core/position.js';
import { ONGOING, resultFromScan } from '../core/result.js';
import { scanRoads } from '../core/roads.js';
import { groupWeights } from '../eval/evaluate.js';
import { MAP, mapRoads } from '../eval/roadmap.js';
import { spreadWin } from '../tactics/spread-roads.js';

/** Plies at the start of every game that are never used (the opening swap and the book). */
export const OPENING_PLIES = 4;

/** Why a position is not quiet, by the counters of LoadStats (read.ts); 'kept' when it is. */
type Verdict = 'kept' | 'opening' | 'finished' | 'placementThreat' | 'spreadThreat';

/** The quiet filter (see the top of the file). */
export function quietVerdict(pos: Position, halfKomi: number): Verdict {
  if (pos.ply < OPENING_PLIES) return 'opening';
  scanRoads(pos);
  if (resultFromScan(pos, halfKomi) !== ONGOING) return 'finished';
  const w = groupWeights(pos.size);
  let spread = false;
  for (let c = 0; c < 2; c++) {
    mapRoads(pos, c, w);
    if (MAP[c * 4 + 2] !== 0) return 'placementThreat';
    // spreadWin reads the REACH sets of the mapRoads just made for this colour.
    if (spreadWin(pos, c) !== 0) spread = true;
  }
  return spread ? 'spreadThreat' : 'kept';
}
