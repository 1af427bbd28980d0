// Writes a book of random openings: COUNT lines of four flat placements on distinct squares,
// drawn from a seeded generator, so that the same command always gives the same file. No engine
// judged them (the 5x5 and 6x6 training books were chosen for balance), which colour-swapped
// pairs make up for in a match. Four flats cannot make a road on 5x5 or larger, so every line is
// a legal, unfinished opening. A line whose position, up to the board's symmetries, is one of the
// size's test book (data/openings/<N>s_4ply_test.txt) is skipped: those are for matches only.
//
//   node --import tsx scripts/random-openings.ts --size N [--count 1000] [--seed 1] > BOOK.txt
//
// data/openings/ holds the 7x7 and 8x8 books made this way; selfplay rounds draw a book of their
// own per chunk from the chunk's seed (docs/data.md gives the commands).

import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { Rng } from '../src/math/rng.js';
import { bookLines, openingKey, randomFourPly } from '../src/match/opening-key.js';

const { values } = parseArgs({
  options: { size: { type: 'string' }, count: { type: 'string', default: '1000' }, seed: { type: 'string', default: '1' } },
  strict: true,
});
const size = Number(values.size);
const count = Number(values.count);
const seed = Number(values.seed);
if (!Number.isInteger(size) || size < 5 || size > 8 || !Number.isInteger(count) || count < 1 || !Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) {
  process.stderr.write('usage: random-openings.ts --size 5..8 [--count N] [--seed 0..4294967295]\n');
  process.exit(2);
}

const testBook = new URL(`../data/openings/${size}s_4ply_test.txt`, import.meta.url);
const reserved = new Set(bookLines(readFileSync(testBook, 'utf8')).map((moves) => openingKey(moves, size)));

const rng = new Rng(seed);
const lines: string[] = [];
const seen = new Set<string>();
while (lines.length < count) {
  const moves = randomFourPly(rng, size);
  const line = moves.join(' ');
  if (seen.has(line)) continue;
  seen.add(line);
  if (reserved.has(openingKey(moves, size))) continue;
  lines.push(line);
}
process.stdout.write(lines.join('\n') + '\n');
