// Writing a trained network: nets/<size>x<size>-<hash>.bin (network.ts's format), a manifest
// beside it (.json: the data, the settings and the losses that made it), and the engine's list
// src/eval/net/nets.generated.ts, which embeds each size's chosen file as base64. The list is
// rebuilt from the files it names, so it can always be checked against nets/.

import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fnv1a, serializeNetwork, type NetworkData } from '../eval/net/network.js';

export const DEFAULT_NETS_DIR = 'nets';
export const DEFAULT_GENERATED = 'src/eval/net/nets.generated.ts';

/** Writes the network and its manifest; returns the name (<size>x<size>-<hash>). */
export function writeNetwork(dir: string, net: NetworkData, manifest: Record<string, unknown>): string {
  const bytes = serializeNetwork(net);
  const hash = fnv1a(bytes);
  const name = `${net.size}x${net.size}-${hash}`;
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${name}.bin`), bytes);
  writeFileSync(join(dir, `${name}.json`), JSON.stringify({ name, hash, bytes: bytes.length, ...manifest }, null, 2) + '\n');
  return name;
}

/** The entries of a generated list, by size: each network's name and its file as base64. */
export function readGenerated(path: string): Map<number, { name: string; base64: string }> {
  const out = new Map<number, { name: string; base64: string }>();
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return out;
  }
  for (const m of text.matchAll(/^\s*(\d+): \{ name: '([0-9]+x[0-9]+-[0-9a-f]{8})', base64: '([A-Za-z0-9+/=]*)' \}/gm)) {
    out.set(Number(m[1]), { name: m[2]!, base64: m[3]! });
  }
  return out;
}

/**
 * Rewrites the generated list at `path` with size `size` set to dir/<name>.bin; the other sizes'
 * entries are kept as they were.
 */
export function installNetwork(path: string, dir: string, size: number, name: string): void {
  const entries = readGenerated(path);
  entries.set(size, { name, base64: readFileSync(join(dir, `${name}.bin`)).toString('base64') });
  const lines = [
    '// Written by `bredon train` (src/train/net-files.ts): the networks the engine plays with, one',
    '// per board size, each the base64 of nets/<name>.bin. Do not edit by hand.',
    'export const NETS: Record<number, { name: string; base64: string }> = {',
  ];
  for (const k of [...entries.keys()].sort((a, b) => a - b)) {
    const e = entries.get(k)!;
    lines.push(`  ${k}: { name: '${e.name}', base64: '${e.base64}' },`);
  }
  lines.push('};', '');
  writeFileSync(path, lines.join('\n'));
}
