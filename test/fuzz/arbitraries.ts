// Generators for the fuzzers (fast-check arbitraries): random legal games of every size played by
// the rules core, and the texts the parsers read, both well-formed (from the real grammar, with
// the variations clients send) and broken (mutations of good text, and anything at all).

import fc from 'fast-check';
import { makeMove } from '../../src/core/makemove.js';
import { generateMoves, MAX_MOVES } from '../../src/core/movegen.js';
import { Position, type ReserveOptions } from '../../src/core/position.js';
import { isDecided } from '../../src/core/result.js';
import { DEFAULT_RESERVES, MAX_SIZE, MIN_SIZE } from '../../src/core/sizes.js';
import { MAX_LEVELS } from '../../src/core/zobrist.js';
import { formatMove } from '../../src/notation/ptn-move.js';
import { formatTps } from '../../src/notation/tps.js';

const scratch = new Int32Array(MAX_MOVES);

/** A game as data (so that shrinking replays it): size, reserves, and the moves played. */
export interface RandomGame {
  size: number;
  reserves: ReserveOptions;
  moves: number[];
}

/** The position a random game reaches (a new Position each call: properties may change it). */
export function replay(game: RandomGame, upTo = game.moves.length): Position {
  const pos = new Position(game.size, game.reserves);
  for (let i = 0; i < upTo; i++) makeMove(pos, game.moves[i]!);
  return pos;
}

/** Plays `choices` (indices into each position's legal moves) until the game ends. */
function play(size: number, reserves: ReserveOptions, choices: readonly number[]): RandomGame {
  const pos = new Position(size, reserves);
  const moves: number[] = [];
  for (const c of choices) {
    if (isDecided(pos)) break;
    const n = generateMoves(pos, scratch, 0);
    if (n === 0) break;
    const m = scratch[c % n]!;
    makeMove(pos, m);
    moves.push(m);
  }
  return { size, reserves, moves };
}

/** Custom reserves as PlayTak games may have them (sometimes none at all: the defaults). */
function reservesFor(size: number): fc.Arbitrary<ReserveOptions> {
  const [stones, caps] = DEFAULT_RESERVES[size]!;
  const maxStones = Math.floor((MAX_LEVELS - 1) / 2) - 3;
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant({}) },
    {
      weight: 1,
      arbitrary: fc
        .record({ stones: fc.integer({ min: 1, max: Math.min(maxStones, stones + 10) }), caps: fc.integer({ min: 0, max: Math.max(3, caps) }) })
        .map((r) => r as ReserveOptions),
    },
  );
}

/**
 * Random legal games of every size: up to `maxPlies` moves chosen uniformly among the legal
 * ones, which builds tall stacks, walls and capstones on the smaller boards within a few dozen plies.
 */
export function randomGame(maxPlies = 80, sizes: fc.Arbitrary<number> = fc.integer({ min: MIN_SIZE, max: MAX_SIZE })): fc.Arbitrary<RandomGame> {
  return sizes.chain((size) =>
    fc.tuple(reservesFor(size), fc.array(fc.nat(), { maxLength: maxPlies, size: 'max' })).map(([reserves, choices]) => play(size, reserves, choices)),
  );
}

/** Replaces, deletes or inserts characters of a text: broken versions of good input. */
export function mutated(text: fc.Arbitrary<string>, alphabet: readonly string[]): fc.Arbitrary<string> {
  const edit = fc.tuple(fc.nat(), fc.constantFrom('replace', 'delete', 'insert', 'duplicate'), fc.constantFrom(...alphabet));
  return fc.tuple(text, fc.array(edit, { minLength: 1, maxLength: 4 })).map(([t, edits]) => {
    let s = t;
    for (const [at, kind, c] of edits) {
      const i = s.length === 0 ? 0 : at % s.length;
      if (kind === 'replace') s = s.slice(0, i) + c + s.slice(i + 1);
      else if (kind === 'delete') s = s.slice(0, i) + s.slice(i + 1);
      else if (kind === 'insert') s = s.slice(0, i) + c + s.slice(i);
      else s = s.slice(0, i) + s.slice(i, i + 3) + s.slice(i);
    }
    return s;
  });
}

