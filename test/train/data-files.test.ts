// data/ as docs/data.md describes it: every file there (games, books, recordings, perft counts,
// labelled records) is listed in data/sha256.txt with the SHA-256 of its text, the hash a
// manifest gives for it; labelled game files read as labelled records and selfplay training
// files (.tsv.gz) as training lines.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parsePtnFile } from '../../src/notation/ptn-game.js';
import { tpsSize } from '../../src/notation/tps.js';
import { readTextFile } from '../../src/notation/compressed.js';
import { labelNodes } from '../../src/dataset/labelled-ptn.js';
import { parseTrainingLine, parseTrainingText, type TrainingPosition } from '../../src/dataset/training-file.js';
import { dataSha256 } from '../../src/train/manifest.js';

function dataFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    return e.isDirectory() ? dataFiles(p) : p === join('data', 'sha256.txt') ? [] : [p];
  });
}

describe('data/', () => {
  const listed = new Map(
    readFileSync('data/sha256.txt', 'utf8')
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => {
        const [sum, path] = l.split(/\s+/);
        return [path!, sum!] as const;
      }),
  );

  it('lists every data file with the SHA-256 of its text', () => {
    const files = dataFiles('data').sort();
    expect(files.length).toBeGreaterThan(0);
    expect([...listed.keys()].sort()).toEqual(files);
    for (const f of files) expect(dataSha256(f), f).toBe(listed.get(f));
  });

  it('holds labelled records: every game names its labeller and budget, and the first parses as one', () => {
    for (const f of [...listed.keys()].filter((k) => k.endsWith('.ptn.gz'))) {
      const text = readTextFile(f);
      // A tag count keeps this cheap as data/ grows; one game a file is parsed whole.
      const games = text.match(/^\[Size "/gm)?.length ?? 0;
      expect(games, f).toBeGreaterThan(0);
      expect(text.match(/^\[Annotator "Bredon label, [0-9]+ nodes"\]$/gm)?.length, f).toBe(games);
      const first = parsePtnFile(text.slice(0, text.indexOf('\n[Site ', 1) + 1 || undefined))[0]!;
      expect('game' in first, f).toBe(true);
      if ('game' in first) expect(labelNodes(first.game), f).toBeGreaterThan(0);
    }
  });

  // Every file is read, its lines counted and a spread of them parsed (the first, the last and
  // every SAMPLE_EVERY-th); the first file of each board size is parsed whole, every line. The
  // SHA-256 above pins the rest of the text: parsing all 2.6 million lines took half a minute.
  const SAMPLE_EVERY = 97;
  it('holds selfplay training files whose lines parse, all of their folder\'s board size (each size\'s first file every line, the others a sample)', () => {
    const training = [...listed.keys()].filter((k) => k.endsWith('.tsv.gz')).sort();
    expect(training.length).toBeGreaterThan(0);
    const whole = new Set<number>();
    for (const f of training) {
      const size = Number(/([3-8])x\1/.exec(f)?.[1]);
      expect(size, f).toBeGreaterThanOrEqual(3);
      const text = readTextFile(f);
      let positions: TrainingPosition[];
      if (!whole.has(size)) {
        whole.add(size);
        positions = parseTrainingText(text, f);
      } else {
        const lines = text.split('\n');
        const picked = lines.flatMap((line, i) => ((i % SAMPLE_EVERY === 0 || i >= lines.length - 2) && line.trim() !== '' && !line.startsWith('#') ? [i] : []));
        positions = picked.map((i) => parseTrainingLine(lines[i]!, `${f} line ${i + 1}`));
      }
      expect(positions.length, f).toBeGreaterThan(0);
      const sizes = new Set(positions.map((p) => tpsSize(p.tps)));
      expect([...sizes], f).toEqual([size]);
    }
    expect(whole.size).toBe(new Set(training.map((f) => /([3-8])x\1/.exec(f)?.[1])).size);
  });
});
