// The level bridge (src/annotate/level-bridge.ts, bridge-stats.ts): on a real rated PlayTak game
// at a tiny node budget, every position from the first ply asked for has a record with the
// mover's rating and the move played, each level's move is legal there and judged like the
// person's, and a game's records repeat exactly; the statistics recover a known line.

import { describe, expect, it } from 'vitest';
import { makeMove } from '../../src/core/makemove.js';
import { isLegalMove } from '../../src/core/movegen.js';
import { bandStats, LOSS_CAP, moveStats, nonIncreasing, ratingBands, ratingBridge, zeroCrossing } from '../../src/annotate/bridge-stats.js';
import { LevelBridge, moverRating, type BridgeOptions, type BridgeRecord } from '../../src/annotate/level-bridge.js';
import { parsePtnGames, startPosition } from '../../src/notation/ptn-game.js';
import { parseMove } from '../../src/notation/ptn-move.js';
import { readRepo } from '../repo.js';

const OPTIONS: BridgeOptions = { nodes: 600, levels: [1, 3], firstPly: 4, every: 1, hashMb: 4, levelHashMb: 4 };

/** The first game of the archive: KingSultan (1619) against dove_queen (1604). */
function firstGame() {
  const text = readRepo('data/games/playtak-6x6-1344.ptn');
  return parsePtnGames(text.slice(0, text.indexOf('[Site ', 1)))[0]!;
}

describe('level bridge', () => {
  it('records each position from ply 4 with the mover rating, the move played and each level judged', () => {
    const game = firstGame();
    expect([moverRating(game, 0), moverRating(game, 1)]).toEqual([1619, 1604]);
    const records = new LevelBridge(OPTIONS).measureGame(game);
    expect(records.map((r) => r.ply)).toEqual(game.moves.slice(4).map((_, i) => 4 + i));
    const pos = startPosition(game);
    let k = 0;
    for (let i = 0; i < game.moves.length; i++) {
      const played = parseMove(game.moves[i]!.text, 6);
      if (i >= 4) {
        const r = records[k++]!;
        expect(r.side).toBe(pos.side);
        expect(r.rating).toBe(pos.side === 0 ? 1619 : 1604);
        expect(r.human.move).toBe(played);
        expect(r.levels).toHaveLength(2);
        for (const judged of [r.human, ...r.levels]) {
          expect(isLegalMove(pos, judged.move)).toBe(true);
          expect(judged.loss).toBeGreaterThanOrEqual(0);
        }
        // The same move gets the same verdict, whoever chose it.
        for (const l of r.levels) if (l.move === r.human.move) expect(l).toEqual(r.human);
      }
      makeMove(pos, played);
    }
    // The game is lost by a road: the last move wins, and is judged a win like any other.
    expect(records.at(-1)!.human.loss).toBe(0);
  });

  it('repeats exactly, and measures every third position with --every 3', () => {
    const whole = firstGame();
    const game = { ...whole, moves: whole.moves.slice(0, 24) };
    const options = { ...OPTIONS, every: 3 };
    const a = new LevelBridge(options).measureGame(game, 1);
    const b = new LevelBridge(options).measureGame(game, 1);
    expect(a).toEqual(b);
    expect(a.map((r) => r.ply)).toEqual(game.moves.slice(4).map((_, i) => 4 + i).filter((p) => (p - 4) % 3 === 1));
  });
});

describe('bridge statistics', () => {
  /** A record of game `game` by a player rated `rating` losing `loss`; every level loses `levelLoss`. */
  function rec(game: number, rating: number, loss: number, levelLoss: number[]): BridgeRecord {
    const judged = (l: number) => ({ move: 1, loss: l, best: l === 0 });
    return { game, ply: 4, side: 0, rating, score: 0, human: judged(loss), levels: levelLoss.map(judged) };
  }

  it('caps losses, counts blunders and agreement, bands ratings', () => {
    const s = moveStats([0, 100, 400, 30000].map((loss, i) => ({ game: i, judged: { move: 1, loss, best: loss === 0 } })));
    expect(s.meanLoss).toBe((0 + 100 + 400 + LOSS_CAP) / 4);
    expect(s.blunderRate).toBe(0.5);
    expect(s.agreement).toBe(0.25);
    expect(ratingBands([1700, 1800]).map((b) => b.label)).toEqual(['<1700', '1700-1799', '>=1800']);
    const bands = bandStats([rec(1, 1650, 50, []), rec(2, 1750, 40, []), rec(3, 1799, 30, [])], ratingBands([1700, 1800]));
    expect(bands.map((b) => b.moves)).toEqual([1, 2, 0]);
  });

  it('reads where people lose as much as the level in the same positions, between bands', () => {
    expect(nonIncreasing([5, 3, 4, 1], [1, 1, 1, 1])).toEqual([5, 3.5, 3.5, 1]);
    expect(zeroCrossing([1, 2, 3], [10, 5, -5])).toBe(2.5);
    // People rated 1650, 1750, 1850, 1950 lose 200, 150, 100, 50; the levels lose 125, 10 and 300.
    const records: BridgeRecord[] = [];
    for (let g = 0; g < 40; g++) {
      const band = g % 4;
      records.push(rec(g, 1650 + 100 * band, 200 - 50 * band, [125, 10, 300]));
    }
    const bridge = ratingBridge(records, ratingBands([1700, 1800, 1900]), 3, 200);
    expect([bridge.lowest, bridge.highest]).toEqual([1650, 1950]);
    expect(bridge.levels.map((l) => l.rating)).toEqual([1800, Infinity, -Infinity]);
  });
});
