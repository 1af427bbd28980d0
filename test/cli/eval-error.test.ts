// scripts/eval-error.ts on the first 150 shared Tiltak 5x5 games, which the checked-in 5x5
// network was fitted to: its table has every phase band, and on its own training games the
// network must be nearer Tiltak than the linear evaluation is (0.0192 against 0.0304 on all 1000
// games); and a game of Bredon against Tiltak as `bredon match` writes it gives only Tiltak's own
// moves' evaluations (one of each two). Against game results (--target result): every quiet
// position of a finished game.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parsePtnFile } from '../../src/notation/ptn-game.js';
import { REPO } from '../repo.js';

const GAMES = join(REPO, 'data/games/tiltak-selfplay-5x5-komi2.ptn');

function run(args: string[]) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/eval-error.ts', ...args], { cwd: REPO, encoding: 'utf8', timeout: 120_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** The report's count of positions. */
function positionsIn(out: string): number {
  return Number(/^(\d+) positions/m.exec(out)![1]);
}

/** The report's phase bands: [line, from, to, positions, linear, network, best share, its error]. */
function bandsIn(out: string): RegExpMatchArray[] {
  return [...out.matchAll(/^(\d\.\d)-(\d\.\d) +(\d+) +([0-9.]+) +([0-9.]+) +([0-9.]+) \(([0-9.]+)\)$/gm)];
}

describe('scripts/eval-error.ts', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bredon-eval-error-'));
  const text = readFileSync(GAMES, 'utf8');
  const lines = text.split('\n');
  const games = parsePtnFile(text);
  const slice = join(dir, 'first150.ptn');
  writeFileSync(slice, lines.slice(0, games[150]!.line - 1).join('\n'));

  it('reports each phase band, and the network beats the linear evaluation on its own training games', () => {
    const r = run(['--size', '5', slice]);
    expect(r.code, r.err).toBe(0);
    const bands = bandsIn(r.out);
    expect(bands.map((b) => b[1])).toEqual(['0.0', '0.2', '0.4', '0.6', '0.8']);
    const all = /^all +(\d+) +([0-9.]+) +([0-9.]+) +ramp/m.exec(r.out)!;
    expect(Number(all[1])).toBe(bands.reduce((n, b) => n + Number(b[3]), 0));
    expect(Number(all[1])).toBeGreaterThan(4000);
    expect(Number(all[3])).toBeLessThan(0.8 * Number(all[2])); // the network, against the linear evaluation
    for (const b of bands) expect(Number(b[7])).toBeLessThanOrEqual(Math.min(Number(b[4]), Number(b[5])) + 1e-9); // the best share is at least as good as 0 or 1
  });

  it("against game results: every finished game's quiet positions, and the best share no worse than 0 or 1", () => {
    const first40 = join(dir, 'first40.ptn');
    writeFileSync(first40, lines.slice(0, games[40]!.line - 1).join('\n'));
    const byTiltak = run(['--size', '5', first40]);
    const byResult = run(['--size', '5', '--target', 'result', first40]);
    expect(byResult.code, byResult.err).toBe(0);
    expect(byResult.out).toMatch(/with a game result/);
    // Every quiet position of a finished game has a target; Tiltak's comments are on its moves only.
    expect(positionsIn(byResult.out)).toBeGreaterThanOrEqual(positionsIn(byTiltak.out));
    const bands = bandsIn(byResult.out);
    expect(bands.length).toBe(5);
    for (const b of bands) expect(Number(b[7])).toBeLessThanOrEqual(Math.min(Number(b[4]), Number(b[5])) + 1e-9);
    const all = /^all +(\d+) +([0-9.]+) +([0-9.]+) +ramp (-?[0-9.]+) \+ ([0-9.]+) x phase \(([0-9.]+)\)$/m.exec(byResult.out)!;
    expect(Number(all[1])).toBe(positionsIn(byResult.out));
    expect(Number(all[6])).toBeLessThanOrEqual(Math.min(Number(all[2]), Number(all[3])) + 1e-9); // the ramp includes 0 and 1
    expect(run(['--size', '5', '--target', 'wins', first40]).code).toBe(2);
  });

  it("in a match file, takes only Tiltak's moves' evaluations", () => {
    // The first game, rewritten as `bredon match` writes a game of Bredon (White) against Tiltak:
    // every move keeps its comment, but only Black's moves are Tiltak's (from the mover's view).
    const game = lines.slice(games[0]!.line - 1, games[1]!.line - 1).join('\n');
    const match = game
      .replace(/^\[Player1 "[^"]*"\]$/m, '[Player1 "Bredon"]')
      .replace(/^\[Player2 "[^"]*"\]$/m, '[Player2 "Tiltak"]')
      .replace(/^\[Site "[^"]*"\]$/m, '[Site "Bredon match"]');
    expect(match).toMatch(/\[Site "Bredon match"\]/);
    const whole = join(dir, 'whole.ptn');
    const asMatch = join(dir, 'match.ptn');
    writeFileSync(whole, game);
    writeFileSync(asMatch, match);
    const count = (file: string) => positionsIn(run(['--size', '5', file]).out);
    const n = count(whole);
    const tiltak = count(asMatch);
    expect(n).toBeGreaterThan(20);
    expect(tiltak).toBeGreaterThan(0.4 * n);
    expect(tiltak).toBeLessThan(0.6 * n);
  });
});
