// Multi-PV in the search itself: each iteration's lines are the best root moves, distinct, best
// first, each with its own line; depth 2 is checked exactly against a search of every root move;
// the root's table entry is written only by the search without exclusions; MultiPV 1 is the single-line search unchanged.
import { describe, expect, it } from 'vitest';
import { makeMove } from '../../src/core/makemove.js';
import { isLegalMove, legalMoves } from '../../src/core/movegen.js';
import { boardResult, ONGOING } from '../../src/core/result.js';
import { formatMove, parseMove } from '../../src/notation/ptn-move.js';
import { parseTps } from '../../src/notation/tps.js';
import { roadMovesInOne } from '../tinue/archive.js';
import { staticScore } from '../../src/eval/static-score.js';
import { Searcher } from '../../src/search/search.js';
import { TranspositionTable } from '../../src/search/tt.js';
import { WIN_SCORE, WIN_THRESHOLD, type SearchInfo, type SearchLimits } from '../../src/search/types.js';

const MID6 = 'x6/x,2,x,1,x2/x,2,1,12C,2,x/x,1,21,1,2S,x/x,1,x,2,x2/1,x5 1 9';
const MID5 = 'x5/x5/x2,121212C,x2/1,x4/1,x4 2 7';
const EARLY6 = 'x6/x6/x2,1,2,x2/x6/x6/x6 1 3';
/** 3x3, White to move with only eight legal moves. */
const FEW = '2S,1,2/1,2S,1/2,1,x 1 6';
/** Reverse futility's margin a ply (src/wasm/assembly/search.ts, RFP_MARGIN). */
const RFP_MARGIN = 120;
/** 5x5, White's capstone is on the board, so e1 (a flat) is the one move that completes the road. */
const ROAD_IN_ONE = '2,2,x3/x5/x2,1C,x2/x5/1,1,1,1,x 1 6';

function run(tps: string, limits: SearchLimits, table = TranspositionTable.create(8, false)) {
  const pos = parseTps(tps);
  const infos: SearchInfo[] = [];
  const result = new Searcher({ table, stop: new Int32Array(1) }).search(pos, 0, limits, (i) => infos.push(i));
  return { pos, infos, result, table };
}

/** The reports of each depth, in order. */
function byDepth(infos: SearchInfo[]): Map<number, SearchInfo[]> {
  const depths = new Map<number, SearchInfo[]>();
  for (const i of infos) depths.set(i.depth, [...(depths.get(i.depth) ?? []), i]);
  return depths;
}

