// The engine's state across TEI commands: options, the game (size, komi), the position, and
// whether a search is running. Lines come in through handle(); replies go out through `out`.
// The search runs elsewhere (a SearchBackend: the worker pool, or a fake in tests), so this
// object never blocks. What it answers to each command, and why (bad lines, the order of answers,
// one `bestmove` per `go` from a completed depth, the watchdog, game state, a refused
// `position`, levels, MultiPV, end of input), is docs/tei.md's reference.

import { isLegalMove, legalMoves, MAX_MOVES } from '../core/movegen.js';
import { Position } from '../core/position.js';
import { FLAT, placement } from '../core/move.js';
import { boardResult, ONGOING, resultText } from '../core/result.js';
import { DEFAULT_RESERVES, MAX_SIZE, MIN_SIZE } from '../core/sizes.js';
import { tpsSize } from '../notation/tps.js';
import { levelPaceMs, MAX_LEVEL } from '../search/levels.js';
import { searchLimits } from '../search/time.js';
import { type SearchInfo, type SearchLimits, type SearchProgress, type SearchResult } from '../search/types.js';
import type { SearchHandlers, SearchJob } from '../search/worker.js';
import { buildPosition, PieceCounts, PositionError, type GamePosition } from './game-position.js';
import { excerpt, parseLine, UNREADABLE_GO, type Command, type GoParams } from './parse.js';
import { MAX_HALF_KOMI, MIN_HALF_KOMI, OPTIONS, optionLine, PIECE_COUNTS, spinDefault, type OptionSpec } from './options.js';
import { formatBestMove, formatInfo, type InfoFormat } from './format.js';
import { SearchReport } from './search-report.js';

export const AUTHOR = 'The Bredon developers';
export const DEFAULT_SIZE = 6;
/** How long a search may overrun its deadline or a `stop` before the engine answers without it. */
export const WATCHDOG_GRACE_MS = 30;
/**
 * How long the watchdog waits past a deadline or `stop` for a search's first completed depth
 * before it answers without one: only a thread that is stuck or dead takes this long.
 */
export const FIRST_DEPTH_WAIT_MS = 10_000;
/** `readyok` waits for the search threads to start, but never longer than this. */
export const READY_TIMEOUT_MS = 3000;

/** What the session needs from the search threads (SearchPool implements it). */
export interface SearchBackend {
  /** Calls `f` once the search threads are up (at once if they are). */
  whenReady(f: () => void): void;
  setHash(megabytes: number): void;
  setThreads(n: number): void;
  newGame(): void;
  start(job: SearchJob, handlers: SearchHandlers, startedAt: number): void;
  stop(): void;
  /**
   * The session answers without the running search (it overran its deadline or `stop`): no
   * onDone will come for it. Its threads are kept and reused once they finish (SearchPool
   * replaces only threads that stay busy for seconds).
   */
  abandon(): void;
  close(): void;
}

export interface SessionOptions {
  /** One protocol line to stdout. */
  out: (line: string) => void;
  backend: SearchBackend;
  version: string;
  /** Called once on `quit` (or at end of input once idle); the caller exits. */
  onQuit: () => void;
  /** Diagnostics for a person (stderr). */
  log?: (line: string) => void;
  now?: () => number;
  /** The clock's timers (tests drive a fake clock through them); the global ones by default. */
  timers?: Timers;
  /**
   * ReportWin's default: false on stdin (Racetrack understands only `score cp`), true over
   * `bredon serve` (PTN Ninja shows `score win N` as R N and saves no bogus evaluation).
   */
  reportWin?: boolean;
}

