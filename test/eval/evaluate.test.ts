// evaluate() equals the feature vector (extract.ts) dotted with the phase-blended weights, on
// every 7th position of the PlayTak archive: the tuner fits exactly what the search uses.
import { describe, expect, it } from 'vitest';
import { makeMove } from '../../src/core/makemove.js';
import { Position, WHITE } from '../../src/core/position.js';
import { isDecided } from '../../src/core/result.js';
import { scanRoads } from '../../src/core/roads.js';
import { evaluate, groupWeights } from '../../src/eval/evaluate.js';
import { extractFeatures } from '../../src/eval/extract.js';
import { featureLayout, gamePhase } from '../../src/eval/features.js';
import { MAP, mapRoads } from '../../src/eval/roadmap.js';
import { weightsFor } from '../../src/eval/weights.js';
import { parsePtnGames } from '../../src/notation/ptn-game.js';
import { parseMove } from '../../src/notation/ptn-move.js';
import { readShared } from '../shared.js';

describe('evaluate and the feature vector agree', () => {
  it('on the PlayTak archive', () => {
    const F = new Float64Array(256);
    const w = weightsFor(6);
    const L = featureLayout(6);
    let checked = 0;
    const games = parsePtnGames(readShared('data/games/playtak-6x6-1344.ptn'));
    for (let g = 0; g < games.length; g += 5) {
      const pos = new Position(6);
      for (const mv of games[g]!.moves) {
        makeMove(pos, parseMove(mv.text, 6));
        if (isDecided(pos) || pos.ply % 7 !== 0) continue;
        for (const halfKomi of [0, 3]) {
          scanRoads(pos);
          mapRoads(pos, 0, groupWeights(6));
          mapRoads(pos, 1, groupWeights(6));
          const threats = pos.ply >= 2 ? MAP[(pos.side ^ 1) * 4 + 2]! : 0;
          const groups = MAP[3]! - MAP[7]!;
          const e = evaluate(pos, halfKomi, threats, groups);
          extractFeatures(pos, halfKomi, F);
          const phase = gamePhase(pos);
          let s = 0;
          for (let i = 0; i < L.count; i++) s += F[i]! * (w.mg[i]! * phase + w.eg[i]! * (1 - phase));
          const mine = pos.side === WHITE ? s : -s;
          expect(Math.abs(e - mine)).toBeLessThanOrEqual(1);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });
});
