// Reported lines continued from the transposition table (src/search/pv.ts): every move checked,
// and the walk stopping where the search has nothing more to say.
import { describe, expect, it } from 'vitest';
import { makeMove } from '../../src/core/makemove.js';
import { isLegalMove } from '../../src/core/movegen.js';
import { boardResult, ONGOING, WHITE_ROAD } from '../../src/core/result.js';
import { formatMove, parseMove } from '../../src/notation/ptn-move.js';
import { formatTps, parseTps } from '../../src/notation/tps.js';
import { extendPv } from '../../src/search/pv.js';
import { Searcher } from '../../src/search/search.js';
import { BOUND_EXACT, TranspositionTable } from '../../src/search/tt.js';

const MID6 = 'x6/x,2,x,1,x2/x,2,1,12C,2,x/x,1,21,1,2S,x/x,1,x,2,x2/1,x5 1 9';
const MID5 = 'x5/x5/x2,121212C,x2/1,x4/1,x4 2 7';

function table(): TranspositionTable {
  return TranspositionTable.create(4, false);
}

/** Stores `moves` as the table's best move along the line they make from `tps`. */
function storeLine(tt: TranspositionTable, tps: string, moves: string[]): void {
  const pos = parseTps(tps);
  for (const text of moves) {
    const m = parseMove(text, pos.size);
    tt.store(pos.keyLo, pos.keyHi, m, 0, 5, BOUND_EXACT, 0);
    makeMove(pos, m);
  }
}

const show = (line: number[], size: number) => line.map((m) => formatMove(m, size));

describe('extendPv', () => {
  it('continues a searched line from the table with legal moves only, never past the limit', () => {
    for (const tps of [MID6, MID5]) {
      const pos = parseTps(tps);
      const tt = table();
      const searcher = new Searcher({ table: tt, stop: new Int32Array(1) });
      const r = searcher.search(pos, 0, { depth: 5 });
      expect(formatTps(pos)).toBe(formatTps(parseTps(tps))); // the root is left as it was
      const given = r.pv.slice(0, 2);
      const line = extendPv(pos, given, tt, 30);
      expect(line.slice(0, given.length)).toEqual(given);
      expect(line.length).toBeGreaterThanOrEqual(r.pv.length); // the table holds the rest of the line
      expect(line.length).toBeLessThanOrEqual(30);
      const replay = parseTps(tps);
      for (const m of line) {
        expect(boardResult(replay)).toBe(ONGOING);
        expect(isLegalMove(replay, m), show(line, pos.size).join(' ')).toBe(true);
        makeMove(replay, m);
      }
      expect(extendPv(pos, r.pv, tt, 3)).toHaveLength(3);
    }
  });

  it('cuts the given line at an illegal move and ignores a table move that does not fit', () => {
    const tps = 'x5/x5/x2,1,x2/x5/2,x4 1 3';
    const pos = parseTps(tps);
    const tt = table();
    const m = (t: string) => parseMove(t, 5);
    expect(show(extendPv(pos, [m('d4'), m('d4')], tt, 10), 5)).toEqual(['d4']); // d4 is taken
    expect(extendPv(pos, [0], tt, 10)).toEqual([]);
    // A table entry for this position whose move is a spread from an empty square.
    tt.store(pos.keyLo, pos.keyHi, m('b2>'), 0, 3, BOUND_EXACT, 0);
    expect(extendPv(pos, [], tt, 10)).toEqual([]);
  });

  it('stops at a repetition (a cycle of table moves) and at a decided position', () => {
    const tps = 'x4,2/x5/x5/x5/1,x4 1 3';
    const tt0 = table();
    // White's a1 and Black's e5 step out and back: the fourth move repeats the start.
    storeLine(tt0, tps, ['a1>', 'e5<', 'b1<', 'd5>', 'a1>']);
    expect(show(extendPv(parseTps(tps), [], tt0, 50), 5)).toEqual(['a1>', 'e5<', 'b1<', 'd5>']);
    // White completes rank 1 at e1: the line ends there, whatever the table says next.
    const road = '2,2,x3/x5/x5/x5/1,1,1,1,x 1 5';
    const tt = table();
    storeLine(tt, road, ['e1']);
    const afterRoad = parseTps(road);
    makeMove(afterRoad, parseMove('e1', 5));
    tt.store(afterRoad.keyLo, afterRoad.keyHi, parseMove('c3', 5), 0, 3, BOUND_EXACT, 0);
    expect(show(extendPv(parseTps(road), [], tt, 50), 5)).toEqual(['e1']);
  });

  it('ends a line with a road in one when the table has no move there', () => {
    const tps = '2,2,x3/x5/x5/x5/1,1,1,x2 1 5';
    const tt = table();
    storeLine(tt, tps, ['d1', 'a4']); // then White to move has e1 to complete the road
    const line = extendPv(parseTps(tps), [], tt, 50);
    expect(show(line, 5)).toEqual(['d1', 'a4', 'e1']);
    const pos = parseTps(tps);
    for (const m of line) makeMove(pos, m);
    expect(boardResult(pos)).toBe(WHITE_ROAD);
  });
});
