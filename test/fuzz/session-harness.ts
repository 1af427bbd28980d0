// Drives a TEI session with a sequence of client lines and pauses, and referees what it prints:
// every line a protocol line (one line: no CR/LF inside), never an internal error, every `isready`
// answered once, every `go` answered by exactly one `bestmove`, legal by the rules core in that
// `go`'s position (a finished game's too: never `(none)`, which PTN Ninja cannot read), no output after `quit`, and an exit after
// `quit` or the end of input. Three ways in: the Session with a scripted search on a fake clock
// (fast: thousands of sequences), the Session with the real search threads, and the built program.

import { makeMove } from '../../src/core/makemove.js';
import { isLegalMove, legalMoves } from '../../src/core/movegen.js';
import { Position } from '../../src/core/position.js';
import { isDecided } from '../../src/core/result.js';
import { DEFAULT_RESERVES } from '../../src/core/sizes.js';
import { formatMove, parseMove } from '../../src/notation/ptn-move.js';
import { parseTps, startTps, tpsSize } from '../../src/notation/tps.js';
import type { SearchInfo, SearchProgress } from '../../src/search/types.js';
import { SearchPool, type SearchHandlers, type SearchJob } from '../../src/search/worker.js';
import { parseLine, type Command } from '../../src/tei/parse.js';
import { DEFAULT_SIZE, FIRST_DEPTH_WAIT_MS, READY_TIMEOUT_MS, Session, WATCHDOG_GRACE_MS, type SearchBackend, type Timers } from '../../src/tei/session.js';
import { Engine, PROGRAM, PROTOCOL_LINE } from '../tei/engine.js';

export type Step = { kind: 'line'; text: string } | { kind: 'wait'; ms: number };

export class SessionViolation extends Error {
  override name = 'SessionViolation';
}

interface Owed {
  line: string;
  root: Position;
}

/** The client's view of the session: a model of its state by the rules core, and the checks. */
export class Referee {
  private size = DEFAULT_SIZE;
  private position: Position | undefined;
  /** The piece-count options (Flats, Caps, Flats1...), per player; undefined for the standard. */
  private readonly flats: (number | undefined)[] = [undefined, undefined];
  private readonly caps: (number | undefined)[] = [undefined, undefined];
  private readonly owed: Owed[] = [];
  private isready = 0;
  private readyok = 0;
  quitted = false;
  readonly transcript: string[] = [];

  fail(message: string): never {
    throw new SessionViolation(`${message}\n--- last lines (> sent, < printed) ---\n${this.transcript.slice(-30).join('\n')}`);
  }

  /** A `go` has not had its `bestmove` yet. */
  owesBestmove(): boolean {
    return this.owed.length > 0;
  }

  /** An `isready` has not had its `readyok` yet. */
  readyOwed(): boolean {
    return this.readyok < this.isready;
  }

  /** A line was sent; `sync` is what the session printed while handling it. */
  sent(line: string, sync: string[]): void {
    this.transcript.push(`> ${line}`);
    if (this.quitted) {
      if (sync.length > 0) this.fail(`printed after quit: ${sync.join(' | ')}`);
      return;
    }
    const cmd = parseLine(line);
    const errors = sync.filter((l) => l.startsWith('info string error:'));
    if (cmd.kind === 'isready') this.isready++;
    else if (cmd.kind === 'teinewgame' && errors.length === 0) {
      if (cmd.size !== undefined) this.size = cmd.size;
      this.flats.fill(undefined);
      this.caps.fill(undefined);
      this.position = undefined;
    } else if (cmd.kind === 'setoption' && errors.length === 0) {
      const m = /^(flats|caps)([12]?)$/.exec(cmd.name.toLowerCase());
      if (m !== null) {
        const counts = m[1] === 'flats' ? this.flats : this.caps;
        const players = m[2] === '' ? [0, 1] : [Number(m[2]) - 1];
        const n = Number(cmd.value);
        // A change drops the position (it was checked against the old reserves).
        if (players.some((p) => counts[p] !== n)) this.position = undefined;
        for (const p of players) counts[p] = n;
      }
    } else if (cmd.kind === 'position') {
      // A refused position changes nothing: the one before it stays.
      if (errors.length === 0) this.position = this.build(cmd, line);
    } else if (cmd.kind === 'go' || (cmd.kind === 'error' && cmd.go === true)) {
      // Every go is owed one bestmove (one during a search starts after it); without a
      // position, a placeholder legal on the empty board.
      this.owed.push({ line, root: this.position?.clone() ?? new Position(this.size) });
    }
    for (const l of sync) this.printed(l);
    if (cmd.kind === 'quit') {
      this.quitted = true;
      this.owed.length = 0; // quit ends a search without its bestmove
    }
  }

