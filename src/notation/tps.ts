// TPS (Tak Positional System) in and out: `<rows> <side 1|2> <move number>`, rows from the top
// rank down separated by '/', squares separated by ',', `x` or `xN` for empty squares, a stack
// as its colours bottom to top with S or C on a standing top piece. Reserves are the defaults
// (or the given custom counts) minus the pieces of each colour on the board.

import { Position, type ReserveOptions } from '../core/position.js';
import { CAP, FLAT, WALL } from '../core/move.js';
import { isSupportedSize, MAX_SIZE, MIN_SIZE } from '../core/sizes.js';
import { NotationError } from './errors.js';

const STACK_RE = /^[12]+[SC]?$/;
/** The largest TPS move number: its ply still fits a signed 32-bit integer. */
export const MAX_MOVE_NUMBER = 2 ** 30;

/** The fields of a TPS, also when given as a PTN tag `[TPS "..."]`. */
function tpsFields(text: string): string[] {
  return text.trim().replace(/^\[TPS\s+"(.*)"\]$/, '$1').split(/\s+/);
}

/** The board size a TPS describes (its number of rows), before it is checked. */
export function tpsSize(text: string): number {
  return tpsFields(text)[0]!.split('/').length;
}

/** Parses TPS. The size is read from the rows; `expectedSize` makes a mismatch an error. */
export function parseTps(text: string, reserves: ReserveOptions = {}, expectedSize?: number): Position {
  const fields = tpsFields(text);
  if (fields.length !== 3 || fields[0] === '') {
    throw new NotationError(`TPS needs three fields (rows, side to move, move number), got ${fields[0] === '' ? 0 : fields.length}: '${text.trim()}'`);
  }
  const [rowsText, sideText, moveText] = fields as [string, string, string];
  const rows = rowsText.split('/');
  const size = rows.length;
  if (!isSupportedSize(size)) {
    throw new NotationError(`TPS has ${size} rows; boards from ${MIN_SIZE} to ${MAX_SIZE} are supported`);
  }
  if (expectedSize !== undefined && expectedSize !== size) {
    throw new NotationError(`TPS describes a ${size}x${size} board, expected ${expectedSize}x${expectedSize}`);
  }
  if (sideText !== '1' && sideText !== '2') throw new NotationError(`TPS side to move must be 1 or 2, got '${sideText}'`);
  // The ply (2 (n - 1) + side) is kept in 31 bits, as make/unmake and moveNumber compute with it.
  if (!/^[1-9][0-9]*$/.test(moveText) || Number(moveText) > MAX_MOVE_NUMBER) {
    throw new NotationError(`TPS move number must be a whole number from 1 to ${MAX_MOVE_NUMBER}, got '${moveText}'`);
  }
  let pos: Position;
  try {
    pos = new Position(size, reserves);
  } catch (e) {
    throw new NotationError((e as Error).message);
  }
  const used = [0, 0];
  const capsUsed = [0, 0];
  rows.forEach((row, i) => {
    const rank = size - 1 - i;
    const squares: string[] = [];
    for (const token of row.split(',')) {
      const empties = /^x([1-9][0-9]*)?$/.exec(token);
      if (empties) {
        const n = empties[1] === undefined ? 1 : Number(empties[1]);
        for (let k = 0; k < n; k++) squares.push('');
      } else if (STACK_RE.test(token)) {
        squares.push(token);
      } else {
        throw new NotationError(`bad square '${token}' in TPS row ${i + 1} ('${row}')`);
      }
    }
    if (squares.length !== size) {
      throw new NotationError(`TPS row ${i + 1} ('${row}') has ${squares.length} squares, expected ${size}`);
    }
    squares.forEach((sqText, file) => {
      if (sqText === '') return;
      const last = sqText[sqText.length - 1]!;
      const type = last === 'S' ? WALL : last === 'C' ? CAP : FLAT;
      const colours = Array.from(type === FLAT ? sqText : sqText.slice(0, -1), (c) => Number(c) - 1);
      for (const c of colours) used[c]!++;
      if (type === CAP) capsUsed[colours[colours.length - 1]!]!++;
      pos.putStack(rank * size + file, colours, type);
    });
  });
  for (const c of [0, 1]) {
    const name = c === 0 ? 'White' : 'Black';
    // Each player's own reserve (they may differ: handicap games).
    const reserve = pos.equalReserves ? 'a reserve' : `${name}'s reserve`;
    const stones = pos.startStonesOf[c]! - (used[c]! - capsUsed[c]!);
    const caps = pos.startCapsOf[c]! - capsUsed[c]!;
    if (caps < 0) throw new NotationError(`TPS has ${capsUsed[c]} ${name} capstones, more than the ${pos.startCapsOf[c]} in ${reserve}`);
    if (stones < 0) {
      throw new NotationError(`TPS has ${used[c]! - capsUsed[c]!} ${name} stones, more than the ${pos.startStonesOf[c]} in ${reserve}`);
    }
    pos.stones[c] = stones;
    pos.caps[c] = caps;
  }
  pos.side = Number(sideText) - 1;
  pos.ply = 2 * (Number(moveText) - 1) + pos.side;
  pos.resetHistory();
  return pos;
}

function squareTps(pos: Position, sq: number): string {
  const h = pos.height[sq]!;
  let s = '';
  for (let l = 0; l < h; l++) s += String(pos.colourAt(sq, l) + 1);
  const t = pos.top[sq]!;
  return s + (t >= 6 ? 'C' : t >= 4 ? 'S' : '');
}

/** TPS of a position; `compress` writes runs of empty squares as xN (the usual form). */
export function formatTps(pos: Position, compress = true): string {
  const size = pos.size;
  const rows: string[] = [];
  for (let rank = size - 1; rank >= 0; rank--) {
    const parts: string[] = [];
    let run = 0;
    for (let file = 0; file < size; file++) {
      const sq = squareTps(pos, rank * size + file);
      if (sq === '') {
        if (compress) run++;
        else parts.push('x');
        continue;
      }
      if (run > 0) parts.push(run === 1 ? 'x' : `x${run}`);
      run = 0;
      parts.push(sq);
    }
    if (run > 0) parts.push(run === 1 ? 'x' : `x${run}`);
    rows.push(parts.join(','));
  }
  return `${rows.join('/')} ${pos.side + 1} ${pos.moveNumber}`;
}

/** The empty board of a size as TPS, e.g. x6/x6/x6/x6/x6/x6 1 1. */
export function startTps(size: number): string {
  return `${Array(size).fill(`x${size}`).join('/')} 1 1`;
}
