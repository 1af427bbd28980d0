// Bredon as a library: `import { Game, parseTps, formatTps, legalMoves, perft, search } from 'bredon'`.
//
// A small surface over the rules core, the notation and the search, meant to stay stable while
// the engine inside changes: moves are PTN strings, positions are TPS strings or Game objects,
// and every type here is declared in this file (nothing of the engine's internals leaks into the
// declarations a user compiles against). The search runs in worker threads, so `await search(...)`
// never blocks the caller's event loop.
//
// dist/lib.js is also the script of its own search threads (as dist/bredon.js is for the
// command line): a worker started by an Engine runs the search loop below instead of exporting.

import { makeMove, unmakeMove } from '../core/makemove.js';
import { isLegalMove, legalMoves as generateLegalMoves } from '../core/movegen.js';
import { BLACK, Position, WHITE, type ReserveCount } from '../core/position.js';
import { BLACK_FLATS, BLACK_ROAD, DRAW, flatCount, gameResult, ONGOING, REPETITION, resultText, WHITE_FLATS, WHITE_ROAD } from '../core/result.js';
import { DEFAULT_RESERVES, isSupportedSize, MAX_SIZE, MIN_SIZE, squareName } from '../core/sizes.js';
import { halfKomiFrom, illegalReason, parsePtnGames, startPosition, tagValue } from '../notation/ptn-game.js';
import { formatMove, parseMove } from '../notation/ptn-move.js';
import { showPosition } from '../notation/show.js';
import { formatTps as formatPositionTps, parseTps as parsePositionTps, startTps } from '../notation/tps.js';
import { searchLimits } from '../search/time.js';
import { MAX_LEVEL } from '../search/levels.js';
import { WIN_SCORE, WIN_THRESHOLD, type SearchInfo as EngineInfo, type SearchLimits, type SearchResult as EngineResult } from '../search/types.js';
import { isSearchWorker, runSearchWorker, SearchPool, type SearchJob } from '../search/worker.js';
import { winDrawLoss } from '../tei/wdl.js';
import { perftCount } from '../wasm/perft.js';

declare const BREDON_VERSION: string;
/** The version of the package. */
export const VERSION: string = typeof BREDON_VERSION === 'string' ? BREDON_VERSION : 'dev';

if (isSearchWorker()) runSearchWorker();

// ---- types ----------------------------------------------------------------------------------

export type Color = 'white' | 'black';
export type PieceType = 'flat' | 'wall' | 'cap';

/** A stack: its colours from the bottom up, and what its top piece is (only the top may stand). */
export interface Stack {
  colors: Color[];
  top: PieceType;
}

/** A position as plain data (what a TPS says). */
export interface Board {
  size: number;
  /** size * size squares, a1 first, then b1 ... , a2 ...: index = rank * size + file (0-based). */
  squares: (Stack | null)[];
  turn: Color;
  /** The TPS move number (1 for the first move of each side). */
  moveNumber: number;
}

/** A reserve of one player. */
export interface Reserves {
  /** Stones, each played as a flat or a wall. */
  stones: number;
  caps: number;
}

export interface GameOptions {
  /** Board size, 3 to 8 (default 6); ignored with `tps`, which has its own. */
  size?: number;
  /** A position to start from instead of the empty board. */
  tps?: string;
  /** Komi in flats, added to Black's flat count (whole or half; default 0). */
  komi?: number;
  /**
   * Custom reserves (default: the size's standard ones): one count for both players, or each
   * player's own, `{ white, black }` (a handicap game; the game ends when either runs out).
   */
  stones?: number | PlayerCounts;
  caps?: number | PlayerCounts;
}

/** A count for each player. */
export interface PlayerCounts {
  white: number;
  black: number;
}

function reserveCount(count: number | PlayerCounts | undefined): ReserveCount | undefined {
  return count === undefined || typeof count === 'number' ? count : [count.white, count.black];
}

export interface GameResult {
  over: boolean;
  winner: Color | 'draw' | null;
  /** How it ended: a road, the flat count (full board or empty reserve), or a third repetition. */
  reason: 'road' | 'flats' | 'repetition' | null;
  /** PTN's result: R-0, 0-R, F-0, 0-F, 1/2-1/2; null while the game goes on. */
  text: string | null;
}

