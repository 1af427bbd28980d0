// The PlayTak bot: log in, post a seek, play each game to its end, come back for the next, and
// survive whatever the network and the server do meanwhile. One connection at a time:
//   connect -> (Welcome!, Login or Register) -> Client, Protocol 2, Login
//   -> (Welcome <name>!) lobby: PING every 30 s, post the seek (rate-limited)
//   -> (Game Start) play: moves in, our moves out, clocks from Time/Timems
//   -> (Game#N Over / Abandoned) log the game, review it (--chat), seek again ... until --games/stop.
// A dropped connection is reopened with exponential backoff (shorter during a game: the server
// gives a player 120 s, source Game.playerDisconnected; unverified on playtak.com). After logging
// in again the server replays our game (Game Start, the moves, the clocks, "Message Your game is
// resumed": Game.playerRejoin); if not within resumeWaitMs, the game is written off.
// Every server line goes through parseServerLine (unknown and malformed ones are logged and
// ignored), every move through the rules core. A move we cannot follow, or a NOK of one of ours,
// means the boards differ: the bot reconnects to get the game replayed (twice, then resigns).
// Below full strength (--level, or a player's choice in chat: ./commands.ts) the searches are
// capped (src/search/levels.ts), the moves come at a person's pace and undo requests are granted.

import { budgetText } from '../annotate/review.js';
import { makeMove } from '../core/makemove.js';
import { isLegalMove, MAX_MOVES } from '../core/movegen.js';
import { Position } from '../core/position.js';
import { boardResult, ONGOING, resultText } from '../core/result.js';
import { DEFAULT_RESERVES, isSupportedSize } from '../core/sizes.js';
import { formatMove } from '../notation/ptn-move.js';
import { startTps } from '../notation/tps.js';
import { levelPaceMs, MAX_LEVEL } from '../search/levels.js';
import { WIN_SCORE, WIN_THRESHOLD, type SearchInfo } from '../search/types.js';
import type { SearchJob } from '../search/worker.js';
import { chatReply, mentions, plainDescriber, type Describer, type Evaluation } from './chat.js';
import { badLevelText, helpText, levelQueryText, levelSetText, parseChatCommand, type ChatCommand } from './commands.js';
import { networkMargin, ownClockMs, smoothRtt, thinkLimits, type ServerClock } from './clock.js';
import { describeAddress, openConnection, type Connection, type ServerAddress } from './connection.js';
import { WATCHDOG_MS, type Engine, type Thought } from './engine.js';
import { appendGame, formatGame, type LoggedGame, type LoggedMove } from './game-log.js';
import { formatPlaytakMove, PlaytakMoveError, toEngineMove, type PlaytakMove } from './moves.js';
import {
  formatClient,
  formatGameMove,
  formatGuestLogin,
  formatLogin,
  formatPing,
  formatProtocol,
  formatQuit,
  formatRemoveUndo,
  formatRequestUndo,
  formatResign,
  formatSeek,
  formatSeekCancel,
  formatShout,
  formatTell,
  guestToken,
  parseServerLine,
  redact,
  type GameStartInfo,
  type SeekParams,
  type ServerMessage,
} from './protocol.js';
import { reviewChatLines } from './review-chat.js';
import type { Reviewer } from './review-thread.js';

/** Every wait the bot makes; the tests shrink them. */
export interface BotTiming {
  connectTimeoutMs: number;
  /** README: "Recommended ping spacing is 30 seconds"; the server drops a client silent for 60 s. */
  pingIntervalMs: number;
  /** No line at all for this long (pings get an OK) means the connection is dead: reconnect. */
  idleTimeoutMs: number;
  backoffMinMs: number;
  backoffMaxMs: number;
  /** The backoff's cap while a game waits for us, well inside the server's 120 s. */
  backoffInGameMaxMs: number;
  /** At most one seek per this many ms, however often the connection drops. */
  seekIntervalMs: number;
  /**
   * Our seek was withdrawn: seek again after this long if no game has started. A seek that is
   * accepted is withdrawn just before `Game Start` (source: Client.java's Accept), and a seek
   * sent in between would reach the server during the game and be answered NOK.
   */
  seekRemovedWaitMs: number;
  /** Log in even if the server's "Login or Register" never comes. */
  loginPromptWaitMs: number;
  /** After `Game Start`, wait this long (from the last line of the game) for replayed moves. */
  settleMs: number;
  /** After logging in again, wait this long for the game we were playing to come back. */
  resumeWaitMs: number;
  /** Our board says the game is over but the server has not: finish it ourselves after this. */
  overWaitMs: number;
  /** At most one chat answer per this many ms. */
  chatIntervalMs: number;
  /** After accepting an undo, wait this long for the server's `Undo` before playing on. */
  undoWaitMs: number;
}

export const DEFAULT_TIMING: BotTiming = {
  connectTimeoutMs: 15_000,
  pingIntervalMs: 30_000,
  idleTimeoutMs: 90_000,
  backoffMinMs: 1_000,
  backoffMaxMs: 60_000,
  backoffInGameMaxMs: 8_000,
  seekIntervalMs: 10_000,
  seekRemovedWaitMs: 3_000,
  loginPromptWaitMs: 3_000,
  settleMs: 400,
  resumeWaitMs: 5_000,
  overWaitMs: 10_000,
  chatIntervalMs: 5_000,
  undoWaitMs: 5_000,
};

/**
 * The protocol version asked for: clocks in ms (Timems) and the full `Game Start` (README).
 * unverified: that playtak.com runs a server version that accepts 2 (its README documents it);
 * an older server answers NOK or ignores it, and the bot reads the protocol 0 forms as well.
 */
export const PROTOCOL_VERSION = 2;

