// The page's engine: bredon-worker.js driven the way a GUI drives any TEI engine (`teinewgame`,
// `position`, `go`, `stop`). A `go` is only sent when no search runs (TEI refuses a second one):
// while one runs, the next request stops it and waits for its `bestmove`, the latest request
// winning. Every search is tagged with the position it was asked for, so that the page can tell
// a report about an earlier position from one about the board's.

import { reservePair, type ReserveCount } from '../core/position.js';
import { DEFAULT_RESERVES } from '../core/sizes.js';
import { MAX_LEVEL } from '../search/levels.js';
import type { BoardPosition } from './board-state.js';

/** Analysis, the engine's move on the free board, or Bredon's reply in a game. */
export type SearchKind = 'analyse' | 'move' | 'reply';

export interface Running {
  kind: SearchKind;
  at: BoardPosition;
  startedAt: number;
}

/** A search to start: its position and its `go`, at a level. */
export interface SearchOrder {
  kind: SearchKind;
  at: BoardPosition;
  position: string;
  go: string;
  level: number;
}

export interface EngineHooks {
  /** `teiok`: the engine is there (set options, then newGame). */
  teiOk(): void;
  /** The first `readyok`. */
  ready(): void;
  /** An `info` line, of the search under way if any. */
  info(r: Running | undefined, line: string): void;
  /** A search ended; `waiting` says whether other requests wait to be sent. */
  bestMove(r: Running, move: string, waiting: boolean): void;
  /** After a search ended and the requests that waited were sent. */
  idle(r: Running): void;
  /** A search was sent. */
  started(r: Running): void;
  /** A search started or ended. */
  changed(): void;
  failed(message: string): void;
}

type Queued = (() => void) & { search?: boolean };

export class Engine {
  ready = false;
  running: Running | undefined;
  private readonly worker: Worker;
  private whenIdle: Queued[] = [];
  /** The `Level` the engine was last given. */
  private level = MAX_LEVEL;

  constructor(private readonly hooks: EngineHooks) {
    this.worker = new Worker('bredon-worker.js', { name: 'bredon-tei' });
    this.worker.onmessage = (e: MessageEvent) => this.receive(String(e.data));
    this.worker.onerror = (e: ErrorEvent) => hooks.failed(e.message || 'could not load bredon-worker.js');
  }

  send(line: string): void {
    this.worker.postMessage(line);
  }

  /** Runs `f` once no search runs. */
  idle(f: () => void): void {
    if (this.running === undefined) f();
    else this.whenIdle.push(f);
  }

  /** Stops the search under way, if any. */
  stop(): void {
    if (this.running !== undefined) this.send('stop');
  }

  /** A new game: its size, komi and reserves (custom counts as PTN Ninja sends them, each player's own). */
  newGame(size: number, halfKomi: number, stones: ReserveCount, caps: ReserveCount): void {
    this.stop();
    this.idle(() => {
      this.send(`teinewgame size ${size} halfkomi ${halfKomi}`);
      const [defaultStones, defaultCaps] = DEFAULT_RESERVES[size]!;
      const [flats1, flats2] = reservePair(stones);
      const [caps1, caps2] = reservePair(caps);
      if (flats1 !== defaultStones || flats2 !== defaultStones || caps1 !== defaultCaps || caps2 !== defaultCaps) {
        this.send(`setoption name Flats1 value ${flats1}`);
        this.send(`setoption name Flats2 value ${flats2}`);
        this.send(`setoption name Caps1 value ${caps1}`);
        this.send(`setoption name Caps2 value ${caps2}`);
      }
      this.send('isready');
    });
  }

  /**
   * Asks for a search of `key` by `order` (called when it can start, undefined if by then there
   * is nothing to search). One of the same kind and position under way is left alone; another
   * is stopped first.
   */
  request(kind: SearchKind, key: string, order: () => SearchOrder | undefined): void {
    const start = () => {
      const o = order();
      if (o !== undefined) this.start(o);
    };
    if (this.running === undefined) return start();
    if (this.running.at.key === key && this.running.kind === kind) return;
    this.send('stop');
    this.whenIdle = this.whenIdle.filter((f) => !f.search);
    this.whenIdle.push(Object.assign(start, { search: true }));
  }

  private start(o: SearchOrder): void {
    if (!this.ready || this.running !== undefined) return;
    if (o.level !== this.level) {
      this.send(`setoption name Level value ${o.level}`);
      this.level = o.level;
    }
    this.send(o.position);
    this.running = { kind: o.kind, at: o.at, startedAt: performance.now() };
    this.send(o.go);
    this.hooks.started(this.running);
    this.hooks.changed();
  }

  private receive(line: string): void {
    if (line === 'teiok') this.hooks.teiOk();
    else if (line === 'readyok') {
      if (this.ready) return;
      this.ready = true;
      this.hooks.ready();
    } else if (line.startsWith('info ')) {
      this.hooks.info(this.running, line);
    } else if (line.startsWith('bestmove')) this.ended(line.slice('bestmove'.length).trim());
  }

  private ended(move: string): void {
    const r = this.running;
    this.running = undefined;
    const queued = this.whenIdle;
    this.whenIdle = [];
    if (r !== undefined) this.hooks.bestMove(r, move, queued.length > 0);
    for (const f of queued) {
      if (this.running !== undefined) this.whenIdle.push(f);
      else f();
    }
    if (r !== undefined) this.hooks.idle(r);
    this.hooks.changed();
  }
}
