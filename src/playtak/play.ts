// The game being played: from `Game Start` (a new game, or ours replayed after a reconnection:
// the moves, the clocks, "Message Your game is resumed", source Game.playerRejoin) to its end,
// the server's moves in, our moves out on the server's clock, and the game logged. Every move
// goes through the rules core; a move we cannot follow, or a refusal of one of ours, means the
// boards differ: the bot reconnects to get the game replayed (twice, then it resigns). Below full
// strength the searches are capped (src/search/levels.ts) and the moves come at a person's pace.

import { makeMove } from '../core/makemove.js';
import { isLegalMove, MAX_MOVES } from '../core/movegen.js';
import { Position } from '../core/position.js';
import { boardResult, ONGOING, resultText } from '../core/result.js';
import { DEFAULT_RESERVES, isSupportedSize } from '../core/sizes.js';
import { formatMove } from '../notation/ptn-move.js';
import { startTps } from '../notation/tps.js';
import { levelPaceMs, MAX_LEVEL } from '../search/levels.js';
import type { SearchInfo } from '../search/types.js';
import type { SearchJob } from '../search/worker.js';
import { networkMargin, ownClockMs, thinkLimits } from './clock.js';
import { WATCHDOG_MS, type Thought } from './engine.js';
import { appendGame, logScoreCp, type LoggedGame, type LoggedMove } from './game-log.js';
import { clearGameTimers, loggedGame, mateIn, type LiveGame } from './live-game.js';
import { clear, type Link, type Lobby } from './lobby.js';
import { PlaytakMoveError, formatPlaytakMove, toEngineMove, type PlaytakMove } from './moves.js';
import type { BotOptions, BotTiming } from './options.js';
import { formatGameMove, formatResign, type GameEvent, type GameStartInfo } from './protocol.js';
import { Undo } from './undo.js';

/** What the game's play asks of the bot. */
export interface PlayHooks {
  /** The bot has finished: no more searches. */
  finished(): boolean;
  /** The level of a new game against `opponent`. */
  levelFor(opponent: string): number;
  /** A new game has started (not a resumed one): greet the opponent. */
  started(g: LiveGame): void;
  /** The game is over and logged; `next`: the bot may seek again. */
  over(g: LiveGame, logged: LoggedGame, next: boolean): void;
}

const scratch = new Int32Array(MAX_MOVES);

export class Play {
  private game_: LiveGame | undefined;
  /** The search running, and for which game and ply. */
  private search: { game: LiveGame; ply: number; link: Link } | undefined;
  /** After logging in again: the wait for the game we were playing to come back. */
  private resumeTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly undo: Undo;

  constructor(
    private readonly o: BotOptions,
    private readonly t: BotTiming,
    private readonly lobby: Lobby,
    /** The PTN Site tag of the logged games. */
    private readonly site: string,
    private readonly hooks: PlayHooks,
  ) {
    this.undo = new Undo(t, lobby, {
      current: () => this.game_,
      stopSearch: (g) => {
        if (this.search !== undefined && (g === undefined || this.search.game === g)) this.o.engine.stop();
      },
      think: () => this.maybeThink(),
      log: (line) => this.log(line),
    });
  }

  /** The game being played, if any. */
  get game(): LiveGame | undefined {
    return this.game_;
  }

  /** The game numbered `no` if it is the one being played. */
  current(no: number): LiveGame | undefined {
    const g = this.game_;
    return g !== undefined && g.no === no ? g : undefined;
  }

  private log(line: string): void {
    this.o.log(line);
  }

  // ---- the connection's ups and downs --------------------------------------------------------

  /** Logged in again during a game: wait a little for the server to replay it, else write it off. */
  awaitResume(g: LiveGame): void {
    this.resumeTimer = setTimeout(() => {
      this.resumeTimer = undefined;
      if (this.game_ !== g) return;
      this.log(`game ${g.no} did not resume after reconnecting: writing it off`);
      this.finish(g, undefined, 'abandoned: the connection was lost and the game did not resume');
    }, this.t.resumeWaitMs);
  }

  /**
   * The connection is gone. What we are thinking about could only be sent on a new connection,
   * where the server will replay the game first: the search stops and starts again then.
   */
  onLost(): void {
    this.resumeTimer = clear(this.resumeTimer);
    if (this.game_ !== undefined) clearGameTimers(this.game_);
    if (this.search !== undefined) this.o.engine.stop();
  }

