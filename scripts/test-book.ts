// Writes the test book of a board size: four-ply flat openings kept apart from everything the
// networks were trained on, for matches only. Each line is four flat placements from
// the empty board, as in the other books of data/openings/.
//
//   node --import tsx scripts/test-book.ts --size N [--count 500] [--seed S] [--nodes K]
//        [--komi 2] [--window LO,HI] > data/openings/Ns_4ply_test.txt
//   node --import tsx scripts/test-book.ts --size N --measure [--nodes K] [--komi 2]
//   node --import tsx scripts/test-book.ts --size N --unjudged [--count 60]   (no search)
//
// How a line is chosen, the windows, the node budgets and the figures of the run that wrote the
// books: docs/data.md, "Test books". In short: a seeded generator (seed 7900 + N) draws four
// distinct squares; a candidate whose four-ply position, up to the 8 symmetries
// (src/match/opening-key.ts), is in data/ or was drawn before is skipped; the rest are judged by
// a fixed-node search (one thread, a fresh table, the linear evaluation, komi 2, from the
// position's least symmetric image) and kept when White's score lies in the size's window. The
// generator stops at COUNT kept lines, so a smaller --count gives a prefix of the book, and the
// same command gives the same file byte for byte. --measure prints the search's scores on the
// training books, where the windows come from; --unjudged skips the search and prints the
// candidate stream, which depends on the seed and data/ alone.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Position } from '../src/core/position.js';
import { bookFileSize, bookLines, dataFourPlyKeys, isTestBook, openingPosition, randomFourPly, symmetryKey } from '../src/match/opening-key.js';
import { parseTps } from '../src/notation/tps.js';
import { Searcher } from '../src/search/search.js';
import { TranspositionTable } from '../src/search/tt.js';
import { Rng } from '../src/math/rng.js';

const ROOT = join(fileURLToPath(new URL('.', import.meta.url)), '..');
const DATA = join(ROOT, 'data');

/** The komi the windows were measured at (half flats: 4 is komi 2). */
const WINDOW_HALF_KOMI = 4;
const DEFAULT_NODES: Record<number, number> = { 5: 5000, 6: 10000, 7: 10000, 8: 10000 };
/** Kept scores, centiflats from White's view, both ends included (see the header). */
const WINDOWS: Record<number, [number, number]> = { 5: [-140, 83], 6: [-262, -149], 7: [-150, -37], 8: [-155, -42] };
const HASH_MB = 4;

const usage = 'usage: test-book.ts --size 5..8 [--count N] [--seed 0..4294967295] [--nodes K] [--komi K --window LO,HI] [--measure]\n';
const { values } = parseArgs({
  options: {
    size: { type: 'string' },
    count: { type: 'string', default: '500' },
    seed: { type: 'string' },
    nodes: { type: 'string' },
    komi: { type: 'string', default: '2' },
    window: { type: 'string' },
    measure: { type: 'boolean', default: false },
    unjudged: { type: 'boolean', default: false },
  },
  strict: true,
});
function fail(why: string): never {
  process.stderr.write(`test-book.ts: ${why}\n${usage}`);
  process.exit(2);
}
const size = Number(values.size);
if (!Number.isInteger(size) || size < 5 || size > 8) fail('--size must be 5, 6, 7 or 8');
const count = Number(values.count);
if (!Number.isInteger(count) || count < 1) fail('--count must be a whole number, 1 or more');
const seed = values.seed === undefined ? 7900 + size : Number(values.seed);
if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) fail('--seed must be a whole number from 0 to 4294967295');
const nodes = values.nodes === undefined ? DEFAULT_NODES[size]! : Number(values.nodes);
if (!Number.isInteger(nodes) || nodes < 1) fail('--nodes must be a whole number, 1 or more');
const halfKomi = 2 * Number(values.komi);
if (!/^[0-9]+(\.[05])?$/.test(values.komi!) || !Number.isInteger(halfKomi)) fail('--komi must be a whole or half number from 0 (e.g. 2 or 2.5)');
let window = WINDOWS[size]!;
if (values.window !== undefined) {
  const m = /^(-?[0-9]+),(-?[0-9]+)$/.exec(values.window);
  if (m === null || Number(m[1]) > Number(m[2])) fail('--window must be LO,HI in centiflats with LO <= HI (e.g. -250,-60)');
  window = [Number(m[1]), Number(m[2])];
} else if ((halfKomi !== WINDOW_HALF_KOMI || nodes !== DEFAULT_NODES[size]) && !values.measure) {
  fail(`the windows were measured at komi 2 and ${DEFAULT_NODES[size]} nodes: otherwise give --window LO,HI (--measure prints the book's scores)`);
}

