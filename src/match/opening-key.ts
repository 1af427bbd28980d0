// Four-ply openings up to the board's symmetries, and the four-ply positions data/ already starts
// from: what scripts/test-book.ts keeps its test books apart from (test/match/test-book.test.ts).
// A position's key is the least uncompressed TPS of its 8 symmetric images (core/symmetry.ts):
// two positions share a key exactly when one is a rotation or reflection of the other; the TPS
// carries side and move number, so a four-ply key (move 3, White to move) is never another ply's.
// The four-ply positions of data/ (dataFourPlyKeys): every line of every book in data/openings/
// but the test books (`*_test.txt`); the position after the fourth ply of every game of every
// data/**/*.ptn(.gz) file, from the empty board or a TPS tag at ply 4 or before (a light scan of
// the first move words: a full parse and replay takes seconds); and every training line of every
// data/**/*.tsv.gz file whose TPS is at move 3 with White to move.

import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { makeMove } from '../core/makemove.js';
import { isLegalMove, MAX_MOVES } from '../core/movegen.js';
import type { Position } from '../core/position.js';
import { gameResult, ONGOING } from '../core/result.js';
import { transformSquare } from '../core/symmetry.js';
import { isSupportedSize, squareName } from '../core/sizes.js';
import type { Rng } from '../math/rng.js';
import { readDecompressed, readTextFile } from '../notation/compressed.js';
import { RESULT_TOKENS } from '../notation/ptn-game.js';
import { parseMove } from '../notation/ptn-move.js';
import { parseTps, startTps } from '../notation/tps.js';

/** The plies of the openings of the books: four placements from the empty board. */
export const OPENING_PLIES = 4;

/** isLegalMove's move list, made once (a new one for each call costs more than the check). */
const scratch = new Int32Array(MAX_MOVES);

/**
 * The key of a position up to the 8 board symmetries: the least of its images' uncompressed TPS,
 * formatTps(transformPosition(pos, t), false) over t = 0..7, written here square by square
 * (building the 8 positions takes ten times as long; the test checks that the two agree).
 */
export function symmetryKey(pos: Position): string {
  const size = pos.size;
  const area = size * size;
  const cells: string[] = [];
  for (let sq = 0; sq < area; sq++) {
    const h = pos.height[sq]!;
    if (h === 0) {
      cells.push('x');
      continue;
    }
    let s = '';
    for (let l = 0; l < h; l++) s += String(pos.colourAt(sq, l) + 1);
    const top = pos.top[sq]!;
    cells.push(s + (top >= 6 ? 'C' : top >= 4 ? 'S' : ''));
  }
  const tail = ` ${pos.side + 1} ${pos.moveNumber}`;
  const image: string[] = new Array<string>(area);
  let best = '';
  for (let t = 0; t < 8; t++) {
    for (let sq = 0; sq < area; sq++) image[transformSquare(sq, size, t)] = cells[sq]!;
    const rows: string[] = [];
    for (let rank = size - 1; rank >= 0; rank--) rows.push(image.slice(rank * size, rank * size + size).join(','));
    const tps = rows.join('/') + tail;
    if (t === 0 || tps < best) best = tps;
  }
  return best;
}

/** Plays `moves` on `pos`; false as soon as one is unreadable or illegal or the game ends. */
function playOpening(pos: Position, moves: readonly string[]): boolean {
  for (const text of moves) {
    let move: number;
    try {
      move = parseMove(text, pos.size);
    } catch {
      return false;
    }
    if (!isLegalMove(pos, move, scratch)) return false;
    makeMove(pos, move);
    if (gameResult(pos) !== ONGOING) return false;
  }
  return true;
}

/** A random four-flat opening: four distinct squares drawn from `rng`, as PTN placements. */
export function randomFourPly(rng: Rng, size: number): string[] {
  const squares: number[] = [];
  while (squares.length < OPENING_PLIES) {
    const sq = rng.below(size * size);
    if (!squares.includes(sq)) squares.push(sq);
  }
  return squares.map((sq) => squareName(sq, size));
}

