// One game as the bot plays it: what `Game Start` said, the board and the moves so far, the
// clocks, the timers that belong to the game, and the game as the log writes it.

import { makeMove } from '../core/makemove.js';
import { Position } from '../core/position.js';
import { provenPlies } from '../search/expected-score.js';
import type { Evaluation } from './chat.js';
import type { ServerClock } from './clock.js';
import type { LoggedGame, LoggedMove } from './game-log.js';

/** What `Game Start` said, as the log writes it too. */
type GameTerms = Pick<LoggedGame, 'size' | 'white' | 'black' | 'halfKomi' | 'stones' | 'caps' | 'timeSec' | 'incSec' | 'unrated' | 'startedAt'>;

export interface LiveGame extends GameTerms {
  no: number;
  colour: 0 | 1;
  pos: Position;
  moves: number[];
  log: LoggedMove[];
  /** The log before a resume, to keep the comments on moves the server replays. */
  previousLog: LoggedMove[];
  clock: ServerClock | undefined;
  /** Holding back after `Game Start` while the server may still be replaying moves. */
  settling: boolean;
  settleTimer: ReturnType<typeof setTimeout> | undefined;
  overTimer: ReturnType<typeof setTimeout> | undefined;
  /** Connection losses forced because our board and the server's differed. */
  resyncs: number;
  evaluation: Evaluation | undefined;
  /** The level of this game, fixed when it starts. */
  level: number;
  /** We accepted the opponent's undo request: no move until the server's `Undo` (or the wait ends). */
  undoTimer: ReturnType<typeof setTimeout> | undefined;
}

export function opponentOf(g: LiveGame): string {
  return g.colour === 0 ? g.black : g.white;
}

/** Clears the timers of a game (settling, the end on our board, an accepted undo). */
export function clearGameTimers(g: LiveGame): void {
  if (g.settleTimer !== undefined) clearTimeout(g.settleTimer);
  if (g.overTimer !== undefined) clearTimeout(g.overTimer);
  if (g.undoTimer !== undefined) clearTimeout(g.undoTimer);
  g.settleTimer = g.overTimer = g.undoTimer = undefined;
}

/** The game's board after `moves` from its start. */
export function boardAfter(g: LiveGame, moves: readonly number[]): Position {
  const pos = new Position(g.size, { stones: g.stones, caps: g.caps });
  for (const m of moves) makeMove(pos, m);
  return pos;
}

/** A search score's proven result as SearchInfo.mateIn: plies to a win (> 0) or loss (< 0), else 0. */
export function mateIn(score: number): number {
  return Math.sign(score) * provenPlies(score);
}

/** The game as the log writes it (src/playtak/game-log.ts). */
export function loggedGame(g: LiveGame, site: string, result: string | undefined, termination: string | undefined): LoggedGame {
  const logged: LoggedGame = {
    gameNo: g.no,
    site,
    white: g.white,
    black: g.black,
    size: g.size,
    halfKomi: g.halfKomi,
    stones: g.stones,
    caps: g.caps,
    timeSec: g.timeSec,
    incSec: g.incSec,
    unrated: g.unrated,
    startedAt: g.startedAt,
    moves: g.log,
    result,
  };
  if (termination !== undefined) logged.termination = termination;
  if (g.clock !== undefined) logged.clockMs = [g.clock.whiteMs, g.clock.blackMs];
  return logged;
}
