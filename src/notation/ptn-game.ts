// PTN game files in, and replaying a game on a Position.
//
// A file holds one or many games. Each game is `[Tag "value"]` headers, then move text:
// move numbers (`12.`, `12...`), moves, `--` or `...` placeholders for a ply that is not shown
// (a game set up with Black to move), `{comments}` (possibly over several lines) and an optional
// result token. A new game starts at the first tag after some move text. Input is tolerant of
// what real archives carry: CRLF line ends, no result token, moves with explicit counts or
// suffixes (those are read by parseMove), a TPS tag giving the start position.
//
// Plies are numbered from the empty board, 1-based: `1. a1` is ply 1, its reply ply 2, and
// `5. -- a3` (Black's fifth move) ply 10, so ply numbers agree with move numbers and TPS.

import { makeMove } from '../core/makemove.js';
import { CAP, dropCounts, dropMask, handSize, isSpread, moveSquare, placedType, spreadDir } from '../core/move.js';
import { generateMoves, MAX_MOVES } from '../core/movegen.js';
import { WHITE, type Position, type ReserveCount, type ReserveOptions } from '../core/position.js';
import { boardResult, gameResult, ONGOING, REPETITION, resultText, type ResultCode } from '../core/result.js';
import { DEFAULT_RESERVES, isSupportedSize, MAX_SIZE, MIN_SIZE, squareName } from '../core/sizes.js';
import { NotationError, oneLine } from './errors.js';
import { parseMove } from './ptn-move.js';
import { parseTps, startTps } from './tps.js';

/** Result tokens that may close a game's move text. */
export const RESULT_TOKENS: readonly string[] = ['R-0', '0-R', 'F-0', '0-F', '1-0', '0-1', '1/2-1/2', '0-0'];

/** Game result from White's view by PTN result text; undefined for unfinished or unknown. */
export function resultScore(text: string | undefined): number | undefined {
  switch (text?.trim()) {
    case 'R-0':
    case 'F-0':
    case '1-0':
      return 1;
    case '0-R':
    case '0-F':
    case '0-1':
      return 0;
    case '1/2-1/2':
      return 0.5;
    default:
      return undefined;
  }
}

/** One move of the move text, as written. */
export interface PtnMove {
  /** The move as written, suffixes included (e.g. `1c5-1'`). */
  text: string;
  /** Ply from the empty board, 1-based (`1. a1` is ply 1); agrees with the move number. */
  ply: number;
  /** The move number it was written under and the side that plays it (0 White, 1 Black). */
  moveNumber: number;
  side: number;
  /** Line of the file it was read from, 1-based. */
  line: number;
  /**
   * The comment written right after the move, if any (engines put their evaluation there: the
   * tuner reads Tiltak's). Also kept in PtnGame.comments with every other comment.
   */
  comment?: string;
}

export interface PtnGame {
  /** 1-based position of the game in its file. */
  index: number;
  /** Line of the file where the game starts, 1-based. */
  line: number;
  /** Tags in file order; look them up with tagValue (names are case-insensitive). */
  tags: Map<string, string>;
  moves: PtnMove[];
  /** The trailing result token, if the move text has one. */
  result: string | undefined;
  comments: string[];
}

/**
 * A malformed or illegal game. The message names the game, and the ply and move (or the line)
 * that was wrong; the fields let a caller format its own report.
 */
export class PtnError extends NotationError {
  override name = 'PtnError';
  /** Why, and the move as written, in one line each (callers print them on their own: see oneLine). */
  readonly reason: string;
  readonly token?: string;
  constructor(
    readonly game: number,
    reason: string,
    readonly ply?: number,
    token?: string,
    readonly line?: number,
  ) {
    super(
      ply !== undefined
        ? `game ${game}, ply ${ply} (${token}): ${reason}`
        : `game ${game}${line !== undefined ? `, line ${line}` : ''}: ${reason}`,
    );
    this.reason = oneLine(reason);
    if (token !== undefined) this.token = oneLine(token);
  }
}

