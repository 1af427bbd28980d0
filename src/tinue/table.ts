// The tinue solver's own transposition table (the search's table holds scores, not proof
// numbers). One Int32Array, no allocation after construction.
//
// An entry is a subproblem: a position AND the plies left to finish the road in. The same board
// with fewer plies left is another question (a proof within 5 plies is none within 3), so the
// plies left are hashed into the key (a per-count salt). The subproblem graph is then acyclic,
// since every move lowers the plies left, and df-pn's troubles with cycles (a value that
// depends on the path taken) cannot arise.
//
// Entry, 8 words: keyLo, keyHi, phi, delta, move (the proving move of a proven attacker node),
// work (nodes spent below it, for replacement), used flag, spare. Buckets of 4 entries (one
// 128-byte pair of cache lines). Replacement: the same subproblem is overwritten; otherwise the
// entry with the least work, so that the costly results (and the proofs, usually the costliest)
// survive while cheap leaves are recycled.

const ENTRY = 8;
const BUCKET = 4;

/** Proof and disproof numbers at or above this are infinite: the node is settled. */
export const INF = 1 << 30;

const SALT = new Int32Array(256);
{
  // A fixed generator: the same subproblem hashes alike on every run.
  let s = 0x2545f491;
  for (let i = 0; i < SALT.length; i++) {
    s = (s + 0x9e3779b9) | 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    SALT[i] = z ^ (z >>> 16);
  }
}

export class ProofTable {
  private readonly t: Int32Array;
  private readonly mask: number;

  // The last successful probe (read right after probe()).
  phi = 0;
  delta = 0;
  move = 0;
  work = 0;

  /** A table of about `megabytes` MB (a power of two buckets). */
  constructor(megabytes: number) {
    const bytes = Math.max(1, megabytes) * 1024 * 1024;
    let buckets = 256;
    while (buckets * 2 * BUCKET * ENTRY * 4 <= bytes) buckets *= 2;
    this.t = new Int32Array(buckets * BUCKET * ENTRY);
    this.mask = buckets - 1;
  }

  clear(): void {
    this.t.fill(0);
  }

  /** Whether the subproblem (position key, plies left) is stored; its values then in phi, delta, move, work. */
  probe(keyLo: number, keyHi: number, plies: number): boolean {
    const lo = keyLo ^ SALT[plies * 2]!;
    const hi = keyHi ^ SALT[plies * 2 + 1]!;
    const t = this.t;
    let i = ((lo >>> 0) & this.mask) * BUCKET * ENTRY;
    const end = i + BUCKET * ENTRY;
    for (; i < end; i += ENTRY) {
      if (t[i + 6] !== 0 && t[i] === lo && t[i + 1] === hi) {
        this.phi = t[i + 2]!;
        this.delta = t[i + 3]!;
        this.move = t[i + 4]!;
        this.work = t[i + 5]!;
        return true;
      }
    }
    return false;
  }

  store(keyLo: number, keyHi: number, plies: number, phi: number, delta: number, move: number, work: number): void {
    const lo = keyLo ^ SALT[plies * 2]!;
    const hi = keyHi ^ SALT[plies * 2 + 1]!;
    const t = this.t;
    const start = ((lo >>> 0) & this.mask) * BUCKET * ENTRY;
    let victim = start;
    let least = Infinity;
    for (let i = start; i < start + BUCKET * ENTRY; i += ENTRY) {
      if (t[i + 6] === 0) {
        if (least > -1) {
          least = -1;
          victim = i;
        }
        continue;
      }
      if (t[i] === lo && t[i + 1] === hi) {
        victim = i;
        break;
      }
      if (t[i + 5]! < least) {
        least = t[i + 5]!;
        victim = i;
      }
    }
    t[victim] = lo;
    t[victim + 1] = hi;
    t[victim + 2] = phi;
    t[victim + 3] = delta;
    t[victim + 4] = move;
    t[victim + 5] = work > 0x7fffffff ? 0x7fffffff : work;
    t[victim + 6] = 1;
  }
}