/** The position after `moves` from the empty board, or null when one is unreadable or illegal or the game ends. */
export function openingPosition(moves: readonly string[], size: number): Position | null {
  const pos = parseTps(startTps(size), {}, size);
  return playOpening(pos, moves) ? pos : null;
}

/** The symmetry key of a book line (its moves from the empty board), or null when it is not a playable line. */
export function openingKey(moves: readonly string[], size: number): string | null {
  const pos = openingPosition(moves, size);
  return pos === null ? null : symmetryKey(pos);
}

/** The board size of a book file by its name (`6s_...txt` is 6x6), or undefined. */
export function bookFileSize(name: string): number | undefined {
  const m = /^([3-8])s_.*\.txt$/.exec(name);
  return m === null ? undefined : Number(m[1]);
}

/** Whether a book file is a test book (kept apart from everything else in data/). */
export function isTestBook(name: string): boolean {
  return /_test\.txt$/.test(name);
}

/** The lines of a book file as move lists (blank lines and '#' comments skipped). */
export function bookLines(text: string): string[][] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'))
    .map((l) => l.split(/\s+/));
}

/** The four-ply keys of a book's lines (lines that are not four playable plies from the empty board give none). */
export function bookFourPlyKeys(text: string, size: number): string[] {
  const keys: string[] = [];
  for (const moves of bookLines(text)) {
    // A line given from a TPS, or shorter than four plies, starts no four-ply position of this kind.
    if (moves[0]!.includes('/') || moves.length < OPENING_PLIES) continue;
    const key = openingKey(moves.slice(0, OPENING_PLIES), size);
    if (key !== null) keys.push(key);
  }
  return keys;
}

const TAG_LINE = /^\s*\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]\s*$/;
const MOVE_NUMBER = /^[0-9]+\.(?:\.\.)?/;

