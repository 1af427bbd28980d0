// The page's puzzle mode without the page: real puzzles of data/puzzles/6x6.jsonl solved move by
// move (Bredon's defences played back), a wrong move refused, a tinue's last ply taking any
// road; and the player's Elo rating and the choice of the next puzzle.

import { describe, expect, it } from 'vitest';
import { makeMove } from '../../src/core/makemove.js';
import { legalMoves } from '../../src/core/movegen.js';
import { gameResult, ONGOING } from '../../src/core/result.js';
import { parseMove } from '../../src/notation/ptn-move.js';
import { parseTps } from '../../src/notation/tps.js';
import { parsePuzzleFile } from '../../src/puzzles/format.js';
import { PuzzleRun } from '../../src/web/puzzle-play.js';
import { expectedScore, loadRecord, pickPuzzle, rated, START_RATING } from '../../src/web/puzzle-rating.js';
import { readRepo } from '../repo.js';

const puzzles = parsePuzzleFile(readRepo('data/puzzles/6x6.jsonl'));

describe('PuzzleRun', () => {
  it('a 5-ply tinue: the first line played to the end, the defences Bredon answers with', () => {
    const p = puzzles.find((q) => q.kind === 'tinue' && q.plies === 5)!;
    const run = new PuzzleRun(p);
    const line = p.solution[0]!.split(' ').map((m) => parseMove(m, 6));
    expect(run.judge(line[0]!)).toEqual({ kind: 'right', defence: line[1] });
    expect(run.judge(line[2]!)).toEqual({ kind: 'right', defence: line[3] });
    expect(run.judge(line[4]!)).toEqual({ kind: 'solved' });
  });

  it('refuses every other first move, and leaves the position as it was', () => {
    const p = puzzles.find((q) => q.kind === 'tinue' && q.plies === 5)!;
    const run = new PuzzleRun(p);
    const first = parseMove(p.solution[0]!.split(' ')[0]!, 6);
    for (const m of legalMoves(parseTps(p.tps))) if (m !== first) expect(run.judge(m).kind).toBe('wrong');
    expect(run.played).toEqual([]);
    expect(run.nextMove()).toBe(first);
  });

  it("a tinue's last ply takes any road, not only the line's", () => {
    // A 3-ply puzzle where the position after the line's defence has two roads in one.
    let found = false;
    for (const p of puzzles.filter((q) => q.kind === 'tinue' && q.plies === 3)) {
      const [a, d, r] = p.solution[0]!.split(' ').map((m) => parseMove(m, 6));
      const pos = parseTps(p.tps);
      makeMove(pos, a!);
      makeMove(pos, d!);
      const other = legalMoves(pos).find((m) => {
        if (m === r) return false;
        const q = pos.clone();
        makeMove(q, m);
        return gameResult(q) !== ONGOING;
      });
      if (other === undefined) continue;
      const run = new PuzzleRun(p);
      run.judge(a!);
      expect(run.judge(other)).toEqual({ kind: 'solved' });
      found = true;
      break;
    }
    expect(found).toBe(true);
  });

  it('an escape: the one move, then solved', () => {
    const p = puzzles.find((q) => q.kind === 'escape')!;
    const run = new PuzzleRun(p);
    expect(run.nextMove()).toBe(parseMove(p.solution[0]!, 6));
    expect(run.judge(parseMove(p.solution[0]!, 6))).toEqual({ kind: 'solved' });
  });
});

describe('the puzzle rating', () => {
  it('Elo with K 32 from 1200', () => {
    expect(START_RATING).toBe(1200);
    expect(expectedScore(1200, 1200)).toBe(0.5);
    expect(rated(1200, 1200, true)).toBe(1216);
    expect(rated(1200, 1200, false)).toBe(1184);
    expect(rated(1200, 1600, true)).toBe(1229); // 1200 + 32 * (1 - 0.0909)
    expect(rated(1200, 800, false)).toBe(1171);
  });

  it('a missing or damaged record starts afresh', () => {
    expect(loadRecord(undefined)).toEqual({ rating: 1200, tried: [] });
    expect(loadRecord({ getItem: () => '{bad' })).toEqual({ rating: 1200, tried: [] });
  });

  it('picks an untried puzzle near the rating', () => {
    const set = [{ id: 'a', rating: 900 }, { id: 'b', rating: 1250 }, { id: 'c', rating: 1190 }, { id: 'd', rating: 2000 }];
    expect(pickPuzzle(set, { rating: 1200, tried: [] })?.id).toBe('b');
    expect(pickPuzzle(set, { rating: 1200, tried: ['b'] })?.id).toBe('c');
    expect(pickPuzzle(set, { rating: 1200, tried: ['b', 'c'] })?.id).toBe('a');
    expect(pickPuzzle(set, { rating: 1200, tried: [] }, 1)?.id).toBe('c');
  });
});
