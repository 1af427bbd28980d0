// The player's puzzle rating: Elo, starting at 1200, K 32, against the puzzle's rating; only a
// puzzle's first attempt counts, and a hint or the solution before solving it makes it a loss.
// Kept in localStorage under `bredon.puzzles` (the rating and the ids tried).

export const START_RATING = 1200;
export const K = 32;
export const STORAGE_KEY = 'bredon.puzzles';

/** The part of localStorage used (a plain object in tests). */
export interface RecordStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export interface PuzzleRecord {
  rating: number;
  /** Ids of the puzzles tried, each counted once. */
  tried: string[];
}

/** The player's expected score against a puzzle. */
export function expectedScore(player: number, puzzle: number): number {
  return 1 / (1 + 10 ** ((puzzle - player) / 400));
}

/** The rating after a first attempt: won (solved unaided) or lost. */
export function rated(player: number, puzzle: number, won: boolean): number {
  return Math.round(player + K * ((won ? 1 : 0) - expectedScore(player, puzzle)));
}

export function loadRecord(storage: Pick<RecordStorage, 'getItem'> | undefined): PuzzleRecord {
  try {
    const o = JSON.parse(storage?.getItem(STORAGE_KEY) ?? 'null') as PuzzleRecord | null;
    if (o !== null && typeof o.rating === 'number' && Array.isArray(o.tried)) return o;
  } catch {
    // a damaged record starts afresh
  }
  return { rating: START_RATING, tried: [] };
}

export function saveRecord(storage: Pick<RecordStorage, 'setItem'> | undefined, r: PuzzleRecord): void {
  storage?.setItem(STORAGE_KEY, JSON.stringify(r));
}

/**
 * The next puzzle: an untried one whose rating is nearest the player's (within 150 first, then
 * wider), the first of equals after `after` in the file's order so that the player moves on.
 */
export function pickPuzzle<P extends { id: string; rating: number }>(puzzles: readonly P[], r: PuzzleRecord, after = -1): P | undefined {
  const tried = new Set(r.tried);
  const open = puzzles.map((p, i) => ({ p, i })).filter(({ p }) => !tried.has(p.id));
  const pool = open.length > 0 ? open : puzzles.map((p, i) => ({ p, i }));
  for (const width of [150, 300, 600, Infinity]) {
    const near = pool.filter(({ p }) => Math.abs(p.rating - r.rating) <= width);
    if (near.length > 0) return (near.find(({ i }) => i > after) ?? near[0]!).p;
  }
  return undefined;
}
