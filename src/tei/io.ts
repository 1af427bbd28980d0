// The TEI loop's plumbing: lines from an input stream into a Session, replies to an output
// stream. The main thread only reads and relays; searches run in the worker threads, so input
// is read (and `stop`, `isready`, `quit` answered) while a search runs.

import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { Session, type SearchBackend } from './session.js';

export interface TeiLoopOptions {
  input: Readable;
  output: Writable;
  backend: SearchBackend;
  version: string;
  log?: (line: string) => void;
}

/** Serves TEI until `quit` or the end of input; resolves then (the caller exits). */
export function runTeiLoop(opts: TeiLoopOptions): Promise<void> {
  return new Promise((resolve) => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      rl.close();
      resolve();
    };
    // A client that went away closes the pipe: nothing left to say, so leave quietly.
    opts.output.on('error', finish);
    const session = new Session({
      out: (line) => {
        if (!done) opts.output.write(line + '\n');
      },
      backend: opts.backend,
      version: opts.version,
      log: opts.log,
      onQuit: finish,
    });
    const rl = createInterface({ input: opts.input, crlfDelay: Infinity, terminal: false });
    rl.on('line', (line) => session.handle(line, performance.now()));
    rl.on('close', () => {
      if (!done) session.endOfInput();
    });
  });
}
