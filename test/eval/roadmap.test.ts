// The search's road map finds exactly the tak threats the rules core finds (roads.ts), for
// both colours, at every position of the PlayTak archive and of random games on every size.
import { describe, expect, it } from 'vitest';
import { makeMove } from '../../src/core/makemove.js';
import { Position } from '../../src/core/position.js';
import { isDecided } from '../../src/core/result.js';
import { scanRoads, THREATS, threatsFromScan } from '../../src/core/roads.js';
import { formatTps } from '../../src/notation/tps.js';
import { parsePtnGames } from '../../src/notation/ptn-game.js';
import { parseMove } from '../../src/notation/ptn-move.js';
import { groupWeights } from '../../src/eval/evaluate.js';
import { MAP, mapRoads } from '../../src/eval/roadmap.js';
import { forEachRandomPosition } from '../random-games.js';
import { readRepo } from '../repo.js';

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
    for (const game of parsePtnGames(readRepo('data/games/playtak-6x6-1344.ptn'))) {
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
    forEachRandomPosition(5, 20, 200, (pos) => compare(pos, wrong));
    expect(wrong.slice(0, 5)).toEqual([]);
  });
});
