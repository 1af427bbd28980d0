// Undo requests. Below full strength Bredon grants them as the server expects: the same request
// back (source: Game.undo takes back one move, the last one, whoever made it), then no move of
// its own until the server's `Undo` comes, so that the move taken back is the one the opponent
// meant. At full strength, and for draw offers, Bredon plays on. It never asks for an undo itself.

import { MAX_LEVEL } from '../search/levels.js';
import type { GameEvent } from './protocol.js';
import { formatRemoveUndo, formatRequestUndo } from './protocol.js';
import { boardAfter, type LiveGame } from './live-game.js';
import { clear, type Lobby } from './lobby.js';
import type { BotTiming } from './options.js';

/** What undo handling asks of the game's play. */
export interface UndoHooks {
  /** The game being played. */
  current(): LiveGame | undefined;
  /** Stops the search: any search, or only one for `g`. */
  stopSearch(g?: LiveGame): void;
  /** Searches our move if it is our turn. */
  think(): void;
  log(line: string): void;
}

export class Undo {
  constructor(
    private readonly t: BotTiming,
    private readonly lobby: Lobby,
    private readonly hooks: UndoHooks,
  ) {}

  /** Handles an undo event of game `g`; false for an event it leaves alone (Bredon plays on). */
  onEvent(g: LiveGame, event: GameEvent): boolean {
    if (event === 'Undo') {
      this.takeBack(g);
      return true;
    }
    if (event === 'RequestUndo' && g.level < MAX_LEVEL && g.moves.length > 0 && g.undoTimer === undefined) {
      this.accept(g);
      return true;
    }
    if (event === 'RemoveUndo' && g.undoTimer !== undefined) {
      this.endWait(g, false);
      return true;
    }
    return false;
  }

  /** Stops waiting for an accepted undo; `withdraw`: take back our request on the server. */
  endWait(g: LiveGame, withdraw: boolean, think = true): void {
    g.undoTimer = clear(g.undoTimer);
    if (withdraw) this.lobby.sendAcked(formatRemoveUndo(g.no), 'undo');
    if (think) this.hooks.think();
  }

  /**
   * README: "Undo the last move. Client is supposed to keep track of previous board states". It
   * follows a request Bredon granted; the server's word is followed in any case.
   */
  private takeBack(g: LiveGame): void {
    g.undoTimer = clear(g.undoTimer);
    const moves = g.moves.slice(0, -1);
    g.pos = boardAfter(g, moves);
    g.moves = moves;
    g.log.pop();
    g.overTimer = clear(g.overTimer);
    this.hooks.log(`game ${g.no}: the server undid the last move`);
    this.hooks.stopSearch();
    this.hooks.think();
  }

  private accept(g: LiveGame): void {
    const link = this.lobby.link;
    if (link === undefined) return;
    // A request that comes before the server's OK to our last move was made before that move,
    // which ended it (source: Game.placeMove, moveMove): ours would be a new request of our own.
    if (this.lobby.moveUnanswered(link)) {
      this.hooks.log(`game ${g.no}: an undo request crossed our move, which ended it on the server: not answered`);
      return;
    }
    if (!this.lobby.sendAcked(formatRequestUndo(g.no), 'undo', link)) return;
    this.hooks.log(`game ${g.no}: accepting the opponent's undo request (level ${g.level})`);
    this.hooks.stopSearch(g);
    g.undoTimer = setTimeout(() => {
      g.undoTimer = undefined;
      if (this.hooks.current() !== g) return;
      this.hooks.log(`game ${g.no}: no Undo ${this.t.undoWaitMs} ms after accepting one: playing on`);
      this.endWait(g, true);
    }, this.t.undoWaitMs);
  }
}
