// Playing levels: weaker play for people, made the way people are weaker. A level caps the
// search's depth and nodes (a shorter look ahead), turns off the threat extensions (long forced
// roads go unseen) and adds noise to the static evaluation (a rougher judgement of plans and
// flat races). Wins and losses are scores far beyond any noise, so from level 2 up a road in one
// is always taken and a road in one always stopped; level 1 looks one ply ahead and misses the
// opponent's roads (the only level that does). The noise is a hash of the position, so a search
// sees one value per position and its table stays consistent.
//
// The settings were chosen by a screening of neighbouring levels, aiming at even steps; their
// measured Elo, and how uneven the steps came out, are in docs/levels.md, "The ladder".

/** The strongest level: the full engine, exactly as without a level. */
export const MAX_LEVEL = 10;

export interface LevelSettings {
  /** Deepest iteration. */
  depth: number;
  /** Node budget per move. */
  nodes: number;
  /** Evaluation noise: uniform in [-noise, +noise] centiflats. */
  noise: number;
  /** Threat extensions (forced roads followed past the depth). */
  extensions: boolean;
  /** On a game clock, the least time a move takes (ms, within the clock's budget): a person's pace. */
  paceMs: number;
}

const LEVELS: readonly LevelSettings[] = [
  { depth: 1, nodes: 2_000, noise: 250, extensions: false, paceMs: 2000 },
  { depth: 2, nodes: 5_000, noise: 350, extensions: false, paceMs: 2000 },
  { depth: 2, nodes: 10_000, noise: 100, extensions: false, paceMs: 2000 },
  { depth: 3, nodes: 20_000, noise: 220, extensions: false, paceMs: 2000 },
  { depth: 3, nodes: 40_000, noise: 120, extensions: true, paceMs: 2000 },
  { depth: 4, nodes: 80_000, noise: 220, extensions: true, paceMs: 2000 },
  { depth: 4, nodes: 160_000, noise: 50, extensions: true, paceMs: 2000 },
  { depth: 5, nodes: 320_000, noise: 40, extensions: true, paceMs: 2000 },
  { depth: 6, nodes: 1_000_000, noise: 20, extensions: true, paceMs: 2000 },
];

/** The settings of `level` (1 to MAX_LEVEL - 1), or undefined for full strength. */
export function levelSettings(level: number | undefined): LevelSettings | undefined {
  if (level === undefined || !Number.isInteger(level) || level >= MAX_LEVEL) return undefined;
  return LEVELS[Math.max(1, level) - 1];
}

/**
 * A playing level's least thinking time on a game clock (ms): its pace, but never more than the
 * clock's soft budget `softMs`, so that a person's pace never costs a game on time. 0 at full
 * strength or without a budget. The TEI session and the PlayTak bot both hold answers this long.
 */
export function levelPaceMs(level: number | undefined, softMs: number | undefined): number {
  const settings = levelSettings(level);
  if (settings === undefined || softMs === undefined || !(softMs > 0)) return 0;
  return Math.min(settings.paceMs, softMs);
}

/**
 * The noise of a position for a search at `amplitude` (centiflats): uniform in
 * [-amplitude, amplitude], fixed by the position's Zobrist key halves.
 */
export function evalNoise(keyLo: number, keyHi: number, amplitude: number): number {
  let h = Math.imul(keyLo ^ 0x9e3779b9, 0x85ebca6b) ^ keyHi;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  h ^= h >>> 16;
  return (((h >>> 0) / 0x100000000) * 2 - 1) * amplitude;
}
