// The rules core in AssemblyScript (compiled with accumulator.ts, through index.ts, to WebAssembly by `npm run asc`, bytes embedded in
// src/wasm/core.generated.ts): one position per instance in static memory, the six top-piece
// boards as 64-bit words, move generation, make/unmake with the Zobrist key, roads and perft.
// A port of src/core/ (movegen.ts, makemove.ts, roads.ts, result.ts, perft.ts) with the same
// move encoding, move order and keys, so that the two cores can be checked move for move; it
// is the gate of docs/performance.md ("A WebAssembly rules core"), measured against the
// TypeScript core by bench/wasm-gate.ts. Nothing here allocates after start-up.
//
// This file is AssemblyScript, not TypeScript: i32/u64 are machine integers, StaticArray reads
// are unchecked (the build passes --uncheckedBehavior always), and tsc does not see it.

// ---- The position ----------------------------------------------------------------------------

export let size: i32 = 0;
export let area: i32 = 0;
/** Levels reserved per square in `stack`. */
export let stride: i32 = 0;
export const top = new StaticArray<u8>(64);
export const height = new StaticArray<u8>(64);
/** stack[sq * stride + level]: colour 0/1 of each piece, bottom first. */
export const stack = new StaticArray<u8>(64 * 256);
/** Squares whose top piece has code c (2..7) at bb[c]. */
export const bb = new StaticArray<u64>(8);
export const stones = new StaticArray<i32>(2);
export const caps = new StaticArray<i32>(2);
export let side: i32 = 0;
export let ply: i32 = 0;
export let key: u64 = 0;
/**
 * Moves made since set-up (the game's moves loaded with the position, then the search's): the key
 * of the position after each (keys[i], keys[0] the set-up's), whether each flattened a wall, and
 * the count of consecutive spreads before each (`reversible`: placements cannot be undone).
 */
let depth: i32 = 0;
export let reversible: i32 = 0;
const smashed = new StaticArray<u8>(4096);
const keys = new StaticArray<u64>(4096);
const reversibleBefore = new StaticArray<i32>(4096);

// ---- The size's geometry ---------------------------------------------------------------------

export const delta = new StaticArray<i32>(4);
/** ray[sq * 4 + dir]: squares from sq to the edge going dir (0 N, 1 E, 2 S, 3 W). */
export const ray = new StaticArray<u8>(256);
export const rankLine = new StaticArray<u64>(8);
export const fileLine = new StaticArray<u64>(8);
export let board: u64 = 0;
export let rankFirst: u64 = 0;
export let rankLast: u64 = 0;
export let fileFirst: u64 = 0;
export let fileLast: u64 = 0;
export let notFileFirst: u64 = 0;
export let notFileLast: u64 = 0;

// ---- Zobrist keys: the TypeScript core's generator and draw order, so the keys are the same ----

const MAX_LEVELS: i32 = 256;
const zPiece = new StaticArray<u64>(64 * MAX_LEVELS * 2);
const zTop = new StaticArray<u64>(64 * 8);
let zSide: u64 = 0;
let zState: u32 = 0x7ad1b3ed;

function zNext(): u64 {
  zState += 0x9e3779b9;
  let z = zState;
  z = (z ^ (z >> 16)) * 0x85ebca6b;
  z = (z ^ (z >> 13)) * 0xc2b2ae35;
  return <u64>(z ^ (z >> 16));
}

function zPair(): u64 {
  const lo = zNext();
  return lo | (zNext() << 32);
}

for (let i = 0; i < zPiece.length; i++) zPiece[i] = zPair();
for (let sq = 0; sq < 64; sq++) for (let code = 2; code < 8; code++) zTop[sq * 8 + code] = zPair();
zSide = zPair();

// ---- Spread masks (as movegen.ts): by hand size, sorted by squares entered ---------------------

const MASKS = new StaticArray<i32>(256);
const MASK_OFF = new StaticArray<i32>(10);
const MASK_CNT = new StaticArray<i32>(81);
const SMASH = new StaticArray<i32>(256);
const SMASH_OFF = new StaticArray<i32>(81);
const SMASH_CNT = new StaticArray<i32>(81);
const SPREAD_SUM = new StaticArray<i32>(81);
const SMASH_SUM = new StaticArray<i32>(81);