  /** The bot stops: every timer. */
  close(): void {
    this.resumeTimer = clear(this.resumeTimer);
    if (this.game_ !== undefined) clearGameTimers(this.game_);
  }

  // ---- the server's word on the game ---------------------------------------------------------

  onGameStart(s: GameStartInfo): void {
    this.resumeTimer = clear(this.resumeTimer);
    this.lobby.gameStarted();
    const old = this.game_;
    if (old !== undefined && old.no !== s.game) {
      this.log(`game ${s.game} starts while game ${old.no} is unfinished here: writing that one off`);
      this.finish(old, undefined, 'abandoned: the server started another game', false);
    }
    if (!isSupportedSize(s.size)) {
      this.log(`game ${s.game} is ${s.size}x${s.size}, which Bredon does not play: resigning it`);
      this.lobby.send(formatResign(s.game));
      return;
    }
    const [defStones, defCaps] = DEFAULT_RESERVES[s.size]!;
    const stones = s.stones ?? defStones;
    const caps = s.caps ?? defCaps;
    let pos: Position;
    try {
      pos = new Position(s.size, { stones, caps });
    } catch (e) {
      this.log(`game ${s.game}: cannot play with ${stones} stones and ${caps} capstones (${(e as Error).message}): resigning it`);
      this.lobby.send(formatResign(s.game));
      return;
    }
    const resumed = old !== undefined && old.no === s.game;
    if (this.search !== undefined) this.o.engine.stop();
    const seek = this.o.seek;
    const opponent = s.colour === 0 ? s.black : s.white;
    const g: LiveGame = {
      no: s.game,
      size: s.size,
      white: s.white,
      black: s.black,
      colour: s.colour,
      halfKomi: s.halfKomi ?? seek.halfKomi,
      stones,
      caps,
      timeSec: s.timeSec ?? seek.timeSec,
      // Protocol < 2 leaves the increment out of Game Start: it is our seek's.
      incSec: s.incSec ?? seek.incSec,
      unrated: s.unrated ?? seek.unrated,
      startedAt: resumed ? old.startedAt : new Date(),
      pos,
      moves: [],
      log: [],
      previousLog: resumed ? old.log : [],
      clock: undefined,
      settling: true,
      settleTimer: undefined,
      overTimer: resumed ? clear(old.overTimer) : undefined,
      resyncs: resumed ? old.resyncs : 0,
      evaluation: undefined,
      level: resumed ? old.level : this.hooks.levelFor(opponent),
      undoTimer: undefined,
    };
    if (resumed) {
      old.settleTimer = clear(old.settleTimer);
      old.undoTimer = clear(old.undoTimer);
    }
    this.game_ = g;
    if (!resumed) this.o.engine.newGame();
    this.log(
      `game ${g.no} ${resumed ? 'resumed' : 'starts'}: ${g.white} vs ${g.black}, ${g.size}x${g.size}, ${g.timeSec} s + ${g.incSec} s, ` +
        `komi ${g.halfKomi / 2}, ${stones} stones and ${caps} capstones; Bredon (${this.lobby.name}) plays ${g.colour === 0 ? 'White' : 'Black'} against ${opponent}` +
        (g.level < MAX_LEVEL ? ` at level ${g.level}` : ''),
    );
    if (!resumed) this.hooks.started(g);
    this.settle(g);
  }

  /** "Your game is resumed": the replay is complete. */
  onResumed(): void {
    if (this.game_ !== undefined) this.endSettling(this.game_);
  }

  onServerMove(no: number, pm: PlaytakMove, text: string): void {
    const g = this.current(no);
    if (g === undefined) return; // a game we observe, or one already over here
    let move: number;
    try {
      move = toEngineMove(pm, g.size);
    } catch (e) {
      if (!(e instanceof PlaytakMoveError)) throw e;
      return this.resync(g, `cannot read the server's move '${text}': ${e.message}`);
    }
    const ptn = formatMove(move, g.size);
    if (!g.settling && g.pos.side === g.colour) return this.resync(g, `the server sent a move (${ptn}) when it is our turn`);
    if (boardResult(g.pos, g.halfKomi) !== ONGOING) return this.resync(g, `the server sent a move (${ptn}) after the game ended on our board`);
    if (!isLegalMove(g.pos, move, scratch)) return this.resync(g, `the server's move ${ptn} is illegal on our board`);
    // A move ends any undo request on the server (source: Game.placeMove and moveMove): ours,
    // sent as the opponent moved, would now stand as a request of our own, so it is withdrawn.
    if (g.undoTimer !== undefined) this.undo.endWait(g, true, false);
    makeMove(g.pos, move);
    g.moves.push(move);
    const before = g.previousLog[g.log.length];
    g.log.push(before !== undefined && before.move === move ? before : { move });
    if (g.settling) return this.settle(g);
    this.checkBoardEnd(g);
    this.maybeThink();
  }

