// The search's road map finds exactly the tak threats the rules core finds (roads.ts), for
// both colours, at every position of the PlayTak archive and of random games on every size.
import { describe, expect, it } from 'vitest';
import { makeMove } from '../../src/core/makemove.js';
import { generateMoves, MAX_MOVES } from '../../src/core/movegen.js';
import { Position } from '../../src/core/position.js';
import { isDecided } from '../../src/core/result.js';
import { scanRoads, THREATS, threatsFromScan } from '../../src/core/roads.js';
import { formatTps } from '../../src/notation/tps.js';
import { parsePtnGames } from '../../src/notation/ptn-game.js';
import { parseMove } from '../../src/notation/ptn-move.js';
import { groupWeights } from '../../src/eval/evaluate.js';
import { MAP, mapRoads } from '../../src/eval/roadmap.js';
import { readShared } from '../shared.js';

function compare(pos: Position, wrong: string[]): number {
  let threats = 0;
  for (const colour of [0, 1]) {
    scanRoads(pos);
    threatsFromScan(pos, colour);
    const expectLo = THREATS[0]!;
    const expectHi = THREATS[1]!;
    scanRoads(pos);
    mapRoads(pos, colour, groupWeights(pos.size));
    if (MAP[colour * 4] !== expectLo || MAP[colour * 4 + 1] !== expectHi) wrong.push(`${formatTps(pos)} colour ${colour}`);
    if ((expectLo | expectHi) !== 0) threats++;
  }
  return threats;
}

describe('road map threats equal the rules core threats', () => {
  it('every position of the PlayTak archive', () => {
    const wrong: string[] = [];
    let withThreats = 0;
    for (const game of parsePtnGames(readShared('data/games/playtak-6x6-1344.ptn'))) {
      const pos = new Position(6);
      for (const mv of game.moves) {
        makeMove(pos, parseMove(mv.text, 6));
        if (!isDecided(pos)) withThreats += compare(pos, wrong);
      }
    }
    expect(wrong.slice(0, 5)).toEqual([]);
    expect(withThreats).toBeGreaterThan(1000); // the check met many real threats
  });

  it('random games on every size', () => {
    const wrong: string[] = [];
    const buf = new Int32Array(MAX_MOVES);
    let seed = 5;
    const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
    for (let size = 3; size <= 8; size++) {
      for (let game = 0; game < 20; game++) {
        const pos = new Position(size);
        while (!isDecided(pos) && pos.ply < 200) {
          compare(pos, wrong);
          const end = generateMoves(pos, buf, 0);
          makeMove(pos, buf[Math.floor(random() * end)]!);
        }
      }
    }
    expect(wrong.slice(0, 5)).toEqual([]);
  });
});
