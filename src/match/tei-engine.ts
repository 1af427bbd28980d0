// The runner's side of a TEI conversation with one engine process (docs/tei-clients.md): the
// handshake, the option lines, `teinewgame` + `isready`, and one search with a deadline. A process
// that dies or stops answering is killed here and started again, with its options, before its
// next game.

import { EngineProcess } from './engine-process.js';
import { readHandshakeLine, type EngineIdentity } from './tei-options.js';

export interface Timeouts {
  /** From `tei` to `teiok`. */
  handshakeMs: number;
  /** From `isready` to `readyok` before a game. */
  readyMs: number;
  /** From `stop` (sent when the clock ran out) to `bestmove`, else the engine is hung. */
  stopGraceMs: number;
  /** From SIGTERM (or `quit`) to SIGKILL. */
  killGraceMs: number;
}

export const DEFAULT_TIMEOUTS: Timeouts = { handshakeMs: 15_000, readyMs: 15_000, stopGraceMs: 1_000, killGraceMs: 1_000 };

export interface EngineConfig {
  /** 0 for the first --engine, 1 for the second. */
  index: number;
  /** The command line as given. */
  command: string;
  argv: string[];
  /** `setoption` lines to send after every (re)start, in order. */
  setoptions: { name: string; value: string }[];
}

/** The engine failed this time (crashed, timed out, would not start); it is restarted next time. */
export class EngineFailure extends Error {
  override name = 'EngineFailure';
}

export type SearchOutcome =
  | { kind: 'move'; text: string; elapsedMs: number; scoreCp?: number; depth?: number }
  | { kind: 'timeout'; elapsedMs: number }
  | { kind: 'crash'; description: string }
  | { kind: 'aborted' };

const SCORE_CP_RE = /\bscore\s+cp\s+(-?[0-9]+)\b/;
const DEPTH_RE = /\bdepth\s+([0-9]+)\b/;

export class TeiEngine {
  private proc: EngineProcess | null = null;
  /** How many times a process was started for this engine in this slot. */
  starts = 0;
  identity: EngineIdentity | null = null;

  constructor(
    readonly config: EngineConfig,
    private readonly timeouts: Timeouts,
    private readonly log: (message: string) => void,
    private readonly trace?: (direction: '<' | '>', line: string) => void,
  ) {}

  get running(): boolean {
    return this.proc !== null && !this.proc.ended;
  }

  get pid(): number | undefined {
    return this.proc?.pid;
  }

  private describeExit(proc: EngineProcess): string {
    const tail = proc.stderrTail.slice(-3).join(' | ');
    return proc.exitDescription + (tail === '' ? '' : ` (stderr: ${tail})`);
  }

  /** Starts the process and completes the handshake (no options sent). Throws EngineFailure. */
  async handshake(): Promise<EngineIdentity> {
    if (this.proc !== null) await this.proc.kill(this.timeouts.killGraceMs);
    this.starts++;
    const trace = this.trace;
    const proc = new EngineProcess(this.config.argv, { trace: trace === undefined ? undefined : (d, l) => trace(d, l) });
    this.proc = proc;
    const identity: EngineIdentity = { options: new Map() };
    proc.send('tei');
    const deadline = performance.now() + this.timeouts.handshakeMs;
    for (;;) {
      const r = await proc.read(deadline - performance.now());
      if (r.kind === 'line') {
        if (readHandshakeLine(r.line, identity)) break;
        continue;
      }
      if (r.kind === 'exit') throw new EngineFailure(`${this.describeExit(proc)} before answering 'tei' with 'teiok'`);
      await proc.kill(this.timeouts.killGraceMs);
      throw new EngineFailure(`did not answer 'tei' with 'teiok' within ${this.timeouts.handshakeMs / 1000} s`);
    }
    this.identity = identity;
    return identity;
  }

  sendOptions(): void {
    for (const { name, value } of this.config.setoptions) this.proc?.send(`setoption name ${name} value ${value}`);
  }