function buildMasks(): void {
  let off = 0;
  let smashOff = 0;
  for (let n = 1; n <= 8; n++) {
    MASK_OFF[n] = off;
    for (let b = 1; b <= n; b++) {
      for (let m = 1 << (n - 1); m < 1 << n; m++) if (popcnt(m) == b) MASKS[off++] = m;
    }
    for (let d = 0; d <= 8; d++) {
      let count = 0;
      for (let m = 1 << (n - 1); m < 1 << n; m++) if (popcnt(m) <= d) count++;
      MASK_CNT[n * 9 + d] = count;
      SMASH_OFF[n * 9 + d] = smashOff;
      let smashes = 0;
      for (let m = 1 << (n - 1); m < 1 << n; m++) {
        if (popcnt(m) == d + 1 && (n == 1 || ((m >> (n - 2)) & 1) == 1)) {
          SMASH[smashOff++] = m;
          smashes++;
        }
      }
      SMASH_CNT[n * 9 + d] = smashes;
    }
  }
  for (let carry = 1; carry <= 8; carry++) {
    for (let d = 0; d <= 8; d++) {
      SPREAD_SUM[carry * 9 + d] = SPREAD_SUM[(carry - 1) * 9 + d] + MASK_CNT[carry * 9 + d];
      SMASH_SUM[carry * 9 + d] = SMASH_SUM[(carry - 1) * 9 + d] + SMASH_CNT[carry * 9 + d];
    }
  }
}
buildMasks();

/** Room for the moves of a perft line: each ply's list follows its parent's. */
export const moves = new StaticArray<i32>(1 << 20);

// ---- Set-up, from the TypeScript position (which writes top, height and stack first) ----------

/** Sets the board size and the stack stride of the positions to come. */
export function setSize(n: i32, levels: i32): void {
  size = n;
  area = n * n;
  stride = levels;
  delta[0] = n;
  delta[1] = 1;
  delta[2] = -n;
  delta[3] = -1;
  board = rankFirst = rankLast = fileFirst = fileLast = notFileFirst = notFileLast = 0;
  for (let i = 0; i < 8; i++) rankLine[i] = fileLine[i] = 0;
  for (let sq = 0; sq < area; sq++) {
    const rank = sq / n;
    const file = sq % n;
    const bit: u64 = (<u64>1) << sq;
    ray[sq * 4] = <u8>(n - 1 - rank);
    ray[sq * 4 + 1] = <u8>(n - 1 - file);
    ray[sq * 4 + 2] = <u8>rank;
    ray[sq * 4 + 3] = <u8>file;
    board |= bit;
    rankLine[rank] |= bit;
    fileLine[file] |= bit;
    if (rank == 0) rankFirst |= bit;
    if (rank == n - 1) rankLast |= bit;
    if (file == 0) fileFirst |= bit;
    else notFileFirst |= bit;
    if (file == n - 1) fileLast |= bit;
    else notFileLast |= bit;
  }
}

/** Takes the position whose top, height and stack were written: boards and key from them. */
export function load(toMove: i32, plies: i32, whiteStones: i32, blackStones: i32, whiteCaps: i32, blackCaps: i32): void {
  side = toMove;
  ply = plies;
  stones[0] = whiteStones;
  stones[1] = blackStones;
  caps[0] = whiteCaps;
  caps[1] = blackCaps;
  for (let c = 0; c < 8; c++) bb[c] = 0;
  let k: u64 = 0;
  for (let sq = 0; sq < area; sq++) {
    const h = <i32>height[sq];
    for (let l = 0; l < h; l++) k ^= zPiece[(sq * MAX_LEVELS + l) * 2 + stack[sq * stride + l]];
    const t = <i32>top[sq];
    if (t != 0) {
      bb[t] |= (<u64>1) << sq;
      k ^= zTop[sq * 8 + t];
    }
  }
  if (side == 1) k ^= zSide;
  key = k;
  depth = 0;
  reversible = 0;
  keys[0] = k;
}

/** Where the TypeScript side writes the game's keys (as 32-bit halves) before loadHistory. */
export function keysAt(): usize {
  return changetype<usize>(keys);
}

/**
 * After load: the game so far, `moves` moves since set-up whose keys (keys[0..moves]) were
 * written at keysAt, the last being the loaded position's, and its count of consecutive spreads.
 */
export function loadHistory(moves: i32, spreads: i32): void {
  depth = moves;
  reversible = spreads;
}

