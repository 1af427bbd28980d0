// What a search is asked to do and what it reports: the contract between the search and the
// protocol / worker code that drives it.

export interface SearchLimits {
  /** Deepest iteration to complete (plies). */
  depth?: number;
  /** Stop after about this many nodes. */
  nodes?: number;
  /** Do not start a new iteration after this many ms from the start. */
  softMs?: number;
  /** Abort the search at this many ms from the start, whatever it is doing. */
  hardMs?: number;
  /** Search until stopped (the stop flag), ignoring depth/time limits except the depth cap. */
  infinite?: boolean;
}

export interface SearchInfo {
  depth: number;
  seldepth: number;
  /** Centiflats from the side to move's view (100 = one flat). A proven road win is WIN_SCORE - plies. */
  score: number;
  /** Plies to a proven win (> 0) or loss (< 0), or 0 when the score is not a proven result. */
  mateIn: number;
  /** 'exact', or 'lower'/'upper' when reported on an aspiration fail-high/low. */
  bound: 'exact' | 'lower' | 'upper';
  nodes: number;
  timeMs: number;
  /** Transposition table use, per mille. */
  hashfull: number;
  /** Principal variation as moves (32-bit ints, see src/core/move.ts); never empty. */
  pv: number[];
}

export interface SearchResult {
  /** Always a legal move of the root position (0 only when the root has no legal move or is decided). */
  best: number;
  score: number;
  depth: number;
  nodes: number;
  pv: number[];
}

/** Scores at or beyond this magnitude are proven results: WIN_SCORE - plies to the road or flat win. */
export const WIN_SCORE = 30000;
export const WIN_THRESHOLD = WIN_SCORE - 1000;