/** Any text at all: ASCII, full Unicode (surrogates, combining marks, RTL), control characters. */
export const anyText: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.string({ unit: fc.constantFrom(' ', '\t', '\r', '\n', '\u0000', '\u00a0', '\u2028', '\ufeff', 'x', '1', '2', ','), maxLength: 20 }),
);

// ---- TPS -----------------------------------------------------------------------------------

const TPS_ALPHABET = ['x', '1', '2', 'S', 'C', ',', '/', ' ', '0', '9', '3', '-', 'F', '\t', '\u00e9'];

/** TPS of random legal positions, compressed, uncompressed, or with PlayTak's bracketed tag. */
export const goodTps: fc.Arbitrary<{ text: string; game: RandomGame }> = fc
  .tuple(randomGame(60), fc.constantFrom('compressed', 'uncompressed', 'tag', 'spaces'))
  .map(([game, form]) => {
    const pos = replay(game);
    let text = formatTps(pos, form !== 'uncompressed');
    if (form === 'tag') text = `[TPS "${text}"]`;
    if (form === 'spaces') text = `  ${text.replace(/ /g, '   ')} `;
    return { text, game };
  });

const square = fc.oneof(
  fc.constantFrom('x', 'x2', 'x3', 'x8', 'x9', 'x0', 'x01', 'x10', '', '1', '2', '1S', '2C', '12', '21S', '112C', 'S', 'C', '1C2', '3', '1s', 'X'),
  fc.tuple(fc.integer({ min: 1, max: 70 }), fc.constantFrom('', 'S', 'C')).map(([n, t]) => '12'.repeat(n).slice(0, n) + t),
);
const row = fc.array(square, { minLength: 0, maxLength: 9 }).map((s) => s.join(','));

/** Text shaped like TPS from its grammar's pieces, mostly wrong somewhere. */
export const tpsLike: fc.Arbitrary<string> = fc
  .tuple(
    fc.array(row, { minLength: 0, maxLength: 9 }),
    fc.constantFrom('1', '2', '0', '3', '', 'w', '1 1'),
    fc.oneof(fc.constantFrom('1', '2', '0', '01', '-1', '1.5', '', '99999999999999999999', '4294967297', '1e3'), fc.nat({ max: 2000 }).map(String)),
  )
  .map(([rows, side, num]) => `${rows.join('/')} ${side} ${num}`);

/** Good rows with any side-to-move and move-number fields (the numbers' edge cases). */
const tpsFields: fc.Arbitrary<string> = fc
  .tuple(
    goodTps,
    fc.constantFrom('1', '2', '0', '3', '01', '+1', ''),
    fc.oneof(
      fc.constantFrom('0', '1', '01', '+1', '1.0', '-1', '1073741824', '1073741825', '2147483648', '4294967297', '9007199254740993', '1e400', '99999999999999999999'),
      fc.nat().map(String),
    ),
  )
  .map(([g, side, num]) => `${formatTps(replay(g.game)).split(' ')[0]} ${side} ${num}`);

export const anyTps: fc.Arbitrary<string> = fc.oneof(
  { weight: 2, arbitrary: tpsLike },
  { weight: 1, arbitrary: tpsFields },
  { weight: 2, arbitrary: mutated(goodTps.map((g) => g.text), TPS_ALPHABET) },
  { weight: 1, arbitrary: anyText },
);

// ---- PTN moves -----------------------------------------------------------------------------

const MOVE_ALPHABET = ['a', 'h', 'i', '1', '8', '9', '0', '+', '-', '<', '>', 'F', 'S', 'C', '*', "'", '!', '?', ' '];

/** A legal move of a random position and the ways clients write it. */
export const goodMove: fc.Arbitrary<{ size: number; move: number; text: string }> = fc
  .tuple(randomGame(50), fc.nat(), fc.constantFrom('canonical', 'F', 'count', 'drops', 'suffix', 'padded'), fc.constantFrom('*', "'", "''", '!', '?', '!?', '?!', '!!', '??', "*'!"))
  .map(([game, pick, style, suffix]) => {
    const pos = replay(game);
    const n = generateMoves(pos, scratch, 0);
    // A decided position may still generate moves; fall back on the empty board's a1.
    const move = n > 0 ? scratch[pick % n]! : 0;
    const size = game.size;
    if (move === 0) return { size, move: 1 << 6, text: 'a1' };
    let text = formatMove(move, size);
    const spread = (move & 256) !== 0;
    if (style === 'F' && !spread && /^[a-h]/.test(text)) text = `F${text}`;
    if (style === 'count' && spread && !/^[1-8]/.test(text)) text = `1${text}`;
    if (style === 'drops' && spread && !/[+\-<>][1-8]+$/.test(text)) text = `${text}${/^[1-8]/.test(text) ? text[0] : '1'}`;
    if (style === 'suffix') text += suffix;
    if (style === 'padded') text = ` ${text}\t`;
    return { size, move, text };
  });

