// Checking a tinue with the rules core alone. The solver only supplies the attacker's move at
// each of its turns (its strategy); everything else comes from the rules core: whether that
// move is legal, every legal answer of the defender (generateMoves, not the solver's own list),
// and whether the game ended and who won (boardResult). A proof holds when every line ends in
// the attacker's road within the plies claimed, or in a defender answer that ends the game on
// flats and loses the count; no position may occur a third time on the way.

import { makeMove, unmakeMove } from '../../src/core/makemove.js';
import { legalMoves } from '../../src/core/movegen.js';
import type { Position } from '../../src/core/position.js';
import { BLACK_ROAD, boardResult, ONGOING, resultWinner, WHITE_ROAD } from '../../src/core/result.js';
import { formatMove } from '../../src/notation/ptn-move.js';
import { TinueSolver } from '../../src/tinue/dfpn.js';

function isRoad(r: number): boolean {
  return r === WHITE_ROAD || r === BLACK_ROAD;
}

export interface ProofCheck {
  /** Attacker turns checked (positions where the strategy was asked for a move). */
  attackerTurns: number;
  /** Defender answers checked. */
  answers: number;
  /** The longest line played out, in plies. */
  longest: number;
}

/**
 * Replays the solver's proof of a tinue within `plies` from `pos` (attacker to move). Throws
 * with the line that fails when it does not hold. `pos` is left as it was.
 */
export function checkProof(solver: TinueSolver, pos: Position, plies: number, halfKomi = 0): ProofCheck {
  const attacker = pos.side;
  const stats: ProofCheck = { attackerTurns: 0, answers: 0, longest: 0 };
  const line: number[] = [];
  const say = () => line.map((m) => formatMove(m, pos.size)).join(' ');
  const attack = (left: number): void => {
    stats.attackerTurns++;
    if (left < 1) throw new Error(`no plies left after ${say()}`);
    const m = solver.proofMove(pos, left, halfKomi);
    if (m === 0) throw new Error(`the solver has no proving move after '${say()}' (${left} plies left)`);
    if (!legalMoves(pos).includes(m)) throw new Error(`illegal move ${formatMove(m, pos.size)} after '${say()}'`);
    makeMove(pos, m);
    line.push(m);
    try {
      const r = boardResult(pos, halfKomi);
      if (r !== ONGOING) {
        if (!isRoad(r) || resultWinner(r) !== attacker) throw new Error(`'${say()}' ends the game without the attacker's road`);
        stats.longest = Math.max(stats.longest, line.length);
        return;
      }
      if (pos.repetitions() >= 3) throw new Error(`'${say()}' repeats a position a third time`);
      if (left < 3) throw new Error(`'${say()}' is not a road and no plies are left`);
      for (const d of legalMoves(pos)) {
        stats.answers++;
        makeMove(pos, d);
        line.push(d);
        try {
          const r2 = boardResult(pos, halfKomi);
          if (r2 !== ONGOING) {
            if (resultWinner(r2) !== attacker) throw new Error(`the answer in '${say()}' ends the game and the attacker does not win`);
            stats.longest = Math.max(stats.longest, line.length);
          } else {
            if (pos.repetitions() >= 3) throw new Error(`'${say()}' repeats a position a third time`);
            attack(left - 2);
          }
        } finally {
          line.pop();
          unmakeMove(pos, d);
        }
      }
    } finally {
      line.pop();
      unmakeMove(pos, m);
    }
  };
  attack(plies);
  return stats;
}
