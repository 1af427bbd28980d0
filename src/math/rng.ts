// A small seeded random number generator (mulberry32) for selfplay's random opening plies (and
// the trainer's shuffles, the bridge statistics' resampling, scripts and tests).
// Math.random cannot be seeded, and a run must be reproducible from its --seed: each game gets
// its own stream from (seed, game number), so a game's plies do not depend on which worker
// played it or in what order the games finished.

export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A uniform 32-bit unsigned integer. */
  nextU32(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }

  /** A whole number from 0 to n - 1, uniform to within n / 2^32 (n ≤ 2^32). */
  below(n: number): number {
    return Math.floor((this.nextU32() / 0x1_0000_0000) * n);
  }
}

/** The seed of game `game` of a run seeded `seed`: the two mixed so that nearby games differ in every bit. */
export function gameSeed(seed: number, game: number): number {
  let h = Math.imul((seed >>> 0) ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(game >>> 0, 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return h >>> 0;
}