/** Text shaped like a PTN move from its grammar's pieces. */
export const moveLike: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom('', '1', '2', '8', '9', '0', '10'),
    fc.constantFrom('', 'F', 'S', 'C', 'f', 'SC'),
    fc.constantFrom('a', 'b', 'e', 'h', 'i', 'z', 'A'),
    fc.constantFrom('1', '3', '8', '9', '0', '', '10'),
    fc.constantFrom('', '+', '-', '<', '>', '++', '^'),
    fc.constantFrom('', '1', '11', '12', '111', '21', '1111111', '0', '9', '123456789'),
    fc.constantFrom('', '*', "'", '!', '?', '**', 'x'),
  )
  .map((parts) => parts.join(''));

export const anyMove: fc.Arbitrary<string> = fc.oneof(
  { weight: 2, arbitrary: moveLike },
  { weight: 2, arbitrary: mutated(goodMove.map((g) => g.text.trim()), MOVE_ALPHABET) },
  { weight: 1, arbitrary: anyText },
);

// ---- PTN files -----------------------------------------------------------------------------

/** How a game is written: the variations of real archives and writers. */
export interface PtnStyle {
  /** Start from a TPS tag of the position after this many plies (0: no TPS tag). */
  tpsAt: number;
  crlf: boolean;
  comments: boolean;
  /** Move numbers on every move pair, or left out after the first. */
  numbers: boolean;
  result: boolean;
  suffixes: boolean;
  /** Tags with extra spaces and escaped quotes. */
  oddTags: boolean;
}

const ptnStyle: fc.Arbitrary<PtnStyle> = fc.record({
  tpsAt: fc.nat({ max: 12 }),
  crlf: fc.boolean(),
  comments: fc.boolean(),
  numbers: fc.boolean(),
  result: fc.boolean(),
  suffixes: fc.boolean(),
  oddTags: fc.boolean(),
});

