// PTN moves in and out. Input is tolerant (F prefix, explicit counts, explicit drops that land
// everything on one square, trailing * ' '' ! ? marks); output is the short canonical form
// engines print: no F, no count 1, no drops when all land on one square, no suffixes.

import { CAP, FLAT, WALL, dropCounts, handSize, maskFromCounts, placement, spread } from '../core/move.js';
import { EAST, NORTH, SOUTH, squareName } from '../core/sizes.js';
import { NotationError } from './errors.js';

const DIR_CHARS = ['+', '>', '-', '<'];
const PLACE_RE = /^([FSC]?)([a-h])([1-9])$/;
const SPREAD_RE = /^([1-9]?)([a-h])([1-9])([+\-<>])([1-9]*)$/;
const SUFFIX_RE = /(?:\*|'+|"|!!|\?\?|!\?|\?!|!|\?)+$/;

export function squareFromText(file: string, rank: string, size: number, token: string): number {
  const f = file.charCodeAt(0) - 97;
  const r = Number(rank) - 1;
  if (f >= size || r >= size) throw new NotationError(`square ${file}${rank} in '${token}' is off the ${size}x${size} board`);
  return r * size + f;
}

/**
 * Parses one PTN move for a board of `size`. Checks the notation itself (square on the board,
 * count within the carry limit, drops summing to the count, the spread staying on the board),
 * not whether the move is legal in a position.
 */
export function parseMove(text: string, size: number): number {
  const token = text.trim();
  if (token === '') throw new NotationError('empty move');
  const body = token.replace(SUFFIX_RE, '');
  let m = PLACE_RE.exec(body);
  if (m) {
    const sq = squareFromText(m[2]!, m[3]!, size, token);
    const type = m[1] === 'S' ? WALL : m[1] === 'C' ? CAP : FLAT;
    return placement(sq, type);
  }
  m = SPREAD_RE.exec(body);
  if (!m) throw new NotationError(`'${token}' is not a PTN move`);
  const sq = squareFromText(m[2]!, m[3]!, size, token);
  const count = m[1] === '' ? 1 : Number(m[1]);
  if (count > size) throw new NotationError(`'${token}' carries ${count} pieces, more than the carry limit ${size}`);
  const drops = m[5] === '' ? [count] : Array.from(m[5]!, Number);
  const total = drops.reduce((a, c) => a + c, 0);
  if (total !== count) throw new NotationError(`drops in '${token}' add up to ${total}, not ${count}`);
  const dir = DIR_CHARS.indexOf(m[4]!);
  const rank = Math.floor(sq / size);
  const file = sq % size;
  const room = dir === NORTH ? size - 1 - rank : dir === EAST ? size - 1 - file : dir === SOUTH ? rank : file;
  if (drops.length > room) throw new NotationError(`'${token}' runs off the board`);
  return spread(sq, dir, maskFromCounts(drops));
}

/** The canonical short PTN of a move. */
export function formatMove(move: number, size: number): string {
  const sq = squareName(move & 63, size);
  if ((move & 256) === 0) {
    const type = (move >>> 6) & 3;
    return (type === WALL ? 'S' : type === CAP ? 'C' : '') + sq;
  }
  const mask = (move >>> 9) & 0xff;
  const n = handSize(mask);
  const drops = dropCounts(mask);
  const dir = DIR_CHARS[(move >>> 6) & 3]!;
  return (n > 1 ? String(n) : '') + sq + dir + (drops.length > 1 ? drops.join('') : '');
}
