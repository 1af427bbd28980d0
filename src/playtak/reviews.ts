// The review after a game (with --chat): the opponent's moves of a finished game, reviewed on the
// reviewer's thread (./review-thread.ts) while the next game goes on, and told to the opponent
// as chat lines (./review-chat.ts). A game the opponent left early (fewer than two moves of
// theirs) is not reviewed. A bot told to stop waits for the reviews under way (whenDone).

import { formatGame, type LoggedGame } from './game-log.js';
import type { LiveGame } from './live-game.js';
import type { Lobby } from './lobby.js';
import type { BotOptions } from './options.js';
import { formatTell } from './protocol.js';
import { reviewChatLines } from './review-chat.js';

export class Reviews {
  /** Reviews under way. */
  private running = 0;
  /** What waits for them (the bot's last words before it quits). */
  private afterwards: (() => void)[] = [];

  constructor(
    private readonly o: BotOptions,
    private readonly lobby: Lobby,
    /** The bot has finished: a review that ends now is not told. */
    private readonly finished: () => boolean,
  ) {}

  /** Reviews game `g` (logged as `logged`) for its opponent and tells them, if chat is on. */
  review(g: LiveGame, logged: LoggedGame): void {
    const reviewer = this.o.reviewer;
    const side = g.colour ^ 1;
    if (!this.o.chat || reviewer === undefined || g.moves.filter((_, i) => i % 2 === side).length < 2) return;
    const opponent = side === 0 ? g.white : g.black;
    const log = (line: string) => this.o.log(line);
    this.running++;
    reviewer
      .review(formatGame(logged), side)
      .then(
        (analysis) => {
          if (this.finished()) return;
          const lines = reviewChatLines(analysis, side, g.no);
          if (!this.lobby.loggedIn || this.lobby.link === undefined) return log(`game ${g.no}: the review is ready but the bot is offline: not sent`);
          for (const line of lines) this.lobby.send(formatTell(opponent, line));
          log(`game ${g.no}: review told to ${opponent} (${lines.length} lines)`);
        },
        (e: Error) => {
          if (!this.finished()) log(`game ${g.no}: no review: ${e.message}`);
        },
      )
      .finally(() => {
        this.running--;
        if (this.running > 0) return;
        const waiting = this.afterwards;
        this.afterwards = [];
        for (const f of waiting) f();
      });
  }

  /** Runs `f` once no review is under way. */
  whenDone(f: () => void): void {
    if (this.running === 0) f();
    else this.afterwards.push(f);
  }
}
