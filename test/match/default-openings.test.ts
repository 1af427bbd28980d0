// Matches and selfplay runs without --openings: the built-in books (the files of data/openings/,
// carried in the bundle: the test books for matches, the training books for selfplay), the
// two-ply openings of 3x3 and 4x4, the half-turned second game of a pair, and a report that says
// when games repeat and gives no interval that shows no spread.

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeMove } from '../../src/core/makemove.js';
import { transformPosition } from '../../src/core/symmetry.js';
import { gameOpening, testBook, trainingBook, turnedOpening } from '../../src/match/books.js';
import { gameKey } from '../../src/match/repeats.js';
import { parseOpenings, openingStart } from '../../src/match/openings.js';
import { formatReport } from '../../src/match/report.js';
import type { MatchConfig } from '../../src/match/runner.js';
import { Tally } from '../../src/match/tally.js';
import type { GameRecord } from '../../src/match/game.js';
import { parsePtnFile } from '../../src/notation/ptn-game.js';
import { parseMove } from '../../src/notation/ptn-move.js';
import { formatTps } from '../../src/notation/tps.js';
import { booksSource } from '../../scripts/books.js';
import { BREDON, REPO } from '../repo.js';

function run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BREDON, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

function endTps(size: number, moves: readonly string[]): string {
  const pos = openingStart({ line: 0, tps: null, moves: [] }, size);
  for (const m of moves) makeMove(pos, parseMove(m, size));
  return formatTps(pos, false);
}

describe('the built-in opening books', () => {
  it('are the files of data/openings/, as scripts/books.ts writes them', () => {
    expect(readFileSync(join(REPO, 'src/match/books.generated.ts'), 'utf8')).toBe(booksSource(new URL(`file://${REPO}/`).href));
  });

  it('give every size distinct legal openings: the books on 5x5 to 8x8, every two-ply opening on 3x3 and 4x4', () => {
    const counts: Record<string, Record<number, number>> = {
      training: { 3: 72, 4: 240, 5: 900, 6: 900, 7: 1000, 8: 1000 },
      test: { 3: 72, 4: 240, 5: 500, 6: 500, 7: 500, 8: 500 },
    };
    for (const [kind, book] of [['training', trainingBook], ['test', testBook]] as const) {
      for (let size = 3; size <= 8; size++) {
        const { openings, source } = book(size);
        expect(openings, source).toHaveLength(counts[kind]![size]!);
        if (size >= 5) expect(source).toMatch(kind === 'test' ? /_test\.txt$/ : /_(balanced_openings|random)\.txt$/);
        expect(new Set(openings.map((o) => o.moves.join(' '))).size, source).toBe(openings.length);
        // parseOpenings checks every move on the board as it reads; read back, they are the same.
        expect(parseOpenings(openings.map((o) => o.moves.join(' ')).join('\n'), size, source)).toEqual(openings);
      }
    }
    // The 5x5 and 6x6 books stop at line 900: the rest of the original books is never used here.
    expect(trainingBook(6).openings.at(-1)!.line).toBe(900);
  });

  it('turn the second game of a pair half a turn: the same position turned, and the first game as given', () => {
    for (const size of [3, 5, 6, 8]) {
      const openings = testBook(size).openings;
      for (const pair of [0, 1, 17]) {
        const first = gameOpening(openings, pair, false, true, size);
        const second = gameOpening(openings, pair, true, true, size);
        expect(first).toBe(openings[pair % openings.length]);
        expect(turnedOpening(second, size).moves).toEqual(first.moves);
        const pos = openingStart(first, size);
        for (const m of first.moves) makeMove(pos, parseMove(m, size));
        expect(endTps(size, second.moves)).toBe(formatTps(transformPosition(pos, 3), false));
        // A book the user gives is played as written.
        expect(gameOpening(openings, pair, true, false, size)).toBe(first);
      }
    }
  });
});

