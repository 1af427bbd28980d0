// Real parts for the queue tests: a redis-server of Debian's package on a random loopback port,
// and bredon processes (workers, coordinators) whose output is captured and can be waited on.
// Without redis-server the tests fail in CI (CI set: .ci/run installs it, so a CI without it must
// be seen) and are skipped with a message on a developer's machine, so that the README's test
// command passes on a fresh machine.

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BREDON } from '../repo.js';

function redisInstalled(): boolean {
  const r = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
  return r.error === undefined && r.status === 0;
}

/** Whether the Redis tests are skipped: no redis-server, and not in CI. */
export const SKIP_WITHOUT_REDIS = !redisInstalled() && !process.env['CI'];
if (SKIP_WITHOUT_REDIS) {
  console.warn("skipping the queue tests that need Redis: no redis-server (apt-get install -y redis-server); in CI they fail instead");
}

/** Throws (failing the test) when redis-server is not installed. */
export function requireRedisServer(): void {
  const r = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
  if (r.error !== undefined || r.status !== 0) {
    throw new Error("redis-server is missing: the queue tests need Debian's redis-server (apt-get install redis-server)");
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export class RedisServer {
  private proc: ChildProcess | null = null;

  private constructor(
    readonly port: number,
    readonly dir: string,
    private readonly appendonly: boolean,
    private readonly password: string | null,
  ) {}

  static async start(opts: { appendonly?: boolean; password?: string } = {}): Promise<RedisServer> {
    requireRedisServer();
    const server = new RedisServer(await freePort(), mkdtempSync(join(tmpdir(), 'bredon-redis-')), opts.appendonly ?? false, opts.password ?? null);
    await server.launch();
    return server;
  }

  get url(): string {
    return `redis://${this.password === null ? '' : `:${this.password}@`}127.0.0.1:${this.port}`;
  }

  private launch(): Promise<void> {
    const args = ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--dir', this.dir, '--appendonly', this.appendonly ? 'yes' : 'no'];
    if (this.password !== null) args.push('--requirepass', this.password);
    const proc = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    this.proc = proc;
    let out = '';
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`redis-server did not start: ${out}`)), 10_000);
      proc.stdout!.on('data', (d) => {
        out += d;
        if (out.includes('Ready to accept connections')) {
          clearTimeout(timer);
          resolve();
        }
      });
      proc.on('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`redis-server exited (${code}): ${out}`));
      });
    });
  }

  /** SIGTERM (Redis flushes its append-only file) and wait for the exit. */
  async stop(): Promise<void> {
    const proc = this.proc;
    this.proc = null;
    if (proc === null || proc.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      proc.once('exit', () => resolve());
      proc.kill('SIGTERM');
    });
  }

  /** Stops, stays down `downMs`, and starts again on the same port and directory. */
  async restart(downMs = 0): Promise<void> {
    await this.stop();
    await new Promise((resolve) => setTimeout(resolve, downMs));
    await this.launch();
  }

  async destroy(): Promise<void> {
    await this.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** A running `node dist/bredon.js ...` with its output kept. */
export class Bredon {
  readonly proc: ChildProcess;
  stdout = '';
  stderr = '';
  readonly exited: Promise<number | null>;

  constructor(args: string[]) {
    this.proc = spawn(process.execPath, [BREDON, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    this.proc.stdout!.on('data', (d) => (this.stdout += d));
    this.proc.stderr!.on('data', (d) => (this.stderr += d));
    this.exited = new Promise((resolve) => this.proc.on('close', (code) => resolve(code)));
  }

  get output(): string {
    return this.stdout + this.stderr;
  }

  /** Resolves when `re` matches the output; rejects after `ms` (naming what was seen). */
  waitFor(re: RegExp, ms = 60_000): Promise<RegExpMatchArray> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const m = re.exec(this.output);
        if (m) {
          clearInterval(timer);
          clearTimeout(limit);
          resolve(m);
        }
      };
      const timer = setInterval(check, 50);
      const limit = setTimeout(() => {
        clearInterval(timer);
        reject(new Error(`no ${re} within ${ms} ms; output:\n${this.output}`));
      }, ms);
      check();
    });
  }

  /** Waits for the exit (at most `ms`, then SIGKILL and fail). */
  async done(ms = 90_000): Promise<number | null> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const limit = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        this.proc.kill('SIGKILL');
        reject(new Error(`bredon did not finish within ${ms} ms; output:\n${this.output}`));
      }, ms);
    });
    try {
      return await Promise.race([this.exited, limit]);
    } finally {
      clearTimeout(timer);
    }
  }

  kill(signal: NodeJS.Signals = 'SIGTERM'): void {
    if (this.proc.exitCode === null && this.proc.signalCode === null) this.proc.kill(signal);
  }
}

/** Keeps every process and server a test started, and ends them after it. */
export class Parts {
  private readonly procs: Bredon[] = [];
  private readonly servers: RedisServer[] = [];

  bredon(...args: string[]): Bredon {
    const b = new Bredon(args);
    this.procs.push(b);
    return b;
  }

  async redis(opts: { appendonly?: boolean; password?: string } = {}): Promise<RedisServer> {
    const s = await RedisServer.start(opts);
    this.servers.push(s);
    return s;
  }

  /** SIGTERM (a worker then ends its engines), SIGKILL after 3 s. */
  async cleanup(): Promise<void> {
    for (const p of this.procs) p.kill('SIGTERM');
    const late = setTimeout(() => this.procs.forEach((p) => p.kill('SIGKILL')), 3000);
    await Promise.all(this.procs.map((p) => p.exited));
    clearTimeout(late);
    await Promise.all(this.servers.map((s) => s.destroy()));
    this.procs.length = 0;
    this.servers.length = 0;
  }
}

/** The engine command of Bredon itself, for `--engine NAME=COMMAND`. */
export const BREDON_ENGINE = `${process.execPath} ${BREDON}`;

/** The Round tags of a PTN file, in file order. */
export function rounds(ptn: string): number[] {
  return [...ptn.matchAll(/^\[Round "([0-9]+)"\]$/gm)].map((m) => Number(m[1]));
}
