// The PlayTak bot: log in, post a seek, play each game to its end, come back for the next, and
// survive whatever the network and the server do meanwhile. One connection at a time:
//   connect -> (Welcome!, Login or Register) -> Client, Protocol 2, Login
//   -> (Welcome <name>!) lobby: PING every 30 s, post the seek (rate-limited)
//   -> (Game Start) play: moves in, our moves out, clocks from Time/Timems
//   -> (Game#N Over / Abandoned) log the game, review it (--chat), seek again ... until --games/stop.
// This file ties the parts together and routes the server's lines to them:
//   ./lobby.ts     the connection, the login, pings, reconnecting, the seek
//   ./play.ts      the game being played, its clock and its log (./undo.ts: undo requests)
//   ./talk.ts      chat: commands, answers (./reply-queue.ts), the greeting
//   ./reviews.ts   the review after a game, from its own thread
// Below full strength (--level, or a player's choice in chat: ./commands.ts) the searches are
// capped (src/search/levels.ts), the moves come at a person's pace and undo requests are granted.

import { describeAddress } from './connection.js';
import type { LoggedGame } from './game-log.js';
import type { LiveGame } from './live-game.js';
import { Lobby } from './lobby.js';
import { DEFAULT_TIMING, excerpt, type BotOptions, type BotSummary, type BotTiming } from './options.js';
import { Play } from './play.js';
import type { ServerMessage } from './protocol.js';
import { Reviews } from './reviews.js';
import { Talk } from './talk.js';

export { DEFAULT_TIMING, PROTOCOL_VERSION, type BotOptions, type BotSummary, type BotTiming } from './options.js';

export class PlaytakBot {
  private readonly o: BotOptions;
  private readonly t: BotTiming;
  private readonly lobby: Lobby;
  private readonly play: Play;
  private readonly talk: Talk;
  private readonly reviews: Reviews;

  private stopping = false;
  private finished = false;
  private readonly summary: BotSummary = { games: 0, wins: 0, losses: 0, draws: 0, reason: 'stopped' };
  private resolveRun: ((s: BotSummary) => void) | undefined;

  constructor(options: BotOptions) {
    this.o = options;
    this.t = { ...DEFAULT_TIMING, ...options.timing };
    const random = options.random ?? ((n) => globalThis.crypto.getRandomValues(new Uint8Array(n)));
    const where = describeAddress(options.address);
    const site = /(^|[/.@])playtak\.com([:/]|$)/i.test(where) ? 'PlayTak.com' : where;
    const finished = () => this.finished;
    this.lobby = new Lobby(options, this.t, random, {
      finished,
      gameNo: () => this.play.game?.no,
      maySeek: () => !this.finished && !this.stopping && this.play.game === undefined && !this.gamesDone(),
      loggedIn: () => this.onLoggedIn(),
      lost: () => this.play.onLost(),
      quitsInstead: () => {
        if (!this.stopping || this.play.game !== undefined) return false;
        this.shutdown('stopped');
        return true;
      },
      message: (msg) => this.onMessage(msg),
      moveRefused: (why) => {
        const g = this.play.game;
        if (g !== undefined) this.play.resync(g, `the server refused our move (${why})`);
      },
      fatal: (error) => this.shutdown('fatal', error),
    });
    this.play = new Play(options, this.t, this.lobby, site, {
      finished,
      levelFor: (opponent) => this.talk.levelFor(opponent),
      started: (g) => this.talk.greet(g),
      over: (g, logged, next) => this.onGameOver(g, logged, next),
    });
    this.talk = new Talk(options, this.t, this.lobby, () => this.play.game);
    this.reviews = new Reviews(options, this.lobby, finished);
  }

  /** Plays until --games are done, stop() is called, or a fatal error (bad password). */
  run(): Promise<BotSummary> {
    return new Promise((resolve) => {
      this.resolveRun = resolve;
      this.lobby.connect();
    });
  }

  /**
   * The first call stops seeking and lets the current game finish; a second call (or `now`)
   * resigns the current game and quits at once.
   */
  stop(now = false): void {
    if (this.finished) return;
    if (this.stopping) now = true;
    if (!this.stopping) {
      this.stopping = true;
      this.lobby.cancelSeek();
      if (this.play.game !== undefined && !now) this.o.log(`stopping after game ${this.play.game.no} (stop again to resign it and quit now)`);
    }
    const g = this.play.game;
    if (g !== undefined && now) this.play.resign(g, 'resignation');
    if (this.play.game === undefined) {
      if (now) this.shutdown('stopped');
      else this.reviews.whenDone(() => this.shutdown('stopped'));
    }
  }

