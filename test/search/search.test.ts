// The search on positions whose answers are known: roads in one (by placement and by spread),
// a forced road in two (a double threat), a tak that must be blocked, a double road; plus
// limits (depth, nodes, stop flag) and legality of every answer on random positions.
import { describe, expect, it } from 'vitest';
import { makeMove, unmakeMove } from '../../src/core/makemove.js';
import { isLegalMove, legalMoves } from '../../src/core/movegen.js';
import { BLACK, Position } from '../../src/core/position.js';
import { BLACK_ROAD, boardResult, isDecided, ONGOING, WHITE_FLATS, WHITE_ROAD } from '../../src/core/result.js';
import { hasRoad, roadThreats, THREATS } from '../../src/core/roads.js';
import { formatMove, parseMove } from '../../src/notation/ptn-move.js';
import { parseTps } from '../../src/notation/tps.js';
import { Searcher, THREAT_EXTENSION_PLIES } from '../../src/search/search.js';
import { TranspositionTable } from '../../src/search/tt.js';
import { WIN_SCORE, WIN_THRESHOLD, type SearchLimits } from '../../src/search/types.js';
import { KNOWN_TINUES } from '../../bench/tinue-positions.js';

function search(tps: string | Position, limits: SearchLimits, halfKomi = 0) {
  const pos = typeof tps === 'string' ? parseTps(tps) : tps;
  const searcher = new Searcher({ table: TranspositionTable.create(8, false), stop: new Int32Array(1) });
  const r = searcher.search(pos, halfKomi, limits);
  return { ...r, pos, move: formatMove(r.best, pos.size) };
}

describe('roads are found at low depth', () => {
  it('road in one by placement, at depth 1', () => {
    const r = search('2,2,x3/x5/x5/x5/1,1,1,1,x 1 5', { depth: 1 });
    expect(r.move).toMatch(/^[FC]?e1$/);
    expect(r.score).toBe(WIN_SCORE - 1);
  });

  it('road in one by spread only (every placement square is blocked), at depth 1', () => {
    // Rank 2: a2 b2 d2 e2 White, c2 a Black flat; White's stack on c3 spreads onto c2.
    const r = search('2,2,x3/x5/x2,21,x2/1,1,2,1,1/x4,2 1 6', { depth: 1 });
    expect(r.move).toBe('c3-');
    expect(r.score).toBe(WIN_SCORE - 1);
    makeMove(r.pos, r.best);
    expect(boardResult(r.pos)).toBe(WHITE_ROAD);
  });

  it('forced road in two: a double threat Black cannot block, at depth 1', () => {
    // d3 makes two road threats at once: e3 (rank 3) and d5 (file d).
    const tps = '2,2,x3/x3,1,x/1,1,1,x2/x3,1,x/x3,1,2 1 7';
    const r = search(tps, { depth: 1 });
    expect(r.move).toBe('d3');
    expect(r.score).toBe(WIN_SCORE - 3);
    // And every Black answer loses to a road on the next ply.
    const pos = parseTps(tps);
    makeMove(pos, r.best);
    for (const answer of legalMoves(pos)) {
      makeMove(pos, answer);
      if (!isDecided(pos)) {
        roadThreats(pos, 0);
        expect((THREATS[0]! | THREATS[1]!) !== 0, `after ${formatMove(answer, 5)}`).toBe(true);
      }
      unmakeMove(pos, answer);
    }
  });

  it('the faster of two roads is chosen', () => {
    // White can complete rank 1 now (e1) or build slowly; the win in one scores highest.
    const r = search('2,2,x3/1,x4/1,x4/1,x4/1,1,1,1,x 1 8', { depth: 4 });
    expect(r.score).toBe(WIN_SCORE - 1);
  });

  it('a tak is blocked: Black, facing a road in one, does not lose at once', () => {
    const tps = '2,2,x3/x5/x5/x5/1,1,1,1,x 2 5';
    const r = search(tps, { depth: 3 });
    makeMove(r.pos, r.best);
    roadThreats(r.pos, 0);
    expect(THREATS[0]! | THREATS[1]!, `Black played ${r.move}`).toBe(0);
    expect(r.score).toBeGreaterThan(-WIN_THRESHOLD);
  });

  it('a move completing both roads wins for the mover', () => {
    // Black's c1+ completes Black's rank 2 and uncovers White's flat at c1, completing rank 1.
    const pos = parseTps('x5/x5/x5/2,2,1,2,2/1,1,12,1,1 2 6');
    expect(boardResult(pos)).toBe(ONGOING);
    const r = search(pos, { depth: 1 });
    expect(r.move).toBe('c1+');
    makeMove(r.pos, r.best);
    expect(hasRoad(r.pos, 0) && hasRoad(r.pos, 1)).toBe(true);
    expect(boardResult(r.pos)).toBe(BLACK_ROAD);
  });
});