/** How many times the position has occurred since set-up (1: the first), as Position.repetitions. */
export function repetitions(): i32 {
  let count = 1;
  const k = keys[depth];
  for (let j = depth - 2; j >= depth - reversible && j >= 0; j -= 2) if (keys[j] == k) count++;
  return count;
}

/** Passes the turn (the search's null move): irreversible for repetition. */
export function makeNull(): void {
  reversibleBefore[depth] = reversible;
  smashed[depth] = 0;
  key ^= zSide;
  keys[++depth] = key;
  side ^= 1;
  ply++;
  reversible = 0;
}

export function unmakeNull(): void {
  depth--;
  key = keys[depth];
  reversible = reversibleBefore[depth];
  side ^= 1;
  ply--;
}

/** Where the TypeScript side writes a position (and reads the move list). */
export function topAt(): usize {
  return changetype<usize>(top);
}

export function heightAt(): usize {
  return changetype<usize>(height);
}

export function stackAt(): usize {
  return changetype<usize>(stack);
}

export function movesAt(): usize {
  return changetype<usize>(moves);
}

export function keyLo(): i32 {
  return <i32>key;
}

export function keyHi(): i32 {
  return <i32>(key >> 32);
}

// ---- Move generation (movegen.ts) --------------------------------------------------------------

@inline
export function freeRun(sq: i32, step: i32, r: i32): i32 {
  let free = 0;
  let cur = sq + step;
  while (free < r && top[cur] < 4) {
    free++;
    cur += step;
  }
  return free;
}

/**
 * The spreads of the stack on sq going dir (hand sizes 1..carry) into out[k..]; returns the end.
 * The stack need not be the side to move's (the tactics ask what the opponent could do).
 */
@inline
export function spreadsInDirection(sq: i32, dir: i32, carry: i32, isCap: bool, out: StaticArray<i32>, k: i32): i32 {
  const r = <i32>ray[sq * 4 + dir];
  const step = delta[dir];
  const free = freeRun(sq, step, r);
  if (free == 0 && !(isCap && r > 0)) return k;
  const head = sq | (dir << 6) | 256;
  for (let n = 1; n <= carry; n++) {
    const off = MASK_OFF[n];
    const end = off + MASK_CNT[n * 9 + free];
    for (let j = off; j < end; j++) out[k++] = head | (MASKS[j] << 9);
  }
  if (isCap && free < r && top[sq + (free + 1) * step] < 6) {
    for (let n = 1; n <= carry; n++) {
      const off = SMASH_OFF[n * 9 + free];
      const end = off + SMASH_CNT[n * 9 + free];
      for (let j = off; j < end; j++) out[k++] = head | (SMASH[j] << 9);
    }
  }
  return k;
}

/** Squares a spread from sq going dir enters before the edge or the first wall or capstone. */
export function freeSquares(sq: i32, dir: i32): i32 {
  return freeRun(sq, delta[dir], <i32>ray[sq * 4 + dir]);
}

/** Writes the side to move's legal moves into moves[start..]; returns the end. */
export function generate(start: i32): i32 {
  let k = start;
  if (ply < 2) {
    if (stones[side ^ 1] <= 0) return k;
    for (let sq = 0; sq < area; sq++) if (top[sq] == 0) moves[k++] = sq | (1 << 6);
    return k;
  }
  const hasStones = stones[side] > 0;
  const hasCaps = caps[side] > 0;
  for (let sq = 0; sq < area; sq++) {
    const t = <i32>top[sq];
    if (t == 0) {
      if (hasStones) {
        moves[k++] = sq | (1 << 6);
        moves[k++] = sq | (2 << 6);
      }
      if (hasCaps) moves[k++] = sq | (3 << 6);
      continue;
    }
    if ((t & 1) != side) continue;
    const h = <i32>height[sq];
    const carry = h < size ? h : size;
    const isCap = t >= 6;
    for (let dir = 0; dir < 4; dir++) k = spreadsInDirection(sq, dir, carry, isCap, moves, k);
  }
  return k;
}

