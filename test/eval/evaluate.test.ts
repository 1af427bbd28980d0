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
import { parseTps } from '../../src/notation/tps.js';
import { readRepo } from '../repo.js';

describe('evaluate and the feature vector agree', () => {
  it('on the PlayTak archive', () => {
    const F = new Float64Array(256);
    const w = weightsFor(6);
    const L = featureLayout(6);
    let checked = 0;
    const games = parsePtnGames(readRepo('data/games/playtak-6x6-1344.ptn'));
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

describe('the flat-race features', () => {
  // 5x5, White to move. a1: a white capstone on a black stone; b2: a black flat; c2: a white
  // flat; b3: white, black, white, black (top). White has placed 3 stones and the capstone, Black 4
  // stones: 18 and 17 stones left, so the smaller reserve is 17 and the end scale 4 / (17 + 4).
  const tps = 'x5/x5/x,1212,x3/x,2,1,x2/21C,x4 1 10';
  it('count reserves, tempo and what the stacks hold, scaled as the smaller reserve runs out', () => {
    const pos = parseTps(tps);
    expect([pos.stones[0], pos.stones[1]]).toEqual([18, 17]);
    const L = featureLayout(5);
    const F = new Float64Array(256);
    extractFeatures(pos, 0, F);
    const scale = 4 / 21;
    expect(F[L.reserveLead]).toBe(1);
    expect(F[L.reserveLeadEnd]).toBeCloseTo(scale, 12);
    expect(F[L.tempo]).toBe(1);
    expect(F[L.tempoEnd]).toBeCloseTo(scale, 12);
    // Under White's tops: one black stone (a1). Under Black's top (b3): one black, two white.
    expect(F[L.supportEnd]).toBeCloseTo((0 - 1) * scale, 12);
    expect(F[L.captiveEnd]).toBeCloseTo((1 - 2) * scale, 12);
    // The same stacks as the per-type stack terms count them (capCaptive for a1, flat terms for b3).
    expect(F[L.stack + 5]).toBe(1); // capCaptive: White's
    expect(F[L.stack + 0]).toBe(-1); // flatSupport: Black's one
    expect(F[L.stack + 1]).toBe(-2); // flatCaptive: Black's two
  });
  it('turn with the side to move and the colours (a colour-swapped board reads negated)', () => {
    const L = featureLayout(5);
    const a = new Float64Array(256);
    const b = new Float64Array(256);
    extractFeatures(parseTps(tps), 0, a);
    // The same board with every colour swapped and Black to move.
    extractFeatures(parseTps('x5/x5/x,2121,x3/x,1,2,x2/12C,x4 2 10'), 0, b);
    for (const i of [L.reserveLead, L.reserveLeadEnd, L.tempo, L.tempoEnd, L.supportEnd, L.captiveEnd]) expect(b[i]).toBeCloseTo(-a[i]!, 12);
  });
});
