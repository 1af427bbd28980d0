// The WebAssembly road tactics (src/wasm/assembly/tactics.ts) against the TypeScript ones, through
// real games: at every position, for both colours, the road map (threats, their count, the group
// score, the REACH sets and the road gaps), a road by a spread and its segment, the road threat
// and the flat finish; for every legal move, whether it may open a road by a spread; and the
// answers kept when facing a threat.
import { describe, expect, it } from 'vitest';
import { makeMove, unmakeMove } from '../../src/core/makemove.js';
import { generateMoves, MAX_MOVES } from '../../src/core/movegen.js';
import type { Position } from '../../src/core/position.js';
import { scanRoads } from '../../src/core/roads.js';
import { groupWeights } from '../../src/eval/evaluate.js';
import { MAP, REACH, ROAD_GAPS, mapRoads } from '../../src/eval/roadmap.js';
import { finishOutcome } from '../../src/tactics/flat-finish.js';
import { SPREAD_WIN, mayOpenSpreadRoad, spreadWin } from '../../src/tactics/spread-roads.js';
import { keepThreatAnswers, roadThreat, THREAT } from '../../src/tactics/threat-answers.js';
import { parsePtnGames, replayGame } from '../../src/notation/ptn-game.js';
import { WasmRules } from '../../src/wasm/rules-core.js';
import { readRepo } from '../repo.js';

/** The TypeScript answers in the layout of WasmRules.probe. */
function tsProbe(pos: Position, halfKomi: number): Int32Array {
  const out = new Int32Array(64);
  scanRoads(pos);
  const gw = groupWeights(pos.size);
  for (let c = 0; c < 2; c++) {
    const o = c * 32;
    mapRoads(pos, c, gw);
    out[o] = MAP[c * 4]!;
    out[o + 1] = MAP[c * 4 + 1]!;
    out[o + 2] = MAP[c * 4 + 2]!;
    out[o + 3] = MAP[c * 4 + 3]!;
    for (let i = 0; i < 8; i++) out[o + 4 + i] = REACH[c * 8 + i]!;
    out[o + 12] = ROAD_GAPS[c * 2]!;
    out[o + 13] = ROAD_GAPS[c * 2 + 1]!;
    out[o + 14] = spreadWin(pos, c);
    out[o + 15] = SPREAD_WIN[1]!;
    out[o + 16] = SPREAD_WIN[2]!;
    const t = roadThreat(pos, c);
    out[o + 17] = t ? 1 : 0;
    out[o + 18] = t ? THREAT[0]! : 0;
    out[o + 19] = t ? THREAT[1]! : 0;
    out[o + 20] = finishOutcome(pos, c, halfKomi);
  }
  return out;
}

/** How often the answers were not trivially empty: spread wins, threats and flat finishes seen. */
const seen = { spreadWins: 0, threats: 0, finishes: 0 };

function tally(p: Int32Array): void {
  for (let c = 0; c < 2; c++) {
    if (p[c * 32 + 14] !== 0) seen.spreadWins++;
    if (p[c * 32 + 17] !== 0) seen.threats++;
    if (p[c * 32 + 20] !== 0) seen.finishes++;
  }
}

function check(file: string, size: number, games: number, halfKomi: number): number {
  const core = new WasmRules();
  let weightsOf = 0;
  const list = new Int32Array(MAX_MOVES);
  let checked = 0;
  for (const game of parsePtnGames(readRepo(file)).slice(0, games)) {
    replayGame(game, {
      onMove: (pos) => {
        if (pos.size !== size || pos.ply < 2) return;
        core.load(pos);
        if (weightsOf !== size) {
          core.setGroupWeights(groupWeights(size));
          weightsOf = size;
        }
        const want = tsProbe(pos, halfKomi);
        const got = core.probe(halfKomi);
        expect(Array.from(got), `ply ${pos.ply}`).toEqual(Array.from(want));
        const n = generateMoves(pos, list, 0);
        core.generate(0);
        for (let i = 0; i < n; i++) {
          const m = list[i]!;
          makeMove(pos, m);
          core.make(m);
          if (core.mayOpenSpreadRoad(m) !== mayOpenSpreadRoad(pos, m)) throw new Error(`mayOpenSpreadRoad of ${m} at ply ${pos.ply - 1}`);
          // Every child's tactics too: positions the games themselves do not reach.
          if (i % 7 === 0) {
            const p = core.probe(halfKomi);
            expect(Array.from(p), `after ${m}`).toEqual(Array.from(tsProbe(pos, halfKomi)));
            tally(p);
          }
          unmakeMove(pos, m);
          core.unmake(m);
          checked++;
        }
        // The answers to the side to move's opponent's threat, when there is one.
        const them = pos.side ^ 1;
        if (want[them * 32 + 17] === 1) {
          const lo = want[them * 32 + 18]!;
          const hi = want[them * 32 + 19]!;
          const kept = keepThreatAnswers(pos, list, 0, n, lo, hi);
          core.generate(0);
          const wk = core.keepThreatAnswers(0, n, lo, hi);
          expect(Array.from(core.moves.subarray(0, wk))).toEqual(Array.from(list.subarray(0, kept)));
        }
      },
    });
  }
  return checked;
}

describe('the WebAssembly road tactics', () => {
  it('answer as the TypeScript ones through human 6x6 games', () => {
    expect(check('data/games/playtak-6x6-1344.ptn', 6, 40, 4)).toBeGreaterThan(100_000);
  });

  it('answer as the TypeScript ones through Tiltak 5x5 games', () => {
    expect(check('data/games/tiltak-selfplay-5x5-komi2.ptn', 5, 20, 4)).toBeGreaterThan(20_000);
  });

  it('met real tactics on the way (spread wins, threats, flat finishes)', () => {
    expect(seen.spreadWins).toBeGreaterThan(100);
    expect(seen.threats).toBeGreaterThan(1000);
    expect(seen.finishes).toBeGreaterThan(10);
  });
});