/** The number of legal moves, not listed (perft's last ply). */
export function countMoves(): i32 {
  let empties = 0;
  for (let sq = 0; sq < area; sq++) if (top[sq] == 0) empties++;
  if (ply < 2) return stones[side ^ 1] > 0 ? empties : 0;
  let count = empties * ((stones[side] > 0 ? 2 : 0) + (caps[side] > 0 ? 1 : 0));
  for (let sq = 0; sq < area; sq++) {
    const t = <i32>top[sq];
    if (t == 0 || (t & 1) != side) continue;
    const h = <i32>height[sq];
    const row = (h < size ? h : size) * 9;
    const isCap = t >= 6;
    for (let dir = 0; dir < 4; dir++) {
      const r = <i32>ray[sq * 4 + dir];
      const step = delta[dir];
      const free = freeRun(sq, step, r);
      count += SPREAD_SUM[row + free];
      if (isCap && free < r && top[sq + (free + 1) * step] < 6) count += SMASH_SUM[row + free];
    }
  }
  return count;
}

/** Whether `move` is legal here, checked directly (movegen.ts isValidMove: a table move). */
export function isValidMove(move: i32): bool {
  const sq = move & 63;
  if (sq >= area || (move >>> 17) != 0) return false;
  const t = <i32>top[sq];
  if ((move & 256) == 0) {
    const type = (move >> 6) & 3;
    if (t != 0 || type == 0 || (move >>> 8) != 0) return false;
    if (ply < 2) return type == 1 && stones[side ^ 1] > 0;
    return type == 3 ? caps[side] > 0 : stones[side] > 0;
  }
  if (ply < 2 || t == 0 || (t & 1) != side) return false;
  let mask = (move >> 9) & 0xff;
  if (mask == 0) return false;
  const n = 32 - clz(mask);
  if (n > <i32>height[sq] || n > size) return false;
  const dir = (move >> 6) & 3;
  if (<i32>popcnt(mask) > <i32>ray[sq * 4 + dir]) return false;
  const step = delta[dir];
  let cur = sq;
  while (mask != 0) {
    cur += step;
    const count = ctz(mask) + 1;
    mask >>= count;
    const c = <i32>top[cur];
    if (c >= 4) {
      if (mask != 0 || c >= 6 || t < 6 || count != 1) return false;
    }
  }
  return true;
}

// ---- Make and unmake (makemove.ts) -------------------------------------------------------------

export function make(move: i32): void {
  const sq = move & 63;
  reversibleBefore[depth] = reversible;
  let k = key;
  if ((move & 256) == 0) {
    const type = (move >> 6) & 3;
    const colour = ply < 2 ? side ^ 1 : side;
    const code = type * 2 + colour;
    if (type == 3) caps[colour]--;
    else stones[colour]--;
    stack[sq * stride] = <u8>colour;
    height[sq] = 1;
    top[sq] = <u8>code;
    bb[code] |= (<u64>1) << sq;
    key = k ^ zPiece[sq * MAX_LEVELS * 2 + colour] ^ zTop[sq * 8 + code] ^ zSide;
    smashed[depth++] = 0;
    keys[depth] = key;
    side ^= 1;
    ply++;
    reversible = 0;
    return;
  }
  const dir = (move >> 6) & 3;
  let mask = (move >> 9) & 0xff;
  const h = <i32>height[sq];
  const base = h - (32 - clz(mask));
  const movingTop = <i32>top[sq];
  const src = sq * stride;
  for (let l = base; l < h; l++) k ^= zPiece[(sq * MAX_LEVELS + l) * 2 + stack[src + l]];
  k ^= zTop[sq * 8 + movingTop];
  bb[movingTop] ^= (<u64>1) << sq;
  height[sq] = <u8>base;
  if (base > 0) {
    const t = 2 + <i32>stack[src + base - 1];
    top[sq] = <u8>t;
    bb[t] |= (<u64>1) << sq;
    k ^= zTop[sq * 8 + t];
  } else {
    top[sq] = 0;
  }
  const step = delta[dir];
  let cur = sq;
  let piece = src + base;
  let smash: u8 = 0;
  while (mask != 0) {
    cur += step;
    const count = ctz(mask) + 1;
    mask >>= count;
    const old = <i32>top[cur];
    const bit: u64 = (<u64>1) << cur;
    if (old != 0) {
      k ^= zTop[cur * 8 + old];
      bb[old] ^= bit;
      if (old == 4 || old == 5) smash = 1;
    }
    let hc = <i32>height[cur];
    const dst = cur * stride;
    for (let j = 0; j < count; j++) {
      const colour = stack[piece++];
      stack[dst + hc] = colour;
      k ^= zPiece[(cur * MAX_LEVELS + hc) * 2 + colour];
      hc++;
    }
    height[cur] = <u8>hc;
    const t = mask == 0 ? movingTop : 2 + <i32>stack[dst + hc - 1];
    top[cur] = <u8>t;
    bb[t] |= bit;
    k ^= zTop[cur * 8 + t];
  }
  key = k ^ zSide;
  smashed[depth++] = smash;
  keys[depth] = key;
  side ^= 1;
  ply++;
  reversible++;
}

