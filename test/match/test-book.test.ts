// The test books of data/openings/ (`<N>s_4ply_test.txt`, written by scripts/test-book.ts): at
// least 500 distinct legal four-flat openings a size, none of them a training book's line up to
// the board's symmetries, no game or training line of data/ starting from one of them, and the
// script remakes a book's first lines byte for byte.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeMove } from '../../src/core/makemove.js';
import { legalMoves } from '../../src/core/movegen.js';
import { transformPosition } from '../../src/core/symmetry.js';
import {
  bookFourPlyKeys,
  dataFourPlyKeys,
  openingKey,
  openingPosition,
  ptnFourPlyKeys,
  symmetryKey,
  trainingFourPlyTps,
} from '../../src/match/opening-key.js';
import { parseOpenings } from '../../src/match/openings.js';
import { parsePtnFile, startPosition } from '../../src/notation/ptn-game.js';
import { parseMove } from '../../src/notation/ptn-move.js';
import { formatTps, parseTps, startTps } from '../../src/notation/tps.js';
import { Rng } from '../../src/math/rng.js';
import { readRepo, REPO } from '../repo.js';

const SIZES = [5, 6, 7, 8];
const TRAINING_BOOKS: Record<number, string> = {
  5: 'data/openings/5s_4ply_balanced_openings.txt',
  6: 'data/openings/6s_4ply_balanced_openings.txt',
  7: 'data/openings/7s_4ply_random.txt',
  8: 'data/openings/8s_4ply_random.txt',
};
const testBookPath = (size: number) => `data/openings/${size}s_4ply_test.txt`;
const testBook = new Map(SIZES.map((size) => [size, readRepo(testBookPath(size))]));

// (d) runs the script in another process while the checks below read data/ here: its candidate
// stream without the search (--unjudged), which the book's first lines must follow in order.
const REMADE_SIZE = 7;
const REMADE_COUNT = 20;
const STREAM_COUNT = 80;
const remade = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
  const args = ['--import', 'tsx', 'scripts/test-book.ts', '--size', String(REMADE_SIZE), '--count', String(STREAM_COUNT), '--unjudged'];
  const child = spawn(process.execPath, args, { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  child.on('close', (code) => resolve({ code, stdout, stderr }));
});

/** A test book's keys up to symmetry, by size. */
function testKeys(size: number): string[] {
  return testBook
    .get(size)!
    .trim()
    .split('\n')
    .map((line) => openingKey(line.split(' '), size)!);
}

/** The reference definition of the key: the least uncompressed TPS of the 8 images. */
function referenceKey(pos: ReturnType<typeof parseTps>): string {
  let best = '';
  for (let t = 0; t < 8; t++) {
    const tps = formatTps(transformPosition(pos, t), false);
    if (t === 0 || tps < best) best = tps;
  }
  return best;
}

describe('opening keys up to symmetry (src/match/opening-key.ts)', () => {
  it('agree with the least TPS of the 8 transformed positions, also with walls, caps and stacks', () => {
    const rng = new Rng(79);
    for (let game = 0; game < 60; game++) {
      const size = 3 + (game % 6);
      const pos = parseTps(startTps(size), {}, size);
      for (let ply = 0; ply < 24; ply++) {
        expect(symmetryKey(pos)).toBe(referenceKey(pos));
        const moves = legalMoves(pos);
        makeMove(pos, moves[rng.below(moves.length)]!);
      }
    }
    for (const size of SIZES) {
      for (const line of testBook.get(size)!.trim().split('\n').slice(0, 50)) {
        const pos = openingPosition(line.split(' '), size)!;
        expect(symmetryKey(pos)).toBe(referenceKey(pos));
      }
    }
  });

  it('tell a line from its images and move orders apart from other lines', () => {
    // b2 a1 c3 d4 (Black's flats b2 and d4, White's a1 and c3) in another order, and mirrored.
    expect(openingKey(['d4', 'a1', 'c3', 'b2'], 5)).toBe(openingKey(['b2', 'a1', 'c3', 'd4'], 5));
    expect(openingKey(['d2', 'e1', 'c3', 'b4'], 5)).toBe(openingKey(['b2', 'a1', 'c3', 'd4'], 5));
    expect(openingKey(['a1', 'b2', 'c3', 'd4'], 5)).not.toBe(openingKey(['b2', 'a1', 'c3', 'd4'], 5));
    expect(openingKey(['a1', 'a1', 'c3', 'd4'], 5)).toBeNull();
  });

  it('find the four-ply position of PTN games as a full parse and replay does', () => {
    const text = readRepo('data/games/tiltak-selfplay-5x5-komi2.ptn');
    const full: string[] = [];
    for (const g of parsePtnFile(text)) {
      if ('error' in g || g.game.moves.length < 4) continue;
      const pos = startPosition(g.game);
      for (const m of g.game.moves.slice(0, 4)) makeMove(pos, parseMove(m.text, pos.size));
      full.push(symmetryKey(pos));
    }
    expect(full.length).toBeGreaterThan(900);
    expect(ptnFourPlyKeys(text).map((g) => g.key)).toEqual(full);
    // A game set up by a TPS at ply 3, its move text with a comment.
    const set = '[Size "5"]\n[TPS "x5/x5/x5/x5/2,1,1,x2 2 2"]\n\n2... {a comment} e5 3. Sc3 e4 *\n';
    expect(ptnFourPlyKeys(set)).toEqual([{ size: 5, key: symmetryKey(parseTps('x4,2/x5/x5/x5/2,1,1,x2 1 3')) }]);
  });

  it('read the four-ply training lines: TPS at move 3 with White to move', () => {
    const lines = ['x5/x5/x5/x5/2,1,1,x2 2 2\t2\t10\t1\t4', 'x5/x5/x5/2,x4/2,1,1,x2 1 3\t1\t-30\t0\t4', 'x5/x5/x5/2,x4/2,1,1,x2 1 13\t1\t5\t1\t4'];
    expect(trainingFourPlyTps(Buffer.from(lines.join('\n') + '\n'))).toEqual(['x5/x5/x5/2,x4/2,1,1,x2 1 3']);
  });
});