export interface Timers {
  setTimeout(f: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const GLOBAL_TIMERS: Timers = {
  setTimeout: (f, ms) => setTimeout(f, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** A `go` that came during a search: it starts once the running search has answered. */
interface QueuedGo {
  go: GoParams;
  receivedAt: number;
  game: GamePosition | undefined;
  halfKomi: number;
  /** A `stop` came after it: it is stopped as soon as it starts. */
  stopped: boolean;
  note: string | undefined;
}

interface Search {
  root: Position;
  startedAt: number;
  infinite: boolean;
  /** What the search has reported and the lines it is owed before `bestmove`. */
  report: SearchReport;
  stopRequested: boolean;
  /** The answer, once known (held back until `stop` in an infinite search). */
  answer: number | undefined;
  timers: unknown[];
  /** Said after `string` on each `info ... pv` line (why this search is not of the last `position` sent). */
  note: string | undefined;
  /** The answer is not printed before this time (a playing level's pace), unless stopped. */
  notBefore: number;
}

const scratch = new Int32Array(MAX_MOVES);

/**
 * The `bestmove` of a `go` that cannot be searched (no position, a finished game): the first
 * legal move of the position if it has one, else a1 (a placement on the first square, legal on
 * the empty board of every size). Never `(none)` or `0000`: PTN Ninja reads every `bestmove` as
 * a move (src/bots/tei.js stores it as the search's suggestion) and shows "Invalid PTN format"
 * for anything that is not one, which also aborts its Analyze Game. The error line before it
 * says why; GUIs that take `bestmove` as a move to play never ask in a finished game.
 */
function noSearchMove(pos: Position): number {
  return legalMoves(pos)[0] ?? placement(0, FLAT);
}

export class Session {
  private readonly out: (line: string) => void;
  private readonly backend: SearchBackend;
  private readonly version: string;
  private readonly onQuit: () => void;
  private readonly log: (line: string) => void;
  private readonly now: () => number;
  private readonly clock: Timers;

  private size = DEFAULT_SIZE;
  private sizeGiven = false;
  private halfKomi = 0;
  private reportWin: boolean;
  /** The Centiflats option: `score cp` in centiflats instead of 200p - 100. */
  private centiflats = false;
  private readonly reportWinDefault: boolean;
  /** The Network option: true (the default) searches with the size's network where it has one. */
  private useNetwork = true;
  /** Level: the playing level for the next `go` (MAX_LEVEL: full strength). */
  private level = MAX_LEVEL;
  /** MultiPV: lines per depth for the next `go`. */
  private multiPV = spinDefault('MultiPV');
  /** The piece-count options' reserves for the next `position`. */
  private readonly counts = new PieceCounts();
  private position: GamePosition | undefined;
  /** Why the last `position` was refused, until a `position` is accepted (the kept one is searched). */
  private refusal: string | undefined;
  /** The last `position` started a new game by itself (another size, or counts that did not fit): said on the next `go`'s lines. */
  private switched: string | undefined;
  private search: Search | undefined;
  /** `go` lines that came during a search, in order (each ends the one before it). */
  private queued: QueuedGo[] = [];

  // Applied to the backend when no search runs.
  private hash = spinDefault('Hash');
  private threads = spinDefault('Threads');
  private appliedHash = spinDefault('Hash');
  private appliedThreads = spinDefault('Threads');
  private newGamePending = false;
  private quitWhenIdle = false;
  /** `readyok` replies still waiting for the search threads to start. */
  private pendingReady: (() => void)[] = [];
  /** Lines that came while an `isready` waited for the threads (and end of input), in order. */
  private backlog: ({ line: string; receivedAt: number } | 'end')[] = [];
  private quitted = false;

  constructor(opts: SessionOptions) {
    this.out = opts.out;
    this.backend = opts.backend;
    this.version = opts.version;
    this.onQuit = opts.onQuit;
    this.log = opts.log ?? (() => {});
    this.now = opts.now ?? (() => performance.now());
    this.clock = opts.timers ?? GLOBAL_TIMERS;
    this.reportWinDefault = opts.reportWin ?? false;
    this.reportWin = this.reportWinDefault;
  }

  get searching(): boolean {
    return this.search !== undefined;
  }

  /** One input line; `receivedAt` (performance.now()) is when it arrived, for the clock. */
  handle(line: string, receivedAt = this.now()): void {
    if (this.quitted) return;
    if (this.pendingReady.length > 0 || this.backlog.length > 0) {
      this.backlog.push({ line, receivedAt });
      // `quit` waits for nobody (Racetrack kills an engine a second after it): the `readyok`s
      // owed are printed now, and the lines before the `quit` handled in order.
      if (parseLine(line).kind === 'quit') for (const reply of [...this.pendingReady]) reply();
      return;
    }
    this.process(line, receivedAt);
  }

  private process(line: string, receivedAt: number): void {
    try {
      this.dispatch(parseLine(line), receivedAt);
    } catch (e) {
      const err = e instanceof Error ? e : new Error(String(e));
      this.log(`bredon: internal error on '${excerpt(line)}': ${err.stack ?? err.message}`);
      this.error(`internal error on '${excerpt(line)}': ${err.message}`);
    }
  }

  /** The input is closed: finish the current search, then quit. */
  endOfInput(): void {
    if (this.quitted) return;
    if (this.pendingReady.length > 0 || this.backlog.length > 0) {
      this.backlog.push('end');
      return;
    }
    this.quitWhenIdle = true;
    const s = this.search;
    if (s === undefined) return this.quit();
    if (s.infinite) this.endSearch(s);
  }

  private info(text: string): void {
    this.out(`info string ${text}`);
  }

  private error(text: string): void {
    this.out(`info string error: ${text}`);
  }

  private dispatch(cmd: Command, receivedAt: number): void {
    switch (cmd.kind) {
      case 'error':
        this.error(cmd.message);
        if (cmd.go) this.go(UNREADABLE_GO, receivedAt); // a bestmove all the same, searching nothing
        return;
      case 'tei':
        return this.identify();
      case 'isready':
        return this.isReady();
      case 'setoption':
        return this.setOption(cmd.name, cmd.value);
      case 'teinewgame':
        return this.newGame(cmd.size, cmd.halfKomi);
      case 'position':
        return this.setPosition(cmd.tps, cmd.moves);
      case 'go':
        return this.go(cmd.go, receivedAt);
      case 'stop':
        return this.stop();
      case 'ponderhit':
      case 'debug':
        return; // no pondering, no debug output: accepted and ignored
      case 'quit':
        return this.quit();
    }
  }

  /** During a search at once; otherwise after pending option changes and once the threads are up. */
  private isReady(): void {
    if (this.search) return this.out('readyok');
    this.applyPending();
    let answered = false;
    const reply = () => {
      if (answered || this.quitted) return;
      answered = true;
      this.clock.clearTimeout(timer);
      this.pendingReady = this.pendingReady.filter((r) => r !== reply);
      this.out('readyok');
      this.drainBacklog();
    };
    const timer = this.clock.setTimeout(reply, READY_TIMEOUT_MS);
    this.pendingReady.push(reply);
    this.backend.whenReady(reply);
  }

  /** The lines held behind an `isready`, in order, until another `isready` holds the rest. */
  private drainBacklog(): void {
    while (this.pendingReady.length === 0 && this.backlog.length > 0 && !this.quitted) {
      const next = this.backlog.shift()!;
      if (next === 'end') this.endOfInput();
      else this.process(next.line, next.receivedAt);
    }
  }

  private identify(): void {
    this.out(`id name Bredon ${this.version}`);
    this.out(`id author ${AUTHOR}`);
    this.out(`id version ${this.version}`); // PTN Ninja shows it beside the name
    for (const o of OPTIONS) this.out(optionLine(o.name === 'ReportWin' ? { ...o, default: this.reportWinDefault } as OptionSpec : o));
    const komis: number[] = [];
    for (let k = MIN_HALF_KOMI; k <= MAX_HALF_KOMI; k++) komis.push(k);
    const sizes: number[] = [];
    for (let s = MIN_SIZE; s <= MAX_SIZE; s++) sizes.push(s);
    this.out(`size ${sizes.join(' ')} halfkomi ${komis.join(' ')}`);
    this.out('teiok');
  }

  // ---- options -------------------------------------------------------------------------------

  private setOption(name: string, value: string | undefined): void {
    const spec = OPTIONS.find((o) => o.name.toLowerCase() === name.toLowerCase());
    if (spec === undefined) return this.error(`unknown option '${excerpt(name, 30)}' (options: ${OPTIONS.map((o) => o.name).join(', ')})`);
    if (spec.type === 'button') {
      this.newGamePending = true; // Clear Hash: the next idle moment clears the table
      if (!this.search) this.applyPending();
      return;
    }
    if (value === undefined || value === '') return this.error(`setoption ${spec.name} needs a value`);
    if (spec.type === 'check') {
      const v = value.toLowerCase();
      if (v !== 'true' && v !== 'false') return this.error(`${spec.name} must be true or false, got '${excerpt(value, 20)}'`);
      if (spec.name === 'Network') this.useNetwork = v === 'true';
      else if (spec.name === 'Centiflats') this.centiflats = v === 'true';
      else this.reportWin = v === 'true';
      return;
    }
    if (!/^[+-]?[0-9]+$/.test(value) || Number(value) < spec.min || Number(value) > spec.max) {
      return this.error(`${spec.name} must be a whole number from ${spec.min} to ${spec.max}, got '${excerpt(value, 20)}'`);
    }
    const n = Number(value);
    const pieces = PIECE_COUNTS[spec.name];
    if (pieces !== undefined) return this.setPieceCount(pieces.kind, pieces.players, n);
    if (spec.name === 'HalfKomi') this.halfKomi = n;
    else if (spec.name === 'MultiPV') this.multiPV = n; // from the next `go`
    else if (spec.name === 'Level') {
      // The table holds scores judged at the old level's noise: cleared once no search runs.
      if (n !== this.level) this.newGamePending = true;
      this.level = n;
    }
    else if (spec.name === 'Hash') this.hash = n;
    else if (spec.name === 'Threads') this.threads = n;
    if (!this.search) this.applyPending();
  }

  /**
   * A custom reserve for the next `position`. A position already set was built with the old
   * reserves: it is dropped, so that a `go` cannot search it with counts it was not checked against.
   */
  private setPieceCount(kind: 'flats' | 'caps', players: readonly number[], n: number): void {
    if (this.counts.set(kind, players, n)) this.position = undefined;
  }

  /** Table size, thread count and table clearing wait until no search runs. */
  private applyPending(): void {
    if (this.threads !== this.appliedThreads) {
      this.backend.setThreads(this.threads);
      this.appliedThreads = this.threads;
    }
    if (this.hash !== this.appliedHash) {
      try {
        this.backend.setHash(this.hash);
        this.appliedHash = this.hash;
      } catch (e) {
        this.error((e as Error).message);
        this.hash = this.appliedHash;
      }
    }
    if (this.newGamePending) {
      this.newGamePending = false;
      this.backend.newGame();
    }
  }

  // ---- game and position ---------------------------------------------------------------------

  private newGame(size: number | undefined, halfKomi: number | undefined): void {
    if (size !== undefined && (size < MIN_SIZE || size > MAX_SIZE)) {
      return this.error(`teinewgame: size ${size} is not supported (sizes ${MIN_SIZE} to ${MAX_SIZE})`);
    }
    if (halfKomi !== undefined && (halfKomi < MIN_HALF_KOMI || halfKomi > MAX_HALF_KOMI)) {
      return this.error(`teinewgame: halfkomi ${halfKomi} is not supported (${MIN_HALF_KOMI} to ${MAX_HALF_KOMI})`);
    }
    if (size !== undefined) {
      this.size = size;
      this.sizeGiven = true;
    }
    if (halfKomi !== undefined) this.halfKomi = halfKomi;
    // A new game has the standard reserves until the piece-count options say otherwise (PTN
    // Ninja sends them after `teinewgame`, and only for a game with custom counts).
    this.counts.reset();
    this.position = undefined;
    this.switched = undefined;
    this.newGamePending = true;
    // A running search (and any `go` queued behind it) is of the old game: each ends at once
    // with its bestmove; the table is cleared after them.
    for (const q of this.queued) q.stopped = true;
    if (this.search) this.endSearch(this.search);
    else this.applyPending();
  }

  /**
   * The game-state rule (docs/tei.md, "Game state"): a position of another size than the current game
   * starts a new game of that size with the standard reserves; so does a position that cannot be
   * played with the custom reserves (the piece-count options) but can with the standard ones.
   * Either is said in an `info string`. Komi stays. A refused position changes nothing: the
   * previous one stays, and the reason goes on the next `go`'s lines (refuse).
   */
  private setPosition(tps: string | undefined, tokens: string[]): void {
    const previous = this.position;
    if (tps === undefined && !this.sizeGiven) {
      this.info(`no teinewgame yet: playing size ${this.size}`);
      this.sizeGiven = true;
    }
    // The size of a TPS is its number of rows (a malformed TPS is reported by the parser).
    const size = tps === undefined ? this.size : tpsSize(tps);
    const custom = this.counts.custom;
    let refusal: PositionError | undefined;
    if (size === this.size) {
      try {
        this.position = buildPosition(this.size, this.halfKomi, tps, tokens, previous, this.counts.reserves(size));
        this.refusal = undefined;
        this.switched = undefined;
        return;
      } catch (e) {
        if (!(e instanceof PositionError)) throw e;
        if (!custom) return this.refuse(e.message);
        refusal = e;
      }
    }
    let game: GamePosition;
    try {
      game = buildPosition(this.size, this.halfKomi, tps, tokens, previous, {});
    } catch (e) {
      if (!(e instanceof PositionError)) throw e;
      return this.refuse((refusal ?? e).message); // the custom counts' reason, if they were tried
    }
    const standard = DEFAULT_RESERVES[game.pos.size]!;
    const reserves = `${standard[0]} stones and ${standard[1]} capstone${standard[1] === 1 ? '' : 's'} each`;
    this.switched =
      size !== this.size
        ? `a position of size ${size} in a game of size ${this.size}: a new game of size ${size} with the standard reserves (${reserves}), half-komi ${this.halfKomi}`
        : `the position does not fit the custom reserves (${refusal!.message}): a new game with the standard reserves (${reserves})`;
    this.info(this.switched);
    this.size = size;
    this.sizeGiven = true;
    this.counts.reset();
    this.newGamePending = true; // the table is of another game: cleared once no search runs
    if (!this.search) this.applyPending();
    this.position = game;
    this.refusal = undefined;
  }

  /**
   * A refused `position`: said at once, and kept until a position is accepted, so that the next
   * `go` (which searches the position kept) says it again where a GUI shows it. PTN Ninja shows
   * `info string` text only on a line with a `pv`, and its Analyze Game sends positions of
   * another game without `teinewgame` (docs/ptn-ninja.md).
   */
  private refuse(message: string): void {
    this.error(message);
    const board = `${this.size}x${this.size}${this.counts.custom ? ' with custom piece counts' : ''}`;
    this.refusal = `the last position was refused on this ${board} board (${message})`;
  }

  // ---- searching -----------------------------------------------------------------------------

  private go(go: GoParams, receivedAt: number): void {
    if (this.search) {
      // The running search ends now with its own bestmove; this one starts after it.
      this.queued.push({ go, receivedAt, game: this.position, halfKomi: this.halfKomi, stopped: false, note: this.goNote() });
      return this.endSearch(this.search);
    }
    void this.startGo(go, receivedAt, this.position, this.halfKomi, this.goNote());
  }

  /** What a `go` sent now must say on its lines: a refused position, and what is searched instead. */
  private goNote(): string | undefined {
    if (this.refusal === undefined) return this.switched === undefined ? undefined : `note: ${this.switched}`;
    if (this.position === undefined) return `error: ${this.refusal}`;
    return `error: ${this.refusal}; searching the position before it. After switching to a game of another size or other piece counts, send teinewgame (in PTN Ninja: Analyze Position first, or reconnect)`;
  }

  /** Starts a search; returns it if it is still running once started. */
  private startGo(go: GoParams, receivedAt: number, game: GamePosition | undefined, halfKomi: number, note: string | undefined): Search | undefined {
    if (go === UNREADABLE_GO) {
      // Its error line is out already; with a position its move still comes from a search.
      if (game === undefined) {
        this.answerUnsearched(undefined, receivedAt);
        return undefined;
      }
      go = { ...UNREADABLE_GO, depth: 1 };
    }
    if (game === undefined) {
      this.error('go without a position: send position startpos or position tps <TPS> first');
      this.answerUnsearched(undefined, receivedAt, note);
      return undefined;
    }
    this.applyPending();
    if (go.ignored.length > 0) this.info(`ignoring go fields: ${excerpt(go.ignored.join(' '))}`);
    const root = game.pos.clone();
    const side = root.side;
    const limits: SearchLimits = searchLimits(
      {
        time: side === 0 ? go.wtime : go.btime,
        inc: side === 0 ? go.winc : go.binc,
        movesToGo: go.movestogo,
        moveTime: go.movetime,
        depth: go.depth,
        nodes: go.nodes,
        infinite: go.infinite,
      },
      root.stones[side]! + root.caps[side]!,
    );
    // Only when asked for: a single-line job is the very one it always was.
    if (this.multiPV > 1) limits.multiPV = this.multiPV;
    if (!this.useNetwork) limits.network = false;
    if (this.level < MAX_LEVEL) limits.level = this.level;
    const search = this.begin(root, receivedAt, limits.infinite === true, this.multiPV);
    search.note = note;
    // A level on a game clock answers at a person's pace, within the clock's budget.
    const onClock = (side === 0 ? go.wtime : go.btime) !== undefined;
    if (onClock) search.notBefore = receivedAt + levelPaceMs(this.level, limits.softMs);

    const result = boardResult(root, halfKomi);
    if (result !== ONGOING || legalMoves(root).length === 0) {
      this.error(`the game is over (${result !== ONGOING ? resultText(result) : 'no legal move'}): nothing to search`);
      this.answer(search, noSearchMove(root));
      return this.search === search ? search : undefined; // an infinite one waits for its stop
    }

    const job: SearchJob = { startTps: game.startTps, reserves: game.reserves, moves: game.moves.slice(), halfKomi, limits };
    try {
      this.backend.start(
        job,
        {
          onInfo: (info, nodes) => this.guard(() => this.onInfo(search, info, nodes)),
          onProgress: (progress, nodes) => this.guard(() => this.onProgress(search, progress, nodes)),
          onDone: (outcome) => this.guard(() => this.onDone(search, outcome)),
        },
        receivedAt,
      );
    } catch (e) {
      const err = e instanceof Error ? e : new Error(String(e));
      this.log(`bredon: the search could not start: ${err.stack ?? err.message}`);
      this.error(`the search could not start: ${err.message}`);
      this.answer(search, search.report.fallbackMove());
      return this.search === search ? search : undefined;
    }
    if (limits.hardMs !== undefined) {
      const elapsed = this.now() - receivedAt;
      // Belt and braces: the search watches its own deadline; the flag and the watchdog do not rely on it.
      search.timers.push(this.clock.setTimeout(() => this.backend.stop(), Math.max(0, limits.hardMs - elapsed)));
      search.timers.push(this.clock.setTimeout(() => this.watchdog(search, 'deadline'), Math.max(0, limits.hardMs - elapsed + WATCHDOG_GRACE_MS)));
    }
    // At end of input an infinite search is not waited for.
    if (search.infinite && this.quitWhenIdle) this.endSearch(search);
    return this.search === search ? search : undefined;
  }

  /**
   * A `go` with nothing to search still gets its one `bestmove`. A `note` (a refused position)
   * also goes on a depth-0 line with the move as its `pv`, the only place PTN Ninja shows it.
   */
  private answerUnsearched(root: Position | undefined, receivedAt: number, note?: string): void {
    const board = root ?? new Position(this.size);
    const move = noSearchMove(board);
    const search = this.begin(board, receivedAt, false, 1);
    if (note !== undefined) {
      search.note = note;
      const info: SearchInfo = { depth: 0, seldepth: 0, score: 0, mateIn: 0, bound: 'exact', nodes: 0, timeMs: 0, hashfull: 0, pv: [move] };
      const line = formatInfo(info, this.infoFormat(search, 0));
      if (line !== undefined) this.out(line);
    }
    this.answer(search, move);
  }

  /** The running search from now on: nothing reported yet. */
  private begin(root: Position, startedAt: number, infinite: boolean, multiPV: number): Search {
    const search: Search = {
      root,
      startedAt,
      infinite,
      report: new SearchReport(root, multiPV, (nodes, elapsedMs) => this.infoFormat(search, nodes, elapsedMs), () => !this.centiflats),
      stopRequested: false,
      answer: undefined,
      timers: [],
      note: undefined,
      notBefore: 0,
    };
    this.search = search;
    return search;
  }

  /** Runs a callback from the search threads, turning a bug into an error line, not a crash. */
  private guard(f: () => void): void {
    try {
      f();
    } catch (e) {
      const err = e instanceof Error ? e : new Error(String(e));
      this.log(`bredon: internal error: ${err.stack ?? err.message}`);
      this.error(`internal error: ${err.message}`);
    }
  }

  private onInfo(search: Search, reported: SearchInfo, nodes: number): void {
    if (this.search !== search || search.answer !== undefined) return;
    const line = search.report.report(reported, nodes);
    if (line !== undefined) this.out(line);
  }

  private onProgress(search: Search, progress: SearchProgress, nodes: number): void {
    if (this.search !== search || search.answer !== undefined) return;
    this.out(search.report.progress(progress, nodes));
  }

  private infoFormat(search: Search, nodes: number, elapsedMs = this.now() - search.startedAt): InfoFormat {
    return { size: search.root.size, elapsedMs, nodes, reportWin: this.reportWin, centiflats: this.centiflats, note: search.note };
  }

  private onDone(search: Search, outcome: { result: SearchResult; nodes: number } | { error: string }): void {
    if (this.search !== search || search.answer !== undefined) return;
    let move: number;
    if ('error' in outcome) {
      this.error(`search failed: ${outcome.error}`);
      move = search.report.fallbackMove();
    } else if (outcome.result.best !== 0 && isLegalMove(search.root, outcome.result.best, scratch)) {
      move = outcome.result.best;
      search.report.result(outcome.result, outcome.nodes, this.now() - search.startedAt, move);
    } else {
      this.error(`search returned no legal move: answering from the last report`);
      move = search.report.fallbackMove();
    }
    this.answer(search, move);
  }

  private watchdog(search: Search, why: string, waited = 0): void {
    if (this.search !== search || search.answer !== undefined) return;
    // No completed depth yet (a loaded machine, a cold thread): the search will not stop before
    // it has one, so wait for it rather than answer a move no search chose.
    if (!search.report.hasDepth && waited < FIRST_DEPTH_WAIT_MS) {
      search.timers.push(this.clock.setTimeout(() => this.watchdog(search, why, waited + WATCHDOG_GRACE_MS), WATCHDOG_GRACE_MS));
      return;
    }
    this.log(`bredon: the search did not answer ${WATCHDOG_GRACE_MS} ms after its ${why}; answering from its last completed depth (the threads finish in the background and are kept)`);
    this.backend.abandon();
    this.answer(search, search.report.fallbackMove());
  }

  /** The search has an answer: print it, unless an infinite search must wait for `stop`. */
  private answer(search: Search, move: number): void {
    search.answer = move;
    if (search.infinite && !search.stopRequested && !this.quitWhenIdle) return;
    const wait = search.notBefore - this.now();
    if (wait > 0 && !search.stopRequested && !this.quitWhenIdle) {
      search.timers.push(this.clock.setTimeout(() => this.search === search && this.finish(search), wait));
      return;
    }
    this.finish(search);
  }

  private finish(search: Search): void {
    for (const t of search.timers) this.clock.clearTimeout(t);
    this.search = undefined;
    const move = search.answer ?? 0;
    for (const line of search.report.closingLines(move)) this.out(line);
    this.out(move === 0 ? 'bestmove (none)' : formatBestMove(move, search.root.size));
    this.applyPending();
    const next = this.queued.shift();
    if (next !== undefined) {
      const started = this.startGo(next.go, next.receivedAt, next.game, next.halfKomi, next.note);
      // A later `go` (or a `stop`) is waiting: this one ends at once, with its bestmove.
      if (started !== undefined && this.search === started && (next.stopped || this.queued.length > 0)) this.endSearch(started);
      return;
    }
    if (this.quitWhenIdle) this.quit();
  }

  private stop(): void {
    const search = this.search;
    if (search === undefined) return; // nothing to stop: not an error
    // A `stop` after a queued `go` is meant for that one (the running search is already ending).
    const last = this.queued.at(-1);
    if (last !== undefined) last.stopped = true;
    this.endSearch(search);
  }

  /** Asks the running search for its answer now (held answers are printed at once). */
  private endSearch(search: Search): void {
    if (search.stopRequested) return;
    search.stopRequested = true;
    if (search.answer !== undefined) return this.finish(search);
    this.backend.stop();
    search.timers.push(this.clock.setTimeout(() => this.watchdog(search, 'stop'), WATCHDOG_GRACE_MS));
  }

  private quit(): void {
    if (this.quitted) return;
    // Every `isready` gets its `readyok`, even one still waiting for the threads at `quit`;
    // lines after the `quit` are not read.
    this.backlog = [];
    for (const reply of [...this.pendingReady]) reply();
    this.quitted = true;
    this.queued = [];
    if (this.search) for (const t of this.search.timers) this.clock.clearTimeout(t);
    this.search = undefined;
    this.backend.close();
    this.onQuit();
  }
}