  /**
   * The position a `position` line the session accepted must describe, by the rules core: with
   * the custom reserves in a game of its size if they hold it, else a new game of its size with
   * the standard reserves (the session's game-state rule).
   */
  private build(cmd: Extract<Command, { kind: 'position' }>, line: string): Position {
    const tps = cmd.tps ?? startTps(this.size);
    const size = tpsSize(tps);
    const play = (custom: boolean): Position => {
      const standard = DEFAULT_RESERVES[size] ?? [undefined, undefined];
      const flats = this.flats.map((f) => (custom ? f : undefined) ?? standard[0]!);
      const caps = this.caps.map((c) => (custom ? c : undefined) ?? standard[1]!);
      // Each player's own reserve (unequal ones too).
      const pos = parseTps(tps, { stones: [flats[0]!, flats[1]!], caps: [caps[0]!, caps[1]!] });
      for (const token of cmd.moves) {
        const m = parseMove(token, pos.size);
        if (isDecided(pos) || !isLegalMove(pos, m)) throw new Error(`'${token}' cannot be played`);
        makeMove(pos, m);
      }
      return pos;
    };
    if (size === this.size) {
      try {
        return play(true);
      } catch {
        // a new game with the standard reserves, below
      }
    }
    let pos: Position;
    try {
      pos = play(false);
    } catch (e) {
      return this.fail(`the session accepted '${line}', which the rules core rejects: ${(e as Error).message}`);
    }
    this.size = pos.size;
    this.flats.fill(undefined);
    this.caps.fill(undefined);
    return pos;
  }

  /** A line the session printed (at once or later). */
  printed(l: string): void {
    this.transcript.push(`< ${l}`);
    if (this.quitted) this.fail(`printed after quit: ${l}`);
    if (!PROTOCOL_LINE.test(l) || /[\r\n]/.test(l)) this.fail(`not one protocol line: ${JSON.stringify(l)}`);
    if (l.includes('internal error')) this.fail(`internal error: ${l}`);
    if (l === 'readyok' && ++this.readyok > this.isready) this.fail('readyok without isready');
    if (l.startsWith('bestmove ')) this.bestmove(l.slice('bestmove '.length));
    if (l.startsWith('info ') && !l.startsWith('info string ')) this.report(l);
  }

  /** A search report: during a search, its line and current move legal in that search's position. */
  private report(l: string): void {
    const owed = this.owed[0];
    if (owed === undefined) return this.fail(`a search report with no search running: ${l}`);
    // The line's moves, up to a ` string` note (a refused position's reason) if it has one.
    const pv = / pv (.*?)(?: string .*)?$/.exec(l)?.[1]?.split(' ') ?? [];
    const currmove = / currmove (\S+)/.exec(l)?.[1];
    if (currmove !== undefined) pv.push(currmove); // checked alone, below
    const pos = owed.root.clone();
    for (let i = 0; i < pv.length; i++) {
      const text = pv[i]!;
      const at = currmove !== undefined && i === pv.length - 1 ? owed.root : pos;
      let m = 0;
      try {
        m = parseMove(text, at.size);
      } catch {
        // reported below as not legal
      }
      if (m === 0 || formatMove(m, at.size) !== text || isDecided(at) || !isLegalMove(at, m)) this.fail(`'${text}' in '${l}' is not legal for '${owed.line}'`);
      if (at === pos) makeMove(pos, m);
    }
  }

  private bestmove(text: string): void {
    const owed = this.owed.shift();
    if (owed === undefined) return this.fail(`bestmove ${text} that no go asked for`);
    const { root } = owed;
    // A finished game (or no position) still gets a move, as PTN Ninja must parse it: a legal
    // one by the movement rules, a1 when there is none.
    if (text === '(none)') this.fail(`bestmove (none) for '${owed.line}': PTN Ninja cannot read it`);
    if (legalMoves(root).length === 0 && text === 'a1') return;
    let m: number;
    try {
      m = parseMove(text, root.size);
    } catch (e) {
      return this.fail(`bestmove ${text} is not PTN: ${(e as Error).message}`);
    }
    if (formatMove(m, root.size) !== text) this.fail(`bestmove ${text} is not canonical`);
    if (!isLegalMove(root, m)) this.fail(`bestmove ${text} is illegal for '${owed.line}'`);
  }

