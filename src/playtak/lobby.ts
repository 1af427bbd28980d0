// The bot's connection to the server, seen from the lobby: open it, log in, ping, notice a dead
// one and reopen it with exponential backoff (shorter during a game: the server gives a player
// 120 s, source Game.playerDisconnected; unverified on playtak.com), keep the server's OK/NOK
// answers matched to our commands, and post the seek (at most one per seekIntervalMs). Every
// server line is parsed here (unknown and malformed ones are logged and ignored); what is not
// the lobby's own (games, chat, server messages) goes up to the bot through LobbyHooks.

import { describeAddress, openConnection, type Connection } from './connection.js';
import { excerpt, PROTOCOL_VERSION, type BotOptions, type BotTiming } from './options.js';
import { smoothRtt } from './clock.js';
import {
  formatClient,
  formatGuestLogin,
  formatLogin,
  formatPing,
  formatProtocol,
  formatQuit,
  formatSeek,
  formatSeekCancel,
  guestToken,
  parseServerLine,
  redact,
  type ServerMessage,
} from './protocol.js';

export type AckKind = 'client' | 'protocol' | 'ping' | 'move' | 'undo';

/** One connection and what is pending on it. */
export interface Link {
  id: number;
  conn: Connection | undefined;
  /** Lines that came before openConnection resolved (the same tick as the handshake). */
  early: string[];
  loginSent: boolean;
  /** Commands whose OK/NOK is still to come, in order (the server answers in order). */
  acks: { kind: AckKind; at: number }[];
  /** The last NOK answered one of our moves: an `Error:` line now means it was refused. */
  moveRefused: boolean;
}

/** What the lobby asks of the bot. */
export interface LobbyHooks {
  /** The bot has finished: open nothing more, read nothing more. */
  finished(): boolean;
  /** The number of the game being played, if any (it shortens the backoff). */
  gameNo(): number | undefined;
  /** Whether a seek may go out (not stopping, no game, games left to play). */
  maySeek(): boolean;
  /** Logged in, first or again: resume the game, seek, or stop. */
  loggedIn(link: Link): void;
  /** The connection is gone: what was under way on it stops. */
  lost(): void;
  /** Called instead of reconnecting: true when the bot is stopping and shuts down instead. */
  quitsInstead(): boolean;
  /** A server line that is not the lobby's own: games, chat, messages. */
  message(msg: ServerMessage): void;
  /** The server refused one of our moves (a NOK, then `Error:` with the reason). */
  moveRefused(why: string): void;
  /** The login was refused: stop for good. */
  fatal(error: string): void;
}