  onTime(no: number, whiteMs: number, blackMs: number): void {
    const g = this.current(no);
    if (g === undefined) return;
    g.clock = { whiteMs, blackMs, receivedAt: performance.now() };
    // In a resumed game the clocks come after the replayed moves (source: Game.playerRejoin);
    // in a running game before the move they follow, which the settling wait does not hurt.
    if (g.settling) this.endSettling(g);
  }

  onOver(no: number, result: string): void {
    const g = this.current(no);
    if (g === undefined) return;
    let termination: string | undefined;
    if (result === '1-0' || result === '0-1') {
      const loser = result === '1-0' ? 1 : 0;
      const left = g.clock === undefined ? undefined : loser === 0 ? g.clock.whiteMs : g.clock.blackMs;
      termination = left !== undefined && left <= 0 ? 'time forfeit' : 'resignation';
    } else if (result === '0-0') {
      termination = 'aborted';
    }
    this.finish(g, result, termination);
  }

  onAbandoned(no: number, quitter: string | undefined): void {
    const g = this.current(no);
    if (g === undefined) return;
    this.log(`game ${g.no}: ${quitter ?? 'the opponent'} quit`);
    this.finish(g, g.colour === 0 ? '1-0' : '0-1', 'abandoned');
  }

  onGameEvent(no: number, event: GameEvent): void {
    const g = this.current(no);
    if (g === undefined) return;
    if (this.undo.onEvent(g, event)) return;
    // Draw offers, and undo requests at full strength: Bredon plays on.
    this.log(`game ${g.no}: ${event} from the opponent (ignored: Bredon plays on)`);
  }

  /** Resigns the game being played and finishes it (stop now, or a game we cannot follow). */
  resign(g: LiveGame, termination: string): void {
    this.lobby.send(formatResign(g.no));
    this.finish(g, g.colour === 0 ? '0-1' : '1-0', termination);
  }

  /** Our board and the server's differ: reconnect so that the server replays the game. */
  resync(g: LiveGame, why: string): void {
    g.resyncs++;
    if (g.resyncs > 2) {
      this.log(`game ${g.no}: ${why}; the game still disagrees with the server after two replays: resigning it`);
      return this.resign(g, 'resignation (Bredon could not follow the game)');
    }
    this.log(`game ${g.no}: ${why}; reconnecting so that the server replays the game`);
    this.lobby.drop('resynchronising');
  }

  // ---- settling and the end ------------------------------------------------------------------

  /** (Re)starts the wait for replayed moves; thinking starts when it ends. */
  private settle(g: LiveGame): void {
    if (!g.settling) return;
    clear(g.settleTimer);
    g.settleTimer = setTimeout(() => this.endSettling(g), this.t.settleMs);
  }

  private endSettling(g: LiveGame): void {
    g.settleTimer = clear(g.settleTimer);
    if (!g.settling) return;
    g.settling = false;
    this.checkBoardEnd(g);
    this.maybeThink();
  }

  /** A decided board with no word from the server: wait a little, then finish it ourselves. */
  private checkBoardEnd(g: LiveGame): void {
    if (g.overTimer !== undefined) return;
    const r = boardResult(g.pos, g.halfKomi);
    if (r === ONGOING) return;
    g.overTimer = setTimeout(() => {
      g.overTimer = undefined;
      if (this.game_ !== g) return;
      this.log(`game ${g.no} is over on our board (${resultText(r)}) but the server has not said so: finishing it here`);
      this.finish(g, resultText(r), 'the server did not announce the end');
    }, this.t.overWaitMs);
  }

  /** Ends the game here: timers, search, the log; then the bot's turn (`next`: it may seek again). */
  finish(g: LiveGame, result: string | undefined, termination: string | undefined, next = true): void {
    if (this.game_ === g) this.game_ = undefined;
    clearGameTimers(g);
    if (this.search?.game === g) this.o.engine.stop();
    const logged = loggedGame(g, this.site, result, termination);
    if (this.o.ptnPath !== undefined) {
      try {
        appendGame(this.o.ptnPath, logged);
      } catch (e) {
        this.log(`cannot append game ${g.no} to ${this.o.ptnPath}: ${(e as Error).message}`);
      }
    }
    this.hooks.over(g, logged, next);
  }