  /** Every `go` answered and every `isready` too. */
  get settled(): boolean {
    return this.owed.length === 0 && this.readyok === this.isready;
  }

  finish(): void {
    if (this.owed.length > 0) this.fail(`no bestmove for '${this.owed[0]!.line}'`);
    if (this.readyok !== this.isready) this.fail(`${this.isready} isready, ${this.readyok} readyok`);
  }
}

// ---- the Session with a scripted search on a fake clock ------------------------------------

/** Timers on a clock that moves only when told (the Session's `timers` and `now`). */
export class FakeClock implements Timers {
  now = 0;
  private seq = 0;
  private readonly due = new Map<number, { at: number; f: () => void }>();

  setTimeout(f: () => void, ms: number): unknown {
    const id = ++this.seq;
    this.due.set(id, { at: this.now + Math.max(0, ms), f });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.due.delete(handle as number);
  }

  /** Runs every timer due within `ms`, in time order, then sets the clock `ms` on. */
  advance(ms: number): void {
    const end = this.now + ms;
    for (;;) {
      let next: [number, { at: number; f: () => void }] | undefined;
      for (const e of this.due) if (e[1].at <= end && (next === undefined || e[1].at < next[1].at)) next = e;
      if (next === undefined) break;
      this.due.delete(next[0]);
      this.now = Math.max(this.now, next[1].at);
      next[1].f();
    }
    this.now = end;
  }
}

/** How the scripted search answers one job. */
export interface Behaviour {
  /**
   * answer: the move `pick` after `delayMs` (or at the deadline, or 1 ms after stop, whichever
   * comes first); illegal / zero: an illegal move or none; error: a failed search; stuck: never
   * answers (a hung thread: the session's watchdog must answer for it); throw: start() throws.
   */
  kind: 'answer' | 'illegal' | 'zero' | 'error' | 'stuck' | 'throw';
  delayMs: number;
  pick: number;
  /** Reports before the answer: none, a legal line, an illegal line; progress with a legal, illegal or no move. */
  info: 'none' | 'legal' | 'illegal';
  progress: 'none' | 'legal' | 'illegal' | 'zero';
}

class ScriptedBackend implements SearchBackend {
  private next = 0;
  private job: { handlers: SearchHandlers; root: Position; behaviour: Behaviour; done: boolean } | undefined;
  constructor(
    private readonly clock: FakeClock,
    private readonly behaviours: readonly Behaviour[],
    private readonly readyDelayMs: number,
    private readonly referee: Referee,
  ) {}

  whenReady(f: () => void): void {
    if (this.readyDelayMs === 0) f();
    else this.clock.setTimeout(f, this.readyDelayMs);
  }
  setHash(mb: number): void {
    if (!(mb >= 1 && mb <= 4096)) this.referee.fail(`setHash(${mb}) out of range`);
    if (mb > 2048) throw new RangeError('scripted allocation failure');
  }
  setThreads(n: number): void {
    if (!(n >= 1 && n <= 64)) this.referee.fail(`setThreads(${n}) out of range`);
  }
  newGame(): void {}
  stop(): void {
    const job = this.job;
    if (job !== undefined && job.behaviour.kind !== 'stuck') this.clock.setTimeout(() => this.answer(job), 1);
  }
  abandon(): void {
    this.job = undefined;
  }
  close(): void {
    this.job = undefined;
  }