export interface BotOptions {
  address: ServerAddress;
  /** Undefined: log in as a guest. */
  user?: string;
  password?: string;
  seek: SeekParams;
  /** Stop after this many finished games (undefined: play on until stopped). */
  games?: number;
  chat?: boolean;
  /** An upper bound on the thinking time per move, ms. */
  maxMoveMs?: number;
  /**
   * The playing level, 1 to MAX_LEVEL (the default, full strength). Below it the bot plays at a
   * person's pace and accepts undo requests; a player may choose another level in chat.
   */
  level?: number;
  /** Append each finished game here (PTN). */
  ptnPath?: string;
  engine: Engine;
  /** With chat on, each finished game is reviewed here and the review told to the opponent. */
  reviewer?: Reviewer;
  version: string;
  /** Diagnostics (stderr). */
  log: (line: string) => void;
  /** Results (stdout): one line per game, then a summary. */
  out: (line: string) => void;
  /** Log every line sent (the password redacted) and received. */
  debug?: boolean;
  timing?: Partial<BotTiming>;
  describe?: Describer;
  /** Random bytes (the guest token, backoff jitter); crypto's by default. */
  random?: (n: number) => Uint8Array;
}

export interface BotSummary {
  games: number;
  wins: number;
  losses: number;
  draws: number;
  /** Why the bot stopped. */
  reason: 'games' | 'stopped' | 'fatal';
  error?: string;
}

interface Link {
  id: number;
  conn: Connection | undefined;
  /** Lines that came before openConnection resolved (the same tick as the handshake). */
  early: string[];
  loginSent: boolean;
  /** Commands whose OK/NOK is still to come, in order (the server answers in order). */
  acks: { kind: 'client' | 'protocol' | 'ping' | 'move' | 'undo'; at: number }[];
  /** The last NOK answered one of our moves: an `Error:` line now means it was refused. */
  moveRefused: boolean;
}

interface LiveGame {
  no: number;
  size: number;
  white: string;
  black: string;
  colour: 0 | 1;
  halfKomi: number;
  stones: number;
  caps: number;
  timeSec: number;
  incSec: number;
  unrated: boolean;
  startedAt: Date;
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

const scratch = new Int32Array(MAX_MOVES);

function excerpt(s: string, n = 120): string {
  const flat = s.replace(/[\x00-\x1f\x7f]/g, '?');
  return flat.length > n ? flat.slice(0, n) + '...' : flat;
}

function mateIn(score: number): number {
  const abs = Math.abs(score);
  return abs >= WIN_THRESHOLD ? Math.sign(score) * (WIN_SCORE - abs) : 0;
}

export class PlaytakBot {
  private readonly o: BotOptions;
  private readonly t: BotTiming;
  private readonly describe: Describer;
  private readonly random: (n: number) => Uint8Array;
  private readonly guestToken: string;
  private readonly site: string;

  private link: Link | undefined;
  private linkCount = 0;
  private name = '';
  private loggedIn = false;
  private attempt = 0;
  private game: LiveGame | undefined;
  /** The search running, and for which game and ply. */
  private search: { game: LiveGame; ply: number; link: Link } | undefined;
  private seekStanding = false;
  private lastSeekAt = -Infinity;
  private rtt: number | undefined;
  private lastHeard = 0;
  private lastChatAt = -Infinity;
  /** Levels players chose in chat, by lower-case name: kept while the bot runs, never stored. */
  private readonly levels = new Map<string, number>();
  /** Reviews under way, and what waits for them to be told (the bot's last words before it quits). */
  private reviews = 0;
  private afterReviews: (() => void)[] = [];
  private stopping = false;
  private finished = false;
  private readonly summary: BotSummary = { games: 0, wins: 0, losses: 0, draws: 0, reason: 'stopped' };
  private resolveRun: ((s: BotSummary) => void) | undefined;

  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private seekTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private idleTimer: ReturnType<typeof setInterval> | undefined;
  private loginTimer: ReturnType<typeof setTimeout> | undefined;
  private resumeTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(options: BotOptions) {
    this.o = options;
    this.t = { ...DEFAULT_TIMING, ...options.timing };
    this.describe = options.describe ?? plainDescriber;
    this.random = options.random ?? ((n) => globalThis.crypto.getRandomValues(new Uint8Array(n)));
    // README: a guest logging in again with the same token within 4 hours is the same guest,
    // so a reconnecting guest bot gets its game back.
    this.guestToken = guestToken(this.random);
    const where = describeAddress(options.address);
    this.site = /(^|[/.@])playtak\.com([:/]|$)/i.test(where) ? 'PlayTak.com' : where;
  }

