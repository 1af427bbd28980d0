// The network accumulators in AssemblyScript, beside the rules core whose position they read: a
// port of src/eval/net/accumulator.ts (the inputs of inputs.ts, the lazy per-ply update, the
// cancelling of inputs present before and after a move) with the SIMD arithmetic of simd.wat, so
// that a node's make, update and unmake never leave WebAssembly. The same integers as the
// TypeScript accumulator; bench/wasm-gate.ts times the two, test/wasm/rules.test.ts compares them.

import { area, delta, generate, make, moves, side, stack, stones, caps, stride, height, top, unmake } from './rules';

const BENEATH: i32 = 10;
const SQUARE_INPUTS: i32 = 6 + 2 * BENEATH;

let H: i32 = 0;
let qa: i32 = 0;
let listSize: i32 = 0;
let reservesUsed: bool = false;
/** The first input of each reserve group and the clamps (inputs.ts's layout). */
let ownStonesAt: i32 = 0;
let theirStonesAt: i32 = 0;
let ownCapsAt: i32 = 0;
let theirCapsAt: i32 = 0;
let maxStones: i32 = 0;
let maxCaps: i32 = 0;
/** Byte offsets: W1 (i16, input-major), b1 (i16), W2 (i16, 2H), the accumulators (i32). */
let W1: usize = 0;
let B1: usize = 0;
let W2: usize = 0;
let ACC: usize = 0;
/** Per slot, as in accumulator.ts: the inputs removed and added by the move into it. */
let removed: StaticArray<i32> = new StaticArray<i32>(0);
let added: StaticArray<i32> = new StaticArray<i32>(0);
let removedCount: StaticArray<i32> = new StaticArray<i32>(0);
let addedCount: StaticArray<i32> = new StaticArray<i32>(0);
let reservesBefore: StaticArray<i32> = new StaticArray<i32>(0);
let reservesAfter: StaticArray<i32> = new StaticArray<i32>(0);
let reservesNoted: StaticArray<u8> = new StaticArray<u8>(0);
let dirty: StaticArray<u8> = new StaticArray<u8>(0);
let scratch: StaticArray<i32> = new StaticArray<i32>(0);

function alloc16(bytes: i32): usize {
  return (heap.alloc(<usize>bytes + 16) + 15) & ~(<usize>15);
}

// The runtime never frees, so a network reuses the memory of the one before it where that is
// large enough (emptied, as new memory is): a process that switches board sizes keeps the
// largest network's room, not a new room per switch.
let weightsAt: usize = 0;
let weightsBytes: i32 = 0;

function ints(a: StaticArray<i32>, n: i32): StaticArray<i32> {
  if (a.length < n) return new StaticArray<i32>(n);
  memory.fill(changetype<usize>(a), 0, <usize>a.length * 4);
  return a;
}

function flags(a: StaticArray<u8>, n: i32): StaticArray<u8> {
  if (a.length < n) return new StaticArray<u8>(n);
  memory.fill(changetype<usize>(a), 0, <usize>a.length);
  return a;
}

function align16(n: i32): i32 {
  return (n + 15) & ~15;
}

/** Room for a network of `inputs` x `hidden` (hidden a multiple of 4) and `slots` plies. */
export function initNet(
  boardSize: i32,
  hidden: i32,
  inputs: i32,
  clip: i32,
  slots: i32,
  reserves: i32,
  stonesMax: i32,
  capsMax: i32,
  anyReserveWeight: bool,
): void {
  H = hidden;
  qa = clip;
  reservesUsed = anyReserveWeight;
  ownStonesAt = reserves;
  theirStonesAt = reserves + stonesMax + 1;
  ownCapsAt = theirStonesAt + stonesMax + 1;
  theirCapsAt = ownCapsAt + capsMax + 1;
  maxStones = stonesMax;
  maxCaps = capsMax;
  const w1Bytes = align16(inputs * hidden * 2);
  const b1Bytes = align16(hidden * 2);
  const w2Bytes = align16(hidden * 4);
  const bytes = w1Bytes + b1Bytes + w2Bytes + slots * 2 * hidden * 4;
  if (bytes > weightsBytes) {
    weightsAt = alloc16(bytes);
    weightsBytes = bytes;
  } else memory.fill(weightsAt, 0, <usize>weightsBytes);
  W1 = weightsAt;
  B1 = W1 + <usize>w1Bytes;
  W2 = B1 + <usize>b1Bytes;
  ACC = W2 + <usize>w2Bytes;
  listSize = (boardSize + 1) * (1 + BENEATH);
  removed = ints(removed, slots * listSize);
  added = ints(added, slots * listSize);
  removedCount = ints(removedCount, slots);
  addedCount = ints(addedCount, slots);
  reservesBefore = ints(reservesBefore, slots * 8);
  reservesAfter = ints(reservesAfter, slots * 8);
  reservesNoted = flags(reservesNoted, slots);
  dirty = flags(dirty, slots);
  scratch = ints(scratch, boardSize * boardSize * (1 + BENEATH) + 8);
}

