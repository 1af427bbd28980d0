// The transposition table: a fixed-size Int32Array over a SharedArrayBuffer (so that lazy-SMP
// helper threads share it), sized from the Hash option. No allocation after construction.
//
// Layout: buckets of 4 entries, 4 int32 words each (16 bytes; a bucket is one 64-byte line):
//   w0  check = keyHi ^ w1 ^ w2 ^ w3   (a torn write by another thread fails the check: no locks)
//   w1  best move (0 = none)
//   w2  score (low 16 bits, signed) | depth (8 bits) << 16 | bound (2 bits) << 24 | age (6 bits) << 26
//   w3  static evaluation
// The bucket index comes from keyLo, the check from keyHi: 64 bits of key in all.
//
// Replacement: an entry for the same key is overwritten (keeping its move when the new one has
// none); otherwise the entry with the lowest depth, counting entries from older searches as
// 8 plies shallower per generation, so deep results survive while stale ones are recycled.

export const BOUND_UPPER = 1; // fail low: the true value is at most the score
export const BOUND_LOWER = 2; // fail high: the true value is at least the score
export const BOUND_EXACT = 3;

const ENTRY_WORDS = 4;
const BUCKET_ENTRIES = 4;
const BUCKET_WORDS = ENTRY_WORDS * BUCKET_ENTRIES;

export class TranspositionTable {
  readonly buffer: SharedArrayBuffer | ArrayBuffer;
  private readonly t: Int32Array;
  private readonly mask: number;
  private age = 0;

  // The result of the last successful probe (read right after probe(); no object is allocated).
  move = 0;
  score = 0;
  depth = 0;
  bound = 0;
  eval = 0;

  /** A table of about `megabytes` MB (rounded down to a power of two buckets, at least 1024). */
  static create(megabytes: number, shared = true): TranspositionTable {
    const bytes = Math.max(1, megabytes) * 1024 * 1024;
    let buckets = 1024;
    while (buckets * 2 * BUCKET_WORDS * 4 <= bytes) buckets *= 2;
    const size = buckets * BUCKET_WORDS * 4;
    return new TranspositionTable(shared ? new SharedArrayBuffer(size) : new ArrayBuffer(size));
  }

  /** A view of an existing table's buffer (another thread's). */
  constructor(buffer: SharedArrayBuffer | ArrayBuffer) {
    this.buffer = buffer;
    this.t = new Int32Array(buffer);
    this.mask = this.t.length / BUCKET_WORDS - 1;
  }

  get megabytes(): number {
    return this.buffer.byteLength / (1024 * 1024);
  }

  clear(): void {
    this.t.fill(0);
    this.age = 0;
  }

  /** Call once per search: entries from earlier searches become preferred victims. */
  newSearch(): void {
    this.age = (this.age + 1) & 63;
  }

  probe(keyLo: number, keyHi: number): boolean {
    const t = this.t;
    let i = (keyLo & this.mask) * BUCKET_WORDS;
    const end = i + BUCKET_WORDS;
    for (; i < end; i += ENTRY_WORDS) {
      const w1 = t[i + 1]!;
      const w2 = t[i + 2]!;
      const w3 = t[i + 3]!;
      if ((t[i]! ^ w1 ^ w2 ^ w3) === (keyHi | 0) && w2 !== 0) {
        this.move = w1;
        this.score = (w2 << 16) >> 16;
        this.depth = (w2 >>> 16) & 0xff;
        this.bound = (w2 >>> 24) & 3;
        this.eval = w3;
        return true;
      }
    }
    return false;
  }

  store(keyLo: number, keyHi: number, move: number, score: number, depth: number, bound: number, evaluation: number): void {
    const t = this.t;
    const start = (keyLo & this.mask) * BUCKET_WORDS;
    const check = keyHi | 0;
    let victim = start;
    let victimWorth = 1 << 30;
    for (let i = start; i < start + BUCKET_WORDS; i += ENTRY_WORDS) {
      const w2 = t[i + 2]!;
      if ((t[i]! ^ t[i + 1]! ^ w2 ^ t[i + 3]!) === check && w2 !== 0) {
        if (move === 0) move = t[i + 1]!;
        victim = i;
        break;
      }
      const ageDiff = (this.age - ((w2 >>> 26) & 63)) & 63;
      const worth = w2 === 0 ? -1 << 20 : ((w2 >>> 16) & 0xff) - 8 * ageDiff;
      if (worth < victimWorth) {
        victimWorth = worth;
        victim = i;
      }
    }
    if (depth > 255) depth = 255;
    const w2 = (score & 0xffff) | (depth << 16) | (bound << 24) | (this.age << 26);
    t[victim + 1] = move;
    t[victim + 2] = w2;
    t[victim + 3] = evaluation;
    t[victim] = check ^ move ^ w2 ^ evaluation;
  }

  /** Per mille of a sample of entries written during the current search. */
  hashfull(): number {
    const t = this.t;
    const n = Math.min(1000, t.length / ENTRY_WORDS);
    let used = 0;
    for (let e = 0; e < n; e++) {
      const w2 = t[e * ENTRY_WORDS + 2]!;
      if (w2 !== 0 && ((w2 >>> 26) & 63) === this.age) used++;
    }
    return Math.round((used * 1000) / n);
  }
}