  /** Handshake and options: what every restart does. */
  async start(): Promise<void> {
    await this.handshake();
    this.sendOptions();
  }

  /** Starts the engine if it is not running, then `teinewgame <size>` and `isready`/`readyok`. */
  async newGame(size: number, signal?: AbortSignal): Promise<void> {
    if (!this.running) {
      if (this.starts > 0) this.log(`restarting (${this.proc === null ? 'not running' : this.proc.exitDescription || 'stopped'})`);
      await this.start();
    }
    const proc = this.proc!;
    proc.discardPending();
    proc.send(`teinewgame ${size}`);
    proc.send('isready');
    const deadline = performance.now() + this.timeouts.readyMs;
    for (;;) {
      const r = await proc.read(deadline - performance.now(), signal);
      if (r.kind === 'line') {
        if (r.line.trim() === 'readyok') return;
        continue;
      }
      if (r.kind === 'aborted') return;
      if (r.kind === 'exit') throw new EngineFailure(`${this.describeExit(proc)} before answering 'isready'`);
      await proc.kill(this.timeouts.killGraceMs);
      throw new EngineFailure(`did not answer 'isready' with 'readyok' within ${this.timeouts.readyMs / 1000} s`);
    }
  }

  /**
   * Sends the position and `go`, and waits up to `limitMs` for `bestmove`. Remembers the last
   * `info ... score cp` (and its depth) before it. Other lines are ignored.
   */
  async search(positionLine: string, goLine: string, limitMs: number, signal?: AbortSignal): Promise<SearchOutcome> {
    const proc = this.proc;
    if (proc === null) return { kind: 'crash', description: 'is not running' };
    if (proc.ended) return { kind: 'crash', description: this.describeExit(proc) };
    proc.discardPending();
    let scoreCp: number | undefined;
    let depth: number | undefined;
    const start = performance.now();
    proc.send(positionLine);
    proc.send(goLine);
    for (;;) {
      const r = await proc.read(start + limitMs - performance.now(), signal);
      if (r.kind === 'aborted') return r;
      if (r.kind === 'timeout') return { kind: 'timeout', elapsedMs: performance.now() - start };
      if (r.kind === 'exit') return { kind: 'crash', description: this.describeExit(proc) };
      const line = r.line.trim();
      if (line.startsWith('info ')) {
        const score = SCORE_CP_RE.exec(line);
        if (score) {
          scoreCp = Number(score[1]);
          const d = DEPTH_RE.exec(line);
          depth = d ? Number(d[1]) : undefined;
        }
        continue;
      }
      if (line === 'bestmove' || line.startsWith('bestmove ')) {
        // Anything after the move (e.g. a UCI `ponder`) is ignored; a missing move is ''.
        const text = line.split(/\s+/)[1] ?? '';
        return { kind: 'move', text, elapsedMs: r.at - start, scoreCp, depth };
      }
    }
  }

  /**
   * After the clock ran out: `stop`, and wait a moment for the `bestmove` that ends the search.
   * An engine that does not give it is hung: it is killed (and restarted before its next game).
   * Returns true when the engine was killed.
   */
  async settleAfterTimeout(): Promise<boolean> {
    const proc = this.proc;
    if (proc === null || proc.ended) return false;
    proc.send('stop');
    const deadline = performance.now() + this.timeouts.stopGraceMs;
    for (;;) {
      const r = await proc.read(deadline - performance.now());
      if (r.kind === 'line') {
        if (r.line.trim().startsWith('bestmove')) return false;
        continue;
      }
      if (r.kind === 'exit') return true;
      await proc.kill(this.timeouts.killGraceMs);
      return true;
    }
  }

  /** Kills the process now (after an illegal move the engine's state is not trusted). */
  async kill(): Promise<void> {
    await this.proc?.kill(this.timeouts.killGraceMs);
  }

  /** `quit`, then a kill if it lingers. */
  async shutdown(): Promise<void> {
    await this.proc?.quit(this.timeouts.killGraceMs);
  }
}
