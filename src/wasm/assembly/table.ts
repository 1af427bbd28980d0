// The transposition table in AssemblyScript: search/tt.ts's layout and replacement, entry for
// entry (buckets of 4 entries of 4 words; the check word keyHi ^ w1 ^ w2 ^ w3), so that a search
// in WebAssembly stores and finds what the TypeScript one does. One thread's, in the core's memory.

export const BOUND_UPPER: i32 = 1;
export const BOUND_LOWER: i32 = 2;
export const BOUND_EXACT: i32 = 3;

let t: StaticArray<i32> = new StaticArray<i32>(0);
let mask: i32 = 0;
let age: i32 = 0;

// The last successful probe's entry.
export let ttMove: i32 = 0;
export let ttScore: i32 = 0;
export let ttDepth: i32 = 0;
export let ttBound: i32 = 0;
export let ttEval: i32 = 0;

/** A table of `buckets` buckets (a power of two, as TranspositionTable.create sizes it). */
export function setTable(buckets: i32): void {
  if (t.length != buckets * 16) t = new StaticArray<i32>(buckets * 16);
  mask = buckets - 1;
  clearTable();
}

export function clearTable(): void {
  for (let i = 0; i < t.length; i++) t[i] = 0;
  age = 0;
}

export function newSearchTable(): void {
  age = (age + 1) & 63;
}

export function probe(keyLo: i32, keyHi: i32): bool {
  let i = (keyLo & mask) * 16;
  const end = i + 16;
  for (; i < end; i += 4) {
    const w1 = t[i + 1];
    const w2 = t[i + 2];
    const w3 = t[i + 3];
    if ((t[i] ^ w1 ^ w2 ^ w3) == keyHi && w2 != 0) {
      ttMove = w1;
      ttScore = (w2 << 16) >> 16;
      ttDepth = (w2 >>> 16) & 0xff;
      ttBound = (w2 >>> 24) & 3;
      ttEval = w3;
      return true;
    }
  }
  return false;
}

export function store(keyLo: i32, keyHi: i32, move: i32, score: i32, depth: i32, bound: i32, evaluation: i32): void {
  const start = (keyLo & mask) * 16;
  let victim = start;
  let victimWorth = 1 << 30;
  for (let i = start; i < start + 16; i += 4) {
    const w2 = t[i + 2];
    if ((t[i] ^ t[i + 1] ^ w2 ^ t[i + 3]) == keyHi && w2 != 0) {
      if (move == 0) move = t[i + 1];
      victim = i;
      break;
    }
    const ageDiff = (age - ((w2 >>> 26) & 63)) & 63;
    const worth = w2 == 0 ? -1 << 20 : ((w2 >>> 16) & 0xff) - 8 * ageDiff;
    if (worth < victimWorth) {
      victimWorth = worth;
      victim = i;
    }
  }
  if (depth > 255) depth = 255;
  const w2 = (score & 0xffff) | (depth << 16) | (bound << 24) | (age << 26);
  t[victim + 1] = move;
  t[victim + 2] = w2;
  t[victim + 3] = evaluation;
  t[victim] = keyHi ^ move ^ w2 ^ evaluation;
}
