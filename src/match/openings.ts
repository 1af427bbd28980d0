// Opening books: one opening per line. A line is a list of PTN moves from the empty board
// separated by spaces (the format of data/openings), or a TPS (three fields) optionally
// followed by moves played from it. Blank lines and lines starting with '#' are skipped. Every
// opening is checked when the file is read: moves on the board, legal, and the game not over.

import { readTextOr } from '../notation/read-text.js';
import { makeMove } from '../core/makemove.js';
import { isLegalMove } from '../core/movegen.js';
import type { Position } from '../core/position.js';
import { gameResult, ONGOING } from '../core/result.js';
import { formatMove, parseMove } from '../notation/ptn-move.js';
import { formatTps, parseTps, startTps } from '../notation/tps.js';
import { MatchError } from './errors.js';

export interface Opening {
  /** 1-based line in the file (0 for the built-in empty-board opening). */
  line: number;
  /** The start position as given by a TPS line, uncompressed; null when from the empty board. */
  tps: string | null;
  /** The book moves, canonical PTN, played from the start position. */
  moves: string[];
}

/** The opening of a match without a book: the empty board, no moves. */
export const EMPTY_OPENING: Opening = { line: 0, tps: null, moves: [] };

/** The start position of an opening (before its book moves). */
export function openingStart(opening: Opening, size: number): Position {
  return parseTps(opening.tps ?? startTps(size), {}, size);
}

export function parseOpenings(text: string, size: number, source: string): Opening[] {
  const openings: Opening[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const where = `${source} line ${i + 1}`;
    const fields = line.split(/\s+/);
    let tps: string | null = null;
    let moveTexts = fields;
    if (fields[0]!.includes('/')) {
      tps = fields.slice(0, 3).join(' ');
      moveTexts = fields.slice(3);
    }
    let pos: Position;
    try {
      pos = parseTps(tps ?? startTps(size), {}, size);
    } catch (e) {
      throw new MatchError(`${where}: ${(e as Error).message}`);
    }
    if (tps !== null) {
      tps = formatTps(pos, false);
      if (gameResult(pos) !== ONGOING) throw new MatchError(`${where}: the game is already over in this position`);
    }
    const moves: string[] = [];
    for (const text of moveTexts) {
      let move: number;
      try {
        move = parseMove(text, size);
      } catch (e) {
        throw new MatchError(`${where}: ${(e as Error).message}`);
      }
      if (!isLegalMove(pos, move)) throw new MatchError(`${where}: '${text}' is not legal in this position`);
      makeMove(pos, move);
      moves.push(formatMove(move, size));
      // The result with komi is not known here; a book must simply leave the game undecided.
      if (gameResult(pos) !== ONGOING) throw new MatchError(`${where}: the game is over after '${text}'`);
    }
    openings.push({ line: i + 1, tps, moves });
  });
  if (openings.length === 0) throw new MatchError(`${source} holds no openings`);
  return openings;
}

export function readOpenings(path: string, size: number): Opening[] {
  const text = readTextOr(path, (why) => new MatchError(`cannot read openings file '${path}': ${why}`));
  return parseOpenings(text, size, path);
}

/** A short description of an opening for reports: its moves, or its TPS and moves. */
export function describeOpening(opening: Opening): string {
  const parts = [...(opening.tps === null ? [] : [opening.tps]), ...opening.moves];
  return parts.length === 0 ? 'empty board' : parts.join(' ');
}