/** The first `count` move words of a game's move text (comments, numbers, placeholders and results left out). */
function firstMoveWords(moveText: string, count: number): string[] {
  const words: string[] = [];
  const n = moveText.length;
  let i = 0;
  while (words.length < count && i < n) {
    const c = moveText[i]!;
    if (c === '{') {
      // A comment (engines write their lines there), possibly over several lines.
      const end = moveText.indexOf('}', i + 1);
      if (end < 0) break;
      i = end + 1;
      continue;
    }
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    let j = i;
    while (j < n && !/[\s{]/.test(moveText[j]!)) j++;
    const word = moveText.slice(i, j).replace(MOVE_NUMBER, '');
    i = j;
    if (word === '' || word === '--' || word === '...' || RESULT_TOKENS.includes(word)) continue;
    words.push(word);
  }
  return words;
}

export interface GameFourPly {
  size: number;
  /** The symmetry key of the position after ply 4. */
  key: string;
}

/**
 * The position after the fourth ply of each game of a PTN file that reaches it (games set up
 * past ply 4, too short, without a size or with a move that does not read or play are left out).
 * `defaultSize`: the size of games without a Size tag or TPS (none if undefined).
 */
export function ptnFourPlyKeys(text: string, defaultSize?: number): GameFourPly[] {
  const out: GameFourPly[] = [];
  const lines = text.split(/\r?\n/);
  let i = 0;
  while (i < lines.length) {
    // A game: its tag lines, then its move text up to the next tag line.
    while (i < lines.length && !TAG_LINE.test(lines[i]!)) i++;
    if (i >= lines.length) break;
    const tags = new Map<string, string>();
    for (let m: RegExpExecArray | null; i < lines.length && (m = TAG_LINE.exec(lines[i]!)) !== null; i++) tags.set(m[1]!.toLowerCase(), m[2]!);
    const start = i;
    while (i < lines.length && !TAG_LINE.test(lines[i]!)) i++;
    const key = gameFourPlyKey(tags, lines.slice(start, i).join('\n'), defaultSize);
    if (key !== null) out.push(key);
  }
  return out;
}

function gameFourPlyKey(tags: Map<string, string>, moveText: string, defaultSize: number | undefined): GameFourPly | null {
  const tps = tags.get('tps');
  let pos: Position;
  try {
    const sizeTag = tags.get('size');
    const size = sizeTag !== undefined ? Number(sizeTag) : defaultSize;
    if (tps !== undefined) pos = parseTps(tps, {}, sizeTag !== undefined ? size : undefined);
    else if (size !== undefined && isSupportedSize(size)) pos = parseTps(startTps(size), {}, size);
    else return null;
  } catch {
    return null;
  }
  const need = OPENING_PLIES - pos.ply;
  if (need < 0) return null;
  if (!playOpening(pos, firstMoveWords(moveText, need)) || pos.ply !== OPENING_PLIES) return null;
  return { size: pos.size, key: symmetryKey(pos) };
}

/** The TPS suffix of a four-ply position: White to move at move 3. */
const FOUR_PLY_TAIL = Buffer.from(' 1 3\t');

/** The TPS of every training line (TPS<tab>side<tab>...) whose position is four plies in: move 3, White to move. */
export function trainingFourPlyTps(bytes: Buffer): string[] {
  const out: string[] = [];
  // A TPS has no spaces before its last two fields, so ' 1 3<tab>' can only end the TPS field.
  for (let at = bytes.indexOf(FOUR_PLY_TAIL); at >= 0; at = bytes.indexOf(FOUR_PLY_TAIL, at + 1)) {
    const start = bytes.lastIndexOf(0x0a, at) + 1;
    out.push(bytes.toString('latin1', start, at + FOUR_PLY_TAIL.length - 1));
  }
  return out;
}

export interface DataFourPly {
  /** Four-ply keys by board size. */
  keys: Map<number, Set<string>>;
  /** What was read: files and four-ply positions found, by kind. */
  counts: { bookFiles: number; bookLines: number; ptnFiles: number; games: number; tsvFiles: number; trainingLines: number };
  /** The files read, relative to the root, sorted. */
  files: string[];
}

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...filesUnder(p));
    else if (e.isFile()) out.push(p);
  }
  return out.sort();
}

/** Every four-ply position of the books (test books excepted), games and training lines under `dataDir`. */
export function dataFourPlyKeys(dataDir: string): DataFourPly {
  const keys = new Map<number, Set<string>>();
  const add = (size: number, key: string) => {
    let set = keys.get(size);
    if (set === undefined) keys.set(size, (set = new Set()));
    set.add(key);
  };
  const counts = { bookFiles: 0, bookLines: 0, ptnFiles: 0, games: 0, tsvFiles: 0, trainingLines: 0 };
  const files: string[] = [];
  for (const path of filesUnder(dataDir)) {
    const name = path.slice(path.lastIndexOf('/') + 1);
    const rel = relative(dataDir, path);
    const bookSize = rel.startsWith('openings/') ? bookFileSize(name) : undefined;
    if (bookSize !== undefined) {
      if (isTestBook(name)) continue;
      const found = bookFourPlyKeys(readTextFile(path), bookSize);
      for (const k of found) add(bookSize, k);
      counts.bookFiles++;
      counts.bookLines += found.length;
    } else if (/\.ptn(\.gz)?$/i.test(name)) {
      const found = ptnFourPlyKeys(readTextFile(path));
      for (const g of found) add(g.size, g.key);
      counts.ptnFiles++;
      counts.games += found.length;
    } else if (/\.tsv\.gz$/i.test(name)) {
      let n = 0;
      for (const tps of trainingFourPlyTps(readDecompressed(path))) {
        let pos: Position;
        try {
          pos = parseTps(tps);
        } catch {
          continue;
        }
        add(pos.size, symmetryKey(pos));
        n++;
      }
      counts.tsvFiles++;
      counts.trainingLines += n;
    } else {
      continue;
    }
    files.push(rel);
  }
  return { keys, counts, files };
}
