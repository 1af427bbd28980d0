// data/ as docs/data.md describes it: every game file there is listed in data/sha256.txt with the
// SHA-256 of its text, the hash a manifest gives for it, and reads as labelled records.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parsePtnFile } from '../../src/notation/ptn-game.js';
import { readTextFile } from '../../src/selfplay/compressed.js';
import { labelNodes } from '../../src/selfplay/labelled-ptn.js';
import { dataSha256 } from '../../src/train/manifest.js';

function gameFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    return e.isDirectory() ? gameFiles(p) : p.endsWith('.ptn.gz') ? [p] : [];
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

  it('lists every game file with the SHA-256 of its text', () => {
    const files = gameFiles('data').sort();
    expect(files.length).toBeGreaterThan(0);
    expect([...listed.keys()].sort()).toEqual(files);
    for (const f of files) expect(dataSha256(f), f).toBe(listed.get(f));
  });

  it('holds labelled records: every game names its labeller and budget, and the first parses as one', () => {
    for (const f of listed.keys()) {
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
});
