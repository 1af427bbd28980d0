// The PlayTak server protocol, one text line at a time: server lines in (parseServerLine, which
// never throws: an unknown line is `unknown`, a known line with bad fields is `malformed`) and
// client commands out (the format* functions).
//
// Sources, checked for every format below (quoted as "README" and "source"):
// - README: the server's protocol tables, USTakAssociation/playtak-api server/README.md (the
//   server playtak.com runs; chaitu236/TakServer's README is the older version of the same text).
// - source: that server's Java code, server/src/main/java/tak/{Client,Game,Seek,Player}.java,
//   which is where the README is silent or out of date (e.g. `Abandoned.`, `Error:` without a
//   space, `Over 1-0`, the fields `Game Start` really sends). A format marked "unverified" has no
//   such source and is parsed tolerantly.

import { parsePlaytakMove, PlaytakMoveError, type PlaytakMove } from './moves.js';

/** What `Game Start` says about a game; fields absent from older formats are undefined. */
export interface GameStartInfo {
  game: number;
  size: number;
  white: string;
  black: string;
  /** 0: Bredon plays White, 1: Black. */
  colour: 0 | 1;
  timeSec?: number;
  incSec?: number;
  /** Komi in half flats (the server's own unit: "Komi is given in half flats as an integer from 0 to 8"). */
  halfKomi?: number;
  /** Stones (flats and walls) per player. */
  stones?: number;
  caps?: number;
  unrated?: boolean;
  tournament?: boolean;
  /** Extra time `extraSec` is added when a player reaches move `triggerMove` (0: never). */
  triggerMove?: number;
  extraSec?: number;
}

export type GameEvent = 'OfferDraw' | 'RemoveDraw' | 'RequestUndo' | 'RemoveUndo' | 'Undo';

export type ServerMessage =
  | { kind: 'welcome' }
  | { kind: 'login-prompt' }
  | { kind: 'logged-in'; name: string }
  | { kind: 'auth-failure'; text: string }
  | { kind: 'game-start'; start: GameStartInfo }
  | { kind: 'move'; game: number; move: PlaytakMove; text: string }
  | { kind: 'time'; game: number; whiteMs: number; blackMs: number; unit: 's' | 'ms' }
  | { kind: 'over'; game: number; result: string }
  | { kind: 'abandoned'; game: number; quitter: string | undefined }
  | { kind: 'game-event'; game: number; event: GameEvent }
  | { kind: 'seek'; action: 'new' | 'remove'; no: number; name: string; fields: string[] }
  | { kind: 'shout'; player: string; text: string }
  | { kind: 'tell'; player: string; text: string }
  | { kind: 'message'; text: string }
  | { kind: 'error'; text: string }
  | { kind: 'ok' }
  | { kind: 'nok' }
  | { kind: 'online'; count: number }
  /** A known message the bot has no use for (game lists, observing, rooms, ...). */
  | { kind: 'ignored'; line: string }
  | { kind: 'unknown'; line: string }
  | { kind: 'malformed'; line: string; reason: string };

/** The results `Game#N Over` may carry (source: Game.gameStateString). */
export const SERVER_RESULTS: readonly string[] = ['R-0', '0-R', 'F-0', '0-F', '1/2-1/2', '1-0', '0-1', '0-0'];

/** Names as the server accepts them at registration (source: Client.registerString). */
export const USER_NAME_RE = /^[a-zA-Z][a-zA-Z0-9_]{3,15}$/;
/** Passwords as `Login` accepts them (source: Client.loginString: `([^\n\r\s]{6,50})`). */
export const PASSWORD_RE = /^[^\s]{6,50}$/;

const WHOLE = /^[0-9]+$/;

function whole(token: string | undefined): number | undefined {
  return token !== undefined && WHOLE.test(token) ? Number(token) : undefined;
}

class Malformed extends Error {}

function need(value: number | undefined, what: string): number {
  if (value === undefined) throw new Malformed(`${what} is not a whole number`);
  return value;
}

/**
 * `Game Start`, in either layout the server sends (source: Client.createGameStartString and
 * Game.playerRejoin), told apart by the field after the game number:
 *   protocol < 2:  Game Start <no> <size> <white> vs <black> <colour> <time> <komi> <pieces> <caps> <trigger> <extra>
 *   protocol >= 2: Game Start <no> <white> vs <black> <colour> <size> <time> <incr> <komi> <pieces> <caps>
 *                  <unrated> <tournament> <trigger> <extra> <bot>
 * The README's shorter forms (no fields after the colour, or after caps) parse too, leaving
 * the missing fields undefined. Names cannot be 'vs' (4 to 16 characters) nor start with a digit.
 */
