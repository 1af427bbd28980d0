// Writes src/match/books.generated.ts from the opening books of data/openings/, so that the
// bundle (dist/bredon.js, one file that needs nothing beside it) carries them: with no
// --openings, `bredon match` starts from the test book of the size and `bredon selfplay` from
// its training book. Run it after a book changes; test/match/default-openings.test.ts fails
// while the generated file differs from the books.
//
//   node --import tsx scripts/books.ts

import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The books of each size, by their files under data/openings/: training, then test. */
export const BOOK_FILES: Record<'training' | 'test', Record<number, string>> = {
  training: {
    5: 'data/openings/5s_4ply_balanced_openings.txt',
    6: 'data/openings/6s_4ply_balanced_openings.txt',
    7: 'data/openings/7s_4ply_random.txt',
    8: 'data/openings/8s_4ply_random.txt',
  },
  test: {
    5: 'data/openings/5s_4ply_test.txt',
    6: 'data/openings/6s_4ply_test.txt',
    7: 'data/openings/7s_4ply_test.txt',
    8: 'data/openings/8s_4ply_test.txt',
  },
};

export const GENERATED = 'src/match/books.generated.ts';

/** The generated module's text, from the books as they are in `root`. */
export function booksSource(root: string): string {
  const lines = [
    '// Written by scripts/books.ts from data/openings/: the training and test books of each size',
    '// that has them, as their files hold them (one opening per line). Do not edit by hand.',
  ];
  for (const kind of ['training', 'test'] as const) {
    lines.push(`export const ${kind.toUpperCase()}_BOOKS: Record<number, { file: string; text: string }> = {`);
    for (const [size, file] of Object.entries(BOOK_FILES[kind])) {
      const text = readFileSync(new URL(file, root), 'utf8');
      lines.push(`  ${size}: { file: ${JSON.stringify(file)}, text: ${JSON.stringify(text)} },`);
    }
    lines.push('};');
  }
  lines.push('');
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = new URL('../', import.meta.url).href;
  writeFileSync(new URL(GENERATED, root), booksSource(root));
}
