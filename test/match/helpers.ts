// Shared by the match tests: the rules bundle the fake engines import, command lines for the
// fakes, a match configuration with tiny time controls, and reading the fakes' logs.

import { build } from 'esbuild';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MatchConfig } from '../../src/match/runner.js';
import { splitCommandLine } from '../../src/match/command-line.js';
import { EMPTY_OPENING } from '../../src/match/openings.js';

const here = dirname(fileURLToPath(import.meta.url));
const src = resolve(here, '..', '..', 'src');
export const FAKES = join(here, 'fakes');

/** Bundles the core into one ES module for the fakes; sets BREDON_FAKE_RULES. Returns the temp dir. */
export async function buildFakeRules(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'bredon-match-test-'));
  const outfile = join(dir, 'rules.mjs');
  const imp = (p: string) => JSON.stringify(join(src, p));
  await build({
    stdin: {
      contents: [
        `export { parseTps, startTps } from ${imp('notation/tps.ts')};`,
        `export { parseMove, formatMove } from ${imp('notation/ptn-move.ts')};`,
        `export { legalMoves } from ${imp('core/movegen.ts')};`,
        `export { makeMove } from ${imp('core/makemove.ts')};`,
        `export { flatCount } from ${imp('core/result.ts')};`,
      ].join('\n'),
      resolveDir: src,
      loader: 'ts',
    },
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    outfile,
    logLevel: 'error',
  });
  process.env.BREDON_FAKE_RULES = outfile;
  return dir;
}

export function removeDir(dir: string | undefined): void {
  if (dir !== undefined && existsSync(dir)) rmSync(dir, { recursive: true, force: true });
}

/** The command line running a fake engine with this node. */
export function fake(name: string, ...args: string[]): string {
  return [process.execPath, join(FAKES, `${name}.mjs`), ...args].map((w) => `'${w}'`).join(' ');
}

export function spec(command: string, options: { name: string; value: string }[] = []) {
  return { command, argv: splitCommandLine(command), options };
}

/** A small fast match: 4x4, 2+0.05, 2 games from the empty board, short grace periods. */
export function matchConfig(a: string, b: string, overrides: Partial<MatchConfig> = {}): MatchConfig {
  return {
    engines: [spec(a), spec(b)],
    size: 4,
    halfKomi: 0,
    tc: { baseMs: 2000, incMs: 50 },
    games: 2,
    openings: [EMPTY_OPENING],
    concurrency: 1,
    sprt: null,
    scoring: null,
    maxPlies: 1000,
    timeouts: { handshakeMs: 10_000, readyMs: 10_000, stopGraceMs: 300, killGraceMs: 300 },
    ...overrides,
  };
}

/** A fake's log, as [pid, line] pairs in order. */
export function readLog(file: string): [number, string][] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => {
      const at = l.indexOf(' ');
      return [Number(l.slice(0, at)), l.slice(at + 1)];
    });
}

/** Whether a process exists (signal 0 probes without sending anything). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