describe('the tak-threat extension', () => {
  // Bredon-Tiltak, 6x6 komi 2, ply 81, Black to move: tall stacks and road threats on both
  // sides, where answers that threaten back chain on. With the old limit (2 x depth + 8 plies)
  // depth 3 went to seldepth 16.
  const tactical = 'x2,2,2,1,2/2,2,2,2,1,1/2222112221C,1,212S,1,1121,x/x,1,121,x3/x,1,2,11112C,12,121/x,212,21,x3 2 41';

  it('goes past the depth, by at most THREAT_EXTENSION_PLIES', () => {
    for (const depth of [1, 2, 3, 4]) {
      const searcher = new Searcher({ table: TranspositionTable.create(8, false), stop: new Int32Array(1) });
      expect(searcher.search(parseTps(tactical), 4, { depth }).depth).toBe(depth);
      expect(searcher.lastSeldepth, `depth ${depth}`).toBeGreaterThan(depth);
      expect(searcher.lastSeldepth, `depth ${depth}`).toBeLessThanOrEqual(depth + THREAT_EXTENSION_PLIES);
    }
  });
});

describe('flat finishes are seen at the horizon', () => {
  // A PlayTak position (komi 0), Black to move: White holds one stone, and placing it ends the
  // game with White ahead on flats; no Black move changes that. A depth-1 search reaches the
  // position after each Black move at depth 0, where the static score would only count flats:
  // White to move there wins by its finish, without searching it.
  const lost = 'x,12,1,1,221S,x/1,2,2,2221C,21,2/1,1112S,12C,1,1,x/2S,2,1,1,1,1/2S,1112,1,1112S,1,1/1,221S,2,2S,2,12S 2 46';

  it('a side facing a won finish is lost at depth 1', () => {
    const r = search(lost, { depth: 1 }, 0);
    expect(r.pos.stones[0]).toBe(1);
    expect(r.score).toBe(-(WIN_SCORE - 2));
  });

  it('a side that can finish on a won count takes it at depth 1', () => {
    // The same board, White to move: its last stone ends the game on the count.
    const r = search(lost.replace(/ 2 46$/, ' 1 47'), { depth: 1 }, 0);
    expect(r.score).toBe(WIN_SCORE - 1);
    makeMove(r.pos, r.best);
    expect(boardResult(r.pos, 0)).toBe(WHITE_FLATS);
  });
});

describe('limits', () => {
  const tps = '2,1,1,x3/1,2,1,1,2,x/2,12,x,21C,1112C,1/2,x3,1,1/x4,2S,2/2,x4,1 1 16';
  it('stops at the requested depth', () => {
    expect(search(tps, { depth: 3 }).depth).toBe(3);
  });
  it('stops near the node limit, with a legal move', () => {
    const r = search(tps, { nodes: 20000 });
    expect(r.nodes).toBeLessThan(20000 + 2048);
    expect(isLegalMove(parseTps(tps), r.best)).toBe(true);
  });
  it('a raised stop flag still yields a legal move', () => {
    const pos = parseTps(tps);
    const stop = new Int32Array(1);
    stop[0] = 1;
    const r = new Searcher({ table: TranspositionTable.create(1, false), stop }).search(pos, 0, { depth: 20 });
    expect(isLegalMove(pos, r.best)).toBe(true);
  });
  it('the same search twice gives the same nodes and move (deterministic)', () => {
    const a = search(tps, { depth: 5 });
    const b = search(tps, { depth: 5 });
    expect([a.nodes, a.move, a.score]).toEqual([b.nodes, b.move, b.score]);
  });
  it('a limit inside the first iteration still lets it complete: every answer comes from a search', () => {
    // A tactical 6x6 position (Bredon-Tiltak, ply 57): depth 1 alone takes some 5000 nodes.
    const late = 'x3,2,1,2/12,1,x,2,2,2/1,22221C,21,2,1,x/1,2,1S,121,221,x/1,1,1,12,112C,x/x2,12,2,1,2 2 29';
    const cut = search(late, { nodes: 1000 }, 4);
    expect(cut.depth).toBe(1);
    expect(cut.best).not.toBe(legalMoves(parseTps(late))[0]); // not the first legal move (a1)
    expect(cut.move).toBe(search(late, { depth: 1 }, 4).move);
  });
  it('a finished position gives no move', () => {
    expect(search('2,2,x3/x5/x5/x5/1,1,1,1,1 2 5', { depth: 2 }).best).toBe(0);
  });
});

