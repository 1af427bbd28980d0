// Running the built program (npm test builds it first) from the command-line tests, a process a
// run or many runs to a process (bredonBatch), and the names of its commands as its own table
// gives them (`bredon --help` lists them), so that tests that iterate over the commands also
// cover the ones added later.

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
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

const BATCH_SCRIPT = fileURLToPath(new URL('./batch.mjs', import.meta.url));
/** Runs a batch process takes at most (each run's copy of the program stays in memory: 14 MB). */
const BATCH_SIZE = 24;

/**
 * What `bredon(...args)` gives for each argument list, from one node process per BATCH_SIZE runs
 * (test/cli/batch.mjs: each run is the program's main, imported afresh, with those arguments,
 * its stdout, stderr and exit status) instead of one process a run: a process start is most of
 * what a usage, a help or a refused argument costs. Only for runs that end when main returns,
 * without stdin.
 */
export function bredonBatch(runs: readonly (readonly string[])[]): Run[] {
  if (!existsSync(BREDON)) throw new Error(`${BREDON} is missing: run npm run build first`);
  const results: Run[] = [];
  for (let i = 0; i < runs.length; i += BATCH_SIZE) {
    const chunk = runs.slice(i, i + BATCH_SIZE);
    const r = spawnSync(process.execPath, [BATCH_SCRIPT, BREDON], { input: JSON.stringify(chunk), encoding: 'utf8', timeout: 120_000, maxBuffer: 256 << 20 });
    if (r.status !== 0) throw new Error(`a batch of ${chunk.length} bredon runs failed (status ${r.status}, signal ${r.signal}): ${r.stderr}`);
    const got = JSON.parse(r.stdout) as Run[];
    if (got.length !== chunk.length) throw new Error(`a batch of ${chunk.length} bredon runs gave ${got.length} results`);
    results.push(...got);
  }
  return results;
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
