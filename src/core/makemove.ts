// Make and unmake. Both update the bitboards, stacks, reserves and the Zobrist key in place and
// allocate nothing. A capstone moving alone onto a wall flattens it here (see the smash below).
// Moves must be legal (from movegen, or checked against it); nothing here validates them.
//
// Make/unmake rather than copy-make: a position carries up to 64 * 104 stack bytes on 8x8, and a
// spread touches at most size + 1 squares, so undoing the few squares touched is far cheaper
// than copying the state (bench/makemove.bench.ts measures both).

import { CAP, dropMask, handSize, isSpread, moveSquare } from './move.js';
import { EMPTY, type Position } from './position.js';
import { MAX_LEVELS, Z_PIECE, Z_SIDE, Z_TOP } from './zobrist.js';

function pushHistory(pos: Position, smash: number): void {
  const i = pos.depth;
  if (i + 2 >= pos.undoSmash.length) pos.growHistory();
  pos.undoSmash[i] = smash;
  pos.undoReversible[i] = pos.reversible;
  pos.side ^= 1;
  pos.keyLo ^= Z_SIDE[0]!;
  pos.keyHi ^= Z_SIDE[1]!;
  pos.ply++;
  pos.depth = i + 1;
  pos.hist[2 * i + 2] = pos.keyLo;
  pos.hist[2 * i + 3] = pos.keyHi;
}

export function makeMove(pos: Position, move: number): void {
  const sq = move & 63;
  const b = pos.b;
  const top = pos.top;
  const height = pos.height;
  const stack = pos.stack;
  const stride = pos.stride;
  let klo = pos.keyLo;
  let khi = pos.keyHi;

  if (!isSpread(move)) {
    const type = (move >>> 6) & 3;
    const colour = pos.ply < 2 ? pos.side ^ 1 : pos.side;
    const code = type * 2 + colour;
    if (type === CAP) pos.caps[colour]!--;
    else pos.stones[colour]!--;
    stack[sq * stride] = colour;
    height[sq] = 1;
    top[sq] = code;
    b[(code - 2) * 2 + (sq >>> 5)]! |= 1 << (sq & 31);
    let z = (sq * MAX_LEVELS * 2 + colour) * 2;
    klo ^= Z_PIECE[z]!;
    khi ^= Z_PIECE[z + 1]!;
    z = (sq * 8 + code) * 2;
    pos.keyLo = klo ^ Z_TOP[z]!;
    pos.keyHi = khi ^ Z_TOP[z + 1]!;
    pushHistory(pos, 0);
    pos.reversible = 0;
    return;
  }

  const dir = (move >>> 6) & 3;
  let mask = dropMask(move);
  const h = height[sq]!;
  const base = h - handSize(mask);
  const movingTop = top[sq]!;
  const src = sq * stride;

  // Lift the hand off the source square. Its colours stay readable at src + base.. while dropping.
  for (let l = base; l < h; l++) {
    const z = ((sq * MAX_LEVELS + l) * 2 + stack[src + l]!) * 2;
    klo ^= Z_PIECE[z]!;
    khi ^= Z_PIECE[z + 1]!;
  }
  let z = (sq * 8 + movingTop) * 2;
  klo ^= Z_TOP[z]!;
  khi ^= Z_TOP[z + 1]!;
  b[(movingTop - 2) * 2 + (sq >>> 5)]! ^= 1 << (sq & 31);
  height[sq] = base;
  if (base > 0) {
    const t = 2 + stack[src + base - 1]!;
    top[sq] = t;
    b[(t - 2) * 2 + (sq >>> 5)]! |= 1 << (sq & 31);
    z = (sq * 8 + t) * 2;
    klo ^= Z_TOP[z]!;
    khi ^= Z_TOP[z + 1]!;
  } else {
    top[sq] = EMPTY;
  }

  // Drop from the bottom of the hand, square by square.
  const step = pos.info.delta[dir]!;
  let cur = sq;
  let piece = src + base;
  let smash = 0;
  while (mask !== 0) {
    cur += step;
    const count = 32 - Math.clz32(mask & -mask); // pieces dropped here
    mask >>>= count;
    const old = top[cur]!;
    const bit = 1 << (cur & 31);
    const half = cur >>> 5;
    if (old !== EMPTY) {
      z = (cur * 8 + old) * 2;
      klo ^= Z_TOP[z]!;
      khi ^= Z_TOP[z + 1]!;
      b[(old - 2) * 2 + half]! ^= bit;
      if (old < 6 && old > 3) smash = 1; // a wall under a lone capstone: flattened
    }
    let hc = height[cur]!;
    const dst = cur * stride;
    for (let k = 0; k < count; k++) {
      const colour = stack[piece++]!;
      stack[dst + hc] = colour;
      const zp = ((cur * MAX_LEVELS + hc) * 2 + colour) * 2;
      klo ^= Z_PIECE[zp]!;
      khi ^= Z_PIECE[zp + 1]!;
      hc++;
    }
    height[cur] = hc;
    const t = mask === 0 ? movingTop : 2 + stack[dst + hc - 1]!;
    top[cur] = t;
    b[(t - 2) * 2 + half]! |= bit;
    z = (cur * 8 + t) * 2;
    klo ^= Z_TOP[z]!;
    khi ^= Z_TOP[z + 1]!;
  }
  pos.keyLo = klo;
  pos.keyHi = khi;
  pushHistory(pos, smash);
  pos.reversible++;
}

