// Bredon in the browser: the entry point of dist/web/bredon-worker.js, a Web Worker that speaks
// TEI over postMessage with the same Session as `bredon tei` and `bredon serve`. The page posts
// strings (one TEI line, or several separated by newlines) and receives one string per line.
//
//   const engine = new Worker('bredon-worker.js');
//   engine.onmessage = (e) => console.log(e.data);   // 'id name Bredon ...', 'bestmove c3'
//   engine.postMessage('tei'); engine.postMessage('position startpos'); engine.postMessage('go movetime 1000');
//
// The same file is the script of the search threads it starts (nested workers, named
// SEARCH_THREAD_NAME): like dist/bredon.js in Node, one file serves both roles.

import { MAX_THREADS } from '../search/worker.js';
import { OPTIONS } from '../tei/options.js';
import { Session } from '../tei/session.js';
import { BrowserSearchPool } from './search-pool.js';
import { runSearchThread, SEARCH_THREAD_NAME } from './search-thread.js';

declare const BREDON_VERSION: string;
const VERSION = typeof BREDON_VERSION === 'string' ? BREDON_VERSION : 'dev';

interface WorkerScope {
  name: string;
  location: { href: string };
  postMessage(message: unknown): void;
  onmessage: ((e: MessageEvent) => void) | null;
  close(): void;
}

const scope = globalThis as unknown as WorkerScope;

function spinDefault(name: string): number {
  const o = OPTIONS.find((x) => x.name === name);
  return o !== undefined && o.type === 'spin' ? o.default : 1;
}

function runEngine(): void {
  const log = (line: string) => console.warn(line); // diagnostics: the console, never the protocol
  if (typeof Worker !== 'function') {
    // Every current browser has nested workers; without them there is nothing to search with.
    scope.postMessage('info string error: this browser cannot start workers inside a worker: Bredon cannot search here');
  }
  const backend = new BrowserSearchPool({ script: scope.location.href, hashMb: spinDefault('Hash'), threads: Math.min(spinDefault('Threads'), MAX_THREADS), log });
  const session = new Session({
    out: (line) => scope.postMessage(line),
    backend,
    version: VERSION,
    log,
    onQuit: () => scope.close(),
  });
  scope.onmessage = (e: MessageEvent) => {
    const receivedAt = performance.now();
    if (typeof e.data !== 'string') {
      scope.postMessage('info string error: post TEI lines as strings');
      return;
    }
    const lines = e.data.split(/\r?\n/);
    if (lines.length > 1 && lines.at(-1) === '') lines.pop();
    for (const line of lines) session.handle(line, receivedAt);
  };
}

if (scope.name === SEARCH_THREAD_NAME) runSearchThread(scope);
else runEngine();
