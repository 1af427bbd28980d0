// The principal variation as reported: the search's own line, checked move by move, then
// continued from the transposition table.
//
// The triangular PV of the search stops short whenever a node below the root ended early (a
// table cut, a road found by the threat map, a reduced re-search): the table still holds the best
// move the search found in each position it visited, so following those moves shows the line the
// search actually expects. A table move may come from a key collision or another game's search,
// so every move is checked with isValidMove before it is played, and the walk stops where the
// line has no justification left: a decided position (road, full board, empty reserve), a
// repetition (the search scores it as a draw and looks no further; it also ends a cycle of
// table moves), no table move, or the length the search itself reached. Where the table has
// nothing but the side to move can complete a road at once (the search ends such a node as a win
// without storing a move), that move ends the line.

import { makeMove, unmakeMove } from '../core/makemove.js';
import { generateMoves, isValidMove, MAX_MOVES } from '../core/movegen.js';
import type { Position } from '../core/position.js';
import { boardResult, BLACK_ROAD, isDecided, WHITE_ROAD } from '../core/result.js';
import type { TranspositionTable } from './tt.js';

/**
 * The line `pv` from `root` (a copy is played on, `root` is left alone), cut before the first move
 * that is not legal, then extended from `table` up to `maxLength` plies in all. Never longer than
 * `maxLength`, except that a legal given line of at least one move keeps its first move.
 */
export function extendPv(root: Position, pv: readonly number[], table: TranspositionTable, maxLength: number): number[] {
  const pos = root.clone();
  const line: number[] = [];
  const limit = Math.max(1, maxLength);
  for (const m of pv) {
    if (line.length >= limit || !playable(pos, m)) return line;
    makeMove(pos, m);
    line.push(m);
    if (pos.repetitions() >= 2) return line;
  }
  while (line.length < limit && !isDecided(pos)) {
    const m = table.probe(pos.keyLo, pos.keyHi) && isValidMove(pos, table.move) ? table.move : 0;
    if (m === 0) {
      const road = roadInOne(pos);
      if (road !== 0) line.push(road);
      break;
    }
    makeMove(pos, m);
    line.push(m);
    if (pos.repetitions() >= 2) break;
  }
  return line;
}

let scratch: Int32Array | undefined;

/** A move that completes a road for the side to move, or 0 (slow: only for reports). */
function roadInOne(pos: Position): number {
  if (pos.inOpening) return 0;
  scratch ??= new Int32Array(MAX_MOVES);
  const end = generateMoves(pos, scratch, 0);
  const win = pos.side === 0 ? WHITE_ROAD : BLACK_ROAD;
  for (let i = 0; i < end; i++) {
    const m = scratch[i]!;
    makeMove(pos, m);
    const r = boardResult(pos);
    unmakeMove(pos, m);
    if (r === win) return m;
  }
  return 0;
}

/** The longest start of `pv` that can be played from `root` (a report is never trusted blindly). */
export function legalPrefix(root: Position, pv: readonly number[]): number[] {
  const pos = root.clone();
  const line: number[] = [];
  for (const m of pv) {
    if (!playable(pos, m)) break;
    makeMove(pos, m);
    line.push(m);
  }
  return line;
}

function playable(pos: Position, m: number): boolean {
  return m !== 0 && !isDecided(pos) && isValidMove(pos, m);
}
