// data/ as docs/data.md describes it: every data file there is listed in data/sha256.txt with the
// SHA-256 of its text, the hash a manifest gives for it; game files read as labelled records and
// selfplay training files (.tsv.gz) as training lines.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parsePtnFile } from '../../src/notation/ptn-game.js';
import { tpsSize } from '../../src/notation/tps.js';
import { readTextFile } from '../../src/selfplay/compressed.js';
import { labelNodes } from '../../src/selfplay/labelled-ptn.js';
import { parseTrainingText } from '../../src/selfplay/training-file.js';
import { dataSha256 } from '../../src/train/manifest.js';

function dataFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    return e.isDirectory() ? dataFiles(p) : /\.(ptn|tsv)\.gz$/.test(p) ? [p] : [];
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

  it('holds selfplay training files whose every line parses, all of their folder\'s board size', () => {
    for (const f of [...listed.keys()].filter((k) => k.endsWith('.tsv.gz'))) {
      const size = Number(/([3-8])x\1/.exec(f)?.[1]);
      const positions = parseTrainingText(readTextFile(f), f);
      expect(positions.length, f).toBeGreaterThan(0);
      for (const p of positions) expect(tpsSize(p.tps), f).toBe(size);
    }
  });
});
