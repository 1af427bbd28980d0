// scripts/select-games.ts on the shared Tiltak games: the second 6x6 file holds 800 games, 63 of
// them a move-for-move repeat of an earlier one (Tiltak plays the same game again from the same
// opening), and 181 of the other 737 open with one of the first 100 lines of the 6x6 book.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parsePtnFile, tagValue } from '../../src/notation/ptn-game.js';
import { REPO } from '../repo.js';

const GAMES = join(REPO, 'data/games/tiltak-selfplay-6x6-komi2-b.ptn');
const BOOK = join(REPO, 'data/openings/6s_4ply_balanced_openings.txt');

function select(args: string[]) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/select-games.ts', ...args], { cwd: REPO, encoding: 'utf8', timeout: 120_000 });
  return { code: r.status, err: r.stderr };
}

describe('scripts/select-games.ts', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bredon-select-'));
  const book = join(dir, 'book-1-100.txt');
  const first100 = readFileSync(BOOK, 'utf8').split('\n').slice(0, 100);
  writeFileSync(book, first100.join('\n') + '\n');

  it('leaves out the games that opened with an excluded line, copying the others whole', () => {
    const out = join(dir, 'kept.ptn');
    const r = select(['--size', '6', '--out', out, '--exclude-openings', book, GAMES]);
    expect(r.code, r.err).toBe(0);
    expect(r.err).toMatch(/556 games kept of 800 read; .* 63 repeats, 181 opened with an excluded line/);
    const games = parsePtnFile(readFileSync(out, 'utf8'));
    expect(games).toHaveLength(556);
    const lines = new Set(first100.map((l) => l.trim().split(/\s+/).join(' ')));
    for (const g of games) {
      if ('error' in g) throw g.error;
      expect(lines.has(g.game.moves.slice(0, 4).map((m) => m.text).join(' '))).toBe(false);
      expect(tagValue(g.game, 'Result')).toBeDefined();
      // Tiltak's evaluations come along.
      expect(g.game.moves.at(-1)!.comment).toMatch(/^[+-]?\d/);
    }
  });

  it('keeps each game once, and no game of another size', () => {
    const out = join(dir, 'once.ptn');
    const r = select(['--size', '6', '--out', out, GAMES, GAMES]);
    expect(r.err).toMatch(/737 games kept of 1600 read; left out: 0 of other sizes, .* 863 repeats/);
    const five = select(['--size', '5', '--out', join(dir, 'five.ptn'), GAMES]);
    expect(five.err).toMatch(/0 games kept of 800 read; left out: 800 of other sizes/);
  });
});