export function w1At(): usize {
  return W1;
}

export function b1At(): usize {
  return B1;
}

export function w2At(): usize {
  return W2;
}

// ---- Inputs (inputs.ts) ------------------------------------------------------------------------

/** The inputs of square sq, White's perspective, into out[at..]; returns the new end. */
@inline
function squareInputs(sq: i32, out: StaticArray<i32>, at: i32): i32 {
  const h = <i32>height[sq];
  if (h == 0) return at;
  const base = sq * SQUARE_INPUTS;
  const code = <i32>top[sq];
  out[at++] = base + ((code >> 1) - 1) * 2 + (code & 1);
  const deep = h - 1 < BENEATH ? h - 1 : BENEATH;
  const s = sq * stride + h - 1;
  for (let d = 1; d <= deep; d++) out[at++] = base + 6 + (d - 1) * 2 + <i32>stack[s - d];
  return at;
}

@inline
function clamp(x: i32, max: i32): i32 {
  return x < 0 ? 0 : x > max ? max : x;
}

/** Both perspectives' reserve inputs, White's into out[at..at + 4), Black's into out[at + 4..). */
function noteReserves(out: StaticArray<i32>, at: i32): void {
  for (let p = 0; p < 2; p++) {
    const o = at + p * 4;
    out[o] = ownStonesAt + clamp(stones[p], maxStones);
    out[o + 1] = theirStonesAt + clamp(stones[p ^ 1], maxStones);
    out[o + 2] = ownCapsAt + clamp(caps[p], maxCaps);
    out[o + 3] = theirCapsAt + clamp(caps[p ^ 1], maxCaps);
  }
}

/** The inputs of the squares `move` touches, into out[at..]; returns how many. */
function collect(move: i32, out: StaticArray<i32>, at: i32): i32 {
  const sq = move & 63;
  let n = squareInputs(sq, out, at);
  if ((move & 256) == 0) return n - at;
  const step = delta[(move >> 6) & 3];
  let mask = (move >> 9) & 0xff;
  let cur = sq;
  while (mask != 0) {
    cur += step;
    mask &= mask - 1;
    n = squareInputs(cur, out, n);
  }
  return n - at;
}

// ---- The arithmetic (simd.wat's kernels) ---------------------------------------------------------

/** Both perspectives: acc[dst] = acc[src] + W[p] - W[m] (n bytes a perspective). */
@inline
function pair(dst: usize, src: usize, p0: usize, m0: usize, p1: usize, m1: usize, n: usize): void {
  for (let j: usize = 0, w: usize = 0; j < n; j += 16, w += 8) {
    v128.store(dst + j, i32x4.add(v128.load(src + j), i32x4.sub(v128.load16x4_s(p0 + w), v128.load16x4_s(m0 + w))));
    v128.store(dst + n + j, i32x4.add(v128.load(src + n + j), i32x4.sub(v128.load16x4_s(p1 + w), v128.load16x4_s(m1 + w))));
  }
}

@inline
function addRow(dst: usize, src: usize, w0: usize, w1: usize, n: usize): void {
  for (let j: usize = 0, w: usize = 0; j < n; j += 16, w += 8) {
    v128.store(dst + j, i32x4.add(v128.load(src + j), v128.load16x4_s(w0 + w)));
    v128.store(dst + n + j, i32x4.add(v128.load(src + n + j), v128.load16x4_s(w1 + w)));
  }
}

@inline
function subRow(dst: usize, src: usize, w0: usize, w1: usize, n: usize): void {
  for (let j: usize = 0, w: usize = 0; j < n; j += 16, w += 8) {
    v128.store(dst + j, i32x4.sub(v128.load(src + j), v128.load16x4_s(w0 + w)));
    v128.store(dst + n + j, i32x4.sub(v128.load(src + n + j), v128.load16x4_s(w1 + w)));
  }
}

/** One perspective in place: acc[dst] += W[after] - W[before]. */
@inline
function swapRow(dst: usize, after: usize, before: usize, n: usize): void {
  for (let j: usize = 0, w: usize = 0; j < n; j += 16, w += 8) {
    v128.store(dst + j, i32x4.add(v128.load(dst + j), i32x4.sub(v128.load16x4_s(after + w), v128.load16x4_s(before + w))));
  }
}

// ---- The accumulators --------------------------------------------------------------------------

/** Slot s from scratch for the position. */
export function refresh(s: i32): void {
  const n = <usize>(H * 4);
  const at = ACC + <usize>s * 2 * n;
  for (let j = 0; j < H; j++) {
    const b = <i32>load<i16>(B1 + <usize>j * 2);
    store<i32>(at + <usize>j * 4, b);
    store<i32>(at + n + <usize>j * 4, b);
  }
  dirty[s] = 0;
  const row = <usize>(2 * H);
  for (let sq = 0; sq < area; sq++) {
    const k = squareInputs(sq, scratch, 0);
    for (let i = 0; i < k; i++) {
      const x = <usize>scratch[i];
      addRow(at, at, W1 + x * row, W1 + (x ^ 1) * row, n);
    }
  }
  noteReserves(scratch, 0);
  for (let k = 0; k < 8; k++) {
    const w = W1 + <usize>scratch[k] * row;
    const dst = at + <usize>(k >> 2) * n;
    for (let j: usize = 0, o: usize = 0; j < n; j += 16, o += 8) v128.store(dst + j, i32x4.add(v128.load(dst + j), v128.load16x4_s(w + o)));
  }
}