/** A report of the search: one per completed depth, and the answer's own. */
export interface SearchInfo {
  depth: number;
  seldepth: number;
  /** Centiflats from the side to move's view (100 = one flat), komi included. */
  score: number;
  /** Plies to a proven result: > 0 the side to move wins, < 0 it loses; null when unproven. */
  win: number | null;
  /** Win, draw and loss chances per mille for the side to move (from the evaluation's fit). */
  wdl: [number, number, number];
  /** Nodes searched by every thread so far. */
  nodes: number;
  timeMs: number;
  /** The principal variation in PTN, starting with the best move. */
  pv: string[];
}

export interface SearchResult extends SearchInfo {
  /** The move to play, in canonical PTN. */
  bestMove: string;
}

export interface SearchOptions {
  /** Think for about this many milliseconds. */
  movetime?: number;
  /** Complete this many plies of iterative deepening. */
  depth?: number;
  /** Stop after about this many nodes. */
  nodes?: number;
  /** Komi in flats when `position` is a TPS (a Game has its own). */
  komi?: number;
  /** Aborting stops the search early; it still resolves, with the best move found so far. */
  signal?: AbortSignal;
  /** Called with each completed depth. */
  onInfo?: (info: SearchInfo) => void;
  /**
   * Playing level, 1 (a beginner) to 10 (full strength, the default): below 10 the search looks
   * less far and judges more roughly (docs/levels.md). A level's caps end its search early.
   */
  level?: number;
}

export interface EngineOptions {
  /** Transposition table size in MB (default 64). */
  hash?: number;
  /** Search threads sharing the table (default 1). */
  threads?: number;
}

/** Bad input: a malformed TPS or PTN, an illegal move, an unsupported size. */
export class TakError extends Error {
  override name = 'TakError';
}

function fail(e: unknown): never {
  if (e instanceof TakError) throw e;
  throw new TakError(e instanceof Error ? e.message : String(e));
}

const COLORS: readonly Color[] = ['white', 'black'];

// ---- notation -------------------------------------------------------------------------------

/** Reads a TPS (`x6/x6/x2,1,2,x2/x6/x6/x6 1 2`) into plain data. Throws TakError when malformed. */
export function parseTps(tps: string): Board {
  let pos: Position;
  try {
    pos = parsePositionTps(tps);
  } catch (e) {
    fail(e);
  }
  return boardOf(pos);
}

/** Writes a Board as TPS (runs of empty squares as xN). Throws TakError when the board is inconsistent. */
export function formatTps(board: Board): string {
  const { size } = board;
  if (!isSupportedSize(size)) throw new TakError(`boards from ${MIN_SIZE} to ${MAX_SIZE} are supported, got ${size}`);
  if (board.squares.length !== size * size) throw new TakError(`a ${size}x${size} board has ${size * size} squares, got ${board.squares.length}`);
  if (!Number.isInteger(board.moveNumber) || board.moveNumber < 1) throw new TakError(`the move number must be 1 or more, got ${board.moveNumber}`);
  const rows: string[] = [];
  for (let rank = size - 1; rank >= 0; rank--) {
    const cells: string[] = [];
    for (let file = 0; file < size; file++) {
      const s = board.squares[rank * size + file];
      if (s === null || s === undefined) {
        cells.push('x');
        continue;
      }
      if (s.colors.length === 0) throw new TakError(`the stack on ${squareName(rank * size + file, size)} has no pieces`);
      cells.push(s.colors.map((c) => (c === 'white' ? '1' : '2')).join('') + (s.top === 'wall' ? 'S' : s.top === 'cap' ? 'C' : ''));
    }
    rows.push(cells.join(','));
  }
  // Through the parser: the result is checked (reserves) and written in its usual compressed form.
  const text = `${rows.join('/')} ${board.turn === 'white' ? 1 : 2} ${board.moveNumber}`;
  try {
    return formatPositionTps(parsePositionTps(text));
  } catch (e) {
    fail(e);
  }
}

/** A move in canonical PTN (`Fc3` → `c3`, `1a1>1` → `a1>`, suffixes dropped). Checks the notation, not legality. */
export function normalizeMove(move: string, size: number): string {
  try {
    return formatMove(parseMove(move, size), size);
  } catch (e) {
    fail(e);
  }
}

function boardOf(pos: Position): Board {
  const squares: (Stack | null)[] = [];
  for (let sq = 0; sq < pos.area; sq++) {
    const h = pos.height[sq]!;
    if (h === 0) {
      squares.push(null);
      continue;
    }
    const colors: Color[] = [];
    for (let l = 0; l < h; l++) colors.push(COLORS[pos.colourAt(sq, l)]!);
    const t = pos.top[sq]!;
    squares.push({ colors, top: t >= 6 ? 'cap' : t >= 4 ? 'wall' : 'flat' });
  }
  return { size: pos.size, squares, turn: COLORS[pos.side]!, moveNumber: pos.moveNumber };
}

