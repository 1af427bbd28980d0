// bredon train --from: a network rebuilt from its manifest and the repository's files is the same
// file byte for byte. The networks here are small ones fitted to a small sample of data/'s
// labelled records (test/fixtures/rebuild/ is laid out as a repository: nets/ and data/), one
// from scratch and one going on from it with --init, so that the whole path (reading .ptn.gz
// labels, the manifest's settings, its data by relative path and hash, its starting network)
// is exercised on every run. docs/data.md says how to remake them if the trainer changes on purpose.
import { cpSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { dataSha256, isRepositoryPath, manifestPath, resolveRebuild } from '../../src/train/manifest.js';
import { bredon } from '../cli/bredon.js';
import { tempDir } from '../tune/helpers.js';

const FIXTURE = 'test/fixtures/rebuild';
const manifests = readdirSync(join(FIXTURE, 'nets'))
  .filter((f) => f.endsWith('.json'))
  .map((f) => join(FIXTURE, 'nets', f));
const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as { name: string; data: string[]; dataSha256: Record<string, string>; init?: string };

/** Bytes of every file under a folder. */
function folderBytes(dir: string): number {
  let n = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    n += e.isDirectory() ? folderBytes(p) : statSync(p).size;
  }
  return n;
}

describe('bredon train --from', () => {
  it('the sample has a network from scratch and one from --init, with data in the repository by hash', () => {
    expect(manifests.length).toBe(2);
    const init = manifests.map(read).filter((m) => m.init !== undefined);
    expect(init.length).toBe(1);
    for (const path of manifests) {
      const m = read(path);
      for (const d of m.data) {
        expect(d.startsWith('data/')).toBe(true);
        expect(dataSha256(join(FIXTURE, d))).toBe(m.dataSha256[d]);
      }
    }
  });

  for (const path of manifests) {
    it(`rebuilds ${path.split('/').pop()} byte for byte, and writes it only where --nets says`, () => {
      const m = read(path);
      const out = tempDir();
      const r = bredon('train', '--from', path, '--nets', out);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain(`rebuilt ${m.name}: identical to`);
      expect(readFileSync(join(out, `${m.name}.bin`))).toEqual(readFileSync(path.replace(/\.json$/, '.bin')));
      // The rebuilt manifest names the same data, by the same hashes.
      const again = read(join(out, `${m.name}.json`));
      expect(again.dataSha256).toEqual(m.dataSha256);
    });
  }

  it('refuses data that differs from its hash, settings besides the manifest, and data outside the repository', () => {
    const copy = tempDir();
    cpSync(FIXTURE, copy, { recursive: true });
    const path = join(copy, 'nets', manifests[0]!.split('/').pop()!);
    const m = read(path);
    // Recompressed text would keep its hash (it is the text's); changed text does not.
    writeFileSync(join(copy, m.data[0]!), gzipSync('changed'));
    const r = bredon('train', '--from', path);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/SHA-256 [0-9a-f]{64} differs from the manifest's/);
    expect(bredon('train', '--from', manifests[0]!, '--epochs', '3').stderr).toMatch(/only --nets may go with it/);
    // A path outside the repository (as the manifests of older networks give) cannot be had from it.
    writeFileSync(path, JSON.stringify({ ...m, data: [join(copy, m.data[0]!)] }));
    const outside = bredon('train', '--from', path);
    expect(outside.code).toBe(2);
    expect(outside.stderr).toMatch(/not a path inside the repository, so/);
  });

  it('takes data from inside the repository by path and hash, and nothing outside it', () => {
    const inside = 'data/games/tiltak-selfplay-6x6-komi2.ptn';
    expect(manifestPath(process.cwd(), inside)).toBe(inside);
    expect(isRepositoryPath(inside)).toBe(true);
    expect(isRepositoryPath('data/selfplay/6x6/s6-k0001.ptn.gz')).toBe(true);
    for (const bad of ['../other/x.ptn', 'data/../../main/x.ptn', '/work/shared/data/games/x.ptn', 'data/'])
      expect(isRepositoryPath(bad), bad).toBe(false);
    const m = read(manifests[0]!);
    const asIf = (sha: string) =>
      resolveRebuild(join('nets', 'none.json'), { ...JSON.parse(JSON.stringify(m)), init: undefined, data: [inside], dataSha256: { [inside]: sha } });
    const good = asIf(dataSha256(inside));
    expect(good.problems).toEqual([]);
    expect(good.files).toEqual([join(process.cwd(), inside)]);
    expect(asIf('0'.repeat(64)).problems[0]).toMatch(/SHA-256 [0-9a-f]{64} differs/);
  });

  it('data/ keeps within its budget of 60 MB', () => {
    expect(existsSync('data')).toBe(true);
    expect(folderBytes('data') + folderBytes(join(FIXTURE, 'data'))).toBeLessThanOrEqual(60 * 1024 * 1024);
  });
});