/** Before `move` is made at slot s: the inputs it will change, for slot s + 1. */
export function beforeMove(move: i32, s: i32): void {
  const t = s + 1;
  removedCount[t] = collect(move, removed, t * listSize);
  reservesNoted[t] = 0;
  if ((move & 256) == 0 && reservesUsed) {
    noteReserves(reservesBefore, t * 8);
    reservesNoted[t] = 1;
  }
}

/** After it was made: the same squares' inputs now; slot s + 1 is brought up to date lazily. */
export function afterMove(move: i32, s: i32): void {
  const t = s + 1;
  addedCount[t] = collect(move, added, t * listSize);
  if (reservesNoted[t] == 1) noteReserves(reservesAfter, t * 8);
  dirty[t] = 1;
}

/** A null move at slot s: slot s + 1 is a copy (the board is unchanged). */
export function copySlot(s: i32): void {
  const t = s + 1;
  removedCount[t] = addedCount[t] = 0;
  reservesNoted[t] = 0;
  dirty[t] = 1;
}

function apply(t: i32): void {
  dirty[t] = 0;
  const o = t * listSize;
  let nr = o + removedCount[t];
  let na = o + addedCount[t];
  for (let i = o; i < na; i++) {
    const x = added[i];
    for (let k = o; k < nr; k++) {
      if (removed[k] == x) {
        removed[k] = removed[--nr];
        added[i--] = added[--na];
        break;
      }
    }
  }
  const pairs = na - o < nr - o ? na - o : nr - o;
  const n = <usize>(H * 4);
  const row = <usize>(2 * H);
  const dst = ACC + <usize>t * 2 * n;
  let src = dst - 2 * n;
  for (let i = o; i < o + pairs; i++) {
    const p = <usize>added[i];
    const m = <usize>removed[i];
    pair(dst, src, W1 + p * row, W1 + m * row, W1 + (p ^ 1) * row, W1 + (m ^ 1) * row, n);
    src = dst;
  }
  for (let i = o + pairs; i < na; i++) {
    const p = <usize>added[i];
    addRow(dst, src, W1 + p * row, W1 + (p ^ 1) * row, n);
    src = dst;
  }
  for (let i = o + pairs; i < nr; i++) {
    const m = <usize>removed[i];
    subRow(dst, src, W1 + m * row, W1 + (m ^ 1) * row, n);
    src = dst;
  }
  if (src != dst) memory.copy(dst, src, 2 * n);
  if (reservesNoted[t] == 1) {
    for (let j = t * 8; j < t * 8 + 8; j++) {
      const before = reservesBefore[j];
      const after = reservesAfter[j];
      if (before != after) swapRow(dst + <usize>((j >> 2) & 1) * n, W1 + <usize>after * row, W1 + <usize>before * row, n);
    }
  }
}

/** The output layer's integer sum for slot s, the mover's perspective first (accumulator.ts scales it). */
export function evaluate(s: i32): i32 {
  if (dirty[s] != 0) {
    let k = s;
    while (dirty[k] != 0) k--;
    for (k++; k <= s; k++) apply(k);
  }
  const n = <usize>(H * 4);
  const at = ACC + <usize>s * 2 * n;
  const us = at + <usize>side * n;
  const them = at + <usize>(side ^ 1) * n;
  const q = i32x4.splat(qa);
  const z = i32x4.splat(0);
  let sum = i32x4.splat(0);
  const w2b = W2 + (n >> 1);
  for (let j: usize = 0, w: usize = 0; j < n; j += 16, w += 8) {
    sum = i32x4.add(sum, i32x4.mul(i32x4.min_s(i32x4.max_s(v128.load(us + j), z), q), v128.load16x4_s(W2 + w)));
    sum = i32x4.add(sum, i32x4.mul(i32x4.min_s(i32x4.max_s(v128.load(them + j), z), q), v128.load16x4_s(w2b + w)));
  }
  return i32x4.extract_lane(sum, 0) + i32x4.extract_lane(sum, 1) + i32x4.extract_lane(sum, 2) + i32x4.extract_lane(sum, 3);
}

/**
 * What a search pays per node, all inside WebAssembly: every legal move of the position at
 * slot s noted, made, its child evaluated (the lazy update and the output layer) and unmade.
 * Returns the sum of the children's output sums (wrapping), to check against TypeScript.
 */
export function walk(s: i32, start: i32): i32 {
  const end = generate(start);
  let total = 0;
  for (let i = start; i < end; i++) {
    const m = moves[i];
    beforeMove(m, s);
    make(m);
    afterMove(m, s);
    total += evaluate(s + 1);
    unmake(m);
  }
  return total;
}
