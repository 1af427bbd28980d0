// What the PlayTak bot is given (options, the waits it makes) and what it hands back (a summary):
// what every part of the bot shares (and `excerpt`, for its log), so that none imports the bot.

import type { ServerAddress } from './connection.js';
import type { Engine } from './engine.js';
import type { SeekParams } from './protocol.js';
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
  /** At most one chat answer per this many ms; answers that come sooner wait their turn. */
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

/** A line of text for the log: control characters shown as `?`, cut to `n` characters. */
export function excerpt(s: string, n = 120): string {
  const flat = s.replace(/[\x00-\x1f\x7f]/g, '?');
  return flat.length > n ? flat.slice(0, n) + '...' : flat;
}
