// Flat finishes: can a colour end the game on its move by a placement, and what would the flat
// count then say? A player who places its last piece, or fills the last empty square, ends the
// game; the best such placement is a flat (one more flat for it), or its capstone when no
// stone is left (the count unchanged). Roads by that placement are the road map's business
// (a road in one is found before this is asked). At the horizon the static score knows the
// count but not that the game can stop there: a side to move that can finish on a won count
// has won, and one that can finish in a draw scores at least a draw (search.ts).
// Allocation-free: a few popcounts.

import { popcount32 } from '../core/bitboard.js';
import { BLACK, WHITE, type Position } from '../core/position.js';
import { countResult, DRAW, flatCount, resultWinner } from '../core/result.js';
import { M_BOARD } from '../core/sizes.js';

/** finishOutcome: `colour` cannot end the game by a placement on its move. */
export const FINISH_NONE = 0;
/** finishOutcome: the placement ends the game and `colour` wins on the count. */
export const FINISH_WIN = 1;
/** finishOutcome: the placement ends the game in a draw. */
export const FINISH_DRAW = 2;
/** finishOutcome: the placement ends the game and `colour` loses on the count. */
export const FINISH_LOSS = 3;

/** Empty squares on the board. */
function emptySquares(pos: Position): number {
  const b = pos.b;
  const m = pos.info.masks;
  const lo = b[0]! | b[2]! | b[4]! | b[6]! | b[8]! | b[10]!;
  const hi = b[1]! | b[3]! | b[5]! | b[7]! | b[9]! | b[11]!;
  return popcount32(m[M_BOARD]! & ~lo) + popcount32(m[M_BOARD + 1]! & ~hi);
}

/**
 * What ending the game now would give `colour` (to move, or as if it were): FINISH_NONE when no
 * placement of its ends the game (more than one piece in hand and more than one empty square),
 * else the count after its best finishing placement, with `halfKomi` (komi in half flats) added
 * to Black's.
 */
export function finishOutcome(pos: Position, colour: number, halfKomi: number): number {
  const stones = pos.stones[colour]!;
  const inHand = stones + pos.caps[colour]!;
  const empties = emptySquares(pos);
  if (inHand === 0 || empties === 0 || (inHand !== 1 && empties !== 1)) return FINISH_NONE;
  const added = stones > 0 ? 1 : 0; // a flat, or the capstone (no flat) when no stone is left
  const white = flatCount(pos, WHITE) + (colour === WHITE ? added : 0);
  const black = flatCount(pos, BLACK) + (colour === BLACK ? added : 0);
  const r = countResult(white, black, halfKomi);
  return r === DRAW ? FINISH_DRAW : resultWinner(r) === colour ? FINISH_WIN : FINISH_LOSS;
}