  // ---- thinking ------------------------------------------------------------------------------

  /** Searches our move if it is our turn and nothing holds the game back. */
  maybeThink(): void {
    const g = this.game_;
    if (this.search !== undefined) {
      // A search for a position that is gone: stop it; its end calls this again.
      if (this.search.game !== g || g === undefined || this.search.ply !== g.moves.length || this.search.link !== this.lobby.link) this.o.engine.stop();
      return;
    }
    const link = this.lobby.link;
    // While a reconnected bot waits to learn whether its game resumes (resumeTimer), the game
    // may already be gone on the server: no move is searched or sent until it comes back.
    if (g === undefined || g.settling || link === undefined || !this.lobby.loggedIn || this.hooks.finished() || this.resumeTimer !== undefined || g.undoTimer !== undefined) return;
    if (g.pos.side !== g.colour || boardResult(g.pos, g.halfKomi) !== ONGOING) return;
    const ply = g.moves.length;
    const rtt = this.lobby.rtt ?? NaN;
    const limits = thinkLimits({
      colour: g.colour,
      clock: g.clock,
      initialMs: g.timeSec * 1000,
      incMs: g.incSec * 1000,
      now: performance.now(),
      rttMs: rtt,
      piecesLeft: g.pos.stones[g.colour]! + g.pos.caps[g.colour]!,
      ...(this.o.maxMoveMs !== undefined ? { maxMoveMs: this.o.maxMoveMs } : {}),
    });
    if (g.level < MAX_LEVEL) limits.level = g.level;
    // Below full strength, a person's pace: the move is held back within the clock's budget.
    const paceMs = levelPaceMs(g.level, limits.softMs);
    const job: SearchJob = {
      startTps: startTps(g.size),
      reserves: { stones: g.stones, caps: g.caps },
      moves: g.moves.slice(),
      halfKomi: g.halfKomi,
      limits,
    };
    const root = g.pos.clone();
    this.search = { game: g, ply, link };
    const onInfo = (info: SearchInfo) => {
      if (info.bound === 'exact' && info.pv.length > 0) g.evaluation = { info, root };
    };
    // Past its deadline, a stalled search may keep half of what the clock has left after it.
    const own = ownClockMs({ colour: g.colour, clock: g.clock, initialMs: g.timeSec * 1000, now: performance.now() });
    const grace = Math.max(WATCHDOG_MS, Math.min(2000, Math.floor((own - networkMargin(rtt) - (limits.hardMs ?? 0)) / 2)));
    const thought = this.o.engine.think(job, onInfo, grace, paceMs);
    // A review under way waits while the game's move is searched.
    const release = this.o.reviewer?.hold();
    thought.then(
      (t) => {
        release?.();
        this.onThought(g, ply, link, root, t);
      },
      (e: Error) => {
        release?.();
        this.search = undefined;
        this.log(`the search failed: ${e.message}`);
      },
    );
  }

  private onThought(g: LiveGame, ply: number, link: Link, root: Position, t: Thought): void {
    this.search = undefined;
    if (this.hooks.finished()) return;
    if (this.game_ !== g || g.moves.length !== ply || this.lobby.link !== link || !this.lobby.loggedIn || g.settling || this.resumeTimer !== undefined || g.undoTimer !== undefined) {
      return this.maybeThink();
    }
    if (t.move === 0) {
      this.log(`game ${g.no}: no legal move to play`);
      return;
    }
    if (t.fallback !== undefined) this.log(`game ${g.no}: playing ${formatMove(t.move, g.size)} without a finished search (${t.fallback})`);
    g.evaluation = { info: { score: t.score, mateIn: mateIn(t.score) }, root };
    this.lobby.sendAcked(formatGameMove(g.no, formatPlaytakMove(t.move, g.size)), 'move', link);
    makeMove(g.pos, t.move);
    g.moves.push(t.move);
    const logged: LoggedMove = { move: t.move, ms: t.ms };
    if (t.fallback === undefined) {
      // TEI's `score cp` (200p - 100), as Racetrack logs an engine's moves: ./game-log.ts.
      logged.scoreCp = logScoreCp(t.score, g.size);
      logged.depth = t.depth;
    }
    g.log.push(logged);
    this.checkBoardEnd(g);
  }
}