describe('every answer is legal and leaves the position untouched', () => {
  it('random positions on every size', () => {
    let seed = 99;
    const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
    for (let size = 3; size <= 8; size++) {
      for (let game = 0; game < 3; game++) {
        const pos = new Position(size);
        for (let ply = 0; ply < 10 + game * 12 && !isDecided(pos); ply++) {
          const legal = legalMoves(pos);
          makeMove(pos, legal[Math.floor(random() * legal.length)]!);
        }
        if (isDecided(pos)) continue;
        const before = pos.clone();
        const r = search(pos, { depth: 3 }, game * 3 - 2);
        expect(isLegalMove(pos, r.best)).toBe(true);
        expect(pos.samePosition(before)).toBe(true);
        expect([pos.keyLo, pos.keyHi]).toEqual([before.keyLo, before.keyHi]);
      }
    }
  });
});

describe('the tinue prover before an analysis search (limits.tinueMs)', () => {
  it('answers the archive 7-ply tinues with the proof: first move, line to a road, won score, one report', () => {
    for (const t of KNOWN_TINUES.filter((k) => k.plies === 7)) {
      const pos = parseTps(t.tps);
      const attacker = pos.side;
      const searcher = new Searcher({ table: TranspositionTable.create(8, false), stop: new Int32Array(1) });
      const reports: number[] = [];
      const r = searcher.search(pos, 0, { softMs: 20_000, hardMs: 20_000, tinueMs: 5000 }, (info) => reports.push(info.mateIn));
      expect(r.score, `game ${t.game}`).toBe(WIN_SCORE - 7);
      expect(reports).toEqual([7]);
      expect(r.best).toBe(r.pv[0]);
      expect(r.pv).toHaveLength(7);
      // The line is legal and ends in the attacker's road (the rules core, not the prover, says so).
      for (const m of r.pv) {
        expect(isLegalMove(pos, m)).toBe(true);
        makeMove(pos, m);
      }
      expect(boardResult(pos)).toBe(attacker === 0 ? WHITE_ROAD : BLACK_ROAD);
    }
  });

  it('is not used without tinueMs (depth-limited searches repeat exactly), nor when the position has none', () => {
    const t = KNOWN_TINUES.find((k) => k.plies === 7)!;
    const plain = search(t.tps, { depth: 2 });
    expect(plain.depth).toBe(2);
    // Just after the swap: no tinue, so the search runs its iterations as usual.
    const r = search('2,x5/x6/x6/x6/x6/x5,1 1 2', { depth: 3, tinueMs: 200 });
    expect(r.depth).toBe(3);
    expect(Math.abs(r.score)).toBeLessThan(WIN_THRESHOLD);
  });
});

describe('a search cut off after an aspiration fail-low', () => {
  // A 5x5 game against Tiltak at 10+0.1 (komi 2; Bredon Black, book lines 1-20, round 4). At
  // its 33rd move Black stood well (Tiltak rated it about -0.8 for itself; searched fresh, Sc4
  // scores about +8 flats for Black at depth 12), yet Bredon answered 5e2<212 with "lost in 6"
  // and lost. The cause: an iteration failed low, the wider re-search began with the move the
  // fail-low had stored at the root (one that does lose), the clock cut it off a few moves
  // later, and the cut-off rule took that first move as one that had beaten the last best.
  // The game ran on the clock; these node budgets (one table kept across the four searches, as
  // in a game) were found by trying random ones, and under the old rule they end the same way:
  // depth 9 fails low three times, the full-window search is cut off after three moves, and a2
  // is answered with a loss in 6. (A change to the search reshapes these trees: the test then
  // guards the answer only, and new budgets that end in a cut-off re-search would serve better.)
  const moves = (
    'b5 a5 e1 b4 c1 Cb2 Cb3 c2 b1 a1 a2 c3 c4 d3 d1 a1> a1 d4 c1+ b2> a3 Sa4 c4< 2b1< a2- Sb1 ' +
    '3a1+12 b1< c1 d5 b3> b1 d2 b2 d2+ Sb3 e3 Sd2 e5 d2+ e2 e4 c4 a4> c5 b3< b3 2b4> Sd2 3d3> d3 ' +
    '4e3-22 d2> 2c2>11 a2> c2< a5> 3c4+ b3+ 3b2+12 2b5- b3+ Sc4 e3 c4<'
  ).split(' ');
  const budgets: [number, number][] = [
    [59, 271561],
    [61, 61587],
    [63, 90825],
    [65, 278121],
  ];

  it("keeps the last completed depth's move, not a loss the re-search reached first", () => {
    const searcher = new Searcher({ table: TranspositionTable.create(64, false), stop: new Int32Array(1) });
    const pos = new Position(5);
    let played = 0;
    let last = { best: 0, score: 0 };
    for (const [plies, nodes] of budgets) {
      while (played < plies) makeMove(pos, parseMove(moves[played++]!, 5));
      last = searcher.search(pos, 4, { nodes });
    }
    expect(pos.side).toBe(BLACK);
    expect(last.score, formatMove(last.best, 5)).toBeGreaterThan(0);
    expect(formatMove(last.best, 5)).toBe('Sc4');
  });
});
