// Picks the games a network or a linear fit should train on from `bredon match` PTN files (and
// any other PTN): games of one size with Tiltak as a player and a result, each distinct game once
// (paired screenings replay the same game move for move), and none that opened with a line of an
// excluded book (the lines kept for measuring the fit in matches). The games are copied as written,
// comments (Tiltak's evaluations) included.
//
//   node --import tsx scripts/select-games.ts --size N --out OUT.ptn [--exclude-openings BOOK.txt]
//        FILE.ptn [FILE.ptn ...]
//
// BOOK.txt holds one opening a line, plies separated by spaces (the format of
// ../shared/data/openings/). A summary goes to stderr.

import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { parsePtnFile, tagValue } from '../src/notation/ptn-game.js';

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

const OPENING_PLIES = 4;
const excluded = new Set<string>();
if (values['exclude-openings'] !== undefined) {
  for (const line of readFileSync(values['exclude-openings'], 'utf8').split('\n')) {
    const plies = line.trim().split(/\s+/).filter((p) => p !== '');
    if (plies.length > 0) excluded.add(plies.slice(0, OPENING_PLIES).join(' '));
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
    if (Number(tagValue(game, 'Size')) !== size) return void counts.otherSize++;
    const players = [tagValue(game, 'Player1'), tagValue(game, 'Player2')];
    if (!players.some((p) => p !== undefined && /^tiltak\b/i.test(p.trim()))) return void counts.notTiltak++;
    if ((tagValue(game, 'Result') ?? game.result) === undefined) return void counts.unfinished++;
    const moves = game.moves.map((m) => m.text).join(' ');
    if (seen.has(moves)) return void counts.duplicate++;
    seen.add(moves);
    if (excluded.has(game.moves.slice(0, OPENING_PLIES).map((m) => m.text).join(' '))) return void counts.excluded++;
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