/** A tag's value by case-insensitive name. */
export function tagValue(game: PtnGame, name: string): string | undefined {
  const lower = name.toLowerCase();
  for (const [k, v] of game.tags) if (k.toLowerCase() === lower) return v;
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Reading the text: tokens, then games.

type Token =
  | { kind: 'tag'; name: string; value: string; line: number }
  | { kind: 'comment'; text: string; line: number }
  | { kind: 'word'; text: string; line: number }
  | { kind: 'error'; reason: string; line: number };

const TAG_RE = /^\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]/;

function* tokenize(text: string): Generator<Token> {
  let i = 0;
  let line = 1;
  const n = text.length;
  while (i < n) {
    const c = text[i]!;
    if (c === '\n') {
      line++;
      i++;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\r' || c === '\f' || c === '\v' || c === '\uFEFF') {
      i++;
      continue;
    }
    if (c === '{') {
      const end = text.indexOf('}', i + 1);
      if (end < 0) {
        yield { kind: 'error', reason: `comment opened with '{' is never closed`, line };
        return;
      }
      const body = text.slice(i + 1, end);
      yield { kind: 'comment', text: body.trim(), line };
      for (const ch of body) if (ch === '\n') line++;
      i = end + 1;
      continue;
    }
    if (c === '[') {
      let eol = text.indexOf('\n', i);
      if (eol < 0) eol = n;
      const rest = text.slice(i, eol);
      const m = TAG_RE.exec(rest);
      if (m) {
        yield { kind: 'tag', name: m[1]!, value: m[2]!.replace(/\\(.)/g, '$1'), line };
        i += m[0].length;
      } else {
        yield { kind: 'error', reason: `bad tag '${rest.trim()}' (expected [Name "value"])`, line };
        i = eol;
      }
      continue;
    }
    let j = i;
    while (j < n && !/[\s{[]/.test(text[j]!)) j++;
    if (j === i) j++; // a lone stray character
    yield { kind: 'word', text: text.slice(i, j), line };
    i = j;
  }
}

interface RawGame {
  index: number;
  line: number;
  tokens: Token[];
}

/** Splits the tokens into games: a tag after move text (or after a read error) starts a new game. */
function splitGames(text: string): RawGame[] {
  const games: RawGame[] = [];
  let cur: RawGame | undefined;
  let sawMoves = false;
  for (const t of tokenize(text)) {
    if (cur === undefined || (t.kind === 'tag' && sawMoves)) {
      if (cur === undefined && t.kind === 'comment') continue; // a comment before the first game
      cur = { index: games.length + 1, line: t.line, tokens: [] };
      games.push(cur);
      sawMoves = false;
    }
    cur.tokens.push(t);
    if (t.kind === 'word' || t.kind === 'error') sawMoves = true;
  }
  return games;
}

const NUMBER_RE = /^([0-9]+)\.(\.\.)?(.*)$/;

/** The move number and side a TPS tag sets up, read loosely (the full check is parseTps's). */
function tpsStart(tps: string | undefined): [number, number] {
  if (tps === undefined) return [1, WHITE];
  const f = tps.trim().split(/\s+/);
  const side = f[1] === '2' ? 1 : 0;
  const number = /^[1-9][0-9]*$/.test(f[2] ?? '') ? Number(f[2]) : 1;
  return [number, side];
}

function buildGame(raw: RawGame): PtnGame {
  const game: PtnGame = { index: raw.index, line: raw.line, tags: new Map(), moves: [], result: undefined, comments: [] };
  const fail = (reason: string, line: number) => new PtnError(raw.index, reason, undefined, undefined, line);
  let number = 0;
  let side = 0;
  let numbered = false; // some move number has been read
  let started = false; // move text has begun
  let lastMove: PtnMove | undefined; // the move just read, until another word comes
  for (const t of raw.tokens) {
    if (t.kind === 'error') throw fail(t.reason, t.line);
    if (t.kind === 'comment') {
      game.comments.push(t.text);
      if (lastMove !== undefined && lastMove.comment === undefined) lastMove.comment = t.text;
      continue;
    }
    if (t.kind === 'tag') {
      game.tags.set(t.name, t.value);
      continue;
    }
    if (!started) {
      started = true;
      [number, side] = tpsStart(tagValue(game, 'TPS'));
    }
    let word = t.text;
    lastMove = undefined;
    if (game.result !== undefined) throw fail(`'${word}' after the result ${game.result}`, t.line);
    if (RESULT_TOKENS.includes(word)) {
      game.result = word;
      continue;
    }
    const m = NUMBER_RE.exec(word);
    if (m) {
      const n = Number(m[1]);
      // After `N.` White plays next; `N...` announces Black's move N. Numbers must follow on
      // (a skipped or repeated ply is caught by the replay, which checks every move's ply).
      const black = m[2] !== undefined;
      const expected = black && side < 2 ? number : number + 1;
      const written = `${m[1]}${black ? '...' : '.'}`;
      if (numbered && n !== expected) throw fail(`move number '${written}' where ${expected} was expected`, t.line);
      if (n === 0) throw fail(`move number '${written}' must be 1 or more`, t.line);
      numbered = true;
      number = n;
      side = black ? 1 : 0;
      word = m[3]!;
      if (word === '') continue;
    } else if (side > 1) {
      // A move after two moves without a new number: numbering is implicit.
      number++;
      side = 0;
    }
    if (word === '--' || word === '...') {
      side++;
      continue;
    }
    lastMove = { text: word, ply: 2 * (number - 1) + side + 1, moveNumber: number, side, line: t.line };
    game.moves.push(lastMove);
    side++;
  }
  return game;
}

export type ParsedGame = { index: number; line: number; game: PtnGame } | { index: number; line: number; error: PtnError };

/**
 * Reads every game of a file, each on its own: a malformed game gives an error entry and the
 * games around it are still read. (A comment left open swallows the rest of the file.)
 */
export function parsePtnFile(text: string): ParsedGame[] {
  return splitGames(text).map((raw) => {
    try {
      return { index: raw.index, line: raw.line, game: buildGame(raw) };
    } catch (e) {
      if (e instanceof PtnError) return { index: raw.index, line: raw.line, error: e };
      throw e;
    }
  });
}

/** Reads every game of a file; throws the first game's error (a PtnError naming game and line). */
export function parsePtnGames(text: string): PtnGame[] {
  return parsePtnFile(text).map((g) => {
    if ('error' in g) throw g.error;
    return g.game;
  });
}

// ---------------------------------------------------------------------------------------------
// Replaying.

export interface ReplayOptions {
  /** Board size, overriding the Size tag. */
  size?: number;
  /** Komi in flats (halves allowed), overriding the Komi tag; added to Black's flat count. */
  komi?: number;
  /**
   * Whether a third repetition ends the game, so that a move after it is an error. By default it
   * ends the game only as the last position: servers such as PlayTak do not enforce it, and their
   * archives hold games played on past it (see Replay.repetitionIgnoredAt).
   */
  strictRepetition?: boolean;
  /** Called after each move with the position reached (tests use it to check invariants). */
  onMove?: (pos: Position, move: number, ptn: PtnMove) => void;
}

export interface Replay {
  /** The final position (its history holds the whole game, for repetitions). */
  pos: Position;
  /** Plies played from the start position. */
  plies: number;
  result: ResultCode;
  /** R-0, 0-R, F-0, 0-F, 1/2-1/2 or unfinished. */
  resultText: string;
  halfKomi: number;
  /** Ply at which a position first occurred for the third time while the game went on (lenient mode). */
  repetitionIgnoredAt: number | undefined;
}

/** Komi text as half-flats: "0" → 0, "2.5" → 5. Throws a plain Error with a reason. */
export function halfKomiFrom(text: string): number {
  const t = text.trim();
  if (!/^-?[0-9]+(\.[0-9]+)?$/.test(t)) throw new Error(`komi '${text}' is not a number`);
  const half = Number(t) * 2;
  if (!Number.isInteger(half)) throw new Error(`komi '${text}' is not a whole or half number`);
  return half;
}

function wholeTag(game: PtnGame, name: string, min: number, max: number): number | undefined {
  const v = tagValue(game, name);
  if (v === undefined) return undefined;
  const t = v.trim();
  if (!/^[0-9]+$/.test(t) || Number(t) < min || Number(t) > max) {
    throw new PtnError(game.index, `${name} tag '${v}' must be a whole number from ${min} to ${max}`, undefined, undefined, game.line);
  }
  return Number(t);
}

/** The start position of a game: the TPS tag or the empty board, with the game's size and reserves. */
export function startPosition(game: PtnGame, sizeOverride?: number): Position {
  const fail = (reason: string): never => {
    throw new PtnError(game.index, reason, undefined, undefined, game.line);
  };
  const tps = tagValue(game, 'TPS');
  let size = sizeOverride;
  if (size === undefined) {
    size = tagValue(game, 'Size') === undefined ? undefined : wholeTag(game, 'Size', 0, 99);
    if (size !== undefined && !isSupportedSize(size)) fail(`Size tag '${tagValue(game, 'Size')}': boards from ${MIN_SIZE} to ${MAX_SIZE} are supported`);
  } else if (!isSupportedSize(size)) {
    fail(`size ${size}: boards from ${MIN_SIZE} to ${MAX_SIZE} are supported`);
  }
  if (size === undefined && tps === undefined) fail('no Size tag and no TPS tag: the board size is unknown');
  // Flats and Caps for both players; Flats1/Flats2 and Caps1/Caps2 (PTN Ninja's tags for a
  // handicap game) for White and Black apart, each defaulting to the shared tag, then the standard.
  const standard = DEFAULT_RESERVES[size ?? tps!.trim().split(/\s+/)[0]!.split('/').length];
  const reserve = (name: string, max: number, kind: 0 | 1): ReserveCount | undefined => {
    const both = wholeTag(game, name, 0, max);
    const white = wholeTag(game, `${name}1`, 0, max);
    const black = wholeTag(game, `${name}2`, 0, max);
    if (white === undefined && black === undefined) return both;
    const fallback = both ?? standard?.[kind];
    const w = white ?? fallback;
    const b = black ?? fallback;
    if (w === undefined || b === undefined) return both; // an unsupported size: parseTps says so
    return w === b ? w : [w, b];
  };
  const reserves: ReserveOptions = {};
  const stones = reserve('Flats', 200, 0);
  const caps = reserve('Caps', 20, 1);
  if (stones !== undefined) reserves.stones = stones;
  if (caps !== undefined) reserves.caps = caps;
  try {
    return parseTps(tps ?? startTps(size!), reserves, size);
  } catch (e) {
    if (e instanceof NotationError) return fail(tps === undefined ? e.message : `TPS tag: ${e.message}`);
    throw e;
  }
}

const scratch = new Int32Array(MAX_MOVES);

/** Why a move that parsed is not legal here, as precisely as a quick look can tell. */
export function illegalReason(pos: Position, move: number): string {
  const size = pos.size;
  const sq = moveSquare(move);
  const name = squareName(sq, size);
  const who = (c: number) => (c === WHITE ? 'White' : 'Black');
  if (!isSpread(move)) {
    if (pos.top[sq] !== 0) return `${name} is not empty`;
    const type = placedType(move);
    if (pos.inOpening && type !== 1) return 'the first ply of each side must place a flat';
    if (type === CAP && pos.caps[pos.side] === 0) return `${who(pos.side)} has no capstone left`;
    if (type !== CAP && pos.stones[pos.side] === 0) return `${who(pos.side)} has no stones left`;
    return 'not a legal move in this position';
  }
  if (pos.inOpening) return 'no stack may move in the first ply of each side';
  const top = pos.top[sq]!;
  if (top === 0) return `there is no stack on ${name}`;
  if ((top & 1) !== pos.side) return `the stack on ${name} is topped by ${who(top & 1)}, and ${who(pos.side)} is to move`;
  const mask = dropMask(move);
  const n = handSize(mask);
  if (n > pos.height[sq]!) return `${name} holds ${pos.height[sq]} piece${pos.height[sq] === 1 ? '' : 's'}, fewer than the ${n} carried`;
  const counts = dropCounts(mask);
  const step = pos.info.delta[spreadDir(move)]!;
  let cur = sq;
  for (let i = 0; i < counts.length; i++) {
    cur += step;
    const t = pos.top[cur]!;
    if (t >= 6) return `the spread runs into the capstone on ${squareName(cur, size)}`;
    if (t >= 4) {
      const lastAlone = i === counts.length - 1 && counts[i] === 1 && top >= 6;
      if (!lastAlone) return `the spread runs into the wall on ${squareName(cur, size)}${top >= 6 ? ' (only a capstone alone may flatten it)' : ''}`;
    }
  }
  return 'not a legal move in this position';
}

/**
 * Replays a game from its start position: size from the Size tag unless overridden, the TPS tag
 * as the start, komi from the Komi tag unless overridden (half-komi = 2 * komi). Every move must
 * parse, be numbered for the position it is played in, come before the game has ended, and be
 * in the legal move list; otherwise a PtnError names the ply and the move.
 */
export function replayGame(game: PtnGame, options: ReplayOptions = {}): Replay {
  let halfKomi = 0;
  if (options.komi !== undefined) {
    halfKomi = 2 * options.komi;
    if (!Number.isInteger(halfKomi)) throw new RangeError(`komi ${options.komi} is not a whole or half number`);
  } else {
    const k = tagValue(game, 'Komi');
    if (k !== undefined) {
      try {
        halfKomi = halfKomiFrom(k);
      } catch (e) {
        throw new PtnError(game.index, `Komi tag: ${(e as Error).message}`, undefined, undefined, game.line);
      }
    }
  }
  const pos = startPosition(game, options.size);
  let plies = 0;
  const judge = () => (options.strictRepetition ? gameResult(pos, halfKomi) : boardResult(pos, halfKomi));
  let result = judge();
  let endedAt = result === ONGOING ? -1 : 0;
  let repetitionIgnoredAt: number | undefined;
  for (const ptn of game.moves) {
    const fail = (reason: string): never => {
      throw new PtnError(game.index, reason, ptn.ply, ptn.text, ptn.line);
    };
    let move: number;
    try {
      move = parseMove(ptn.text, pos.size);
    } catch (e) {
      if (e instanceof NotationError) return fail(e.message);
      throw e;
    }
    if (result !== ONGOING) {
      fail(endedAt > 0
        ? `played after the game ended with ${resultText(result)} at ply ${endedAt}`
        : `played after the game ended: the start position is already decided (${resultText(result)})`);
    }
    if (ptn.ply !== pos.ply + 1) {
      const side = (s: number) => (s === WHITE ? 'White' : 'Black');
      fail(`written as move ${ptn.moveNumber} for ${side(ptn.side)}, but the position is at move ${pos.moveNumber} with ${side(pos.side)} to move`);
    }
    const end = generateMoves(pos, scratch, 0);
    let legal = false;
    for (let i = 0; i < end; i++) {
      if (scratch[i] === move) {
        legal = true;
        break;
      }
    }
    if (!legal) fail(illegalReason(pos, move));
    makeMove(pos, move);
    plies++;
    options.onMove?.(pos, move, ptn);
    result = judge();
    if (result !== ONGOING) endedAt = ptn.ply;
    else if (repetitionIgnoredAt === undefined && pos.repetitions() >= 3) repetitionIgnoredAt = ptn.ply;
  }
  // Where play stopped, a third repetition is the result (gameResult counts it).
  if (result === ONGOING) result = gameResult(pos, halfKomi);
  if (result === REPETITION && repetitionIgnoredAt === game.moves[game.moves.length - 1]?.ply) repetitionIgnoredAt = undefined;
  return { pos, plies, result, resultText: resultText(result), halfKomi, repetitionIgnoredAt };
}