/** A PTN file of one random legal game (its moves from `start` on, after a TPS tag if any). */
export function writePtn(game: RandomGame, style: PtnStyle): { text: string; start: number } {
  const start = Math.min(style.tpsAt, game.moves.length);
  const setup = replay(game, start);
  const tags: string[] = [];
  const tag = (k: string, v: string) => {
    const value = v.replace(/["\\]/g, '\\$&');
    tags.push(style.oddTags ? `[ ${k}   "${value}" ]` : `[${k} "${value}"]`);
  };
  tag('Site', 'fuzz "quoted"');
  tag('Size', String(game.size));
  if (game.reserves.stones !== undefined) tag('Flats', String(game.reserves.stones));
  if (game.reserves.caps !== undefined) tag('Caps', String(game.reserves.caps));
  if (start > 0) tag('TPS', formatTps(setup));
  let body = '';
  let number = setup.moveNumber;
  let side = setup.side;
  if (side === 1) body += `${number}. -- `;
  const pos = setup;
  for (let i = start; i < game.moves.length; i++) {
    const m = game.moves[i]!;
    if (side === 0 && (style.numbers || i === start)) body += `${number}. `;
    body += formatMove(m, game.size);
    if (style.suffixes && i % 3 === 0) body += i % 2 === 0 ? "'" : '*';
    body += ' ';
    if (style.comments && i % 4 === 1) body += `{note ${i}\nover lines} `;
    makeMove(pos, m);
    if (side === 1) {
      number++;
      body += '\n';
    }
    side ^= 1;
  }
  if (style.result) body += '0-0';
  const eol = style.crlf ? '\r\n' : '\n';
  const text = `${tags.join(eol)}${eol}${eol}${body.replace(/\n/g, eol)}${eol}`;
  return { text, start };
}

export const goodPtn: fc.Arbitrary<{ game: RandomGame; style: PtnStyle; text: string; start: number }> = fc
  .tuple(randomGame(60), ptnStyle)
  .map(([game, style]) => ({ game, style, ...writePtn(game, style) }));

const ptnToken = fc.oneof(
  fc.constantFrom('[Size "5"]', '[Size "9"]', '[Size "x"]', '[TPS "x5/x5/x5/x5/x5 1 1"]', '[TPS "bad"]', '[Komi "2.5"]', '[Komi "abc"]'),
  fc.constantFrom('[Flats "0"]', '[Caps "20"]', '[Flats "300"]', '[', ']', '[Tag', '"', '{', '}', '{comment}', '1.', '2.', '0.', '1...', '--', '...'),
  fc.constantFrom('R-0', '0-R', 'F-0', '1/2-1/2', '0-0', '\n', '\r\n', ' ', '\t', '\uFEFF'),
  moveLike,
);

/** A PTN file: good ones, good ones broken somewhere, token soup, anything. */
export const anyPtn: fc.Arbitrary<string> = fc.oneof(
  { weight: 2, arbitrary: goodPtn.map((g) => g.text) },
  { weight: 3, arbitrary: mutated(goodPtn.map((g) => g.text), ['[', ']', '{', '}', '"', '\n', ' ', '.', '1', 'a', '-', '\\']) },
  { weight: 3, arbitrary: fc.array(ptnToken, { maxLength: 40 }).map((t) => t.join(' ')) },
  { weight: 1, arbitrary: anyText },
);

// ---- TEI -----------------------------------------------------------------------------------

const OPTION_NAMES = ['HalfKomi', 'Hash', 'Threads', 'MultiPV', 'ReportWin', 'Clear Hash', 'halfkomi', 'HASH', 'Flats', 'Nope', 'Clear', 'Hash Size'];

/** Option values: in range, at the bounds, out of range, not numbers, several words, empty. */
export const optionValue: fc.Arbitrary<string> = fc.oneof(
  fc.integer({ min: -30, max: 70 }).map(String),
  fc.constantFrom('0', '-0', '+4', '1', '4096', '4097', '-21', '20', '21', '64', '65', 'true', 'false', 'TRUE', 'yes', '', '1.5', '1e3', '0x10', ' 4', '4 4', '99999999999999999999', 'NaN', 'Infinity'),
  anyText,
);

/** A setoption line, sometimes malformed. */
export const setOptionLine: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.tuple(fc.constantFrom(...OPTION_NAMES), optionValue).map(([n, v]) => `setoption name ${n} value ${v}`) },
  { weight: 1, arbitrary: fc.constantFrom(...OPTION_NAMES).map((n) => `setoption name ${n}`) },
  { weight: 1, arbitrary: fc.constantFrom('setoption', 'setoption name', 'setoption value 3', 'setoption name value 4', 'setoption Hash 4') },
);

const goField = fc.oneof(
  fc.tuple(fc.constantFrom('wtime', 'btime', 'winc', 'binc', 'movetime', 'movestogo', 'depth', 'nodes', 'mate'), fc.oneof(fc.nat({ max: 3000 }).map(String), fc.constantFrom('-5', '0', '1.5', 'x', '', '1e9', '99999999999999999999'))).map(([k, v]) => `${k} ${v}`),
  fc.constantFrom('infinite', 'ponder', 'searchmoves a1 b2', 'foo', 'depth'),
);

/** Any `go` line. */
export const goLine: fc.Arbitrary<string> = fc.array(goField, { maxLength: 4 }).map((f) => ['go', ...f].join(' '));

/**
 * A legal game as a client sends it: a start TPS (compressed or not) and the moves after it, or
 * `startpos` and every move (for 6x6, the session's size until a teinewgame says otherwise).
 */
const goodPositionLine: fc.Arbitrary<string> = fc.tuple(randomGame(40), fc.nat({ max: 8 }), fc.boolean()).map(([game, tpsAt, trailing]) => {
  const start = Math.min(tpsAt, game.moves.length);
  const startpos = game.size === 6 && tpsAt % 3 === 0;
  const head = startpos ? 'position startpos' : `position tps ${formatTps(replay(game, start), tpsAt % 2 === 0)}`;
  const moves = game.moves.slice(startpos ? 0 : start).map((m) => formatMove(m, game.size));
  return `${head} moves ${moves.join(' ')}${trailing ? ' ' : ''}`;
});

