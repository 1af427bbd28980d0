// Games of a match that repeat an earlier one move for move, up to the board's eight symmetries:
// two engines that search alike (one build at a fixed node budget) replay each other's games,
// and a repeated game is no new sample, which the report must say rather than count it as one.

import { transformMove } from '../core/symmetry.js';
import { formatMove, parseMove } from '../notation/ptn-move.js';

/** The same key for a game and for its images under every symmetry of the board. */
export function gameKey(moves: readonly string[], size: number): string {
  const parsed = moves.map((m) => parseMove(m, size));
  let best = '';
  for (let t = 0; t < 8; t++) {
    const key = parsed.map((m) => formatMove(transformMove(m, size, t), size)).join(' ');
    if (t === 0 || key < best) best = key;
  }
  return best;
}

/** Remembers each game's key; says which earlier game a new one repeats. */
export class RepeatFinder {
  private readonly seen = new Map<string, number>();
  /** [round, the earlier round it repeats], in the order found. */
  readonly repeats: [number, number][] = [];

  /** Records a finished game; returns the round it repeats, or undefined. */
  add(round: number, moves: readonly string[], size: number): number | undefined {
    const key = gameKey(moves, size);
    const earlier = this.seen.get(key);
    if (earlier !== undefined) this.repeats.push([round, earlier]);
    else this.seen.set(key, round);
    return earlier;
  }
}