export class Lobby {
  private link_: Link | undefined;
  private linkCount = 0;
  private name_ = '';
  private loggedIn_ = false;
  private attempt = 0;
  private rtt_: number | undefined;
  private lastHeard = 0;
  private seekStanding = false;
  private lastSeekAt = -Infinity;
  private readonly guestToken: string;

  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private seekTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private idleTimer: ReturnType<typeof setInterval> | undefined;
  private loginTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly o: BotOptions,
    private readonly t: BotTiming,
    private readonly random: (n: number) => Uint8Array,
    private readonly hooks: LobbyHooks,
  ) {
    // README: a guest logging in again with the same token within 4 hours is the same guest,
    // so a reconnecting guest bot gets its game back.
    this.guestToken = guestToken(random);
  }

  /** The current connection (undefined between connections). */
  get link(): Link | undefined {
    return this.link_;
  }

  /** Our login name ('' before the first login). */
  get name(): string {
    return this.name_;
  }

  get loggedIn(): boolean {
    return this.loggedIn_;
  }

  /** The smoothed round trip of our pings, ms (undefined before the first). */
  get rtt(): number | undefined {
    return this.rtt_;
  }

  private log(line: string): void {
    this.o.log(line);
  }

  /** Sends a line on `link` (the current connection by default); false when there is none. */
  send(line: string, link = this.link_): boolean {
    if (link?.conn === undefined) return false;
    if (this.o.debug) this.log(`> ${redact(line)}`);
    return link.conn.send(line);
  }

  /** Sends a command the server answers OK or NOK, and expects that answer. */
  sendAcked(line: string, kind: AckKind, link = this.link_): boolean {
    if (link === undefined || !this.send(line, link)) return false;
    link.acks.push({ kind, at: performance.now() });
    return true;
  }

  /** Whether the server's answer to one of our moves is still to come on `link`. */
  moveUnanswered(link: Link): boolean {
    return link.acks.some((a) => a.kind === 'move');
  }

  // ---- the connection ------------------------------------------------------------------------

  connect(): void {
    if (this.hooks.finished()) return;
    const link: Link = { id: ++this.linkCount, conn: undefined, early: [], loginSent: false, acks: [], moveRefused: false };
    this.link_ = link;
    this.loggedIn_ = false;
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
        if (this.link_ !== link || this.hooks.finished()) {
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
        if (this.link_ !== link) return;
        this.link_ = undefined;
        this.log(`cannot connect to ${where}: ${e.message}`);
        this.scheduleReconnect();
      },
    );
  }

  /** Drops the current connection on purpose (`reason` is logged); the bot reconnects. */
  drop(reason: string): void {
    const link = this.link_;
    if (link === undefined) return;
    link.conn?.close();
    this.onClose(link, reason);
  }

  /** Stops for good: every timer, then `quit` and the connection closed. */
  close(): void {
    this.reconnectTimer = clear(this.reconnectTimer);
    this.seekTimer = clear(this.seekTimer);
    this.loginTimer = clear(this.loginTimer);
    this.stopTicking();
    const link = this.link_;
    this.link_ = undefined;
    if (link?.conn !== undefined) {
      this.send(formatQuit(), link);
      link.conn.close();
    }
  }

  private stopTicking(): void {
    if (this.pingTimer !== undefined) clearInterval(this.pingTimer);
    if (this.idleTimer !== undefined) clearInterval(this.idleTimer);
    this.pingTimer = this.idleTimer = undefined;
  }

  private onClose(link: Link, reason: string): void {
    if (this.link_ !== link) return;
    this.link_ = undefined;
    this.loggedIn_ = false;
    this.seekStanding = false;
    this.loginTimer = clear(this.loginTimer);
    this.seekTimer = clear(this.seekTimer);
    this.stopTicking();
    if (this.hooks.finished()) return;
    const game = this.hooks.gameNo();
    this.hooks.lost();
    this.log(`connection lost: ${reason}${game !== undefined ? ` (in game ${game}: reconnecting to resume it)` : ''}`);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.hooks.finished() || this.reconnectTimer !== undefined) return;
    if (this.hooks.quitsInstead()) return;
    this.attempt++;
    const cap = this.hooks.gameNo() !== undefined ? Math.min(this.t.backoffInGameMaxMs, this.t.backoffMaxMs) : this.t.backoffMaxMs;
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
    if (this.link_ !== link) return;
    const silent = performance.now() - this.lastHeard;
    if (silent < this.t.idleTimeoutMs) return;
    this.log(`no word from the server for ${(silent / 1000).toFixed(1)} s: dropping the connection`);
    link.conn?.close();
    this.onClose(link, 'the server went silent');
  }

  // ---- logging in ----------------------------------------------------------------------------

  private sendLogin(link: Link): void {
    this.loginTimer = clear(this.loginTimer);
    if (this.link_ !== link || link.loginSent) return;
    link.loginSent = true;
    this.sendAcked(formatClient(`Bredon-${this.o.version}`), 'client', link);
    this.sendAcked(formatProtocol(PROTOCOL_VERSION), 'protocol', link);
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
      if (this.link_ !== link || this.loggedIn_) return;
      this.log(`no answer to the login within ${this.t.connectTimeoutMs} ms: dropping the connection`);
      link.conn?.close();
      this.onClose(link, 'the login went unanswered');
    }, this.t.connectTimeoutMs);
  }

  private onLoggedIn(link: Link, name: string): void {
    this.loginTimer = clear(this.loginTimer);
    this.loggedIn_ = true;
    this.name_ = name;
    this.attempt = 0;
    this.log(`logged in as ${name}`);
    if (this.pingTimer !== undefined) clearInterval(this.pingTimer);
    this.pingTimer = setInterval(() => {
      if (this.link_ === link) this.sendAcked(formatPing(), 'ping', link);
    }, this.t.pingIntervalMs);
    this.hooks.loggedIn(link);
  }

  // ---- seeks ---------------------------------------------------------------------------------

  postSeek(): void {
    if (!this.hooks.maySeek() || !this.loggedIn_ || this.seekStanding) return;
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

  cancelSeek(): void {
    this.seekTimer = clear(this.seekTimer);
    if (this.seekStanding && this.loggedIn_) this.send(formatSeekCancel());
    this.seekStanding = false;
  }

  /** A game started: the server has withdrawn our seek. */
  gameStarted(): void {
    this.seekStanding = false;
    this.seekTimer = clear(this.seekTimer);
  }

  // ---- server lines --------------------------------------------------------------------------

  private onLine(link: Link, line: string): void {
    if (this.link_ !== link || this.hooks.finished()) return;
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
      case 'online':
      case 'ignored':
        return;
      case 'login-prompt':
        return this.sendLogin(link);
      case 'logged-in':
        return this.onLoggedIn(link, msg.name);
      case 'auth-failure':
        this.log(`the server refused the login of ${this.o.user ?? 'a guest'}: ${msg.text} (check the name and BREDON_PLAYTAK_PASSWORD)`);
        return this.hooks.fatal(`login refused: ${msg.text}`);
      case 'ok':
      case 'nok':
        return this.onAck(link, msg.kind === 'ok');
      case 'seek':
        if (msg.name !== this.name_ || this.name_ === '') return;
        if (msg.action === 'new') {
          this.log(`seek ${msg.no} posted`);
        } else if (this.seekStanding && this.hooks.gameNo() === undefined) {
          this.seekStanding = false;
          this.seekTimer = clear(this.seekTimer);
          this.seekTimer = setTimeout(() => {
            this.seekTimer = undefined;
            this.postSeek();
          }, this.t.seekRemovedWaitMs);
        }
        return;
      case 'error':
        this.log(`server error: ${excerpt(msg.text, 300)}`);
        // A refused move is answered NOK, then `Error:<why>` (source: Client.java): only both
        // together say that the server's board lacks our move.
        if (link.moveRefused) {
          link.moveRefused = false;
          this.hooks.moveRefused(excerpt(msg.text, 100));
        }
        return;
      case 'unknown':
        this.log(`ignoring an unknown server line: '${excerpt(msg.line)}'`);
        return;
      default:
        return this.hooks.message(msg);
    }
  }

  private onAck(link: Link, ok: boolean): void {
    const head = link.acks.shift();
    if (head === undefined) {
      if (!ok && !this.loggedIn_) {
        this.log('the server refused the login (NOK)');
        return this.hooks.fatal('login refused (NOK)');
      }
      if (!ok) this.log('the server answered NOK');
      return;
    }
    if (head.kind === 'ping' && ok) {
      const sample = performance.now() - head.at;
      // An answer this late is more likely a misattributed OK than a round trip.
      if (sample < 10_000) this.rtt_ = smoothRtt(this.rtt_, sample);
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
}

/** Clears a timer; undefined, to assign back. */
export function clear(t: ReturnType<typeof setTimeout> | undefined): undefined {
  if (t !== undefined) clearTimeout(t);
  return undefined;
}
