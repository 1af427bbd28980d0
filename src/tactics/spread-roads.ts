// Roads by spreads: can a colour complete a road in one move by spreading a stack? Placement
// threats come from the road map at no cost; a spread that finishes a road (a capstone or stack
// dropping onto the last gaps of a line) is the commonest way a tinue ends and must be seen at
// the search's horizon too.
//
// The filter, exact for one spread path: a spread turns at most the origin and the squares it
// enters into road squares, all on one straight segment. The component holding that segment
// touches the south edge only if the segment meets A_S (the south edge, or a square next to a
// group touching it: roadmap.ts REACH), and likewise north, west and east. So a stack and
// direction whose longest segment meets neither A_S and A_N together nor A_W and A_E together
// cannot make a road, and only the survivors are played out (make, road check, unmake).
// Call after mapRoads() of `colour` on the same position. Allocation-free.

import { dilate, OUT } from '../core/bitboard.js';
import { dropMask, isSpread, moveSquare, spreadDir } from '../core/move.js';
import { freeSquares, spreadsInDirection } from '../core/movegen.js';
import type { Position } from '../core/position.js';
import { roadInSet } from '../core/roads.js';
import { M_NOT_FILE_FIRST, M_NOT_FILE_LAST, MAX_SIZE, MIN_SIZE } from '../core/sizes.js';
import { REACH, ROAD_GAPS } from '../eval/roadmap.js';

/** SEGMENTS[size][((sq * 4 + dir) * 9 + len) * 2 + half]: the origin and the next len squares. */
export const SEGMENTS: Int32Array[] = [];
/**
 * CROSS[size][((sq * 9 + carry) * 2 + cap) * 2 + half]: the four segments a hand of `carry`
 * could reach, blockers ignored; a capstone's (cap = 1) one square longer, for its smash.
 */
const CROSS: Int32Array[] = [];
for (let size = MIN_SIZE; size <= MAX_SIZE; size++) {
  const seg = new Int32Array(64 * 4 * 9 * 2);
  const cross = new Int32Array(64 * 9 * 2 * 2);
  const step = [size, 1, -size, -1];
  for (let sq = 0; sq < size * size; sq++) {
    const x = sq % size;
    const y = Math.floor(sq / size);
    for (let dir = 0; dir < 4; dir++) {
      let lo = 0;
      let hi = 0;
      for (let len = 0; len <= 8; len++) {
        const cx = x + (dir === 1 ? len : dir === 3 ? -len : 0);
        const cy = y + (dir === 0 ? len : dir === 2 ? -len : 0);
        if (cx >= 0 && cx < size && cy >= 0 && cy < size) {
          const c = sq + len * step[dir]!;
          if (c < 32) lo |= 1 << c;
          else hi |= 1 << (c - 32);
        }
        seg[((sq * 4 + dir) * 9 + len) * 2] = lo;
        seg[((sq * 4 + dir) * 9 + len) * 2 + 1] = hi;
        if (len >= 1) {
          const plain = ((sq * 9 + len) * 2) * 2;
          cross[plain] |= lo;
          cross[plain + 1] |= hi;
          // A capstone may reach one square past its hand (flattening a wall): carry len - 1.
          const cap = ((sq * 9 + len - 1) * 2 + 1) * 2;
          if (len >= 2) {
            cross[cap] |= lo;
            cross[cap + 1] |= hi;
          }
          if (len === 8) {
            cross[((sq * 9 + 8) * 2 + 1) * 2] |= lo;
            cross[((sq * 9 + 8) * 2 + 1) * 2 + 1] |= hi;
          }
        }
      }
    }
  }
  SEGMENTS[size] = seg;
  CROSS[size] = cross;
}

/** The winning spread found by the last spreadWin (0 when none) and its segment (lo, hi). */
export const SPREAD_WIN = new Int32Array(3);

/** Scratch for one direction's spreads (at most 2^8 masks plus smashes). */
const scratch = new Int32Array(1024);

/**
 * A spread by which `colour` completes a road (and so wins) if it were to move now, or 0.
 * Works for either side (nothing is made or unmade: the road a spread would leave is computed
 * from the stack's colours). Call right after mapRoads(pos, colour, ...).
 */
