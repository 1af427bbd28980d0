// A game position as the session keeps it: the `position` line it came from (to continue from
// it when the next line extends it, as Racetrack resends the whole game every ply), its reserves
// and the position reached. buildPosition checks every move and says in one line what is wrong.

import { makeMove } from '../core/makemove.js';
import { isLegalMove, MAX_MOVES } from '../core/movegen.js';
import type { Position, ReserveOptions } from '../core/position.js';
import { DEFAULT_RESERVES } from '../core/sizes.js';
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

/** The piece-count options (Flats, Caps, Flats1, ...): each player's stones and capstones, or the size's standard. */
export class PieceCounts {
  /** Per player (0 White, 1 Black); undefined = the size's standard. */
  private flats: (number | undefined)[] = [undefined, undefined];
  private caps: (number | undefined)[] = [undefined, undefined];

  /** Sets `kind` for `players`; whether anything changed. */
  set(kind: 'flats' | 'caps', players: readonly number[], n: number): boolean {
    const counts = kind === 'flats' ? this.flats : this.caps;
    let changed = false;
    for (const p of players) {
      if (counts[p] !== n) changed = true;
      counts[p] = n;
    }
    return changed;
  }

  /** Back to the standard reserves (a new game). */
  reset(): void {
    this.flats = [undefined, undefined];
    this.caps = [undefined, undefined];
  }

  /** Whether any count is set (else the size's standard reserves hold). */
  get custom(): boolean {
    return this.flats.some((f) => f !== undefined) || this.caps.some((c) => c !== undefined);
  }

  /**
   * The reserves for a board of `size`: {} for the standard ones; one count for both players
   * when theirs are equal, else [White, Black].
   */
  reserves(size: number): ReserveOptions {
    const standard = DEFAULT_RESERVES[size];
    if (standard === undefined) return {}; // an unsupported size: the TPS parser says so
    const flats = this.flats.map((f) => f ?? standard[0]) as [number, number];
    const caps = this.caps.map((c) => c ?? standard[1]) as [number, number];
    const count = ([w, b]: [number, number]) => (w === b ? w : [w, b] as const);
    if (flats.every((f) => f === standard[0]) && caps.every((c) => c === standard[1])) return {};
    return { stones: count(flats), caps: count(caps) };
  }
}