export function unmake(move: i32): void {
  depth--;
  key = keys[depth];
  reversible = reversibleBefore[depth];
  side ^= 1;
  ply--;
  const sq = move & 63;
  if ((move & 256) == 0) {
    const code = <i32>top[sq];
    const colour = code & 1;
    if (code >= 6) caps[colour]++;
    else stones[colour]++;
    bb[code] ^= (<u64>1) << sq;
    top[sq] = 0;
    height[sq] = 0;
    return;
  }
  const dir = (move >> 6) & 3;
  let mask = (move >> 9) & 0xff;
  const step = delta[dir];
  const src = sq * stride;
  let piece = src + <i32>height[sq];
  let cur = sq;
  let movingTop = 0;
  while (mask != 0) {
    cur += step;
    const count = ctz(mask) + 1;
    mask >>= count;
    const hc = <i32>height[cur] - count;
    const dst = cur * stride + hc;
    for (let j = 0; j < count; j++) stack[piece++] = stack[dst + j];
    height[cur] = <u8>hc;
    const now = <i32>top[cur];
    const bit: u64 = (<u64>1) << cur;
    bb[now] ^= bit;
    let restored = 0;
    if (hc > 0) {
      restored = 2 + <i32>stack[cur * stride + hc - 1];
      if (mask == 0 && smashed[depth] != 0) restored += 2;
      bb[restored] |= bit;
    }
    top[cur] = <u8>restored;
    if (mask == 0) movingTop = now;
  }
  const old = <i32>top[sq];
  const bit: u64 = (<u64>1) << sq;
  if (old != 0) bb[old] ^= bit;
  height[sq] = <u8>(piece - src);
  top[sq] = <u8>movingTop;
  bb[movingTop] |= bit;
}

// ---- Roads and the end of the game (roads.ts, result.ts) ---------------------------------------

/** The set grown by one orthogonal step (not masked to the board). */
@inline
export function dilate(x: u64): u64 {
  const n = <u64>size;
  return x | (x << n) | (x >> n) | ((x << 1) & notFileFirst) | ((x >> 1) & notFileLast);
}

/** The squares of `set` joined to the seed squares inside it. */
export function flood(set: u64, seed: u64): u64 {
  let c = set & seed;
  while (c != 0) {
    const next = dilate(c) & set;
    if (next == c) break;
    c = next;
  }
  return c;
}

/** Does the set join a square of `from` to a square of `to` through orthogonal steps? */
@inline
export function connects(set: u64, from: u64, to: u64): bool {
  let c = set & from;
  if (c == 0 || (set & to) == 0) return false;
  while ((c & to) == 0) {
    const next = dilate(c) & set;
    if (next == c) return false;
    c = next;
  }
  return true;
}

/** Whether the set holds a road: every rank touched and first joined to last, or every file. */
function road(set: u64): bool {
  let ranks = true;
  let files = true;
  for (let i = 0; i < size; i++) {
    if ((set & rankLine[i]) == 0) ranks = false;
    if ((set & fileLine[i]) == 0) files = false;
  }
  return (ranks && connects(set, rankFirst, rankLast)) || (files && connects(set, fileFirst, fileLast));
}

/** Over by a road, a full board or an empty reserve (perft's "decided"). */
export function decided(): bool {
  if (road(bb[2] | bb[6]) || road(bb[3] | bb[7])) return true;
  if ((bb[2] | bb[3] | bb[4] | bb[5] | bb[6] | bb[7]) == board) return true;
  return stones[0] + caps[0] == 0 || stones[1] + caps[1] == 0;
}

// ---- Perft (perft.ts): the last ply counted in bulk --------------------------------------------

function perftFrom(d: i32, start: i32): f64 {
  if (d == 1) return <f64>countMoves();
  const end = generate(start);
  let total: f64 = 0;
  for (let i = start; i < end; i++) {
    const m = moves[i];
    make(m);
    if (!decided()) total += perftFrom(d - 1, end);
    unmake(m);
  }
  return total;
}

export function perft(d: i32): f64 {
  if (d == 0) return 1;
  if (decided()) return 0;
  return perftFrom(d, 0);
}