export function spreadWin(pos: Position, colour: number): number {
  // The answer depends on the position alone: a search asks again for the same positions in
  // every iteration, so answers are kept by Zobrist key (and colour) in a direct-mapped table.
  const kLo = pos.keyLo;
  const kHi = pos.keyHi ^ (colour === 0 ? 0 : 0x5bd1e995);
  const at = ((kLo ^ Math.imul(kHi, 0x9e3779b1)) >>> (32 - MEMO_BITS)) * 6;
  if (memo[at + 5] === 1 && memo[at] === kLo && memo[at + 1] === kHi) {
    SPREAD_WIN[0] = memo[at + 2]!;
    SPREAD_WIN[1] = memo[at + 3]!;
    SPREAD_WIN[2] = memo[at + 4]!;
    return SPREAD_WIN[0];
  }
  const found = findSpreadWin(pos, colour);
  memo[at] = kLo;
  memo[at + 1] = kHi;
  memo[at + 2] = found;
  memo[at + 3] = SPREAD_WIN[1]!;
  memo[at + 4] = SPREAD_WIN[2]!;
  memo[at + 5] = 1;
  return found;
}

/** 2^14 slots of 24 bytes (384 KB): at 2^16 the misses into a 1.5 MB table cost more than it saved. */
const MEMO_BITS = 14;
/** Per slot: key lo, key hi (colour mixed in), move, segment lo, hi, used. One per thread. */
const memo = new Int32Array((1 << MEMO_BITS) * 6);

function findSpreadWin(pos: Position, colour: number): number {
  SPREAD_WIN[0] = 0;
  SPREAD_WIN[1] = 0;
  SPREAD_WIN[2] = 0;
  const size = pos.size;
  const top = pos.top;
  const height = pos.height;
  const r = colour * 8;
  const cross = CROSS[size]!;
  const b = pos.b;
  const c2 = colour * 2;
  let found = 0;
  // A lone flat moves one step: its square empties and the one it enters is the only new road
  // square, which must then be a road gap (roadmap.ts ROAD_GAPS) it can enter (not a wall or
  // capstone). So a lone flat counts only if it stands next to such a gap (near), by one
  // dilation per call instead of a cross per flat. (A lone wall makes no road square at all.)
  const m = pos.info.masks;
  dilate(
    ROAD_GAPS[colour * 2]! & ~(b[4] | b[6] | b[8] | b[10]),
    ROAD_GAPS[colour * 2 + 1]! & ~(b[5] | b[7] | b[9] | b[11]),
    size,
    m[M_NOT_FILE_FIRST]!,
    m[M_NOT_FILE_FIRST + 1]!,
    m[M_NOT_FILE_LAST]!,
    m[M_NOT_FILE_LAST + 1]!,
  );
  const nearLo = OUT[0]!;
  const nearHi = OUT[1]!;
  // Every stack `colour` controls: its flats, walls and capstones on top.
  for (let half = 0; half < 2 && found === 0; half++) {
    let bits = b[c2 + half]! | b[4 + c2 + half]! | b[8 + c2 + half]!;
    while (bits !== 0 && found === 0) {
      const low = bits & -bits;
      bits ^= low;
      const sq = half * 32 + 31 - Math.clz32(low);
      const t = top[sq]!;
      const h = height[sq]!;
      if (h === 1 && t < 6) {
        if (t >= 4 || (low & (half === 0 ? nearLo : nearHi)) === 0) continue;
      }
      const carry = h < size ? h : size;
      // All four directions at once, blockers ignored (one square more for a capstone's smash).
      const x = ((sq * 9 + carry) * 2 + (t >= 6 ? 1 : 0)) * 2;
      if (roadAxes(r, cross[x]!, cross[x + 1]!) === 0) continue;
      found = spreadWinFrom(pos, colour, sq, t, carry);
    }
  }
  SPREAD_WIN[0] = found;
  return found;
}

/**
 * Which roads the square set (lo, hi) could complete as new road squares, by the REACH sets at
 * r = colour * 8: bit 1 north-south (it meets both A_S and A_N), bit 2 east-west (A_W and A_E).
 */
function roadAxes(r: number, lo: number, hi: number): number {
  const ns = ((lo & REACH[r]!) | (hi & REACH[r + 1]!)) !== 0 && ((lo & REACH[r + 2]!) | (hi & REACH[r + 3]!)) !== 0;
  const ew = ((lo & REACH[r + 4]!) | (hi & REACH[r + 5]!)) !== 0 && ((lo & REACH[r + 6]!) | (hi & REACH[r + 7]!)) !== 0;
  return (ns ? 1 : 0) | (ew ? 2 : 0);
}