/** Move lists for `position`: legal games (as clients write them) and games broken somewhere. */
const positionLine: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: goodPositionLine },
  { weight: 1, arbitrary: fc.tuple(anyTps, fc.array(anyMove, { maxLength: 4 })).map(([t, m]) => `position tps ${t} moves ${m.join(' ')}`) },
  { weight: 1, arbitrary: fc.array(anyMove, { maxLength: 6 }).map((m) => `position startpos moves ${m.join(' ')}`) },
  { weight: 1, arbitrary: fc.constantFrom('position', 'position startpos', 'position tps', 'position foo', 'position startpos a1', 'position tps moves a1') },
  // Finished games: a road, a full board, and a game played on after its end.
  { weight: 1, arbitrary: fc.constantFrom('position tps 1,1,1/x3/2,2,x 2 3', 'position tps 1,2,1/2,1,2/1,2,1 2 5', 'position tps 1,1,x/x3/2,2,x 1 3 moves c3', 'position tps 1,1,x/x3/2,2,x 1 3 moves c3 b2') },
);

/** Any single TEI line a client (or a broken one) could send, except quit. */
export const teiLine: fc.Arbitrary<string> = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom('tei', 'isready', 'stop', 'ponderhit', 'debug on', 'debug off', 'uci', 'ucinewgame', '', '   ', 'tei extra', 'isready now') },
  { weight: 2, arbitrary: setOptionLine },
  { weight: 2, arbitrary: fc.oneof(fc.constantFrom('teinewgame', 'teinewgame 2', 'teinewgame 9', 'teinewgame x', 'teinewgame size 5 halfkomi 50', 'teinewgame size'), fc.integer({ min: 3, max: 8 }).map((n) => `teinewgame ${n}`), fc.tuple(fc.integer({ min: 3, max: 8 }), fc.integer({ min: -20, max: 20 })).map(([n, k]) => `teinewgame size ${n} halfkomi ${k}`)) },
  { weight: 4, arbitrary: positionLine },
  { weight: 4, arbitrary: goLine },
  { weight: 1, arbitrary: anyText },
);

/**
 * A client's session: TEI lines (any line, `go` in every state, `stop` and `isready` anywhere,
 * now and then `quit`) with pauses of up to `maxWaitMs` between them.
 */
export function sessionSteps(maxWaitMs: number, maxLength = 30): fc.Arbitrary<({ kind: 'line'; text: string } | { kind: 'wait'; ms: number })[]> {
  const line = (a: fc.Arbitrary<string>) => a.map((text) => ({ kind: 'line' as const, text }));
  const step = fc.oneof(
    { weight: 6, arbitrary: line(teiLine) },
    { weight: 4, arbitrary: line(fc.oneof(goodPositionLine, fc.constantFrom('position startpos', 'teinewgame 5', 'teinewgame 6', 'teinewgame size 4 halfkomi 2'))) },
    { weight: 5, arbitrary: line(fc.oneof(goLine, fc.constantFrom('go', 'go infinite', 'go depth 2', 'go movetime 50', 'go nodes 500', 'go wtime 300 btime 300 winc 10 binc 10'))) },
    { weight: 3, arbitrary: line(fc.constantFrom('stop', 'isready')) },
    // Custom reserves as PTN Ninja sets them (both players alike, or one at a time).
    { weight: 1, arbitrary: line(fc.tuple(fc.constantFrom('Flats', 'Caps', 'Flats1', 'Flats2', 'Caps1', 'Caps2'), fc.integer({ min: 0, max: 40 })).map(([n, v]) => `setoption name ${n} value ${v}`)) },
    { weight: 1, arbitrary: line(fc.constantFrom('quit', 'tei')) },
    { weight: 4, arbitrary: fc.nat({ max: maxWaitMs }).map((ms) => ({ kind: 'wait' as const, ms })) },
  );
  return fc.array(step, { minLength: 1, maxLength, size: 'max' });
}
