// The game on the page's board, without the page: how it was set up (a start, reserves, komi),
// the moves played, and the position they lead to. A position is named by a key, so that the
// engine's reports and what the page shows of them are matched to the board (and a report
// about an earlier game set up on the board is never taken for this one's).

import { makeMove } from '../core/makemove.js';
import { isLegalMove } from '../core/movegen.js';
import type { Position, ReserveCount, ReserveOptions } from '../core/position.js';
import { gameResult, ONGOING } from '../core/result.js';
import { DEFAULT_RESERVES } from '../core/sizes.js';
import { halfKomiFrom, illegalReason, parsePtnGames, startPosition, tagValue } from '../notation/ptn-game.js';
import { formatMove, parseMove } from '../notation/ptn-move.js';
import { formatTps, parseTps, startTps } from '../notation/tps.js';

export interface Game {
  startTps: string;
  /** The players' reserves at the start: one count for both, or [White, Black]. */
  stones: ReserveCount;
  caps: ReserveCount;
  halfKomi: number;
  moves: number[];
}

/** A position of a game on the board, as the engine's reports are matched to it. */
export interface BoardPosition {
  /** The position: the game set up and the moves played. */
  key: string;
  /** The game set up, without its moves: positions with the same `game` are one game's. */
  game: string;
  moves: readonly number[];
  size: number;
  side: number;
  moveNumber: number;
}

/** The empty board of a size with its default reserves. */
export function emptyGame(size: number, halfKomi: number): Game {
  return { startTps: startTps(size), stones: DEFAULT_RESERVES[size]![0], caps: DEFAULT_RESERVES[size]![1], halfKomi, moves: [] };
}

/** A game from a TPS (`position tps` allowed in front; komi `halfKomi`), or a PTN game (its tags, its moves played). */
export function gameFromText(text: string, halfKomi: number): Game {
  const t = text.trim();
  if (t === '') throw new Error('paste a TPS or a PTN game first');
  const looksPtn = t.startsWith('[') || /^\d+\.\s/m.test(t);
  if (!looksPtn) {
    const p = parseTps(t.replace(/^position\s+tps\s+/, ''));
    return { startTps: formatTps(p), ...p.reserveOptions, halfKomi, moves: [] };
  }
  const g = parsePtnGames(t)[0];
  if (g === undefined) throw new Error('no game found in the PTN');
  const pos = startPosition(g);
  const komi = tagValue(g, 'Komi');
  const game: Game = { startTps: formatTps(pos), ...pos.reserveOptions, halfKomi: komi !== undefined ? halfKomiFrom(komi) : 0, moves: [] };
  for (const m of g.moves) {
    if (gameResult(pos, game.halfKomi) !== ONGOING) break;
    const move = parseMove(m.text, pos.size);
    if (!isLegalMove(pos, move)) throw new Error(`move ${m.text} (ply ${m.ply}): ${illegalReason(pos, move)}`);
    game.moves.push(move);
    makeMove(pos, move);
  }
  return game;
}

export class Board {
  game: Game;
  pos: Position;
  /** Counts the games set up, for the keys. */
  private setUps = 0;

  constructor(game: Game) {
    this.game = game;
    this.pos = this.replay(game.moves);
  }

  get size(): number {
    return this.pos.size;
  }

  reserves(): ReserveOptions {
    return { stones: this.game.stones, caps: this.game.caps };
  }

  /** The position after the first `moves` of the game's moves. */
  replay(moves: readonly number[]): Position {
    const p = parseTps(this.game.startTps, this.reserves());
    for (const m of moves) makeMove(p, m);
    return p;
  }

  /** The start position of the game set up. */
  start(): Position {
    return this.replay([]);
  }

  result(): number {
    return gameResult(this.pos, this.game.halfKomi);
  }

  /** Sets up another game (a new key for every position, even the same). */
  setUp(game: Game): void {
    this.setUps++;
    this.game = game;
    this.pos = this.replay(game.moves);
  }

  play(move: number): void {
    this.game.moves.push(move);
    makeMove(this.pos, move);
  }

  /** Takes back the last `plies` moves. */
  takeBack(plies: number): void {
    if (plies <= 0) return;
    this.game.moves.splice(Math.max(0, this.game.moves.length - plies), plies);
    this.pos = this.replay(this.game.moves);
  }

  here(): BoardPosition {
    const g = this.game;
    const game = `${this.setUps}|${g.startTps}|${String(g.stones)}|${String(g.caps)}|${g.halfKomi}`;
    return { key: `${game}|${g.moves.join(',')}`, game, moves: [...g.moves], size: this.pos.size, side: this.pos.side, moveNumber: this.pos.moveNumber };
  }

  /** The moves played, in PTN. */
  movesPtn(): string[] {
    return this.game.moves.map((m) => formatMove(m, this.pos.size));
  }

  /** The engine's `position` command for the position on the board. */
  positionCommand(): string {
    const moves = this.movesPtn();
    return `position tps ${this.game.startTps}${moves.length > 0 ? ` moves ${moves.join(' ')}` : ''}`;
  }
}
