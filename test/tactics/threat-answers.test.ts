// The threat-answer filter (src/tactics/threat-answers.ts) drops only losing moves: at every
// position of real games and random games where the side to move faces a road threat and has no
// road of its own in one, each move the filter drops is made and the opponent is shown a road
// in one by brute force (every reply made, a road looked for), with the game not ended first.
import { describe, expect, it } from 'vitest';
import { makeMove, unmakeMove } from '../../src/core/makemove.js';
import { generateMoves, MAX_MOVES } from '../../src/core/movegen.js';
import type { Position } from '../../src/core/position.js';
import { boardFull, reservesExhausted } from '../../src/core/result.js';
import { hasRoad, scanRoads } from '../../src/core/roads.js';
import { groupWeights } from '../../src/eval/evaluate.js';
import { MAP, mapRoads } from '../../src/eval/roadmap.js';
import { formatMove } from '../../src/notation/ptn-move.js';
import { formatTps } from '../../src/notation/tps.js';
import { spreadWin } from '../../src/tactics/spread-roads.js';
import { keepThreatAnswers, mayAnswerThreat, roadThreat, THREAT } from '../../src/tactics/threat-answers.js';
import { forEachGamePosition } from '../game-positions.js';
import { forEachRandomPosition } from '../random-games.js';
import { readRepo } from '../repo.js';

const all = new Int32Array(MAX_MOVES);
const kept = new Int32Array(MAX_MOVES);
const replies = new Int32Array(MAX_MOVES);

/** Whether the side to move of pos can make a road of its own in one (brute force). */
function roadInOne(pos: Position): boolean {
  const me = pos.side;
  const end = generateMoves(pos, replies, 0);
  for (let i = 0; i < end; i++) {
    makeMove(pos, replies[i]!);
    const road = hasRoad(pos, me);
    unmakeMove(pos, replies[i]!);
    if (road) return true;
  }
  return false;
}

interface Tally {
  threatened: number;
  dropped: number;
  wrong: string[];
}

/** Checks one position; returns whether it was a threatened one the filter applies to. */
function check(pos: Position, t: Tally): void {
  const side = pos.side;
  scanRoads(pos);
  const w = groupWeights(pos.size);
  mapRoads(pos, side, w);
  mapRoads(pos, side ^ 1, w);
  if (MAP[side * 4 + 2] !== 0 || spreadWin(pos, side) !== 0) return; // a road of its own in one
  if (!roadThreat(pos, side ^ 1)) return;
  const lo = THREAT[0]!;
  const hi = THREAT[1]!;
  t.threatened++;
  const end = generateMoves(pos, all, 0);
  kept.set(all.subarray(0, end));
  const keptEnd = keepThreatAnswers(pos, kept, 0, end, lo, hi);
  const keptSet = new Set(kept.subarray(0, keptEnd));
  for (let i = 0; i < end; i++) {
    const m = all[i]!;
    if (mayAnswerThreat(pos, m, lo, hi) !== keptSet.has(m)) t.wrong.push(`${formatTps(pos)}: ${formatMove(m, pos.size)} kept by one test, not the other`);
    if (keptSet.has(m)) continue;
    t.dropped++;
    makeMove(pos, m);
    const them = pos.side;
    // A dropped move must not end the game (by our road, a full board or the last piece) and
    // must leave the opponent a road in one.
    const ended = hasRoad(pos, side) || boardFull(pos) || reservesExhausted(pos);
    const lost = hasRoad(pos, them) || roadInOne(pos);
    if (ended && !hasRoad(pos, them)) t.wrong.push(`${formatTps(pos)} after ${formatMove(m, pos.size)}: the dropped move ended the game`);
    else if (!lost) t.wrong.push(`${formatTps(pos)} after ${formatMove(m, pos.size)}: the dropped move left no road in one`);
    unmakeMove(pos, m);
  }
}

describe('answers to a road threat', () => {
  it('drops only moves that lose to a road next move, on the PlayTak archive and Tiltak games', () => {
    const t: Tally = { threatened: 0, dropped: 0, wrong: [] };
    forEachGamePosition(readRepo('data/games/playtak-6x6-1344.ptn'), 12, (pos) => check(pos, t));
    forEachGamePosition(readRepo('data/games/tiltak-selfplay-5x5-komi2.ptn'), 20, (pos) => check(pos, t));
    expect(t.wrong.slice(0, 5)).toEqual([]);
    expect(t.threatened).toBeGreaterThan(1000);
    expect(t.dropped).toBeGreaterThan(10 * t.threatened); // most moves facing a tak are irrelevant
  });

  it('drops only losing moves in random games of every size', () => {
    const t: Tally = { threatened: 0, dropped: 0, wrong: [] };
    forEachRandomPosition(23, 12, 250, (pos) => {
      if (pos.ply >= 2) check(pos, t);
    });
    expect(t.wrong.slice(0, 5)).toEqual([]);
    expect(t.threatened).toBeGreaterThan(100);
  });
});
