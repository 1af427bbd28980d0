// The --ptn file of `bredon match` (local or on a queue): games appended one at a time, a blank
// line between them; a write that fails is reported once and the file given up, never the match.

import { closeSync, openSync, writeSync } from 'node:fs';
import { UsageError } from './errors.js';

export class PtnFile {
  private fd: number | null;
  private games = 0;

  /** Opens (truncates) `path`; throws UsageError when it cannot be written. */
  constructor(
    private readonly path: string,
    private readonly log: (line: string) => void,
  ) {
    try {
      this.fd = openSync(path, 'w');
    } catch (e) {
      throw new UsageError(`cannot write PTN file '${path}': ${(e as Error).message}`);
    }
  }

  write(ptn: string): void {
    if (this.fd === null) return;
    try {
      writeSync(this.fd, (this.games++ > 0 ? '\n' : '') + ptn);
    } catch (e) {
      this.log(`cannot write to '${this.path}': ${(e as Error).message}`);
      this.close();
    }
  }

  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }
}