describe('Multi-PV search', () => {
  it('reports every iteration as N distinct legal lines, best first, each starting with its own move', () => {
    const { pos, infos, result } = run(MID6, { depth: 4, multiPV: 4 });
    expect(infos.every((i) => i.bound === 'exact')).toBe(true); // no aspiration bounds of single lines
    const depths = byDepth(infos);
    expect([...depths.keys()]).toEqual([1, 2, 3, 4]);
    for (const [depth, lines] of depths) {
      expect(lines.map((l) => l.multipv), `depth ${depth}`).toEqual([1, 2, 3, 4]);
      expect(new Set(lines.map((l) => l.pv[0])).size).toBe(4);
      for (let k = 1; k < lines.length; k++) expect(lines[k]!.score).toBeLessThanOrEqual(lines[k - 1]!.score);
      for (const l of lines) {
        const p = pos.clone();
        for (const m of l.pv) {
          expect(isLegalMove(p, m), `depth ${depth} line ${l.multipv}: ${formatMove(m, 6)}`).toBe(true);
          makeMove(p, m);
        }
      }
    }
    const last = depths.get(4)![0]!;
    expect([result.best, result.score, result.depth]).toEqual([last.pv[0], last.score, 4]);
    expect(result.pv).toEqual(last.pv);
  });

  it('at depth 2, line K is the K-th best root move with its exact score', () => {
    // At depth 2 the root's children are searched one ply deep and their children evaluated:
    // no reductions, no null moves, and each line's best move gets a full-window search, so a
    // line's score is exactly minus a depth-1 search of the position after its move. A move left
    // out was searched with a null window instead, and its child (ply 1, depth 1, not a PV node)
    // may have been cut by reverse futility: the opponent's static score there, less RFP_MARGIN,
    // reached beta, which is at least minus the worst line's score. So a move left out scores no
    // higher than the worst line unless its child's static score allowed that cut. (From depth 3 the
    // root's late moves may be reduced and the children pruned, so a line is the value of a
    // pruned tree: close to, not equal to, this.)
    for (const tps of [MID6, MID5, EARLY6]) {
      const N = 5;
      const { pos, infos } = run(tps, { depth: 2, multiPV: N });
      const lines = byDepth(infos).get(2)!;
      expect(lines).toHaveLength(N);
      const value = new Map<number, number>();
      const staticAfter = new Map<number, number>(); // the child's static score, the mover's view
      const childTable = TranspositionTable.create(4, false);
      const childSearcher = new Searcher({ table: childTable, stop: new Int32Array(1) });
      for (const m of legalMoves(pos)) {
        const child = pos.clone();
        makeMove(child, m);
        expect(boardResult(child)).toBe(ONGOING); // quiet positions: no proven scores to shift by a ply
        childTable.clear(); // each child searched as by a fresh searcher
        childSearcher.newGame();
        const r = childSearcher.search(child, 0, { depth: 1 });
        value.set(m, -r.score);
        staticAfter.set(m, -staticScore(child, 0));
      }
      for (const l of lines) expect(l.score, `${tps}: ${formatMove(l.pv[0]!, pos.size)}`).toBe(value.get(l.pv[0]!));
      const shown = new Set(lines.map((l) => l.pv[0]!));
      const worstShown = lines.at(-1)!.score;
      for (const [m, v] of value) {
        if (shown.has(m) || v <= worstShown) continue;
        expect(staticAfter.get(m)! + RFP_MARGIN, `${tps}: ${formatMove(m, pos.size)} left out at ${v} above ${worstShown}`).toBeLessThanOrEqual(worstShown);
      }
    }
  });

  it('gives one line per legal move when the root has fewer than asked', () => {
    const pos = parseTps(FEW);
    const moves = legalMoves(pos);
    expect(moves.length).toBeLessThan(10);
    const { infos } = run(FEW, { depth: 3, multiPV: 10 });
    const depths = byDepth(infos);
    expect(depths.size).toBeGreaterThan(0);
    for (const lines of depths.values()) {
      expect(lines.map((l) => l.multipv)).toEqual(moves.map((_, k) => k + 1));
      expect(new Set(lines.map((l) => l.pv[0])).size).toBe(moves.length);
    }
  });

  it('puts the one winning move first with the win score, and the others below it', () => {
    const pos = parseTps(ROAD_IN_ONE);
    const winning = roadMovesInOne(pos); // White's, as White is to move
    expect(winning.map((m) => formatMove(m, 5))).toEqual(['e1']);
    const { infos, result } = run(ROAD_IN_ONE, { depth: 4, multiPV: 3 });
    for (const lines of byDepth(infos).values()) {
      expect(lines).toHaveLength(3);
      expect(lines[0]!.pv[0]).toBe(winning[0]);
      expect([lines[0]!.score, lines[0]!.mateIn]).toEqual([WIN_SCORE - 1, 1]);
      for (const l of lines.slice(1)) expect(l.score).toBeLessThan(WIN_SCORE - 1);
    }
    expect(result.best).toBe(winning[0]);
  });

  it('stores the root only from the search without exclusions: a root searched with moves excluded stores nothing', () => {
    // Line 1's search (nothing excluded) is the only one that may write the root's entry; the
    // searches for lines 2.. would otherwise leave their own move and score there. (Line 1's
    // search need not end up as reported line 1: with pruning, a search with the best move
    // excluded can find a better score for another move, and the lines are sorted after.)
    const pos = parseTps(MID6);
    const table = TranspositionTable.create(8, false);
    const searcher = new Searcher({ table, stop: new Int32Array(1) });
    const store = table.store.bind(table);
    const [rootLo, rootHi] = [pos.keyLo, pos.keyHi]; // the search makes and unmakes moves on pos itself
    const rootStores: { depth: number; excluded: number; move: number; score: number }[] = [];
    table.store = (lo, hi, move, score, depth, bound, staticEval) => {
      if (lo === rootLo && hi === rootHi) rootStores.push({ depth, excluded: Reflect.get(searcher, 'excludedCount') as number, move, score });
      store(lo, hi, move, score, depth, bound, staticEval);
    };
    const infos: SearchInfo[] = [];
    searcher.search(pos, 0, { depth: 5, multiPV: 3 }, (i) => infos.push(i));
    const lines = byDepth(infos).get(5)!;
    expect(new Set(lines.map((l) => l.pv[0])).size).toBe(3);
    expect(new Set(rootStores.map((r) => r.depth))).toEqual(new Set([1, 2, 3, 4, 5]));
    expect(rootStores.filter((r) => r.excluded !== 0)).toEqual([]);
    // The entry left is the last depth's line-1 search: one of the reported lines, move and score.
    expect(table.probe(pos.keyLo, pos.keyHi)).toBe(true);
    expect(lines.some((l) => l.pv[0] === table.move && l.score === table.score)).toBe(true);
  });

  it('with MultiPV 1 is the single-line search: the same nodes, reports and answer', () => {
    for (const tps of [MID6, MID5]) {
      const plain = run(tps, { depth: 5 });
      const one = run(tps, { depth: 5, multiPV: 1 });
      const strip = (infos: SearchInfo[]) => infos.map(({ timeMs: _, ...rest }) => rest);
      expect(strip(one.infos)).toEqual(strip(plain.infos));
      expect(one.infos.some((i) => 'multipv' in i)).toBe(false);
      expect(one.result).toEqual(plain.result);
    }
  });

  it('stops once every line is proven, and keeps searching while one is not', () => {
    // Every line here is a proven result by depth 3 (e1 wins at once; the others threaten two roads).
    const { result } = run(ROAD_IN_ONE, { depth: 20, multiPV: 3 });
    expect(result.depth).toBeLessThan(20);
    expect(Math.abs(result.score)).toBeGreaterThanOrEqual(WIN_THRESHOLD);
    // A single line is proven at depth 1; with many lines, some are not: the search goes on.
    expect(run(ROAD_IN_ONE, { depth: 20 }).result.depth).toBe(1);
    const many = run(ROAD_IN_ONE, { depth: 5, multiPV: 20 });
    expect(many.result.depth).toBe(5);
    expect(many.result.best).toBe(parseMove('e1', 5));
  });
});
