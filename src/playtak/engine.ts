// The bot's engine: one search at a time on the worker threads (src/search/worker.ts), so that
// the main thread keeps reading the server and answering its pings while Bredon thinks. A search
// always ends in a legal move: if the threads fail, or do not answer within a grace period after
// the deadline (or WATCHDOG_MS after a stop), the answer is the first move of the last reported
// line (else the first legal move) and the threads are replaced, as the TEI session does
// (src/tei/session.ts). The bot gives a longer grace than TEI's 30 ms when its clock allows:
// on a loaded machine a thread can stall for a few hundred ms, and a late move beats a blind one.

import { makeMove } from '../core/makemove.js';
import { isLegalMove, legalMoves, MAX_MOVES } from '../core/movegen.js';
import type { Position } from '../core/position.js';
import { parseTps } from '../notation/tps.js';
import type { SearchInfo, SearchResult } from '../search/types.js';
import type { SearchHandlers, SearchJob } from '../search/worker.js';

/** What the engine needs of the search threads (SearchPool has it). */
export interface SearchThreads {
  start(job: SearchJob, handlers: SearchHandlers, startedAt?: number): void;
  stop(): void;
  abandon(): void;
  newGame(): void;
  close(): void;
}

export interface Thought {
  /** A legal move of the root (0 only when the root has none). */
  move: number;
  /** Centiflats, side to move's view; proven results near ±WIN_SCORE. */
  score: number;
  depth: number;
  nodes: number;
  pv: number[];
  ms: number;
  /** Set when the move did not come from a finished search: why. */
  fallback?: string;
}

/** How long a search may overrun a stop, or by default its deadline, before it is given up. */
export const WATCHDOG_MS = 250;

const scratch = new Int32Array(MAX_MOVES);

export class Engine {
  private running: { stop: () => void } | undefined;

  constructor(private readonly threads: SearchThreads, private readonly log: (line: string) => void = () => {}) {}

  get busy(): boolean {
    return this.running !== undefined;
  }

  /** Clears the table and move-ordering state between games. */
  newGame(): void {
    if (!this.busy) this.threads.newGame();
  }

  /**
   * Searches the job's position. Never rejects; resolves with a legal move once the search ends
   * by its limits, by stop(), or by the watchdog. One search at a time: wait for the last one.
   * A finished search's move is held until `minMs` after the start (a playing level's pace),
   * unless stop() comes first.
   */
  think(job: SearchJob, onInfo?: (info: SearchInfo) => void, graceMs = WATCHDOG_MS, minMs = 0): Promise<Thought> {
    if (this.running !== undefined) throw new Error('a search is already running');
    const startedAt = performance.now();
    const root: Position = parseTps(job.startTps, job.reserves);
    for (const m of job.moves) makeMove(root, m);
    let lastInfo: SearchInfo | undefined;
    return new Promise<Thought>((resolve) => {
      let done = false;
      let stopped = false;
      /** A finished search's move, waiting for the pace. */
      let held: Omit<Thought, 'ms'> | undefined;
      const timers: ReturnType<typeof setTimeout>[] = [];
      const finish = (t: Omit<Thought, 'ms'>) => {
        if (done) return;
        done = true;
        for (const timer of timers) clearTimeout(timer);
        this.running = undefined;
        resolve({ ...t, ms: Math.round(performance.now() - startedAt) });
      };
      const fallback = (why: string) => {
        const m = lastInfo?.pv[0];
        const move = m !== undefined && m !== 0 && isLegalMove(root, m, scratch) ? m : (legalMoves(root)[0] ?? 0);
        finish({ move, score: lastInfo?.score ?? 0, depth: lastInfo?.depth ?? 0, nodes: lastInfo?.nodes ?? 0, pv: move === 0 ? [] : [move], fallback: why });
      };
      const watchdog = (why: string) => {
        if (done) return;
        if (held !== undefined) return finish(held);
        this.log(`the search did not answer ${why === 'stop' ? WATCHDOG_MS : graceMs} ms after its ${why}: answering from its last report (the threads finish in the background)`);
        this.threads.abandon();
        fallback(`no answer after the ${why}`);
      };
      const finishPaced = (t: Omit<Thought, 'ms'>) => {
        const wait = startedAt + minMs - performance.now();
        if (wait <= 0 || stopped) return finish(t);
        held = t;
        timers.push(setTimeout(() => finish(t), wait));
      };
      this.running = {
        stop: () => {
          stopped = true;
          if (held !== undefined) return finish(held);
          this.threads.stop();
          timers.push(setTimeout(() => watchdog('stop'), WATCHDOG_MS));
        },
      };
      const handlers: SearchHandlers = {
        onInfo: (info) => {
          if (done) return;
          lastInfo = info;
          onInfo?.(info);
        },
        onDone: (outcome) => {
          if (done) return;
          if ('error' in outcome) {
            this.log(`search failed: ${outcome.error}`);
            return fallback(`search failed: ${outcome.error}`);
          }
          const r: SearchResult = outcome.result;
          if (r.best === 0 || !isLegalMove(root, r.best, scratch)) return fallback('the search returned no legal move');
          finishPaced({ move: r.best, score: r.score, depth: r.depth, nodes: outcome.nodes, pv: r.pv });
        },
      };
      try {
        this.threads.start(job, handlers, startedAt);
      } catch (e) {
        this.log(`the search could not start: ${(e as Error).message}`);
        return fallback('the search could not start');
      }
      const hard = job.limits.hardMs;
      if (hard !== undefined) timers.push(setTimeout(() => watchdog('deadline'), hard + graceMs));
    });
  }

  /** Ends the running search soon; its think() resolves with the best move so far. */
  stop(): void {
    this.running?.stop();
  }

  close(): void {
    this.running = undefined;
    this.threads.close();
  }
}