// ---- the game -------------------------------------------------------------------------------

/** A game: a start position, the moves played from it, komi and reserves. */
export class Game {
  readonly size: number;
  /** Komi in flats. */
  readonly komi: number;
  /** The position the game started from. */
  readonly startTps: string;
  /** Each player's reserve at the start of a game on this board (standard or custom). */
  readonly startReserves: { readonly white: Readonly<Reserves>; readonly black: Readonly<Reserves> };
  /** White's reserve at the start, which is also Black's unless they differ (see startReserves). */
  readonly reserves: Readonly<Reserves>;
  private readonly halfKomi: number;
  private readonly pos: Position;
  private readonly played: number[] = [];

  constructor(options: GameOptions = {}) {
    const size = options.size ?? 6;
    const halfKomi = options.komi === undefined ? 0 : 2 * options.komi;
    if (!Number.isInteger(halfKomi)) throw new TakError(`komi must be a whole or half number, got ${options.komi}`);
    if (options.tps === undefined && !isSupportedSize(size)) throw new TakError(`boards from ${MIN_SIZE} to ${MAX_SIZE} are supported, got ${size}`);
    try {
      this.pos = parsePositionTps(options.tps ?? startTps(size), { stones: reserveCount(options.stones), caps: reserveCount(options.caps) });
    } catch (e) {
      fail(e);
    }
    this.size = this.pos.size;
    this.halfKomi = halfKomi;
    this.komi = halfKomi / 2;
    this.startTps = formatPositionTps(this.pos);
    const start = (c: number): Reserves => ({ stones: this.pos.startStonesOf[c]!, caps: this.pos.startCapsOf[c]! });
    this.startReserves = { white: start(WHITE), black: start(BLACK) };
    this.reserves = this.startReserves.white;
  }

  /** The start reserves as GameOptions take them. */
  private get reserveOptions(): { stones: number | PlayerCounts; caps: number | PlayerCounts } {
    const { white, black } = this.startReserves;
    const pick = (w: number, b: number) => (w === b ? w : { white: w, black: b });
    return { stones: pick(white.stones, black.stones), caps: pick(white.caps, black.caps) };
  }

  /** The first game of a PTN text: its tags (Size, TPS, Komi, Flats, Caps, Flats1/2, Caps1/2) and its moves. */
  static fromPtn(ptn: string): Game {
    let game: Game;
    try {
      const g = parsePtnGames(ptn)[0];
      if (g === undefined) throw new TakError('no game in the PTN text');
      const start = startPosition(g);
      const komi = tagValue(g, 'Komi');
      const pair = ([white, black]: readonly [number, number]) => (white === black ? white : { white, black });
      game = new Game({ tps: formatPositionTps(start), komi: komi === undefined ? 0 : halfKomiFrom(komi) / 2, stones: pair(start.startStonesOf), caps: pair(start.startCapsOf) });
      for (const m of g.moves) game.play(m.text);
    } catch (e) {
      fail(e);
    }
    return game;
  }

  /** The position now, as TPS. */
  get tps(): string {
    return formatPositionTps(this.pos);
  }

  get board(): Board {
    return boardOf(this.pos);
  }

  get turn(): Color {
    return COLORS[this.pos.side]!;
  }

  get moveNumber(): number {
    return this.pos.moveNumber;
  }

  /** The moves played since the start, in canonical PTN. */
  get moves(): string[] {
    return this.played.map((m) => formatMove(m, this.size));
  }

  /** What each player has left to place. */
  get reservesLeft(): { white: Reserves; black: Reserves } {
    const r = (c: number): Reserves => ({ stones: this.pos.stones[c]!, caps: this.pos.caps[c]! });
    return { white: r(WHITE), black: r(BLACK) };
  }

  /** Flats on top, each side's (komi not included). */
  get flats(): { white: number; black: number } {
    return { white: flatCount(this.pos, WHITE), black: flatCount(this.pos, BLACK) };
  }

  /** Every legal move here in PTN (none once the game is over). */
  legalMoves(): string[] {
    if (this.result().over) return [];
    return generateLegalMoves(this.pos).map((m) => formatMove(m, this.size));
  }

  isLegal(move: string): boolean {
    try {
      return !this.result().over && isLegalMove(this.pos, parseMove(move, this.size));
    } catch {
      return false;
    }
  }