describe('the test books (data/openings/<N>s_4ply_test.txt)', () => {
  it('(a) hold at least 500 distinct legal four-flat openings each', () => {
    for (const size of SIZES) {
      const openings = parseOpenings(testBook.get(size)!, size, testBookPath(size));
      expect(openings.length).toBeGreaterThanOrEqual(500);
      for (const o of openings) expect(o.tps === null && o.moves.length === 4 && o.moves.every((m) => /^[a-h][1-8]$/.test(m))).toBe(true);
      expect(new Set(testKeys(size)).size, `${size}x${size}: openings equal up to symmetry`).toBe(openings.length);
    }
  });

  it('(b) share no four-ply position, up to symmetry, with a training book line', () => {
    for (const size of SIZES) {
      const training = new Set(bookFourPlyKeys(readRepo(TRAINING_BOOKS[size]!), size));
      expect(training.size).toBeGreaterThan(850);
      const shared = testKeys(size).filter((k) => training.has(k));
      expect(shared, `${size}x${size} test openings in ${TRAINING_BOOKS[size]}`).toEqual([]);
    }
  });

  it('(c) start no book, game or training line of data/', () => {
    const data = dataFourPlyKeys(join(REPO, 'data'));
    // What was read: the training books, the PTN game files and the training files.
    for (const book of Object.values(TRAINING_BOOKS)) expect(data.files).toContain(book.slice('data/'.length));
    expect(data.files.some((f) => f.startsWith('openings/') && f.endsWith('_test.txt'))).toBe(false);
    expect(data.counts.ptnFiles).toBeGreaterThan(50);
    expect(data.counts.games).toBeGreaterThan(10000);
    expect(data.counts.tsvFiles).toBeGreaterThan(100);
    for (const size of SIZES) {
      const keys = data.keys.get(size)!;
      const shared = testKeys(size).filter((k) => keys.has(k));
      expect(shared, `${size}x${size} test openings that data/ starts from`).toEqual([]);
    }
  });

  it(`(d) are what the script draws: the first ${REMADE_COUNT} ${REMADE_SIZE}x${REMADE_SIZE} lines follow its seeded candidates in order`, async () => {
    const r = await remade;
    expect(r.code, r.stderr).toBe(0);
    const stream = r.stdout.trim().split('\n');
    expect(stream).toHaveLength(STREAM_COUNT);
    // Which candidates the search kept depends on the engine of the commit that wrote the books
    // (docs/data.md); which candidates there are, and in what order, depends on the seed alone.
    let at = 0;
    for (const line of testBook.get(REMADE_SIZE)!.split('\n').slice(0, REMADE_COUNT)) {
      const found = stream.indexOf(line, at);
      expect(found, `${line} is not among the script's candidates after line ${at}`).toBeGreaterThanOrEqual(0);
      at = found + 1;
    }
  });
});
