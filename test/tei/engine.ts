// A TEI client for tests: spawns the built program (npm test builds it first) and holds a
// dialogue with it line by line. Every stdout line is checked to be a protocol line, so a stray
// log or stack trace on stdout fails the test that caused it.

import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { afterEach } from 'vitest';
import { BREDON } from '../repo.js';

/** The built program; BREDON_BIN overrides it (a build elsewhere). */
export const PROGRAM = process.env['BREDON_BIN'] ?? BREDON;

export const PROTOCOL_LINE = /^(id (name|author|version) \S.*|option name \S.*|size( \d+)+ halfkomi( -?\d+)+|teiok|readyok|info \S.*|bestmove \S+)$/;

export class Engine {
  readonly proc: ChildProcessWithoutNullStreams;
  /** Every stdout line so far. */
  readonly lines: string[] = [];
  readonly stderr: string[] = [];
  /** Lines that are not protocol lines (should stay empty). */
  readonly strays: string[] = [];
  private read = 0;
  private buffer = '';
  private waiters: (() => void)[] = [];
  exitCode: number | null | undefined = undefined;
  readonly exited: Promise<number | null>;

  constructor(args: string[] = []) {
    this.proc = spawn(process.execPath, [PROGRAM, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    this.proc.stdout.setEncoding('utf8');
    this.proc.stdout.on('data', (chunk: string) => {
      this.buffer += chunk;
      let i: number;
      while ((i = this.buffer.indexOf('\n')) >= 0) {
        const line = this.buffer.slice(0, i);
        this.buffer = this.buffer.slice(i + 1);
        this.lines.push(line);
        if (!PROTOCOL_LINE.test(line)) this.strays.push(line);
      }
      this.wake();
    });
    this.proc.stderr.setEncoding('utf8');
    this.proc.stderr.on('data', (chunk: string) => this.stderr.push(chunk));
    this.proc.stdin.on('error', () => {}); // writing after exit is the test's own business
    this.exited = new Promise((resolve) => {
      this.proc.on('exit', (code) => {
        this.exitCode = code;
        this.wake();
        resolve(code);
      });
    });
  }

  private wake(): void {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }

  send(...lines: string[]): void {
    for (const line of lines) this.proc.stdin.write(line + '\n');
  }

  /** Ends the input (EOF). */
  close(): void {
    this.proc.stdin.end();
  }

  /**
   * The next unread line matching `pred`, skipping (and returning among `skipped`) the others.
   * Rejects after `timeoutMs` or if the program exits first.
   */
  async next(pred: (line: string) => boolean, timeoutMs = 20_000, what = 'a line'): Promise<{ line: string; skipped: string[] }> {
    const deadline = Date.now() + timeoutMs;
    const skipped: string[] = [];
    for (;;) {
      while (this.read < this.lines.length) {
        const line = this.lines[this.read++]!;
        if (pred(line)) return { line, skipped };
        skipped.push(line);
      }
      if (this.exitCode !== undefined) throw new Error(`engine exited (${this.exitCode}) while waiting for ${what}; stderr: ${this.stderr.join('')}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what}; last lines: ${this.lines.slice(-5).join(' | ')}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  /** The next line starting with `prefix`. */
  async expect(prefix: string, timeoutMs?: number): Promise<string> {
    return (await this.next((l) => l.startsWith(prefix), timeoutMs, `'${prefix}'`)).line;
  }

  /** Reads up to `bestmove`, returning the move and the info lines before it. */
  async bestmove(timeoutMs?: number): Promise<{ move: string; infos: string[]; skipped: string[] }> {
    const { line, skipped } = await this.next((l) => l.startsWith('bestmove '), timeoutMs, 'bestmove');
    return { move: line.slice('bestmove '.length), infos: skipped.filter((l) => l.startsWith('info ')), skipped };
  }

  /** `tei` up to `teiok`; returns the lines in between. */
  async handshake(): Promise<string[]> {
    this.send('tei');
    const { skipped } = await this.next((l) => l === 'teiok', 20_000, 'teiok');
    return skipped;
  }

  /** `isready` up to `readyok`; returns the lines read before it. */
  async sync(): Promise<string[]> {
    this.send('isready');
    return (await this.next((l) => l === 'readyok', 20_000, 'readyok')).skipped;
  }

  async quit(): Promise<number | null> {
    if (this.exitCode === undefined) this.send('quit');
    return this.exited;
  }

  kill(): void {
    if (this.exitCode === undefined) this.proc.kill();
  }
}

/**
 * A test file's `start(args?)`: a new engine (the built program with `args`), killed after the
 * test that started it, whatever its outcome.
 */
export function engineStarter(): (args?: string[]) => Engine {
  const engines: Engine[] = [];
  afterEach(() => {
    for (const e of engines.splice(0)) e.kill();
  });
  return (args: string[] = []) => {
    const e = new Engine(args);
    engines.push(e);
    return e;
  };
}