  /** Plays a move given in PTN; returns it in canonical PTN. Throws TakError if it is not legal here. */
  play(move: string): string {
    let m: number;
    try {
      m = parseMove(move, this.size);
    } catch (e) {
      fail(e);
    }
    const r = this.result();
    if (r.over) throw new TakError(`${move}: the game is over (${r.text})`);
    if (!isLegalMove(this.pos, m)) throw new TakError(`${move}: ${illegalReason(this.pos, m)}`);
    makeMove(this.pos, m);
    this.played.push(m);
    return formatMove(m, this.size);
  }

  /** Takes back the last move; returns it, or undefined at the start. */
  undo(): string | undefined {
    const m = this.played.pop();
    if (m === undefined) return undefined;
    unmakeMove(this.pos, m);
    return formatMove(m, this.size);
  }

  /** Whether the game is over, and how (roads, flats with komi, third repetition). */
  result(): GameResult {
    const code = gameResult(this.pos, this.halfKomi);
    if (code === ONGOING) return { over: false, winner: null, reason: null, text: null };
    const winner: Color | 'draw' = code === WHITE_ROAD || code === WHITE_FLATS ? 'white' : code === BLACK_ROAD || code === BLACK_FLATS ? 'black' : 'draw';
    const reason = code === WHITE_ROAD || code === BLACK_ROAD ? 'road' : code === REPETITION ? 'repetition' : code === DRAW || code === WHITE_FLATS || code === BLACK_FLATS ? 'flats' : null;
    return { over: true, winner, reason, text: resultText(code) };
  }

  clone(): Game {
    const g = new Game({ tps: this.startTps, komi: this.komi, ...this.reserveOptions });
    for (const m of this.played) {
      makeMove(g.pos, m);
      g.played.push(m);
    }
    return g;
  }

  /** The board drawn as text, as `bredon show` draws it. */
  toString(): string {
    return showPosition(this.pos, { halfKomi: this.halfKomi }).join('\n');
  }
}

/**
 * What a search needs of a game: the start, the moves (so that repetitions are known), komi and
 * reserves, and the position now. A function of this module rather than a method, so that none
 * of the engine's own types appear in the declarations users compile against.
 */
function searchJob(game: Game, limits: SearchLimits): { job: SearchJob; root: Position } {
  const pos = game['pos'];
  const [stones, caps] = DEFAULT_RESERVES[game.size]!;
  const custom = pos.startStonesOf.some((n) => n !== stones) || pos.startCapsOf.some((n) => n !== caps);
  return {
    job: { startTps: game.startTps, reserves: custom ? pos.reserveOptions : undefined, moves: game['played'].slice(), halfKomi: game['halfKomi'], limits },
    root: game['pos'].clone(),
  };
}

function gameOf(position: Game | string, komi?: number): Game {
  return typeof position === 'string' ? new Game({ tps: position, komi }) : position;
}

/** The legal moves of a position (a Game, or a TPS with the standard reserves), in PTN. */
export function legalMoves(position: Game | string): string[] {
  return gameOf(position).legalMoves();
}

/** The number of move sequences of `depth` plies (a finished position has none), as published perft counts. */
export function perft(position: Game | string, depth: number): number {
  if (!Number.isInteger(depth) || depth < 0) throw new TakError(`depth must be a whole number of 0 or more, got ${depth}`);
  const g = gameOf(position);
  const { root } = searchJob(g, {});
  return perftCount(root, depth);
}

// ---- searching ------------------------------------------------------------------------------

/**
 * Search threads with their table, for many searches (a game's moves, an analysis): the table
 * carries over from one search to the next. Searches on one Engine run one after another.
 * Call close() when done, or the threads keep the process alive.
 */
export class Engine {
  private readonly pool: SearchPool;
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;

  constructor(options: EngineOptions = {}) {
    const hash = options.hash ?? 64;
    const threads = options.threads ?? 1;
    if (!Number.isInteger(hash) || hash < 1 || hash > 4096) throw new TakError(`hash must be 1 to 4096 MB, got ${hash}`);
    if (!Number.isInteger(threads) || threads < 1 || threads > 64) throw new TakError(`threads must be 1 to 64, got ${threads}`);
    this.pool = new SearchPool({ hashMb: hash, threads, log: (line) => process.stderr.write(line + '\n') });
  }