  /** Plays until --games are done, stop() is called, or a fatal error (bad password). */
  run(): Promise<BotSummary> {
    return new Promise((resolve) => {
      this.resolveRun = resolve;
      this.connect();
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
      this.cancelSeek();
      if (this.game !== undefined && !now) this.log(`stopping after game ${this.game.no} (stop again to resign it and quit now)`);
    }
    const g = this.game;
    if (g !== undefined && now) {
      this.send(formatResign(g.no));
      this.finishGame(g, g.colour === 0 ? '0-1' : '1-0', 'resignation');
    }
    if (this.game === undefined) {
      if (now) this.shutdown('stopped');
      else this.whenReviewed(() => this.shutdown('stopped'));
    }
  }

  // ---- plumbing ------------------------------------------------------------------------------

  private log(line: string): void {
    this.o.log(line);
  }

  private send(line: string, link = this.link): boolean {
    if (link?.conn === undefined) return false;
    if (this.o.debug) this.log(`> ${redact(line)}`);
    return link.conn.send(line);
  }

  private clearTimer(t: ReturnType<typeof setTimeout> | undefined): undefined {
    if (t !== undefined) clearTimeout(t);
    return undefined;
  }

  private shutdown(reason: BotSummary['reason'], error?: string): void {
    if (this.finished) return;
    this.finished = true;
    this.summary.reason = reason;
    if (error !== undefined) this.summary.error = error;
    this.reconnectTimer = this.clearTimer(this.reconnectTimer);
    this.seekTimer = this.clearTimer(this.seekTimer);
    this.loginTimer = this.clearTimer(this.loginTimer);
    this.resumeTimer = this.clearTimer(this.resumeTimer);
    if (this.pingTimer !== undefined) clearInterval(this.pingTimer);
    if (this.idleTimer !== undefined) clearInterval(this.idleTimer);
    if (this.game !== undefined) {
      this.game.settleTimer = this.clearTimer(this.game.settleTimer);
      this.game.overTimer = this.clearTimer(this.game.overTimer);
      this.game.undoTimer = this.clearTimer(this.game.undoTimer);
    }
    const link = this.link;
    this.link = undefined;
    if (link?.conn !== undefined) {
      this.send(formatQuit(), link);
      link.conn.close();
    }
    this.o.engine.close();
    this.o.reviewer?.close();
    const s = this.summary;
    this.o.out(`${s.games} game${s.games === 1 ? '' : 's'}: ${s.wins} won, ${s.losses} lost, ${s.draws} drawn`);
    this.resolveRun?.({ ...s });
  }

  // ---- the connection ------------------------------------------------------------------------

  private connect(): void {
    if (this.finished) return;
    const link: Link = { id: ++this.linkCount, conn: undefined, early: [], loginSent: false, acks: [], moveRefused: false };
    this.link = link;
    this.loggedIn = false;
    const where = describeAddress(this.o.address);
    this.log(`connecting to ${where}${this.attempt > 0 ? ` (attempt ${this.attempt + 1})` : ''}`);
    openConnection(
      this.o.address,
      {
        onLine: (line) => {
          if (link.conn === undefined) link.early.push(line);
          else this.onLine(link, line);
        },
        onClose: (reason) => this.onClose(link, reason),
      },
      this.t.connectTimeoutMs,
    ).then(
      (conn) => {
        link.conn = conn;
        if (this.link !== link || this.finished) {
          conn.close();
          return;
        }
        this.log(`connected to ${where}`);
        this.lastHeard = performance.now();
        this.loginTimer = setTimeout(() => this.sendLogin(link), this.t.loginPromptWaitMs);
        this.idleTimer = setInterval(() => this.checkIdle(link), Math.max(50, Math.floor(this.t.idleTimeoutMs / 4)));
        const early = link.early;
        link.early = [];
        for (const line of early) this.onLine(link, line);
      },
      (e: Error) => {
        if (this.link !== link) return;
        this.link = undefined;
        this.log(`cannot connect to ${where}: ${e.message}`);
        this.scheduleReconnect();
      },
    );
  }

  private onClose(link: Link, reason: string): void {
    if (this.link !== link) return;
    this.link = undefined;
    this.loggedIn = false;
    this.seekStanding = false;
    this.loginTimer = this.clearTimer(this.loginTimer);
    this.resumeTimer = this.clearTimer(this.resumeTimer);
    this.seekTimer = this.clearTimer(this.seekTimer);
    if (this.pingTimer !== undefined) clearInterval(this.pingTimer);
    if (this.idleTimer !== undefined) clearInterval(this.idleTimer);
    this.pingTimer = this.idleTimer = undefined;
    if (this.finished) return;
    const g = this.game;
    if (g !== undefined) {
      g.settleTimer = this.clearTimer(g.settleTimer);
      g.overTimer = this.clearTimer(g.overTimer);
      g.undoTimer = this.clearTimer(g.undoTimer);
    }
    // What we are thinking about can only be sent on a new connection, where the server will
    // replay the game first: start again then.
    if (this.search !== undefined) this.o.engine.stop();
    this.log(`connection lost: ${reason}${g !== undefined ? ` (in game ${g.no}: reconnecting to resume it)` : ''}`);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.finished || this.reconnectTimer !== undefined) return;
    if (this.stopping && this.game === undefined) return this.shutdown('stopped');
    this.attempt++;
    const cap = this.game !== undefined ? Math.min(this.t.backoffInGameMaxMs, this.t.backoffMaxMs) : this.t.backoffMaxMs;
    const base = Math.min(cap, this.t.backoffMinMs * 2 ** Math.min(20, this.attempt - 1));
    // Jitter, so that many bots dropped by one server restart do not all come back at once.
    const jitter = 0.75 + 0.5 * (this.random(1)[0]! / 255);
    const delay = Math.max(1, Math.round(base * jitter));
    this.log(`reconnecting in ${delay < 1000 ? `${delay} ms` : `${(delay / 1000).toFixed(1)} s`}`);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      this.connect();
    }, delay);
  }

  private checkIdle(link: Link): void {
    if (this.link !== link) return;
    const silent = performance.now() - this.lastHeard;
    if (silent < this.t.idleTimeoutMs) return;
    this.log(`no word from the server for ${(silent / 1000).toFixed(1)} s: dropping the connection`);
    link.conn?.close();
    this.onClose(link, 'the server went silent');
  }

  private sendLogin(link: Link): void {
    this.loginTimer = this.clearTimer(this.loginTimer);
    if (this.link !== link || link.loginSent) return;
    link.loginSent = true;
    const now = performance.now();
    this.send(formatClient(`Bredon-${this.o.version}`), link);
    link.acks.push({ kind: 'client', at: now });
    this.send(formatProtocol(PROTOCOL_VERSION), link);
    link.acks.push({ kind: 'protocol', at: now });
    if (this.o.user !== undefined) {
      this.send(formatLogin(this.o.user, this.o.password ?? ''), link);
      this.log(`logging in as ${this.o.user}`);
    } else {
      this.send(formatGuestLogin(this.guestToken), link);
      this.log('logging in as a guest');
    }
    // A server that talks but never logs us in is as good as gone.
    this.loginTimer = setTimeout(() => {
      this.loginTimer = undefined;
      if (this.link !== link || this.loggedIn) return;
      this.log(`no answer to the login within ${this.t.connectTimeoutMs} ms: dropping the connection`);
      link.conn?.close();
      this.onClose(link, 'the login went unanswered');
    }, this.t.connectTimeoutMs);
  }

  private onLoggedIn(link: Link, name: string): void {
    this.loginTimer = this.clearTimer(this.loginTimer);
    this.loggedIn = true;
    this.name = name;
    this.attempt = 0;
    this.log(`logged in as ${name}`);
    if (this.pingTimer !== undefined) clearInterval(this.pingTimer);
    this.pingTimer = setInterval(() => {
      if (this.link !== link) return;
      this.send(formatPing(), link);
      link.acks.push({ kind: 'ping', at: performance.now() });
    }, this.t.pingIntervalMs);
    const g = this.game;
    if (g !== undefined) {
      this.resumeTimer = setTimeout(() => {
        this.resumeTimer = undefined;
        if (this.game !== g) return;
        this.log(`game ${g.no} did not resume after reconnecting: writing it off`);
        this.finishGame(g, undefined, 'abandoned: the connection was lost and the game did not resume');
      }, this.t.resumeWaitMs);
      return;
    }
    if (this.stopping) return this.shutdown('stopped');
    this.postSeek();
  }

  // ---- seeks ---------------------------------------------------------------------------------

  private postSeek(): void {
    if (this.finished || this.stopping || this.game !== undefined || !this.loggedIn || this.seekStanding) return;
    if (this.o.games !== undefined && this.summary.games >= this.o.games) return;
    const wait = this.lastSeekAt + this.t.seekIntervalMs - performance.now();
    if (wait > 0) {
      if (this.seekTimer === undefined) {
        this.seekTimer = setTimeout(() => {
          this.seekTimer = undefined;
          this.postSeek();
        }, wait);
      }
      return;
    }
    const s = this.o.seek;
    this.lastSeekAt = performance.now();
    this.seekStanding = true;
    this.send(formatSeek(s));
    const colour = s.colour === 'W' ? ', playing White' : s.colour === 'B' ? ', playing Black' : '';
    this.log(`seeking ${s.size}x${s.size}, ${s.timeSec} s + ${s.incSec} s, komi ${s.halfKomi / 2}, ${s.stones} stones and ${s.caps} capstones${colour}${s.unrated ? ', unrated' : ''}`);
  }

  private cancelSeek(): void {
    this.seekTimer = this.clearTimer(this.seekTimer);
    if (this.seekStanding && this.loggedIn) this.send(formatSeekCancel());
    this.seekStanding = false;
  }

  // ---- server lines --------------------------------------------------------------------------

  private onLine(link: Link, line: string): void {
    if (this.link !== link || this.finished) return;
    this.lastHeard = performance.now();
    if (this.o.debug) this.log(`< ${excerpt(line, 400)}`);
    try {
      this.handle(link, parseServerLine(line));
    } catch (e) {
      const err = e instanceof Error ? e : new Error(String(e));
      this.log(`internal error on server line '${excerpt(line)}': ${err.stack ?? err.message}`);
    }
  }

  private handle(link: Link, msg: ServerMessage): void {
    switch (msg.kind) {
      case 'welcome':
        return;
      case 'login-prompt':
        return this.sendLogin(link);
      case 'logged-in':
        return this.onLoggedIn(link, msg.name);
      case 'auth-failure':
        this.log(`the server refused the login of ${this.o.user ?? 'a guest'}: ${msg.text} (check the name and BREDON_PLAYTAK_PASSWORD)`);
        return this.shutdown('fatal', `login refused: ${msg.text}`);
      case 'ok':
      case 'nok':
        return this.onAck(link, msg.kind === 'ok');
      case 'game-start':
        return this.onGameStart(msg.start);
      case 'move':
        return this.onServerMove(msg.game, msg.move, msg.text);
      case 'time':
        return this.onTime(msg.game, msg.whiteMs, msg.blackMs);
      case 'over':
        return this.onOver(msg.game, msg.result);
      case 'abandoned': {
        const g = this.game;
        if (g === undefined || g.no !== msg.game) return;
        this.log(`game ${g.no}: ${msg.quitter ?? 'the opponent'} quit`);
        return this.finishGame(g, g.colour === 0 ? '1-0' : '0-1', 'abandoned');
      }
      case 'game-event':
        return this.onGameEvent(msg.game, msg.event);
      case 'seek':
        if (msg.name !== this.name || this.name === '') return;
        if (msg.action === 'new') {
          this.log(`seek ${msg.no} posted`);
        } else if (this.seekStanding && this.game === undefined) {
          this.seekStanding = false;
          this.seekTimer = this.clearTimer(this.seekTimer);
          this.seekTimer = setTimeout(() => {
            this.seekTimer = undefined;
            this.postSeek();
          }, this.t.seekRemovedWaitMs);
        }
        return;
      case 'shout':
      case 'tell':
        return this.onChat(msg.kind, msg.player, msg.text);
      case 'message':
        this.log(`server message: ${excerpt(msg.text, 300)}`);
        if (/logged in from another window/i.test(msg.text)) {
          // Two programs on one account would take turns throwing each other out.
          return this.shutdown('fatal', 'this account logged in elsewhere');
        }
        if (/game is resumed/i.test(msg.text) && this.game !== undefined) this.endSettling(this.game);
        return;
      case 'error':
        this.log(`server error: ${excerpt(msg.text, 300)}`);
        // A refused move is answered NOK, then `Error:<why>` (source: Client.java): only both
        // together say that the server's board lacks our move.
        if (link.moveRefused) {
          link.moveRefused = false;
          if (this.game !== undefined) this.resync(this.game, `the server refused our move (${excerpt(msg.text, 100)})`);
        }
        return;
      case 'online':
      case 'ignored':
        return;
      case 'unknown':
        this.log(`ignoring an unknown server line: '${excerpt(msg.line)}'`);
        return;
      case 'malformed': {
        // A move of our game that we cannot read is a move we missed: have the game replayed.
        const move = /^Game#([0-9]+) [PM]\b/.exec(msg.line);
        const g = move !== null ? this.currentGame(Number(move[1])) : undefined;
        if (g !== undefined) return this.resync(g, `cannot read the server's move '${excerpt(msg.line)}': ${msg.reason}`);
        this.log(`ignoring a malformed server line '${excerpt(msg.line)}': ${msg.reason}`);
        return;
      }
    }
  }

  private onAck(link: Link, ok: boolean): void {
    const head = link.acks.shift();
    if (head === undefined) {
      if (!ok && !this.loggedIn) {
        this.log('the server refused the login (NOK)');
        return this.shutdown('fatal', 'login refused (NOK)');
      }
      if (!ok) this.log('the server answered NOK');
      return;
    }
    if (head.kind === 'ping' && ok) {
      const sample = performance.now() - head.at;
      // An answer this late is more likely a misattributed OK than a round trip.
      if (sample < 10_000) this.rtt = smoothRtt(this.rtt, sample);
      return;
    }
    if (head.kind === 'move' && !ok) {
      // Wait for the reason: a NOK alone also answers a move that arrived after the game ended.
      link.moveRefused = true;
      return;
    }
    link.moveRefused = false;
    if (!ok) this.log(`the server answered NOK to ${head.kind}`);
  }

  // ---- games ---------------------------------------------------------------------------------

  private onGameStart(s: GameStartInfo): void {
    this.resumeTimer = this.clearTimer(this.resumeTimer);
    this.seekStanding = false;
    this.seekTimer = this.clearTimer(this.seekTimer);
    const old = this.game;
    if (old !== undefined && old.no !== s.game) {
      this.log(`game ${s.game} starts while game ${old.no} is unfinished here: writing that one off`);
      this.finishGame(old, undefined, 'abandoned: the server started another game', false);
    }
    if (!isSupportedSize(s.size)) {
      this.log(`game ${s.game} is ${s.size}x${s.size}, which Bredon does not play: resigning it`);
      this.send(formatResign(s.game));
      return;
    }
    const [defStones, defCaps] = DEFAULT_RESERVES[s.size]!;
    const stones = s.stones ?? defStones;
    const caps = s.caps ?? defCaps;
    let pos: Position;
    try {
      pos = new Position(s.size, { stones, caps });
    } catch (e) {
      this.log(`game ${s.game}: cannot play with ${stones} stones and ${caps} capstones (${(e as Error).message}): resigning it`);
      this.send(formatResign(s.game));
      return;
    }
    const resumed = old !== undefined && old.no === s.game;
    if (this.search !== undefined) this.o.engine.stop();
    const seek = this.o.seek;
    const opponent = s.colour === 0 ? s.black : s.white;
    const g: LiveGame = {
      no: s.game,
      size: s.size,
      white: s.white,
      black: s.black,
      colour: s.colour,
      halfKomi: s.halfKomi ?? seek.halfKomi,
      stones,
      caps,
      timeSec: s.timeSec ?? seek.timeSec,
      // Protocol < 2 leaves the increment out of Game Start: it is our seek's.
      incSec: s.incSec ?? seek.incSec,
      unrated: s.unrated ?? seek.unrated,
      startedAt: resumed ? old.startedAt : new Date(),
      pos,
      moves: [],
      log: [],
      previousLog: resumed ? old.log : [],
      clock: undefined,
      settling: true,
      settleTimer: undefined,
      overTimer: resumed ? this.clearTimer(old.overTimer) : undefined,
      resyncs: resumed ? old.resyncs : 0,
      evaluation: undefined,
      level: resumed ? old.level : this.levelFor(opponent),
      undoTimer: undefined,
    };
    if (resumed) {
      old.settleTimer = this.clearTimer(old.settleTimer);
      old.undoTimer = this.clearTimer(old.undoTimer);
    }
    this.game = g;
    if (!resumed) this.o.engine.newGame();
    this.log(
      `game ${g.no} ${resumed ? 'resumed' : 'starts'}: ${g.white} vs ${g.black}, ${g.size}x${g.size}, ${g.timeSec} s + ${g.incSec} s, ` +
        `komi ${g.halfKomi / 2}, ${stones} stones and ${caps} capstones; Bredon (${this.name}) plays ${g.colour === 0 ? 'White' : 'Black'} against ${opponent}` +
        (g.level < MAX_LEVEL ? ` at level ${g.level}` : ''),
    );
    // The seek has no field for a level (README: size, clock, colour, komi, pieces, flags and
    // opponent only), so the level is said here, to the opponent, when the bot may chat.
    if (!resumed && this.o.chat) this.send(formatTell(opponent, this.greeting(g.level)));
    this.settle(g);
  }

  /** (Re)starts the wait for replayed moves; thinking starts when it ends. */
  private settle(g: LiveGame): void {
    if (!g.settling) return;
    this.clearTimer(g.settleTimer);
    g.settleTimer = setTimeout(() => this.endSettling(g), this.t.settleMs);
  }

  private endSettling(g: LiveGame): void {
    g.settleTimer = this.clearTimer(g.settleTimer);
    if (!g.settling) return;
    g.settling = false;
    this.checkBoardEnd(g);
    this.maybeThink();
  }

  private currentGame(no: number): LiveGame | undefined {
    const g = this.game;
    return g !== undefined && g.no === no ? g : undefined;
  }

  private onServerMove(no: number, pm: PlaytakMove, text: string): void {
    const g = this.currentGame(no);
    if (g === undefined) return; // a game we observe, or one already over here
    let move: number;
    try {
      move = toEngineMove(pm, g.size);
    } catch (e) {
      if (!(e instanceof PlaytakMoveError)) throw e;
      return this.resync(g, `cannot read the server's move '${text}': ${e.message}`);
    }
    const ptn = formatMove(move, g.size);
    if (!g.settling && g.pos.side === g.colour) return this.resync(g, `the server sent a move (${ptn}) when it is our turn`);
    if (boardResult(g.pos, g.halfKomi) !== ONGOING) return this.resync(g, `the server sent a move (${ptn}) after the game ended on our board`);
    if (!isLegalMove(g.pos, move, scratch)) return this.resync(g, `the server's move ${ptn} is illegal on our board`);
    // A move ends any undo request on the server (source: Game.placeMove and moveMove): ours,
    // sent as the opponent moved, would now stand as a request of our own, so it is withdrawn.
    if (g.undoTimer !== undefined) this.endUndoWait(g, true, false);
    makeMove(g.pos, move);
    g.moves.push(move);
    const before = g.previousLog[g.log.length];
    g.log.push(before !== undefined && before.move === move ? before : { move });
    if (g.settling) return this.settle(g);
    this.checkBoardEnd(g);
    this.maybeThink();
  }

  private onTime(no: number, whiteMs: number, blackMs: number): void {
    const g = this.currentGame(no);
    if (g === undefined) return;
    g.clock = { whiteMs, blackMs, receivedAt: performance.now() };
    // In a resumed game the clocks come after the replayed moves (source: Game.playerRejoin);
    // in a running game before the move they follow, which the settling wait does not hurt.
    if (g.settling) this.endSettling(g);
  }

  private onOver(no: number, result: string): void {
    const g = this.currentGame(no);
    if (g === undefined) return;
    let termination: string | undefined;
    if (result === '1-0' || result === '0-1') {
      const loser = result === '1-0' ? 1 : 0;
      const left = g.clock === undefined ? undefined : loser === 0 ? g.clock.whiteMs : g.clock.blackMs;
      termination = left !== undefined && left <= 0 ? 'time forfeit' : 'resignation';
    } else if (result === '0-0') {
      termination = 'aborted';
    }
    this.finishGame(g, result, termination);
  }

  private onGameEvent(no: number, event: string): void {
    const g = this.currentGame(no);
    if (g === undefined) return;
    if (event === 'Undo') {
      // README: "Undo the last move. Client is supposed to keep track of previous board states".
      // It follows an undo request Bredon granted (below full strength); Bredon never asks for
      // one itself. The server's word is followed in any case.
      g.undoTimer = this.clearTimer(g.undoTimer);
      const moves = g.moves.slice(0, -1);
      const pos = new Position(g.size, { stones: g.stones, caps: g.caps });
      for (const m of moves) makeMove(pos, m);
      g.pos = pos;
      g.moves = moves;
      g.log.pop();
      g.overTimer = this.clearTimer(g.overTimer);
      this.log(`game ${g.no}: the server undid the last move`);
      if (this.search !== undefined) this.o.engine.stop();
      return this.maybeThink();
    }
    if (event === 'RequestUndo' && g.level < MAX_LEVEL && g.moves.length > 0 && g.undoTimer === undefined) return this.acceptUndo(g);
    if (event === 'RemoveUndo' && g.undoTimer !== undefined) return this.endUndoWait(g, false);
    // Draw offers, and undo requests at full strength: Bredon plays on.
    this.log(`game ${g.no}: ${event} from the opponent (ignored: Bredon plays on)`);
  }

  /**
   * Below full strength an undo request is granted as the server expects: the same request back
   * (source: Game.undo takes back one move, the last one, whoever made it). Bredon plays no move
   * until the server's `Undo` comes, so that the move taken back is the one the opponent meant.
   */
  private acceptUndo(g: LiveGame): void {
    const link = this.link;
    if (link === undefined) return;
    // A request that comes before the server's OK to our last move was made before that move,
    // which ended it (source: Game.placeMove, moveMove): ours would be a new request of our own.
    if (link.acks.some((a) => a.kind === 'move')) {
      this.log(`game ${g.no}: an undo request crossed our move, which ended it on the server: not answered`);
      return;
    }
    if (!this.send(formatRequestUndo(g.no), link)) return;
    link.acks.push({ kind: 'undo', at: performance.now() });
    this.log(`game ${g.no}: accepting the opponent's undo request (level ${g.level})`);
    if (this.search?.game === g) this.o.engine.stop();
    g.undoTimer = setTimeout(() => {
      g.undoTimer = undefined;
      if (this.game !== g) return;
      this.log(`game ${g.no}: no Undo ${this.t.undoWaitMs} ms after accepting one: playing on`);
      this.endUndoWait(g, true);
    }, this.t.undoWaitMs);
  }

  /** Stops waiting for an accepted undo; `withdraw`: take back our request on the server. */
  private endUndoWait(g: LiveGame, withdraw: boolean, think = true): void {
    g.undoTimer = this.clearTimer(g.undoTimer);
    const link = this.link;
    if (withdraw && link !== undefined && this.send(formatRemoveUndo(g.no), link)) link.acks.push({ kind: 'undo', at: performance.now() });
    if (think) this.maybeThink();
  }

  /** Our board and the server's differ: reconnect so that the server replays the game. */
  private resync(g: LiveGame, why: string): void {
    g.resyncs++;
    if (g.resyncs > 2) {
      this.log(`game ${g.no}: ${why}; the game still disagrees with the server after two replays: resigning it`);
      this.send(formatResign(g.no));
      return this.finishGame(g, g.colour === 0 ? '0-1' : '1-0', 'resignation (Bredon could not follow the game)');
    }
    this.log(`game ${g.no}: ${why}; reconnecting so that the server replays the game`);
    const link = this.link;
    if (link !== undefined) {
      link.conn?.close();
      this.onClose(link, 'resynchronising');
    }
  }

  /** A decided board with no word from the server: wait a little, then finish it ourselves. */
  private checkBoardEnd(g: LiveGame): void {
    if (g.overTimer !== undefined) return;
    const r = boardResult(g.pos, g.halfKomi);
    if (r === ONGOING) return;
    g.overTimer = setTimeout(() => {
      g.overTimer = undefined;
      if (this.game !== g) return;
      this.log(`game ${g.no} is over on our board (${resultText(r)}) but the server has not said so: finishing it here`);
      this.finishGame(g, resultText(r), 'the server did not announce the end');
    }, this.t.overWaitMs);
  }

  private finishGame(g: LiveGame, result: string | undefined, termination: string | undefined, next = true): void {
    if (this.game === g) this.game = undefined;
    g.settleTimer = this.clearTimer(g.settleTimer);
    g.overTimer = this.clearTimer(g.overTimer);
    g.undoTimer = this.clearTimer(g.undoTimer);
    if (this.search?.game === g) this.o.engine.stop();
    const logged: LoggedGame = {
      gameNo: g.no,
      site: this.site,
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
    if (this.o.ptnPath !== undefined) {
      try {
        appendGame(this.o.ptnPath, logged);
      } catch (e) {
        this.log(`cannot append game ${g.no} to ${this.o.ptnPath}: ${(e as Error).message}`);
      }
    }
    const winner = result === undefined ? -1 : /^(R|F|1)-0$/.test(result) ? 0 : /^0-(R|F|1)$/.test(result) ? 1 : -1;
    const draw = result === '1/2-1/2';
    const verdict = result === undefined ? 'unknown' : winner === g.colour ? 'won' : winner >= 0 ? 'lost' : draw ? 'drawn' : 'no result';
    this.summary.games++;
    if (verdict === 'won') this.summary.wins++;
    else if (verdict === 'lost') this.summary.losses++;
    else if (draw) this.summary.draws++;
    const how = termination !== undefined ? `, ${termination}` : '';
    this.o.out(`game ${g.no}: ${g.white} vs ${g.black} ${g.size}x${g.size}, ${result ?? 'no result'} after ${g.moves.length} plies${how}: Bredon ${verdict}`);
    this.review(g, logged);
    if (!next) return;
    if (this.o.games !== undefined && this.summary.games >= this.o.games) return this.whenReviewed(() => this.shutdown('games'));
    if (this.stopping) return this.whenReviewed(() => this.shutdown('stopped'));
    this.postSeek();
  }

  // ---- the review ----------------------------------------------------------------------------

  /**
   * With chat on, reviews the opponent's moves of a finished game and tells them the review. It
   * runs on the reviewer's thread: the next game goes on meanwhile, and a game the opponent left
   * early (fewer than two moves of theirs) is not reviewed.
   */
  private review(g: LiveGame, logged: LoggedGame): void {
    const reviewer = this.o.reviewer;
    const side = g.colour ^ 1;
    if (!this.o.chat || reviewer === undefined || g.moves.filter((_, i) => i % 2 === side).length < 2) return;
    const opponent = side === 0 ? g.white : g.black;
    const budget = budgetText(reviewer.budget);
    this.reviews++;
    reviewer
      .review(formatGame(logged), side)
      .then(
        (analysis) => {
          if (this.finished) return;
          const lines = reviewChatLines(analysis, side, g.no, budget);
          if (!this.loggedIn || this.link === undefined) return this.log(`game ${g.no}: the review is ready but the bot is offline: not sent`);
          for (const line of lines) this.send(formatTell(opponent, line));
          this.log(`game ${g.no}: review told to ${opponent} (${lines.length} lines)`);
        },
        (e: Error) => {
          if (!this.finished) this.log(`game ${g.no}: no review: ${e.message}`);
        },
      )
      .finally(() => {
        this.reviews--;
        if (this.reviews > 0) return;
        const waiting = this.afterReviews;
        this.afterReviews = [];
        for (const f of waiting) f();
      });
  }

  /** Runs `f` once no review is under way. */
  private whenReviewed(f: () => void): void {
    if (this.reviews === 0) f();
    else this.afterReviews.push(f);
  }

  // ---- thinking ------------------------------------------------------------------------------

  private maybeThink(): void {
    const g = this.game;
    if (this.search !== undefined) {
      // A search for a position that is gone: stop it; its end calls this again.
      if (this.search.game !== g || g === undefined || this.search.ply !== g.moves.length || this.search.link !== this.link) this.o.engine.stop();
      return;
    }
    const link = this.link;
    // While a reconnected bot waits to learn whether its game resumes (resumeTimer), the game
    // may already be gone on the server: no move is searched or sent until it comes back.
    if (g === undefined || g.settling || link === undefined || !this.loggedIn || this.finished || this.resumeTimer !== undefined || g.undoTimer !== undefined) return;
    if (g.pos.side !== g.colour || boardResult(g.pos, g.halfKomi) !== ONGOING) return;
    const ply = g.moves.length;
    const limits = thinkLimits({
      colour: g.colour,
      clock: g.clock,
      initialMs: g.timeSec * 1000,
      incMs: g.incSec * 1000,
      now: performance.now(),
      rttMs: this.rtt ?? NaN,
      piecesLeft: g.pos.stones[g.colour]! + g.pos.caps[g.colour]!,
      ...(this.o.maxMoveMs !== undefined ? { maxMoveMs: this.o.maxMoveMs } : {}),
    });
    if (g.level < MAX_LEVEL) limits.level = g.level;
    // Below full strength, a person's pace: the move is held back within the clock's budget.
    const paceMs = levelPaceMs(g.level, limits.softMs);
    const job: SearchJob = {
      startTps: startTps(g.size),
      reserves: { stones: g.stones, caps: g.caps },
      moves: g.moves.slice(),
      halfKomi: g.halfKomi,
      limits,
    };
    const root = g.pos.clone();
    this.search = { game: g, ply, link };
    const onInfo = (info: SearchInfo) => {
      if (info.bound === 'exact' && info.pv.length > 0) g.evaluation = { info, root };
    };
    // Past its deadline, a stalled search may keep half of what the clock has left after it.
    const own = ownClockMs({ colour: g.colour, clock: g.clock, initialMs: g.timeSec * 1000, now: performance.now() });
    const grace = Math.max(WATCHDOG_MS, Math.min(2000, Math.floor((own - networkMargin(this.rtt ?? NaN) - (limits.hardMs ?? 0)) / 2)));
    const thought = this.o.engine.think(job, onInfo, grace, paceMs);
    // A review under way waits while the game's move is searched.
    const release = this.o.reviewer?.hold();
    thought.then(
      (t) => {
        release?.();
        this.onThought(g, ply, link, root, t);
      },
      (e: Error) => {
        release?.();
        this.search = undefined;
        this.log(`the search failed: ${e.message}`);
      },
    );
  }

  private onThought(g: LiveGame, ply: number, link: Link, root: Position, t: Thought): void {
    this.search = undefined;
    if (this.finished) return;
    if (this.game !== g || g.moves.length !== ply || this.link !== link || !this.loggedIn || g.settling || this.resumeTimer !== undefined || g.undoTimer !== undefined) {
      return this.maybeThink();
    }
    if (t.move === 0) {
      this.log(`game ${g.no}: no legal move to play`);
      return;
    }
    if (t.fallback !== undefined) this.log(`game ${g.no}: playing ${formatMove(t.move, g.size)} without a finished search (${t.fallback})`);
    g.evaluation = { info: { score: t.score, mateIn: mateIn(t.score), pv: t.pv.length > 0 ? t.pv : [t.move], depth: t.depth }, root };
    this.send(formatGameMove(g.no, formatPlaytakMove(t.move, g.size)), link);
    link.acks.push({ kind: 'move', at: performance.now() });
    makeMove(g.pos, t.move);
    g.moves.push(t.move);
    const logged: LoggedMove = { move: t.move, ms: t.ms };
    if (t.fallback === undefined) {
      logged.scoreCp = t.score;
      logged.depth = t.depth;
    }
    g.log.push(logged);
    this.checkBoardEnd(g);
  }

  // ---- chat ----------------------------------------------------------------------------------

  private onChat(kind: 'shout' | 'tell', player: string, text: string): void {
    if (!this.o.chat || player === this.name || player === 'Server' || player === 'IRC') return;
    if (kind === 'shout' && !mentions(this.name, text)) return;
    // A command takes effect even when its answer falls to the rate limit below.
    const command = parseChatCommand(this.name, text, kind === 'tell');
    const answer = command !== undefined ? this.onCommand(player, command) : undefined;
    const now = performance.now();
    if (now - this.lastChatAt < this.t.chatIntervalMs) return;
    this.lastChatAt = now;
    const g = this.game;
    const reply =
      answer ??
      chatReply(
        g === undefined ? undefined : { no: g.no, opponent: g.colour === 0 ? g.black : g.white, halfKomi: g.halfKomi, plies: g.moves.length, evaluation: g.evaluation },
        this.o.seek,
        this.describe,
        this.levelFor(player),
      );
    this.send(kind === 'tell' ? formatTell(player, reply) : formatShout(`${player}: ${reply}`));
  }

  /** Carries out a chat command of `player`; the answer. */
  private onCommand(player: string, command: ChatCommand): string {
    const level = this.levelFor(player);
    switch (command.kind) {
      case 'help':
        return helpText(this.name, level);
      case 'bad-level':
        return badLevelText(command.text);
      case 'level-query':
        return levelQueryText(this.name, level);
      case 'level': {
        this.levels.set(player.toLowerCase(), command.level);
        const g = this.game;
        const playing = g !== undefined && (g.colour === 0 ? g.black : g.white).toLowerCase() === player.toLowerCase();
        this.log(`${player} chose level ${command.level}${playing ? ' from the next game on' : ''}`);
        return levelSetText(command.level, playing ? g.level : undefined);
      }
    }
  }

  /** The level of `player`'s games: the one chosen in chat, else --level. */
  private levelFor(player: string): number {
    return this.levels.get(player.toLowerCase()) ?? this.o.level ?? MAX_LEVEL;
  }

  private greeting(level: number): string {
    const strength = level >= MAX_LEVEL ? `full strength (level ${MAX_LEVEL} of ${MAX_LEVEL})` : `level ${level} of ${MAX_LEVEL}, with undos allowed`;
    return `Hello! I play you at ${strength}. Say "${this.name}: help" for my commands.`;
  }
}
