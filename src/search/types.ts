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
  /**
   * `go movetime` without a clock: the time is the client's to give, so iterations go on until
   * the hard deadline (no soft budget, no stability rule, no skipped last iteration) unless the
   * result is proven or the root has one legal move.
   */
  fixedTime?: boolean;
  /**
   * A playing level, 1 to MAX_LEVEL (src/search/levels.ts): below MAX_LEVEL the search is
   * capped in depth and nodes, plays without threat extensions at the lowest levels and adds
   * noise to its evaluation. Undefined or MAX_LEVEL: full strength, the same tree as ever.
   */
  level?: number;
  /**
   * Root lines to find per iteration (Multi-PV), 1 to MAX_MULTI_PV: the best move, then the best
   * of the others, and so on. Undefined or 1 is the plain single-line search. Only the main
   * thread (threadIndex 0) honours it; lazy-SMP helpers search one line.
   */
  multiPV?: number;
  /**
   * Before searching, the main thread of a single-line search gives the tinue prover (src/tinue)
   * up to this many ms to prove a forced road for the side to move; a proof is the answer, with
   * its line and a won score. Undefined or 0: no prover (time.ts sets it for analysis only).
   */
  tinueMs?: number;
  /**
   * Undefined or true: the size's network evaluation where it has one (src/eval/net/nets.ts),
   * added to the linear evaluation. false: the linear evaluation alone (the TEI option Network
   * set to false), to compare the two or to analyse as older builds did.
   */
  network?: boolean;
}

/** The most Multi-PV lines a search finds (each is a search of the root of its own). */
export const MAX_MULTI_PV = 64;

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
  /**
   * In a Multi-PV search (multiPV > 1), this line's 1-based place among the iteration's lines,
   * best first (UCI's `multipv K`); undefined in a single-line search.
   */
  multipv?: number;
}

export interface SearchResult {
  /** Always a legal move of the root position (0 only when the root has no legal move or is decided). */
  best: number;
  score: number;
  depth: number;
  nodes: number;
  pv: number[];
  /** Deepest ply reached and table use at the end (set by the worker, for the final report). */
  seldepth?: number;
  hashfull?: number;
}

/**
 * A search's periodic sign of life inside a long iteration (the main thread only). Plain numbers,
 * so that the search calls it without allocating; the root move being searched and its 1-based
 * place in this iteration's move order are UCI's currmove and currmovenumber.
 */
export type ProgressCallback = (nodes: number, seldepth: number, currMove: number, currMoveNumber: number) => void;

/** A progress report as sent from a search thread (see ProgressCallback). */
export interface SearchProgress {
  nodes: number;
  seldepth: number;
  /** 0 before the first root move is searched. */
  currMove: number;
  currMoveNumber: number;
  hashfull: number;
}

/** Scores at or beyond this magnitude are proven results: WIN_SCORE - plies to the road or flat win. */
export const WIN_SCORE = 30000;
export const WIN_THRESHOLD = WIN_SCORE - 1000;
