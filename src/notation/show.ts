// The terminal board: a position drawn as plain text, rank 1 at the bottom, files a.. left to
// right, labels on all four sides. A square shows its stack bottom to top, W and B for the
// colours, with S (wall) or C (capstone) after the top piece, as in TPS: `WBBS` is a black wall
// on a black flat on a white flat. A stack too tall for its cell shows its height and top
// pieces: `53:WBBWC`. Under the board: reserves, flat counts, side to move and move number.

import { BLACK, WHITE, type Position } from '../core/position.js';
import { boardResult, flatCount, ONGOING, resultText } from '../core/result.js';

/** Widest cell: 8 files of 8 characters plus gaps fit in 80 columns. */
export const MAX_CELL = 8;

export interface ShowOptions {
  /** Komi in half flats, for the flat count line and the result (default 0). */
  halfKomi?: number;
  /** Colour the pieces with ANSI escapes (only for a terminal). */
  colour?: boolean;
}

const ANSI_WHITE = '\x1b[1;97m';
const ANSI_BLACK = '\x1b[1;94m';
const ANSI_DIM = '\x1b[2m';
const ANSI_RESET = '\x1b[0m';

/** The text of one square: '.' when empty, the whole stack when it fits, else `height:top pieces`. */
export function squareText(pos: Position, sq: number, width = MAX_CELL): string {
  const h = pos.height[sq]!;
  if (h === 0) return '.';
  const t = pos.top[sq]!;
  const mark = t >= 6 ? 'C' : t >= 4 ? 'S' : '';
  const colours = (from: number) => {
    let s = '';
    for (let l = from; l < h; l++) s += pos.colourAt(sq, l) === WHITE ? 'W' : 'B';
    return s;
  };
  if (h + mark.length <= width) return colours(0) + mark;
  const prefix = `${h}:`;
  const shown = Math.max(1, width - prefix.length - mark.length);
  return prefix + colours(h - shown) + mark;
}

function paint(cell: string, colour: boolean): string {
  if (!colour) return cell;
  if (cell === '.') return ANSI_DIM + cell + ANSI_RESET;
  let s = '';
  for (const ch of cell) {
    if (ch === 'W') s += ANSI_WHITE + ch + ANSI_RESET;
    else if (ch === 'B') s += ANSI_BLACK + ch + ANSI_RESET;
    else s += ch;
  }
  return s;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** The board and its summary as lines of text. */
export function showPosition(pos: Position, options: ShowOptions = {}): string[] {
  const size = pos.size;
  const colour = options.colour ?? false;
  const halfKomi = options.halfKomi ?? 0;
  const cells: string[] = [];
  let width = 1;
  for (let sq = 0; sq < pos.area; sq++) {
    cells[sq] = squareText(pos, sq);
    width = Math.max(width, cells[sq]!.length);
  }
  const rankWidth = String(size).length;
  const pad = (s: string) => s + ' '.repeat(width - s.length);
  const files = Array.from({ length: size }, (_, f) => pad(String.fromCharCode(97 + f))).join(' ');
  const lines: string[] = [];
  const fileLine = `${' '.repeat(rankWidth)}   ${files}`.trimEnd();
  lines.push(fileLine);
  for (let rank = size - 1; rank >= 0; rank--) {
    const label = String(rank + 1).padStart(rankWidth);
    const row: string[] = [];
    for (let file = 0; file < size; file++) {
      const cell = cells[rank * size + file]!;
      row.push(paint(cell, colour) + ' '.repeat(width - cell.length));
    }
    lines.push(`${label} | ${row.join(' ')} | ${label}`);
  }
  lines.push(fileLine);
  lines.push('');
  const flats = [flatCount(pos, WHITE), flatCount(pos, BLACK)];
  for (const c of [WHITE, BLACK]) {
    const name = c === WHITE ? 'White' : 'Black';
    const caps = pos.startCaps > 0 || pos.caps[c]! > 0 ? `, ${plural(pos.caps[c]!, 'capstone')}` : '';
    lines.push(`${name}: ${plural(pos.stones[c]!, 'stone')}${caps} in reserve; ${plural(flats[c]!, 'flat')} on top`);
  }
  if (halfKomi !== 0) lines.push(`Komi ${halfKomi / 2} (added to Black's flats)`);
  const side = pos.side === WHITE ? 'White' : 'Black';
  const swap = pos.inOpening ? ` (opening: places a ${pos.side === WHITE ? 'black' : 'white'} flat)` : '';
  lines.push(`Move ${pos.moveNumber}, ${side} to move${swap}`);
  const result = boardResult(pos, halfKomi);
  if (result !== ONGOING) lines.push(`Game over: ${resultText(result)}`);
  lines.push(`Key: W white, B black, bottom to top; S wall, C capstone on top; N:... a stack of N, top pieces shown`);
  return lines;
}
