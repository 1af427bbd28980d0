// A WebSocket TEI client for tests, framing as PTN Ninja does (src/bots/tei.js): one command per
// message sent, every message received split on newlines. Lines are checked to be protocol
// lines, as test/tei/engine.ts does for stdout.

import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import WebSocket from 'ws';
import { PROGRAM, PROTOCOL_LINE } from '../tei/engine.js';

export class WsClient {
  readonly ws: WebSocket;
  readonly lines: string[] = [];
  readonly strays: string[] = [];
  readonly opened: Promise<void>;
  readonly closed: Promise<{ code: number; reason: string }>;
  private read = 0;
  private waiters: (() => void)[] = [];
  private closedWith: { code: number; reason: string } | undefined;

  constructor(url: string, headers: Record<string, string> = {}) {
    this.ws = new WebSocket(url, { headers });
    this.opened = new Promise((resolve, reject) => {
      this.ws.once('open', () => resolve());
      this.ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
      this.ws.once('error', reject);
    });
    this.opened.catch(() => {});
    this.ws.on('error', () => {});
    this.ws.on('message', (data) => {
      for (const line of String(data).split(/\r?\n/).map((l) => l.trim()).filter(Boolean)) {
        this.lines.push(line);
        if (!PROTOCOL_LINE.test(line)) this.strays.push(line);
      }
      this.wake();
    });
    this.closed = new Promise((resolve) => {
      this.ws.on('close', (code, reason) => {
        this.closedWith = { code, reason: reason.toString() };
        this.wake();
        resolve(this.closedWith);
      });
    });
  }

  private wake(): void {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }

  send(...messages: string[]): void {
    for (const m of messages) this.ws.send(m);
  }

  async next(pred: (line: string) => boolean, timeoutMs = 20_000, what = 'a line'): Promise<{ line: string; skipped: string[] }> {
    const deadline = Date.now() + timeoutMs;
    const skipped: string[] = [];
    for (;;) {
      while (this.read < this.lines.length) {
        const line = this.lines[this.read++]!;
        if (pred(line)) return { line, skipped };
        skipped.push(line);
      }
      if (this.closedWith !== undefined) throw new Error(`closed (${this.closedWith.code} ${this.closedWith.reason}) while waiting for ${what}`);
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

  expect(prefix: string, timeoutMs?: number): Promise<{ line: string; skipped: string[] }> {
    return this.next((l) => l.startsWith(prefix), timeoutMs, `'${prefix}'`);
  }

  async bestmove(timeoutMs?: number): Promise<{ move: string; infos: string[]; skipped: string[] }> {
    const { line, skipped } = await this.expect('bestmove ', timeoutMs);
    return { move: line.slice('bestmove '.length), infos: skipped.filter((l) => l.startsWith('info ')), skipped };
  }

  /** What came since the last read, without waiting. */
  unread(): string[] {
    const rest = this.lines.slice(this.read);
    this.read = this.lines.length;
    return rest;
  }
}

/** `bredon serve` as a child process; resolves once it has said where it listens. */
export class Server {
  readonly proc: ChildProcessWithoutNullStreams;
  stderr = '';
  url = '';
  pageUrl = '';
  readonly ready: Promise<void>;
  readonly exited: Promise<number | null>;

  constructor(args: string[]) {
    this.proc = spawn(process.execPath, [PROGRAM, 'serve', '--port', '0', ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    this.proc.stderr.setEncoding('utf8');
    this.exited = new Promise((resolve) => this.proc.on('exit', resolve));
    this.ready = new Promise((resolve, reject) => {
      this.proc.stderr.on('data', (chunk: string) => {
        this.stderr += chunk;
        const m = /TEI on (ws:\/\/[^\s,;]+)/.exec(this.stderr);
        if (m && this.url === '') {
          this.url = m[1]!;
          this.pageUrl = this.url.replace(/^ws:/, 'http:');
          resolve();
        }
      });
      void this.exited.then((code) => reject(new Error(`bredon serve exited (${code}): ${this.stderr}`)));
    });
  }

  /** Resolves once the log has a line matching `re`. */
  async logged(re: RegExp, timeoutMs = 10_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const m = re.exec(this.stderr);
      if (m) return m[0];
      if (Date.now() > deadline) throw new Error(`the server never logged ${re}; log: ${this.stderr}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  async stop(): Promise<number | null> {
    if (this.proc.exitCode === null) this.proc.kill('SIGINT');
    return this.exited;
  }
}
