// One engine child process: started from an argv, lines out on stdin, lines in from stdout read
// with a deadline, and a kill that always ends it.
//
// Each engine runs in its own process group (spawn `detached`), and signals go to the whole
// group, so a wrapper script and whatever it started die together. A kill is SIGTERM, then
// SIGKILL after a grace period; the 'close' event (Node reaps the child) is awaited, so no
// zombie is left. A last-resort 'exit' hook SIGKILLs every group still alive when the runner
// itself exits.

import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

export type ReadResult =
  | { kind: 'line'; line: string; at: number }
  | { kind: 'timeout' }
  | { kind: 'exit'; description: string }
  | { kind: 'aborted' };

/** Lines kept while nobody reads (an engine printing without end between games). */
const MAX_QUEUED = 10_000;
const STDERR_TAIL = 20;

const live = new Set<EngineProcess>();
let exitHookInstalled = false;

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const p of live) p.killGroupSync('SIGKILL');
  });
}

/**
 * SIGKILLs every engine still running and waits (at most `limitMs`) until each is reaped: for
 * quitting at once (a second Ctrl-C) without leaving zombies behind.
 */
export async function killAllEngines(limitMs = 1000): Promise<void> {
  const waits = [...live].map((p) => {
    p.killGroupSync('SIGKILL');
    return p.whenClosed();
  });
  await Promise.race([Promise.all(waits), new Promise((resolve) => setTimeout(resolve, limitMs).unref())]);
}

export interface ProcessOptions {
  cwd?: string;
  /** Called with every line in (`<`) and out (`>`), for --debug. */
  trace?: (direction: '<' | '>', line: string) => void;
}

export class EngineProcess {
  private readonly child: ChildProcess;
  private readonly queue: { line: string; at: number }[] = [];
  private wake: (() => void) | null = null;
  private closed = false;
  private exitText = '';
  private readonly closedPromise: Promise<void>;
  private readonly trace: ProcessOptions['trace'];
  /** The last lines the engine wrote on stderr, for diagnostics after a crash. */
  readonly stderrTail: string[] = [];

  constructor(argv: readonly string[], options: ProcessOptions = {}) {
    installExitHook();
    this.trace = options.trace;
    this.child = spawn(argv[0]!, argv.slice(1), {
      cwd: options.cwd,
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
      windowsHide: true,
    });
    live.add(this);
    let spawnError: Error | null = null;
    this.child.on('error', (e) => {
      // Failing to spawn (ENOENT, EACCES) ends here; 'close' follows.
      spawnError = e;
    });
    // Writes after the engine died fail with EPIPE: the read side reports the exit instead.
    this.child.stdin!.on('error', () => {});
    const out = createInterface({ input: this.child.stdout!, crlfDelay: Infinity });
    out.on('line', (line) => {
      this.trace?.('<', line);
      if (this.queue.length >= MAX_QUEUED) this.queue.shift();
      this.queue.push({ line, at: performance.now() });
      this.notify();
    });
    const err = createInterface({ input: this.child.stderr!, crlfDelay: Infinity });
    err.on('line', (line) => {
      this.stderrTail.push(line);
      if (this.stderrTail.length > STDERR_TAIL) this.stderrTail.shift();
    });
    this.closedPromise = new Promise((resolve) => {
      this.child.on('close', (code, signal) => {
        this.closed = true;
        live.delete(this);
        if (spawnError !== null) this.exitText = `could not be started: ${spawnError.message}`;
        else if (signal !== null) this.exitText = `was killed by ${signal}`;
        else this.exitText = `exited with code ${code}`;
        this.notify();
        resolve();
      });
    });
  }

  /** Resolves once the process has ended and been reaped. */
  whenClosed(): Promise<void> {
    return this.closedPromise;
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Whether the process has ended (and been reaped). */
  get ended(): boolean {
    return this.closed;
  }

  /** How the process ended, e.g. "exited with code 3"; empty while it runs. */
  get exitDescription(): string {
    return this.exitText;
  }

  private notify(): void {
    const w = this.wake;
    this.wake = null;
    w?.();
  }

  send(line: string): void {
    if (this.closed || this.child.stdin!.destroyed) return;
    this.trace?.('>', line);
    this.child.stdin!.write(line + '\n');
  }

  /** Drops lines that arrived while nobody was reading. */
  discardPending(): void {
    this.queue.length = 0;
  }

  /**
   * The next line, or 'timeout' after `timeoutMs`, or 'exit' once the process has ended and every
   * line it wrote has been read, or 'aborted' when the signal fires.
   */
  async read(timeoutMs: number, signal?: AbortSignal): Promise<ReadResult> {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const next = this.queue.shift();
      if (next !== undefined) return { kind: 'line', ...next };
      if (this.closed) return { kind: 'exit', description: this.exitText };
      if (signal?.aborted) return { kind: 'aborted' };
      const left = deadline - performance.now();
      if (left <= 0) return { kind: 'timeout' };
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', done);
          if (this.wake === done) this.wake = null;
          resolve();
        };
        const timer = setTimeout(done, left);
        signal?.addEventListener('abort', done, { once: true });
        this.wake = done;
      });
    }
  }

  /** Sends a signal to the engine's process group (falling back to the process alone). */
  killGroupSync(sig: NodeJS.Signals): void {
    const pid = this.child.pid;
    if (pid === undefined) return;
    try {
      process.kill(-pid, sig);
    } catch {
      try {
        this.child.kill(sig);
      } catch {
        // already gone
      }
    }
  }

  /** Ends the process for sure: SIGTERM, then SIGKILL after `graceMs`; resolves once reaped. */
  async kill(graceMs = 1000): Promise<void> {
    if (!this.closed) {
      this.killGroupSync('SIGTERM');
      const timer = setTimeout(() => this.killGroupSync('SIGKILL'), graceMs);
      await this.closedPromise;
      clearTimeout(timer);
    }
    // Anything the engine left behind in its group goes too.
    this.killGroupSync('SIGKILL');
  }

  /** Asks the engine to `quit`; kills it if it has not exited after `graceMs`. */
  async quit(graceMs = 1000): Promise<void> {
    if (!this.closed) {
      this.send('quit');
      this.child.stdin!.end();
      const exited = await Promise.race([
        this.closedPromise.then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), graceMs).unref()),
      ]);
      if (!exited) {
        await this.kill(graceMs);
        return;
      }
    }
    this.killGroupSync('SIGKILL');
  }
}