  start(job: SearchJob, handlers: SearchHandlers): void {
    if (this.job !== undefined) this.referee.fail('the session started a search while one was running');
    const behaviour = this.behaviours[this.next++ % Math.max(1, this.behaviours.length)] ?? { kind: 'answer', delayMs: 0, pick: 0, info: 'none', progress: 'none' };
    if (behaviour.kind === 'throw') throw new Error('scripted: the search could not start');
    let root: Position;
    try {
      root = parseTps(job.startTps, job.reserves);
      for (const m of job.moves) {
        if (!isLegalMove(root, m)) throw new Error(`illegal move ${m}`);
        makeMove(root, m);
      }
    } catch (e) {
      return this.referee.fail(`the session sent a bad job: ${(e as Error).message}`);
    }
    const current = { handlers, root, behaviour, done: false };
    this.job = current;
    const legal = legalMoves(root);
    const some = legal[behaviour.pick % legal.length]!;
    const illegal = legal.length === 0 ? 1 : 0x7fff;
    if (behaviour.info !== 'none') {
      const info: SearchInfo = { depth: 1, seldepth: 1, score: 0, mateIn: 0, bound: 'exact', nodes: 10, timeMs: 1, hashfull: 0, pv: [behaviour.info === 'legal' ? some : illegal] };
      this.clock.setTimeout(() => this.job === current && handlers.onInfo(info, 10), 0);
    }
    if (behaviour.progress !== 'none') {
      const currMove = behaviour.progress === 'legal' ? some : behaviour.progress === 'illegal' ? illegal : 0;
      const progress: SearchProgress = { nodes: 20, seldepth: 2, currMove, currMoveNumber: 1, hashfull: 0 };
      this.clock.setTimeout(() => this.job === current && handlers.onProgress?.(progress, 20), 1);
    }
    if (behaviour.kind === 'stuck') return;
    const limit = job.limits.infinite ? Infinity : (job.limits.hardMs ?? Infinity);
    const at = Math.min(behaviour.delayMs, limit);
    if (at !== Infinity) this.clock.setTimeout(() => this.answer(current), at);
  }

  private answer(job: NonNullable<ScriptedBackend['job']>): void {
    if (this.job !== job || job.done) return;
    job.done = true;
    this.job = undefined;
    const { handlers, root, behaviour } = job;
    const legal = legalMoves(root);
    if (behaviour.kind === 'error') return handlers.onDone({ error: 'scripted failure' });
    const best = behaviour.kind === 'zero' ? 0 : behaviour.kind === 'illegal' ? 0x7fff : legal[behaviour.pick % legal.length]!;
    handlers.onDone({ result: { best, score: 12, depth: 2, nodes: 30, pv: best === 0 ? [] : [best] }, nodes: 30 });
  }
}

/** Runs steps through a Session whose search is scripted, on a fake clock. Throws SessionViolation. */
export function runScriptedSession(steps: readonly Step[], behaviours: readonly Behaviour[], readyDelayMs: number, endOfInput: boolean): void {
  const referee = new Referee();
  const clock = new FakeClock();
  const logs: string[] = [];
  let capture: string[] | undefined;
  let quits = 0;
  const backend = new ScriptedBackend(clock, behaviours, readyDelayMs, referee);
  // A violation seen in a callback of the session is kept and thrown by the runner (thrown
  // there, the session would report it as its own internal error).
  let violation: unknown;
  const check = () => {
    if (violation !== undefined) throw violation;
  };
  const session = new Session({
    out: (l) => {
      if (capture !== undefined) return void capture.push(l);
      try {
        referee.printed(l);
      } catch (e) {
        violation ??= e;
      }
    },
    backend,
    version: '0.0.0',
    onQuit: () => quits++,
    log: (l) => logs.push(l),
    now: () => clock.now,
    timers: clock,
  });
  const feed = (text: string) => {
    capture = [];
    try {
      session.handle(text, clock.now);
    } finally {
      const sync = capture;
      capture = undefined;
      referee.sent(text, sync);
    }
  };
  // The client waits for an owed `readyok` before it sends more, as PTN Ninja does: what the
  // session prints for a line is then known to be that line's. (Lines sent while it is owed
  // wait in the session, in order: test/tei/session.test.ts.) A `quit` goes at once, and the
  // lines held are never sent.
  const held: string[] = [];
  const send = (text: string) => {
    if (!referee.readyOwed()) return feed(text);
    if (parseLine(text).kind === 'quit') {
      held.length = 0;
      return feed(text);
    }
    held.push(text);
  };
  const flush = () => {
    while (held.length > 0 && !referee.readyOwed() && !referee.quitted) feed(held.shift()!);
  };
  const advance = (ms: number) => {
    clock.advance(ms);
    check();
    flush();
  };
  for (const step of steps) {
    if (step.kind === 'line') send(step.text);
    else advance(step.ms);
    check();
  }
  if (endOfInput && !referee.quitted) {
    for (let i = 0; i < 10 && held.length > 0; i++) advance(READY_TIMEOUT_MS);
    referee.transcript.push('> (end of input)');
    capture = [];
    session.endOfInput();
    const sync = capture;
    capture = undefined;
    for (const l of sync) referee.printed(l);
    // A stuck search without a deadline would wait for ever, as a real hung thread would: the
    // scripts give stuck searches to deadline and infinite searches only (see fuzzSteps).
    for (let i = 0; i < 100 && quits === 0; i++) advance(1000);
    if (quits === 0) referee.fail('did not exit after the end of input');
    referee.quitted = true;
  }
  if (!referee.quitted) {
    for (let i = 0; i < 20 && (held.length > 0 || referee.readyOwed()); i++) advance(READY_TIMEOUT_MS + 10);
    send('stop');
    // A stuck search that never completed a depth is answered only after FIRST_DEPTH_WAIT_MS;
    // each `go` queued behind it is stopped in turn: one such wait each, at most.
    for (let i = 0; i < 20 && referee.owesBestmove(); i++) advance(FIRST_DEPTH_WAIT_MS + WATCHDOG_GRACE_MS + 10);
    send('isready');
    for (let i = 0; i < 20 && referee.readyOwed(); i++) advance(READY_TIMEOUT_MS + 10);
    referee.finish();
    send('quit');
  } else {
    referee.finish();
  }
  if (quits !== 1) referee.fail(`onQuit called ${quits} times`);
  const internal = logs.find((l) => l.includes('internal error'));
  if (internal !== undefined) referee.fail(`logged: ${internal}`);
  send('isready'); // after quit: nothing
}

