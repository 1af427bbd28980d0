// `bredon --version` names the build: the package version, the git commit it was built from
// (scripts/build.mjs embeds it) and the network each board size plays with. `bredon bench`
// opens with the same two lines, so that a bench figure names its build.

import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bredon } from './bredon.js';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

function headCommit(): string | undefined {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined;
  }
}

describe('bredon --version', () => {
  const r = bredon('--version');

  it('prints the version and commit, then the networks per size, exit 0', () => {
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(new RegExp(`^bredon ${pkg.version.replace(/\./g, '\\.')} \\(commit ([0-9a-f]{4,40}|unknown)\\)$`));
    expect(lines[1]).toMatch(/^networks: 3x3 \S+, 4x4 \S+, 5x5 \S+, 6x6 \S+, 7x7 \S+, 8x8 \S+$/);
  });

  it("names the checkout's commit when built from git", () => {
    const head = headCommit();
    if (head === undefined) return; // not a git checkout: the build says "unknown"
    // The build may be older than HEAD in a working copy; it must at least be a commit of this repository.
    const commit = /\(commit ([0-9a-f]+)\)/.exec(r.stdout)?.[1];
    expect(commit, r.stdout).toBeDefined();
    expect(() => execFileSync('git', ['cat-file', '-e', `${commit}^{commit}`], { stdio: 'ignore' })).not.toThrow();
  });

  it('names the networks that bredon bench searches with', () => {
    const bench = bredon('bench', '--depth', '1');
    expect(bench.code).toBe(0);
    expect(bench.stdout.split('\n').slice(0, 2).join('\n')).toBe(r.stdout.trimEnd());
  });
});