  private gamesDone(): boolean {
    return this.o.games !== undefined && this.summary.games >= this.o.games;
  }

  private shutdown(reason: BotSummary['reason'], error?: string): void {
    if (this.finished) return;
    this.finished = true;
    this.summary.reason = reason;
    if (error !== undefined) this.summary.error = error;
    this.play.close();
    this.talk.close();
    this.lobby.close();
    this.o.engine.close();
    this.o.reviewer?.close();
    const s = this.summary;
    this.o.out(`${s.games} game${s.games === 1 ? '' : 's'}: ${s.wins} won, ${s.losses} lost, ${s.draws} drawn`);
    this.resolveRun?.({ ...s });
  }

  /** Logged in (again): wait for the game we were playing to come back, or seek, or stop. */
  private onLoggedIn(): void {
    const g = this.play.game;
    if (g !== undefined) return this.play.awaitResume(g);
    if (this.stopping) return this.shutdown('stopped');
    this.lobby.postSeek();
  }

  /** The server's lines past the lobby's own: games, chat, messages. */
  private onMessage(msg: ServerMessage): void {
    switch (msg.kind) {
      case 'game-start':
        return this.play.onGameStart(msg.start);
      case 'move':
        return this.play.onServerMove(msg.game, msg.move, msg.text);
      case 'time':
        return this.play.onTime(msg.game, msg.whiteMs, msg.blackMs);
      case 'over':
        return this.play.onOver(msg.game, msg.result);
      case 'abandoned':
        return this.play.onAbandoned(msg.game, msg.quitter);
      case 'game-event':
        return this.play.onGameEvent(msg.game, msg.event);
      case 'shout':
      case 'tell':
        return this.talk.onChat(msg.kind, msg.player, msg.text);
      case 'message':
        this.o.log(`server message: ${excerpt(msg.text, 300)}`);
        if (/logged in from another window/i.test(msg.text)) {
          // Two programs on one account would take turns throwing each other out.
          return this.shutdown('fatal', 'this account logged in elsewhere');
        }
        if (/game is resumed/i.test(msg.text)) this.play.onResumed();
        return;
      case 'malformed': {
        // A move of our game that we cannot read is a move we missed: have the game replayed.
        const move = /^Game#([0-9]+) [PM]\b/.exec(msg.line);
        const g = move !== null ? this.play.current(Number(move[1])) : undefined;
        if (g !== undefined) return this.play.resync(g, `cannot read the server's move '${excerpt(msg.line)}': ${msg.reason}`);
        this.o.log(`ignoring a malformed server line '${excerpt(msg.line)}': ${msg.reason}`);
        return;
      }
      default:
        return;
    }
  }

  /** A game is over and logged: count it, say it, review it, and seek again or stop. */
  private onGameOver(g: LiveGame, logged: LoggedGame, next: boolean): void {
    const result = logged.result;
    const winner = result === undefined ? -1 : /^(R|F|1)-0$/.test(result) ? 0 : /^0-(R|F|1)$/.test(result) ? 1 : -1;
    const draw = result === '1/2-1/2';
    const verdict = result === undefined ? 'unknown' : winner === g.colour ? 'won' : winner >= 0 ? 'lost' : draw ? 'drawn' : 'no result';
    this.summary.games++;
    if (verdict === 'won') this.summary.wins++;
    else if (verdict === 'lost') this.summary.losses++;
    else if (draw) this.summary.draws++;
    const how = logged.termination !== undefined ? `, ${logged.termination}` : '';
    this.o.out(`game ${g.no}: ${g.white} vs ${g.black} ${g.size}x${g.size}, ${result ?? 'no result'} after ${g.moves.length} plies${how}: Bredon ${verdict}`);
    this.reviews.review(g, logged);
    if (!next) return;
    if (this.gamesDone()) return this.reviews.whenDone(() => this.shutdown('games'));
    if (this.stopping) return this.reviews.whenDone(() => this.shutdown('stopped'));
    this.lobby.postSeek();
  }
}
