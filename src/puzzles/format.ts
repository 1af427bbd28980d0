// The puzzle file (data/puzzles/<N>x<N>.jsonl, docs/puzzles.md): one JSON object a line, keys in
// a fixed order so that a rebuild is byte for byte. A puzzle's solution is a list of lines in
// PTN moves from its position: the player's moves are the only winning ones, so lines part only
// at the defender's replies; the first line is the defence Bredon plays. On a tinue's last ply
// any road wins, the line shows one.

import { NotationError } from '../notation/errors.js';
import { parseMove } from '../notation/ptn-move.js';
import { parseTps } from '../notation/tps.js';

export type PuzzleKind = 'tinue' | 'escape';

export interface Puzzle {
  /** `<N>x<N>-<number>`, numbered in the file's order from 1. */
  id: string;
  size: number;
  /** Komi in flats: it decides only a defence that ends the game on flats. */
  komi: number;
  tps: string;
  /** The side to move: the player. */
  side: 'white' | 'black';
  kind: PuzzleKind;
  /**
   * tinue: the plies of the forced road, both sides counted (3: move, reply, road).
   * escape: the plies of the opponent's threatened tinue, within which the escape is proven.
   */
  plies: number;
  solution: string[];
  /** The rating a player of equal strength solves half the time (docs/puzzles.md). */
  rating: number;
  /** Which of Bredon's levels 1-8 play the first move, one digit a level: "00011111". */
  levels: string;
  /** The moves other than the solution a player would look at first (taks, or blocks). */
  alternatives: number;
  /** The game it comes from: file, game number from 1, and the ply before the puzzle's move. */
  source: string;
}

const KEYS = ['id', 'size', 'komi', 'tps', 'side', 'kind', 'plies', 'solution', 'rating', 'levels', 'alternatives', 'source'] as const;

export class PuzzleFormatError extends Error {
  override name = 'PuzzleFormatError';
}

export function formatPuzzle(p: Puzzle): string {
  const o: Record<string, unknown> = {};
  for (const k of KEYS) o[k] = p[k];
  return JSON.stringify(o);
}

/** One line of a puzzle file, checked: the position parses and every move of every line is PTN. */
export function parsePuzzle(line: string): Puzzle {
  let o: Record<string, unknown>;
  try {
    o = JSON.parse(line) as Record<string, unknown>;
  } catch (e) {
    throw new PuzzleFormatError(`not JSON: ${(e as Error).message}`);
  }
  for (const k of KEYS) if (!(k in o)) throw new PuzzleFormatError(`no '${k}'`);
  const p = o as unknown as Puzzle;
  if (p.kind !== 'tinue' && p.kind !== 'escape') throw new PuzzleFormatError(`${p.id}: kind '${String(p.kind)}' is not tinue or escape`);
  if (!Array.isArray(p.solution) || p.solution.length === 0) throw new PuzzleFormatError(`${p.id}: no solution`);
  try {
    const pos = parseTps(p.tps, {}, p.size);
    if ((pos.side === 0 ? 'white' : 'black') !== p.side) throw new PuzzleFormatError(`${p.id}: side '${p.side}' is not the side to move`);
    for (const l of p.solution) for (const m of l.split(' ')) parseMove(m, p.size);
  } catch (e) {
    if (e instanceof NotationError) throw new PuzzleFormatError(`${p.id}: ${e.message}`);
    throw e;
  }
  return p;
}

export function parsePuzzleFile(text: string): Puzzle[] {
  return text.split('\n').filter((l) => l.trim() !== '').map(parsePuzzle);
}

/** What the page and `bredon puzzles` say the task is (plies as `bredon tinue` counts them). */
export function puzzleTask(p: Pick<Puzzle, 'kind' | 'side' | 'plies'>): string {
  const who = p.side === 'white' ? 'White' : 'Black';
  if (p.kind === 'tinue') return `${who} to play and win by road in ${p.plies} plies`;
  const them = p.side === 'white' ? 'Black' : 'White';
  return `${them} threatens a forced road in ${p.plies} plies: ${who} to play, find the one move that stops it`;
}