// ---- the Session with the real search threads --------------------------------------------

/**
 * The real pool, with a table of at most 16 MB and at most 2 threads whatever the client asks:
 * the session is under test here, not the machine's memory (option values are fuzzed apart).
 */
class SmallPool implements SearchBackend {
  constructor(readonly pool: SearchPool) {}
  whenReady(f: () => void): void {
    this.pool.whenReady(f);
  }
  setHash(mb: number): void {
    this.pool.setHash(Math.min(mb, 16));
  }
  setThreads(n: number): void {
    this.pool.setThreads(Math.min(n, 2));
  }
  newGame(): void {
    this.pool.newGame();
  }
  start(job: SearchJob, handlers: SearchHandlers, startedAt: number): void {
    this.pool.start(job, handlers, startedAt);
  }
  stop(): void {
    this.pool.stop();
  }
  abandon(): void {
    this.pool.abandon();
  }
  close(): void {
    this.pool.close();
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs steps through a Session with real search threads (from the built program). */
export async function runPoolSession(steps: readonly Step[], endOfInput: boolean, timeoutMs = 15_000): Promise<void> {
  const referee = new Referee();
  const logs: string[] = [];
  let capture: string[] | undefined;
  let quits = 0;
  const pool = new SearchPool({ hashMb: 4, threads: 1, script: PROGRAM, log: (l) => logs.push(l) });
  let violation: unknown;
  const session = new Session({
    out: (l) => {
      if (capture !== undefined) return void capture.push(l);
      try {
        referee.printed(l);
      } catch (e) {
        violation ??= e;
      }
    },
    backend: new SmallPool(pool),
    version: '0.0.0',
    onQuit: () => quits++,
    log: (l) => logs.push(l),
  });
  const check = () => {
    if (violation !== undefined) throw violation;
  };
  const send = (text: string) => {
    capture = [];
    session.handle(text);
    const sync = capture;
    capture = undefined;
    referee.sent(text, sync);
  };
  const until = async (what: string, done: () => boolean) => {
    const deadline = performance.now() + timeoutMs;
    while (!done()) {
      check();
      if (performance.now() > deadline) referee.fail(`hung: ${what} within ${timeoutMs} ms`);
      await sleep(5);
    }
    check();
  };
  try {
    for (const step of steps) {
      check();
      if (step.kind === 'line') send(step.text);
      else await sleep(step.ms);
    }
    if (endOfInput && !referee.quitted) {
      referee.transcript.push('> (end of input)');
      capture = [];
      session.endOfInput();
      const sync = capture;
      capture = undefined;
      for (const l of sync) referee.printed(l);
      await until('exit after the end of input', () => quits > 0);
      referee.quitted = true;
      referee.finish();
    }
    if (!referee.quitted) {
      send('stop');
      send('isready');
      await until('every bestmove and readyok', () => referee.settled);
      referee.finish();
      send('quit');
    }
    check();
    referee.finish();
    if (quits !== 1) referee.fail(`onQuit called ${quits} times`);
    const bad = logs.find((l) => /internal error|died|failed/.test(l));
    if (bad !== undefined) referee.fail(`logged: ${bad}`);
  } finally {
    pool.close();
  }
}

// ---- the built program ---------------------------------------------------------------------

/**
 * Runs steps through the built program. After each line an `isready` is sent and its `readyok`
 * awaited, so that what the line printed at once is known (the session answers in order).
 * Ends with `quit` (or the end of input): exit status 0 within the timeout, nothing on stdout but
 * protocol lines.
 */
export async function runProgramSession(steps: readonly Step[], endOfInput: boolean, timeoutMs = 20_000): Promise<void> {
  const referee = new Referee();
  const engine = new Engine();
  const isSearchOutput = (l: string) => l.startsWith('bestmove ') || (l.startsWith('info ') && !l.startsWith('info string'));
  let read = 0;
  let isreadySent = 0;
  let readyoks = 0;
  /**
   * Reads up to the readyok of the latest ping (isready answers come in order): the line's own
   * output is returned, search output goes to the referee as it comes.
   */
  const collect = async (): Promise<{ sync: string[]; search: string[] }> => {
    const sync: string[] = [];
    const search: string[] = [];
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      while (read < engine.lines.length) {
        const l = engine.lines[read++]!;
        if (l === 'readyok' && ++readyoks === isreadySent) return { sync, search };
        if (isSearchOutput(l)) search.push(l);
        else sync.push(l);
      }
      if (engine.exitCode !== undefined) referee.fail(`exited (${engine.exitCode}) while waiting for readyok; stderr: ${engine.stderr.join('')}`);
      if (performance.now() > deadline) referee.fail(`hung: no readyok within ${timeoutMs} ms`);
      await sleep(5);
    }
  };
  const send = async (text: string) => {
    engine.send(text, 'isready');
    if (parseLine(text).kind === 'isready') isreadySent++;
    isreadySent++;
    // The line's own output first: a go owes its bestmove before that bestmove is read.
    const { sync, search } = await collect();
    referee.sent(text, sync);
    for (const l of search) referee.printed(l);
  };
  try {
    let quit = false;
    for (const step of steps) {
      if (step.kind === 'wait') {
        await sleep(step.ms);
      } else if (parseLine(step.text).kind === 'quit') {
        engine.send(step.text);
        quit = true;
        break;
      } else {
        await send(step.text);
      }
    }
    if (!quit && endOfInput) {
      referee.transcript.push('> (end of input)');
      engine.close();
    } else if (!quit) {
      await send('stop');
      const deadline = performance.now() + timeoutMs;
      while (!referee.settled) {
        while (read < engine.lines.length) referee.printed(engine.lines[read++]!);
        if (performance.now() > deadline) referee.fail('hung: a bestmove never came');
        await sleep(5);
      }
      engine.send('quit');
      quit = true;
    }
    const timer = setTimeout(() => engine.kill(), timeoutMs);
    const code = await engine.exited;
    clearTimeout(timer);
    while (read < engine.lines.length) referee.printed(engine.lines[read++]!);
    if (quit) referee.sent('quit', []);
    if (code !== 0) referee.fail(`exit status ${code}; stderr: ${engine.stderr.join('')}`);
    if (engine.strays.length > 0) referee.fail(`stray stdout: ${engine.strays[0]}`);
    // The one diagnostic allowed: a search thread slow to see `stop` (a cold or loaded machine)
    // is answered for by the watchdog; the referee has checked that answer.
    const WATCHDOG = /^bredon: the search did not answer \d+ ms after its (stop|deadline); answering from its last completed depth/;
    const stderr = engine.stderr.join('').split('\n').filter((l) => l !== '' && !WATCHDOG.test(l));
    if (stderr.length > 0) referee.fail(`stderr: ${stderr.join('\n')}`);
    referee.finish();
  } finally {
    engine.kill();
  }
}