/** spreadWin for the stack on sq (top t): each direction filtered by its segment, then played out. */
function spreadWinFrom(pos: Position, colour: number, sq: number, t: number, carry: number): number {
  const top = pos.top;
  const seg = SEGMENTS[pos.size]!;
  const isCap = t >= 6;
  for (let dir = 0; dir < 4; dir++) {
    const free = freeSquares(pos, sq, dir);
    let len = free < carry ? free : carry;
    // A capstone may go one further and flatten a wall (its last drop alone).
    if (isCap && free < carry && free < pos.info.ray[sq * 4 + dir]! && top[sq + (free + 1) * pos.info.delta[dir]!]! < 6) len++;
    if (len === 0) continue;
    const at = ((sq * 4 + dir) * 9 + len) * 2;
    const gLo = seg[at]!;
    const gHi = seg[at + 1]!;
    const axes = roadAxes(colour * 8, gLo, gHi);
    if (axes === 0) continue;
    const end = spreadsInDirection(pos, sq, dir, carry, isCap, scratch, 0);
    const m = winningSpread(pos, colour, sq, dir, (axes & 1) !== 0, (axes & 2) !== 0, end);
    if (m !== 0) {
      SPREAD_WIN[1] = gLo;
      SPREAD_WIN[2] = gHi;
      return m;
    }
  }
  return 0;
}

/**
 * The first of the spreads scratch[0..end) (all from sq in direction dir) after which `colour`
 * has a road, or 0. The squares' new tops follow from the drop mask: the j-th square entered
 * gets the hand piece at the mask's j-th set bit, the last one the moving stack's top piece
 * (a wall there is no road square); the origin keeps the piece under the hand, if any.
 */
function winningSpread(pos: Position, colour: number, sq: number, dir: number, ns: boolean, ew: boolean, end: number): number {
  const b = pos.b;
  const stack = pos.stack;
  const h = pos.height[sq]!;
  const base = sq * pos.stride;
  const step = pos.info.delta[dir]!;
  const topIsWall = pos.top[sq]! >> 1 === 2;
  const c2 = colour * 2;
  const r = colour * 8;
  const roadLo = b[c2]! | b[8 + c2]!;
  const roadHi = b[c2 + 1]! | b[9 + c2]!;
  const originLo = sq < 32 ? 1 << sq : 0;
  const originHi = sq < 32 ? 0 : 1 << (sq - 32);
  for (let i = 0; i < end; i++) {
    const m = scratch[i]!;
    let mask = (m >>> 9) & 0xff;
    const n = 32 - Math.clz32(mask);
    let lo = roadLo & ~originLo;
    let hi = roadHi & ~originHi;
    if (n < h && stack[base + h - n - 1] === colour) {
      lo |= originLo;
      hi |= originHi;
    }
    const handBase = base + h - n;
    let cur = sq;
    while (mask !== 0) {
      cur += step;
      const p = 31 - Math.clz32(mask & -mask); // index in the hand of this square's new top
      mask &= mask - 1;
      const road = stack[handBase + p] === colour && !(mask === 0 && topIsWall);
      if (cur < 32) lo = road ? lo | (1 << cur) : lo & ~(1 << cur);
      else hi = road ? hi | (1 << (cur - 32)) : hi & ~(1 << (cur - 32));
    }
    // Only squares that became road can join a south group to a north one (the segment test
    // of spreadWinFrom, applied to this spread's own new road squares): most spreads end here,
    // before the flood fill.
    const axes = roadAxes(r, lo & ~roadLo, hi & ~roadHi);
    const nsNew = ns && (axes & 1) !== 0;
    const ewNew = ew && (axes & 2) !== 0;
    if ((nsNew || ewNew) && roadInSet(pos, lo, hi, nsNew, ewNew)) return m;
  }
  return 0;
}

/**
 * Whether move m, just made, can have given the side now to move (the opponent of its mover) a
 * road by a spread that it did not have before. A placement cannot: the opponent's spreads pass
 * over a new flat as over the empty square (their drops top it alike), a wall or capstone only
 * blocks, and the opponent's stacks and road squares are unchanged. Nor can a spread of a
 * flat-topped hand that leaves the mover's pieces on top of every square it touched (the origin
 * may also be empty): no square blocks less than before (flats stayed flats or came onto empty
 * squares), the opponent's stacks are the ones it had (some covered), and every road square of
 * the opponent's after any spread of its is one after the same spread before. A spread that
 * uncovers or drops one of the opponent's pieces, or moves a wall or capstone off a square, can.
 */
export function mayOpenSpreadRoad(pos: Position, m: number): boolean {
  if (!isSpread(m)) return false;
  const mover = pos.side ^ 1;
  const top = pos.top;
  let sq = moveSquare(m);
  const t0 = top[sq]!;
  if (t0 !== 0 && (t0 & 1) !== mover) return true;
  const step = pos.info.delta[spreadDir(m)]!;
  for (let mask = dropMask(m); mask !== 0; mask &= mask - 1) {
    sq += step;
    const t = top[sq]!;
    if ((t & 1) !== mover) return true;
    if (t >= 4) return true; // the hand's top was a wall or capstone: its origin blocks no more
  }
  return false;
}
