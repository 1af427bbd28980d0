// `bredon train` end to end on real games: it fits, writes the network file named by its hash
// with a manifest naming the data and losses, puts it into the engine's list (a copy here, never
// the checked-in one), improves on the linear evaluation's loss on the training positions, and
// gives the same network from the same seed.
import { copyFileSync, existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fnv1a, parseNetwork } from '../../src/eval/net/network.js';
import { readGenerated } from '../../src/train/net-files.js';
import { bredon, bredonBatch, type Run } from '../cli/bredon.js';
import { firstTiltakGames, tempDir } from '../tune/helpers.js';

function train(dir: string, data: string, extra: string[] = []) {
  return bredon('train', '--size', '6', '--data', data, '--epochs', '2', '--hidden', '8', '--batch', '256', '--threads', '2', '--nets', join(dir, 'nets'), '--generated', join(dir, 'nets.generated.ts'), ...extra);
}

describe('bredon train', () => {
  it('writes a network, its manifest and the engine list, reproducibly from the seed', () => {
    const dir = tempDir();
    const data = firstTiltakGames(60, dir);
    copyFileSync('src/eval/net/nets.generated.ts', join(dir, 'nets.generated.ts'));
    const r = train(dir, data);
    expect(r.code, r.stderr).toBe(0);
    const name = /wrote .*\/(6x6-[0-9a-f]{8})\.bin/.exec(r.stdout)?.[1];
    expect(name, r.stdout).toBeDefined();
    const bytes = readFileSync(join(dir, 'nets', `${name}.bin`));
    expect(`6x6-${fnv1a(bytes)}`).toBe(name);
    const net = parseNetwork(bytes);
    expect(net.hidden).toBe(8);
    expect(net.residual).toBe(true);
    const manifest = JSON.parse(readFileSync(join(dir, 'nets', `${name}.json`), 'utf8'));
    // Data inside the repository (here the folder above nets/) is named relative to it, with its hash.
    expect(manifest.data).toEqual([basename(data)]);
    expect(Object.keys(manifest.dataSha256)).toEqual([basename(data)]);
    expect(manifest.positions.train).toBeGreaterThan(1000);
    const h = manifest.losses.history as { epoch: number; train: number; validation: number }[];
    expect(h.map((e) => e.epoch)).toEqual([0, 1, 2]);
    // The residual network starts as the linear evaluation and improves on its training loss.
    expect(h[2]!.train).toBeLessThan(h[0]!.train);
    const list = readGenerated(join(dir, 'nets.generated.ts'));
    expect(list.get(6)).toEqual({ name, base64: bytes.toString('base64') });
    // The other sizes' entries are kept as they were.
    const before = readGenerated('src/eval/net/nets.generated.ts');
    for (const [size, e] of before) if (size !== 6) expect(list.get(size)).toEqual(e);

    // Same seed, same network; another seed, another.
    const again = train(tempDir(), data, ['--no-install']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain(`${name}.bin`);
    const other = train(tempDir(), data, ['--no-install', '--seed', '2']);
    expect(other.stdout).not.toContain(`${name}.bin`);
  });

  it('names what is wrong with its arguments', () => {
    const dir = tempDir();
    const [noData, none, txt, r] = bredonBatch([
      ['train', '--size', '6'],
      ['train', '--size', '6', '--data', join(dir, 'none.ptn')],
      ['train', '--size', '6', '--data', 'x.txt'],
      ['train', '--size', '6', '--data', firstTiltakGames(2, dir), '--hidden', '0'],
    ]) as [Run, Run, Run, Run];
    expect(noData.stderr).toMatch(/--data is required/);
    expect(none.stderr).toMatch(/no such file/);
    expect(txt.stderr).toMatch(/must be \.ptn/);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--hidden must be from 1/);
    expect(existsSync(join(dir, 'nets'))).toBe(false);
  });

  it('goes on from a network file with --init: epoch 0 is that network, and a shape that differs is refused', () => {
    const dir = tempDir();
    const data = firstTiltakGames(60, dir);
    // A network fitted to Tiltak's evaluations (6x6 shipped until 2026-11-27), so that its loss
    // on Tiltak's games tells it from the linear evaluation.
    const tiltakNet = join('nets', '6x6-8791b2f9.bin');
    const epoch0 = (extra: string[]) => {
      const r = bredon('train', '--size', '6', '--data', data, '--epochs', '0', '--threads', '2', '--dry-run', ...extra);
      expect(r.code, r.stderr).toBe(0);
      const m = /epoch 0 \(([^)]*)\): train (\S+)/.exec(r.stdout);
      expect(m, r.stdout).not.toBeNull();
      return { start: m![1]!, train: Number(m![2]) };
    };
    const linear = epoch0([]);
    const fromNet = epoch0(['--init', tiltakNet]);
    expect(linear.start).toBe('the linear evaluation alone');
    expect(fromNet.start).toBe('the network 8791b2f9');
    // It starts well below the linear evaluation's loss on Tiltak's games.
    expect(fromNet.train).toBeLessThan(0.9 * linear.train);
    // Its hidden size is taken from the file; another one, another size or a damaged file is refused.
    const bad = join(dir, '6x6-00000000.bin');
    copyFileSync(tiltakNet, bad);
    const [hidden, other, damaged, missing] = bredonBatch([
      ['train', '--size', '6', '--data', data, '--init', tiltakNet, '--hidden', '8', '--dry-run'],
      ['train', '--size', '5', '--data', data, '--init', tiltakNet, '--dry-run'],
      ['train', '--size', '6', '--data', data, '--init', bad, '--dry-run'],
      ['train', '--size', '6', '--data', data, '--init', join(dir, 'none.bin')],
    ]) as [Run, Run, Run, Run];
    expect(hidden.code).toBe(2);
    expect(hidden.stderr).toMatch(/hidden units a side, not 8/);
    expect(other.code).toBe(2);
    expect(other.stderr).toMatch(/--init .*is for 6x6, not 5x5/);
    expect(damaged.code).toBe(2);
    expect(damaged.stderr).toMatch(/hash .* does not match/);
    expect(missing.stderr).toMatch(/--init .*no such file/);
  });
});