describe('repeated games', () => {
  it('share a key with their images under the board symmetries, and only with them', () => {
    const game = ['a1', 'e5', 'c3', 'c4', 'c3+'];
    const turned = turnedOpening({ line: 1, tps: null, moves: game }, 5).moves;
    expect(turned).toEqual(['e5', 'a1', 'c3', 'c2', 'c3-']);
    expect(gameKey(turned, 5)).toBe(gameKey(game, 5));
    expect(gameKey(['a1', 'e5', 'c3', 'c4', 'c3>'], 5)).not.toBe(gameKey(game, 5));
  });

  const config = { engines: [], size: 5, halfKomi: 0, tc: { baseMs: 1000, incMs: 10 }, games: 4, concurrency: 1, sprt: null, scoring: null } as unknown as MatchConfig;
  const record = (round: number, moves: string[], winner: number): GameRecord =>
    ({
      setup: { round, pair: Math.floor((round - 1) / 2), white: (round - 1) % 2, size: 5, halfKomi: 0 },
      moves: moves.map((text) => ({ text, book: false })),
      winner,
      result: winner === 0 ? 'R-0' : '0-R',
      termination: 'road',
    }) as unknown as GameRecord;

  it('are named in the report, and pairs that all scored alike get no interval', () => {
    const tally = new Tally();
    // Each pair: White wins both games, the second the first turned half a turn.
    tally.add(record(1, ['a1', 'e5', 'c3'], 0));
    tally.add(record(2, ['e5', 'a1', 'c3'], 0));
    tally.add(record(3, ['b1', 'e5', 'c3'], 0));
    tally.add(record(4, ['d5', 'a1', 'c3'], 0));
    const lines = formatReport({ names: ['A', 'B'], tally, sprt: null, stopped: 'completed', restarts: [0, 0], elapsedMs: 1000 }, { config, openingsSource: 'book' });
    const text = lines.join('\n');
    expect(text).toMatch(/pentanomial over 2 opening pairs\): \+0\.0, no 95% interval: all 2 pairs scored alike/);
    expect(text).toMatch(/Repeated games: 2 of 4 repeat an earlier game move for move, up to the board's symmetries \(2=1, 4=3\)/);
    expect(text).not.toMatch(/\[\+0\.0, \+0\.0\]/);
  });

  it('`bredon match` of one build against itself at a fixed node budget plays different games from the test book', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bredon-default-openings-'));
    const ptn = join(dir, 'games.ptn');
    // Two pairs: the second game of each against its first, and the pairs against each other.
    const r = await run(['match', '--engine', `node ${BREDON}`, '--engine', `node ${BREDON}`, '--size', '5', '--nodes', '300', '--games', '4', '--concurrency', '2', '--ptn', ptn]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/openings data\/openings\/5s_4ply_test\.txt \(500, the built-in default; second games turned half a turn\)/);
    const games = parsePtnFile(readFileSync(ptn, 'utf8')).map((g) => ('game' in g ? g.game.moves.map((m) => m.text) : []));
    expect(games).toHaveLength(4);
    expect(new Set(games.map((m) => m.join(' '))).size).toBe(4);
    expect(new Set(games.map((m) => gameKey(m, 5))).size).toBe(4);
    expect(r.stdout).not.toMatch(/Repeated games/);
  });

  it('`bredon selfplay` refuses a book that holds a test-book opening, turned or not', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bredon-test-book-'));
    const book = join(dir, 'book.txt');
    const line = testBook(6).openings[41]!;
    writeFileSync(book, `${trainingBook(6).openings[0]!.moves.join(' ')}\n${turnedOpening(line, 6).moves.join(' ')}\n`);
    const r = await run(['selfplay', '--size', '6', '--games', '2', '--openings', book]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe(`bredon selfplay: ${book} line 2 is an opening of data/openings/6s_4ply_test.txt (up to symmetry): test-book openings are for matches only`);
  });
});
