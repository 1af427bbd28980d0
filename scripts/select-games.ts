// Picks the games a network or a linear fit should train on from `bredon match` PTN files (and
// any other PTN): games of one size with Tiltak as a player and a result, each distinct game once
// (paired screenings replay the same game move for move), and none that opened with a line of an
// excluded book (the lines kept for measuring the fit in matches). The games are copied as written,
// comments (Tiltak's evaluations) included.
//
//   node --import tsx scripts/select-games.ts --size N --out OUT.ptn [--exclude-openings BOOK.txt]
//        FILE.ptn [FILE.ptn ...]
//
// BOOK.txt is an opening book as `bredon match --openings` reads it (src/match/openings.ts: the
// format of data/openings/). A summary goes to stderr.

import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { readOpenings } from '../src/match/openings.js';
import { parsePtnFile, tagValue } from '../src/notation/ptn-game.js';
import { formatMove, parseMove } from '../src/notation/ptn-move.js';
import { gameSize } from '../src/dataset/read.js';
import { isTiltak } from '../src/dataset/tiltak-ptn.js';

const { values, positionals } = parseArgs({
  options: { size: { type: 'string' }, out: { type: 'string' }, 'exclude-openings': { type: 'string' } },
  allowPositionals: true,
  strict: true,
});
const size = Number(values.size);
if (!Number.isInteger(size) || size < 3 || size > 8 || values.out === undefined || positionals.length === 0) {
  process.stderr.write('usage: select-games.ts --size N --out OUT.ptn [--exclude-openings BOOK.txt] FILE.ptn...\n');
  process.exit(2);
}

// The excluded openings (those from the empty board), as `bredon match --openings` reads them:
// checked and in canonical PTN, keyed by their moves; and how many plies each of them has.
const excluded = new Set<string>();
const openingLengths = new Set<number>();
if (values['exclude-openings'] !== undefined) {
  for (const o of readOpenings(values['exclude-openings'], size)) {
    if (o.tps !== null) continue;
    excluded.add(o.moves.join(' '));
    openingLengths.add(o.moves.length);
  }
}

const seen = new Set<string>();
const kept: string[] = [];
const counts = { read: 0, otherSize: 0, notTiltak: 0, unfinished: 0, errors: 0, duplicate: 0, excluded: 0 };
for (const file of positionals) {
  const text = readFileSync(file, 'utf8');
  const lines = text.split('\n');
  const parsed = parsePtnFile(text);
  parsed.forEach((g, k) => {
    counts.read++;
    if ('error' in g) return void counts.errors++;
    const game = g.game;
    if (gameSize(game) !== size) return void counts.otherSize++;
    if (!isTiltak(tagValue(game, 'Player1')) && !isTiltak(tagValue(game, 'Player2'))) return void counts.notTiltak++;
    if ((tagValue(game, 'Result') ?? game.result) === undefined) return void counts.unfinished++;
    const moves = game.moves.map((m) => formatMove(parseMove(m.text, size), size));
    const key = moves.join(' ');
    if (seen.has(key)) return void counts.duplicate++;
    seen.add(key);
    const fromEmpty = tagValue(game, 'TPS') === undefined;
    if (fromEmpty && [...openingLengths].some((n) => excluded.has(moves.slice(0, n).join(' ')))) return void counts.excluded++;
    const end = k + 1 < parsed.length ? parsed[k + 1]!.line - 1 : lines.length;
    kept.push(lines.slice(g.line - 1, end).join('\n').trim());
  });
}
writeFileSync(values.out, kept.join('\n\n') + '\n');
process.stderr.write(
  `${values.out}: ${kept.length} games kept of ${counts.read} read; left out: ${counts.otherSize} of other sizes, ` +
    `${counts.notTiltak} without Tiltak, ${counts.unfinished} unfinished, ${counts.errors} malformed, ` +
    `${counts.duplicate} repeats, ${counts.excluded} opened with an excluded line\n`,
);