function parseGameStart(t: readonly string[]): GameStartInfo {
  const game = need(whole(t[2]), 'the game number');
  const colourOf = (word: string | undefined): 0 | 1 => {
    const w = word?.toLowerCase();
    if (w === 'white') return 0;
    if (w === 'black') return 1;
    throw new Malformed(`the colour must be white or black, got '${word ?? ''}'`);
  };
  const name = (token: string | undefined, what: string): string => {
    if (token === undefined || token === '') throw new Malformed(`no ${what} player`);
    return token;
  };
  const optional = (i: number): number | undefined => {
    const v = t[i];
    if (v === undefined) return undefined;
    const n = whole(v);
    if (n === undefined) throw new Malformed(`field ${i + 1} '${v}' is not a whole number`);
    return n;
  };
  const flag = (i: number): boolean | undefined => {
    const n = optional(i);
    return n === undefined ? undefined : n !== 0;
  };
  let info: GameStartInfo;
  if (whole(t[3]) !== undefined) {
    if (t[5] !== 'vs') throw new Malformed(`expected 'vs' after the white player, got '${t[5] ?? ''}'`);
    info = { game, size: Number(t[3]), white: name(t[4], 'white'), black: name(t[6], 'black'), colour: colourOf(t[7]) };
    info.timeSec = optional(8);
    info.halfKomi = optional(9);
    info.stones = optional(10);
    info.caps = optional(11);
    info.triggerMove = optional(12);
    info.extraSec = optional(13);
  } else {
    if (t[4] !== 'vs') throw new Malformed(`expected 'vs' after the white player, got '${t[4] ?? ''}'`);
    info = { game, size: 0, white: name(t[3], 'white'), black: name(t[5], 'black'), colour: colourOf(t[6]) };
    info.size = need(optional(7), 'the board size');
    info.timeSec = optional(8);
    info.incSec = optional(9);
    info.halfKomi = optional(10);
    info.stones = optional(11);
    info.caps = optional(12);
    info.unrated = flag(13);
    info.tournament = flag(14);
    info.triggerMove = optional(15);
    info.extraSec = optional(16);
  }
  for (const key of Object.keys(info) as (keyof GameStartInfo)[]) if (info[key] === undefined) delete info[key];
  return info;
}

/** `<player> text` of Shout and Tell (README: "Shout <player> text", "Tell <player> text"). */
function chat(rest: string): { player: string; text: string } | undefined {
  const m = /^<([^<>\s]+)>\s?(.*)$/.exec(rest);
  return m ? { player: m[1]!, text: m[2]! } : undefined;
}

/** `Game#<no> ...` lines. */
function parseGameLine(line: string, t: readonly string[]): ServerMessage {
  const m = /^Game#([0-9]+)$/.exec(t[0]!);
  if (!m) return { kind: 'malformed', line, reason: `'${t[0]}' is not Game#<number>` };
  const game = Number(m[1]);
  const what = t[1];
  switch (what) {
    case 'P':
    case 'M':
      try {
        return { kind: 'move', game, move: parsePlaytakMove(t.slice(1)), text: t.slice(1).join(' ') };
      } catch (e) {
        if (e instanceof PlaytakMoveError) return { kind: 'malformed', line, reason: e.message };
        throw e;
      }
    case 'Time':
    case 'Timems': {
      // README: "Game#no Time whitetime blacktime" in seconds (protocol 0), "Game#no Timems" in
      // ms (protocol >= 1); source: Game.sendTimeToAll (negative clocks are sent as 0).
      const w = whole(t[2]);
      const b = whole(t[3]);
      if (w === undefined || b === undefined) return { kind: 'malformed', line, reason: 'the clocks are not whole numbers' };
      const scale = what === 'Time' ? 1000 : 1;
      return { kind: 'time', game, whiteMs: w * scale, blackMs: b * scale, unit: what === 'Time' ? 's' : 'ms' };
    }
    case 'Over': {
      const result = t[2];
      if (result === undefined || !SERVER_RESULTS.includes(result)) return { kind: 'malformed', line, reason: `unknown result '${result ?? ''}'` };
      return { kind: 'over', game, result };
    }
    case 'Abandoned':
    case 'Abandoned.': {
      // README: "Game#no Abandoned. player quit"; source: Game.whenGameEnd (sent to the winner only).
      const quitter = t[2] !== undefined && t[3] === 'quit' ? t[2] : undefined;
      return { kind: 'abandoned', game, quitter };
    }
    case 'OfferDraw':
    case 'RemoveDraw':
    case 'RequestUndo':
    case 'RemoveUndo':
    case 'Undo':
      return { kind: 'game-event', game, event: what };
    case 'Show':
      return { kind: 'ignored', line };
    default:
      return { kind: 'unknown', line };
  }
}

