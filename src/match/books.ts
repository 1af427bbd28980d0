// The openings a match or a selfplay run starts from when it is given no --openings: the book
// of data/openings/ for the size (carried in the bundle, books.generated.ts), or, for 3x3 and
// 4x4, which have none, every two-ply opening (two flats on distinct squares) in a fixed spread
// order. Without them every game of a run would start from the empty board, and two engines
// that search alike would play one game over and over.

import { squareName } from '../core/sizes.js';
import { BOOKS } from './books.generated.js';
import { parseOpenings, type Opening } from './openings.js';

export interface DefaultBook {
  openings: Opening[];
  /** Where they come from, for reports: the book's file, or how they were made. */
  source: string;
}

/** The default openings of a board size (3 to 8). */
export function defaultBook(size: number): DefaultBook {
  const book = BOOKS[size];
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
