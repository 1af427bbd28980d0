// A game position as the session keeps it: the `position` line it came from (to continue from
// it when the next line extends it, as Racetrack resends the whole game every ply), its reserves
// and the position reached. buildPosition checks every move and says in one line what is wrong.

import { makeMove } from '../core/makemove.js';
import { isLegalMove, MAX_MOVES } from '../core/movegen.js';
import type { Position, ReserveOptions } from '../core/position.js';
import { boardResult, isDecided, resultText } from '../core/result.js';
import { parseMove } from '../notation/ptn-move.js';
import { parseTps, startTps } from '../notation/tps.js';
import { excerpt } from './parse.js';

/** A `position` the session refuses; the message says why, in one line. */
export class PositionError extends Error {}

const scratch = new Int32Array(MAX_MOVES);

export interface GamePosition {
  /** What the `position` line started from, to reuse its work when the next line extends it. */
  startKey: string;
  startTps: string;
  /** Custom reserves (the piece-count options), or {} for the size's standard ones. */
  reserves: ReserveOptions;
  tokens: string[];
  moves: number[];
  pos: Position;
}

/** The position of a `position` line (from `previous` when it extends it); throws PositionError. */
export function buildPosition(size: number, halfKomi: number, tps: string | undefined, tokens: string[], previous: GamePosition | undefined, reserves: ReserveOptions): GamePosition {
  const start = tps ?? startTps(size);
  const startKey = `${tps === undefined ? `startpos ${size}` : `tps ${tps}`} reserves ${JSON.stringify(reserves)}`;
  let pos: Position;
  let moves: number[];
  let from: number;
  // Racetrack resends the whole game every ply: continue from the last position when it fits.
  if (previous !== undefined && previous.startKey === startKey && previous.tokens.length <= tokens.length && previous.tokens.every((t, i) => t === tokens[i])) {
    pos = previous.pos.clone();
    moves = previous.moves.slice();
    from = previous.tokens.length;
  } else {
    try {
      pos = parseTps(start, reserves);
    } catch (e) {
      throw new PositionError(`bad TPS '${excerpt(start)}': ${(e as Error).message}`);
    }
    moves = [];
    from = 0;
  }
  for (let i = from; i < tokens.length; i++) {
    const token = tokens[i]!;
    let move: number;
    try {
      move = parseMove(token, pos.size);
    } catch (e) {
      throw new PositionError(`move ${i + 1} '${excerpt(token, 20)}': ${(e as Error).message}`);
    }
    if (isDecided(pos)) {
      throw new PositionError(`move ${i + 1} '${excerpt(token, 20)}': the game is already over (${resultText(boardResult(pos, halfKomi))})`);
    }
    if (!isLegalMove(pos, move, scratch)) throw new PositionError(`move ${i + 1} '${excerpt(token, 20)}' is illegal in this position`);
    makeMove(pos, move);
    moves.push(move);
  }
  return { startKey, startTps: start, reserves, tokens: tokens.slice(), moves, pos };
}