/** One server line as a message. Never throws. */
export function parseServerLine(raw: string): ServerMessage {
  const line = raw.replace(/[\r\n]+$/, '');
  try {
    return parseLine(line);
  } catch (e) {
    if (e instanceof Malformed) return { kind: 'malformed', line, reason: e.message };
    return { kind: 'malformed', line, reason: `cannot be read: ${(e as Error).message}` };
  }
}

function parseLine(line: string): ServerMessage {
  const t = line.trim().split(/\s+/);
  const head = t[0] ?? '';
  if (line.trim() === '') return { kind: 'unknown', line };
  if (line === 'Welcome!') return { kind: 'welcome' };
  if (line === 'Login or Register') return { kind: 'login-prompt' };
  if (line === 'OK') return { kind: 'ok' };
  if (line === 'NOK') return { kind: 'nok' };
  // README: "Welcome name!" once logged in.
  const welcome = /^Welcome ([^\s!]+)!$/.exec(line);
  if (welcome) return { kind: 'logged-in', name: welcome[1]! };
  // source: Client.java sends "Authentication failure" for a bad name or password.
  if (line.startsWith('Authentication failure')) return { kind: 'auth-failure', text: line };
  if (head.startsWith('Game#')) return parseGameLine(line, t);
  if (head === 'Game' && t[1] === 'Start') return { kind: 'game-start', start: parseGameStart(t) };
  if (head === 'Seek' && (t[1] === 'new' || t[1] === 'remove')) {
    // README: "Seek new no name boardsize time increment W/B/A komi pieces capstones unrated tournament ..."
    const no = whole(t[2]);
    if (no === undefined || t[3] === undefined) return { kind: 'malformed', line, reason: 'a seek needs a number and a name' };
    return { kind: 'seek', action: t[1], no, name: t[3], fields: t.slice(4) };
  }
  if (head === 'Shout' || head === 'Tell') {
    const c = chat(line.slice(head.length + 1));
    if (!c) return { kind: 'malformed', line, reason: `${head} without <player>` };
    return { kind: head === 'Shout' ? 'shout' : 'tell', ...c };
  }
  if (head === 'Message') return { kind: 'message', text: line.slice(8) };
  // README: "Error text"; source: Client.java sends "Error:" + the reason, without a space.
  if (head === 'Error' || head.startsWith('Error:')) return { kind: 'error', text: line.replace(/^Error:?\s*/, '') };
  if (head === 'Online') {
    const n = whole(t[1]);
    return n === undefined ? { kind: 'malformed', line, reason: 'Online without a count' } : { kind: 'online', count: n };
  }
  // Known lines of no use to a bot: the lobby (README: GameList Add/Remove, Observe, Joined room,
  // Left room, ShoutRoom, Told) and the source's extras (OnlinePlayers, Is Mod, Accept Rematch,
  // CmdReply, sudoReply, Registered, registration and password replies).
  if (['GameList', 'Observe', 'Joined', 'Left', 'ShoutRoom', 'Told', 'OnlinePlayers', 'Is', 'Accept', 'CmdReply', 'sudoReply', 'Registered', 'Registration', 'Rematch'].includes(head)) {
    return { kind: 'ignored', line };
  }
  return { kind: 'unknown', line };
}

// ---------------------------------------------------------------------------------------------
// Client commands. Each is one line; the connection adds the line end (TCP) or frames it (WebSocket).

/** What Bredon seeks: the server's V2 seek fields. */
export interface SeekParams {
  size: number;
  timeSec: number;
  incSec: number;
  /** The colour Bredon wants: W, B, or A for either. */
  colour: 'W' | 'B' | 'A';
  halfKomi: number;
  stones: number;
  caps: number;
  unrated: boolean;
  tournament: boolean;
}

