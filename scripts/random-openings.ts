// Writes an opening book for a board size that has no shared one (7x7, 8x8): COUNT lines of four
// flat placements on distinct squares, drawn from a seeded generator, so that the same command
// always gives the same file. The shared 5x5 and 6x6 books were chosen for balance; these are
// not (no engine judged them), which colour-swapped pairs make up for in a match. Four flats
// cannot make a road on 7x7 or larger, so every line is a legal, unfinished opening.
//
//   node --import tsx scripts/random-openings.ts --size N [--count 1000] [--seed 1] > BOOK.txt
//
// data/openings/ holds the books made this way (docs/data.md gives the commands).

import { parseArgs } from 'node:util';
import { squareName } from '../src/core/sizes.js';
import { Rng } from '../src/math/rng.js';

const { values } = parseArgs({
  options: { size: { type: 'string' }, count: { type: 'string', default: '1000' }, seed: { type: 'string', default: '1' } },
  strict: true,
});
const size = Number(values.size);
const count = Number(values.count);
const seed = Number(values.seed);
if (!Number.isInteger(size) || size < 7 || size > 8 || !Number.isInteger(count) || count < 1 || !Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) {
  process.stderr.write('usage: random-openings.ts --size 7|8 [--count N] [--seed 0..4294967295]\n');
  process.exit(2);
}

const rng = new Rng(seed);
const lines: string[] = [];
const seen = new Set<string>();
while (lines.length < count) {
  const squares: number[] = [];
  while (squares.length < 4) {
    const sq = rng.below(size * size);
    if (!squares.includes(sq)) squares.push(sq);
  }
  const line = squares.map((sq) => squareName(sq, size)).join(' ');
  if (seen.has(line)) continue;
  seen.add(line);
  lines.push(line);
}
process.stdout.write(lines.join('\n') + '\n');