/** Undoes pushHistory: side, ply, key and reversible count back; returns the move's index. */
function popHistory(pos: Position): number {
  const i = pos.depth - 1;
  pos.depth = i;
  pos.ply--;
  pos.side ^= 1;
  pos.keyLo = pos.hist[2 * i]!;
  pos.keyHi = pos.hist[2 * i + 1]!;
  pos.reversible = pos.undoReversible[i]!;
  return i;
}

export function unmakeMove(pos: Position, move: number): void {
  const i = popHistory(pos);
  const sq = moveSquare(move);
  const b = pos.b;
  const top = pos.top;
  const height = pos.height;
  const stack = pos.stack;
  const stride = pos.stride;

  if (!isSpread(move)) {
    const code = top[sq]!;
    const colour = code & 1;
    if (code >= 6) pos.caps[colour]!++;
    else pos.stones[colour]!++;
    b[(code - 2) * 2 + (sq >>> 5)]! ^= 1 << (sq & 31);
    top[sq] = EMPTY;
    height[sq] = 0;
    return;
  }

  const dir = (move >>> 6) & 3;
  let mask = dropMask(move);
  const step = pos.info.delta[dir]!;
  const src = sq * stride;
  let piece = src + height[sq]!;
  let cur = sq;
  let movingTop = EMPTY;
  while (mask !== 0) {
    cur += step;
    const count = 32 - Math.clz32(mask & -mask);
    mask >>>= count;
    let hc = height[cur]! - count;
    const dst = cur * stride + hc;
    for (let k = 0; k < count; k++) stack[piece++] = stack[dst + k]!;
    height[cur] = hc;
    const now = top[cur]!;
    const bit = 1 << (cur & 31);
    const half = cur >>> 5;
    b[(now - 2) * 2 + half]! ^= bit;
    let restored = EMPTY;
    if (hc > 0) {
      restored = 2 + stack[cur * stride + hc - 1]!;
      if (mask === 0 && pos.undoSmash[i] !== 0) restored += 2; // the flattened wall stands again
      b[(restored - 2) * 2 + half]! |= bit;
    }
    top[cur] = restored;
    if (mask === 0) movingTop = now;
  }
  const old = top[sq]!;
  const bit = 1 << (sq & 31);
  if (old !== EMPTY) b[(old - 2) * 2 + (sq >>> 5)]! ^= bit;
  height[sq] = piece - src;
  top[sq] = movingTop;
  b[(movingTop - 2) * 2 + (sq >>> 5)]! |= bit;
}

/** Passes the turn (search only: null-move pruning). Counts as irreversible for repetition. */
export function makeNull(pos: Position): void {
  pushHistory(pos, 0);
  pos.reversible = 0;
}

export function unmakeNull(pos: Position): void {
  popHistory(pos);
}
