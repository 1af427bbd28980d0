// Running the built program (npm test builds it first) from the command-line tests, and the names
// of its commands as its own table gives them (`bredon --help` lists them), so that tests that
// iterate over the commands also cover the ones added later.

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { expect } from 'vitest';
import { BREDON } from '../repo.js';

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function bredon(...args: string[]): Run {
  if (!existsSync(BREDON)) throw new Error(`${BREDON} is missing: run npm run build first`);
  const r = spawnSync(process.execPath, [BREDON, ...args], { encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The commands of `bredon --help`'s first line, `usage (commands: perft, bench, ...):`. */
export function commandNames(): string[] {
  const r = bredon('--help');
  expect(r.code).toBe(0);
  const m = /^usage \(commands: ([a-z, -]+)\):/.exec(r.stdout);
  expect(m, r.stdout).not.toBeNull();
  const names = m![1]!.split(', ');
  // The commands of today at least, so that a broken listing cannot make the tests vacuous.
  for (const known of ['perft', 'bench', 'match', 'ptn', 'show', 'analyze', 'tei']) expect(names).toContain(known);
  return names;
}
