// `npm run soak` in miniature: the script runs a real `bredon match` of Bredon against itself,
// samples the memory of the runner and the engines, and reports; the full 1000-game soak is too
// long for CI. A second run with impossible limits shows that growth is judged and fails.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { REPO } from '../repo.js';
import { PROGRAM } from '../tei/engine.js';

function soak(args: string[]) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/soak.ts', ...args], {
    cwd: REPO,
    encoding: 'utf8',
    env: { ...process.env, BREDON_BIN: PROGRAM },
    timeout: 120_000,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('npm run soak', () => {
  it('plays the games, samples memory and reports it (too few games to judge)', () => {
    const r = soak(['--games', '2', '--size', '4', '--nodes', '200', '--concurrency', '1', '--sample-ms', '50']);
    expect(r.code, r.out + r.err).toBe(0);
    expect(r.out).toMatch(/^match: 2 of 2 games in /m);
    expect(r.out).toMatch(/^soak: runner RSS \d+\.\d MB after game 1 -> \d+\.\d MB at the end/m);
    expect(r.out).toMatch(/^soak: engine RSS \d+\.\d MB .* per process, 2 processes$/m);
    expect(r.out).toMatch(/too few games to judge a leak \(2 < 20\)$/m);
  });

  it('fails when memory grows past the limits', () => {
    const r = soak(['--games', '20', '--size', '3', '--nodes', '50', '--concurrency', '1', '--sample-ms', '20', '--limit-mb', '-1000', '--limit-pct', '-1000']);
    expect(r.code, r.out + r.err).toBe(1);
    expect(r.out).toMatch(/GROWS$/m);
    expect(r.out).toMatch(/memory grows with the number of games/);
  });

  it('refuses an unknown option', () => {
    const r = soak(['--bogus']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^soak: unknown option '--bogus'\nusage: npm run soak/);
  });
});