/**
 * `Client <name>` (README). The source accepts `[A-Za-z-.0-9]{1,60}` only, so anything else is
 * dropped from the name.
 */
export function formatClient(name: string): string {
  return `Client ${name.replace(/[^A-Za-z0-9.-]/g, '').slice(0, 60) || 'Bredon'}`;
}

/**
 * `Protocol <version>` (README: sent once, before logging in). Version 1 sends clocks as
 * `Timems` in milliseconds; version 2 also sends `Game Start` with the increment and flags.
 */
export function formatProtocol(version: number): string {
  return `Protocol ${version}`;
}

/** `Login <user> <password>` (README). Never log this line: see redact(). */
export function formatLogin(user: string, password: string): string {
  return `Login ${user} ${password}`;
}

/**
 * `Login Guest <token>` (README: "set a token for rejoining, use the same token within 4 hours
 * ... 20 lower-case letters"): with the same token a reconnecting guest gets its game back.
 */
export function formatGuestLogin(token?: string): string {
  return token === undefined ? 'Login Guest' : `Login Guest ${token}`;
}

/**
 * The V2 seek (README: "Seek no time incr W/B/A komi pieces capstones unrated tournament
 * opponent"), with an empty opponent so that anyone may accept. The trailing space is needed:
 * the source's V2 pattern ends in ` ([A-Za-z0-9_]*)`, and a line without it would match the V1
 * pattern `^Seek (\d) (\d+) (\d+)( [WB])?` instead, silently dropping komi and pieces.
 */
export function formatSeek(s: SeekParams): string {
  return `Seek ${s.size} ${s.timeSec} ${s.incSec} ${s.colour} ${s.halfKomi} ${s.stones} ${s.caps} ${s.unrated ? 1 : 0} ${s.tournament ? 1 : 0} `;
}

/** Withdraws the standing seek: a seek of size 0 (source: Client.java, `if (no == 0) ... seek = null`). */
export function formatSeekCancel(): string {
  return 'Seek 0 0 0';
}

/** `Game#<no> <move>` (README). */
export function formatGameMove(game: number, playtakMove: string): string {
  return `Game#${game} ${playtakMove}`;
}

/**
 * `Game#<no> RequestUndo` (README: "Request undo"). Sent after the opponent's request, it is the
 * acceptance: the server then takes back the last move and sends both players `Game#<no> Undo`
 * (source: Game.undo). The server answers OK either way (source: Client.java).
 */
export function formatRequestUndo(game: number): string {
  return `Game#${game} RequestUndo`;
}

/** `Game#<no> RemoveUndo` (README): withdraws our standing undo request; answered OK. */
export function formatRemoveUndo(game: number): string {
  return `Game#${game} RemoveUndo`;
}

export function formatResign(game: number): string {
  return `Game#${game} Resign`;
}

/** README: "Recommended ping spacing is 30 seconds"; the server answers OK. */
export function formatPing(): string {
  return 'PING';
}

/**
 * The most characters of a chat line the server keeps (source: shoutString and tellString end in
 * `([^\n\r]{1,256})`, matched with find(): the rest of a longer line is dropped).
 */
export const CHAT_MAX = 256;

/** Chat text on one line, at most CHAT_MAX characters. */
function chatText(text: string): string {
  const flat = text.replace(/[\r\n]+/g, ' ').trim();
  return flat.length > CHAT_MAX ? flat.slice(0, CHAT_MAX - 1) + '…' : flat;
}

export function formatShout(text: string): string {
  return `Shout ${chatText(text)}`;
}

export function formatTell(player: string, text: string): string {
  return `Tell ${player} ${chatText(text)}`;
}

/** README: "Server removes all seeks, abandons (which loses) game if any". */
export function formatQuit(): string {
  return 'quit';
}

/** A sent line as it may be logged: a `Login` never shows its password. */
export function redact(line: string): string {
  return /^Login\s+(?!Guest\b)\S+\s/.test(line) ? line.replace(/^(Login\s+\S+\s+).*$/, '$1********') : line;
}

/** A fresh rejoin token for `Login Guest <token>`: 20 random lower-case letters. */
export function guestToken(random: (n: number) => Uint8Array): string {
  const bytes = random(20);
  let token = '';
  for (const b of bytes) token += String.fromCharCode(97 + (b % 26));
  return token;
}