  /** Searches a position (a Game, or a TPS) and resolves with the best move and its line. */
  search(position: Game | string, options: SearchOptions = {}): Promise<SearchResult> {
    if (this.closed) return Promise.reject(new TakError('the engine is closed'));
    const run = this.queue.then(() => this.run(position, options));
    this.queue = run.catch(() => {});
    return run;
  }

  /** Forgets what earlier searches learned (start of an unrelated game). */
  newGame(): void {
    this.pool.newGame();
  }

  /** Ends the search threads. */
  close(): void {
    this.closed = true;
    this.pool.close();
  }

  private run(position: Game | string, options: SearchOptions): Promise<SearchResult> {
    const game = gameOf(position, options.komi);
    if (game.result().over) return Promise.reject(new TakError(`the game is over (${game.result().text}): nothing to search`));
    const noLimit = options.movetime === undefined && options.depth === undefined && options.nodes === undefined;
    const limits = searchLimits({ moveTime: noLimit ? 1000 : options.movetime, depth: options.depth, nodes: options.nodes });
    if (options.level !== undefined) {
      if (!Number.isInteger(options.level) || options.level < 1 || options.level > MAX_LEVEL) {
        return Promise.reject(new TakError(`level must be a whole number from 1 to ${MAX_LEVEL}, got ${options.level}`));
      }
      if (options.level < MAX_LEVEL) limits.level = options.level;
    }
    const { job, root } = searchJob(game, limits);
    const size = game.size;
    const startedAt = performance.now();
    const toInfo = (i: Pick<EngineInfo, 'depth' | 'seldepth' | 'score' | 'mateIn' | 'pv'>, nodes: number): SearchInfo => ({
      depth: i.depth,
      seldepth: Math.max(i.depth, i.seldepth),
      score: Math.round(i.score),
      win: i.mateIn === 0 ? null : i.mateIn,
      wdl: winDrawLoss(i.score, i.mateIn, size),
      nodes,
      timeMs: Math.round(performance.now() - startedAt),
      pv: i.pv.map((m) => formatMove(m, size)),
    });
    return new Promise((resolve, reject) => {
      let last: SearchInfo | undefined;
      let settled = false;
      const timers: ReturnType<typeof setTimeout>[] = [];
      const onAbort = () => this.pool.stop();
      const settle = (f: () => void) => {
        if (settled) return;
        settled = true;
        for (const t of timers) clearTimeout(t);
        options.signal?.removeEventListener('abort', onAbort);
        f();
      };
      // A search that overruns its deadline by a second is given up on, answering from its last report.
      if (limits.hardMs !== undefined) {
        timers.push(
          setTimeout(() => {
            this.pool.abandon();
            settle(() => (last !== undefined && last.pv.length > 0 ? resolve({ ...last, bestMove: last.pv[0]! }) : reject(new TakError('the search did not answer'))));
          }, limits.hardMs + 1000),
        );
      }
      this.pool.whenReady(() => {
        if (settled) return;
        this.pool.start(
          job,
          {
            onInfo: (info, nodes) => {
              if (info.bound !== 'exact' || settled) return;
              last = toInfo(info, nodes);
              options.onInfo?.(last);
            },
            onDone: (outcome) =>
              settle(() => {
                if ('error' in outcome) return reject(new TakError(`the search failed: ${outcome.error}`));
                const r: EngineResult = outcome.result;
                if (r.best === 0 || !isLegalMove(root, r.best)) return reject(new TakError('the search found no legal move'));
                const abs = Math.abs(r.score);
                const mateIn = abs >= WIN_THRESHOLD ? Math.sign(r.score) * (WIN_SCORE - abs) : 0;
                const pv = r.pv[0] === r.best ? r.pv : [r.best];
                resolve({ ...toInfo({ depth: r.depth, seldepth: r.seldepth ?? r.depth, score: r.score, mateIn, pv }, outcome.nodes), bestMove: formatMove(r.best, size) });
              }),
          },
          startedAt,
        );
        if (options.signal?.aborted) this.pool.stop();
        else options.signal?.addEventListener('abort', onAbort, { once: true });
      });
    });
  }
}

/**
 * One search with threads of its own, closed afterwards: `await search(game, { movetime: 1000 })`.
 * With no limit it thinks for a second. For many searches, keep an Engine.
 */
export async function search(position: Game | string, options: SearchOptions & EngineOptions = {}): Promise<SearchResult> {
  const engine = new Engine({ hash: options.hash ?? 16, threads: options.threads });
  try {
    return await engine.search(position, options);
  } finally {
    engine.close();
  }
}
