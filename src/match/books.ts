// The openings a match or a selfplay run starts from when it is given no --openings, carried in
// the bundle (books.generated.ts): a match plays the size's test book (openings that no data in
// the repository starts from, for measuring), selfplay the training book. 3x3 and 4x4 have no
// books: both play every two-ply opening (two flats on distinct squares) in a fixed spread
// order. Without them every game of a run would start from the empty board, and two engines
// that search alike would play one game over and over.

import { squareName } from '../core/sizes.js';
import { transformMove } from '../core/symmetry.js';
import { formatMove, parseMove } from '../notation/ptn-move.js';
import { TEST_BOOKS, TRAINING_BOOKS } from './books.generated.js';
import { parseOpenings, type Opening } from './openings.js';

export interface DefaultBook {
  openings: Opening[];
  /** Where they come from, for reports: the book's file, or how they were made. */
  source: string;
}

/** What matches are measured on: the size's test book (3 to 8). */
export function testBook(size: number): DefaultBook {
  return builtIn(TEST_BOOKS, size);
}

/** What selfplay plays from: the size's training book (3 to 8). */
export function trainingBook(size: number): DefaultBook {
  return builtIn(TRAINING_BOOKS, size);
}

function builtIn(books: Record<number, { file: string; text: string }>, size: number): DefaultBook {
  const book = books[size];
  if (book !== undefined) return { openings: parseOpenings(book.text, size, book.file), source: book.file };
  return { openings: twoPlyOpenings(size), source: `every two-ply ${size}x${size} opening` };
}

/**
 * All ordered pairs of distinct squares, taken with a stride coprime to their count so that
 * neighbouring openings differ in both squares (72 on 3x3, 240 on 4x4).
 */
function twoPlyOpenings(size: number): Opening[] {
  const cells = size * size;
  const pairs: string[][] = [];
  for (let a = 0; a < cells; a++) for (let b = 0; b < cells; b++) if (a !== b) pairs.push([squareName(a, size), squareName(b, size)]);
  const n = pairs.length;
  let step = Math.floor(n * 0.618);
  while (gcd(step, n) !== 1) step++;
  return pairs.map((_, i) => ({ line: i + 1, tps: null, moves: pairs[(i * step) % n]! }));
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** The board turned half a turn (files and ranks both mirrored): symmetry 3 of core/symmetry.ts. */
const HALF_TURN = 3;

/**
 * The opening turned half a turn, for the second game of a pair from a default book: the same
 * position to both colours, so the pair stays fair, but engines that search alike (one build
 * at a fixed node budget) do not just replay the first game. Openings given as a TPS are kept.
 */
export function turnedOpening(opening: Opening, size: number): Opening {
  if (opening.tps !== null) return opening;
  return { ...opening, moves: opening.moves.map((m) => formatMove(transformMove(parseMove(m, size), size, HALF_TURN), size)) };
}

/**
 * The opening of one game: pair `pair`'s book opening, turned half a turn for the pair's second
 * game when `turnSecond` (the default books; a book the user gives is played as written).
 */
export function gameOpening(openings: readonly Opening[], pair: number, second: boolean, turnSecond: boolean, size: number): Opening {
  const opening = openings[pair % openings.length]!;
  return second && turnSecond ? turnedOpening(opening, size) : opening;
}
