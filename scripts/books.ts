// Writes src/match/books.generated.ts from the opening books of data/openings/, so that the
// bundle (dist/bredon.js, one file that needs nothing beside it) carries them: `bredon match`
// and `bredon selfplay` start from them when no --openings is given. Run it after a book
// changes; test/match/books.test.ts fails while the generated file differs from the books.
//
//   node --import tsx scripts/books.ts

import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The book of each size, by its file under data/openings/. */
export const BOOK_FILES: Record<number, string> = {
  5: 'data/openings/5s_4ply_balanced_openings.txt',
  6: 'data/openings/6s_4ply_balanced_openings.txt',
  7: 'data/openings/7s_4ply_random.txt',
  8: 'data/openings/8s_4ply_random.txt',
};

export const GENERATED = 'src/match/books.generated.ts';

/** The generated module's text, from the books as they are in `root`. */
export function booksSource(root: string): string {
  const lines = [
    '// Written by scripts/books.ts from data/openings/: the opening book of each size that has one,',
    '// as its file holds it (one opening per line). Do not edit by hand.',
    'export const BOOKS: Record<number, { file: string; text: string }> = {',
  ];
  for (const [size, file] of Object.entries(BOOK_FILES)) {
    const text = readFileSync(new URL(file, root), 'utf8');
    lines.push(`  ${size}: { file: ${JSON.stringify(file)}, text: ${JSON.stringify(text)} },`);
  }
  lines.push('};', '');
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = new URL('../', import.meta.url).href;
  writeFileSync(new URL(GENERATED, root), booksSource(root));
}