const table = TranspositionTable.create(HASH_MB, false);
interface Judgement {
  score: number;
  depth: number;
}
/** The search's score of a four-ply position, from its least symmetric image: fresh searcher and table. */
function judge(canonicalTps: string): Judgement {
  const pos = parseTps(canonicalTps, {}, size);
  table.clear();
  const searcher = new Searcher({ table, stop: new Int32Array(1) });
  const r = searcher.search(pos, halfKomi, { nodes, network: false });
  // White is to move at ply 4: the score is White's.
  return { score: r.score, depth: r.depth };
}

const started = performance.now();
const seconds = () => ((performance.now() - started) / 1000).toFixed(1);

if (values.measure) {
  // The score distribution of the size's training books (the test books excepted).
  const books = readdirSync(join(DATA, 'openings'))
    .filter((name) => bookFileSize(name) === size && !isTestBook(name))
    .sort();
  for (const name of books) {
    const scores: number[] = [];
    const depths = new Map<number, number>();
    for (const moves of bookLines(readFileSync(join(DATA, 'openings', name), 'utf8'))) {
      const pos = openingPosition(moves, size);
      if (pos === null || moves.length !== 4) continue;
      const j = judge(symmetryKey(pos));
      scores.push(j.score);
      depths.set(j.depth, (depths.get(j.depth) ?? 0) + 1);
    }
    const sorted = [...scores].sort((a, b) => a - b);
    // The p-th percentile by the nearest rank.
    const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
    const mean = scores.reduce((a, b) => a + b, 0) / scores.length;
    const pcts = [0, 5, 10, 20, 25, 50, 75, 80, 90, 95, 100].map((p) => `p${p} ${p === 0 ? sorted[0] : q(p)}`).join(', ');
    const ds = [...depths].sort((a, b) => a[0] - b[0]).map(([d, n]) => `depth ${d}: ${n}`).join(', ');
    const inWindow = scores.filter((x) => x >= window[0] && x <= window[1]).length;
    process.stdout.write(
      `${name}: ${scores.length} lines, ${nodes} nodes, komi ${halfKomi / 2}: mean ${mean.toFixed(1)}; ${pcts}; ${ds}; ` +
        `in the window [${window[0]}, ${window[1]}]: ${inWindow}\n`,
    );
    process.stderr.write(`${seconds()} s\n`);
  }
  process.exit(0);
}

// What data/ already starts from: these positions are never test openings.
const data = dataFourPlyKeys(DATA);
const seen = data.keys.get(size) ?? new Set<string>();
const dataSeconds = seconds();

const rng = new Rng(seed);
const drawn = new Set<string>();
const lines: string[] = [];
const counts = { drawn: 0, inData: 0, duplicate: 0, below: 0, above: 0, kept: 0 };
const keptScores: number[] = [];
// Far more draws than any book needs: the size has run out of unseen balanced openings.
const MAX_DRAWS = 100 * count + 100_000;
while (lines.length < count) {
  if (counts.drawn >= MAX_DRAWS) {
    process.stderr.write(`test-book.ts: only ${lines.length} of ${count} openings found in ${counts.drawn} candidates\n`);
    process.exit(1);
  }
  const moves = randomFourPly(rng, size);
  counts.drawn++;
  const pos: Position | null = openingPosition(moves, size);
  if (pos === null) throw new Error(`internal: ${moves.join(' ')} does not play`); // four flats never end a game on 5x5 or larger
  const key = symmetryKey(pos);
  if (seen.has(key)) {
    counts.inData++;
    continue;
  }
  if (drawn.has(key)) {
    counts.duplicate++;
    continue;
  }
  drawn.add(key);
  // --unjudged keeps every new candidate: the stream the search then picks from, which depends
  // on the seed and on data/ alone (the test checks a book against it, whatever the engine).
  const { score } = values.unjudged ? { score: window[0] } : judge(key);
  if (score < window[0]) {
    counts.below++;
    continue;
  }
  if (score > window[1]) {
    counts.above++;
    continue;
  }
  counts.kept++;
  keptScores.push(score);
  lines.push(moves.join(' '));
}
process.stdout.write(lines.join('\n') + '\n');

const c = data.counts;
keptScores.sort((a, b) => a - b);
process.stderr.write(
  `test book ${size}x${size}: seed ${seed}, ${nodes} nodes, komi ${halfKomi / 2}, window [${window[0]}, ${window[1]}]\n` +
    `  data/: ${seen.size} distinct four-ply positions of this size (${c.bookFiles} books, ${c.bookLines} book lines; ` +
    `${c.ptnFiles} PTN files, ${c.games} games; ${c.tsvFiles} training files, ${c.trainingLines} four-ply lines; all sizes), read in ${dataSeconds} s\n` +
    `  candidates drawn ${counts.drawn}: in data/ ${counts.inData}, drawn before ${counts.duplicate}, ` +
    `unbalanced ${counts.below + counts.above} (${counts.below} below, ${counts.above} above), kept ${counts.kept}` +
    ` (median score ${keptScores[keptScores.length >> 1]})\n` +
    `  ${seconds()} s\n`,
);
