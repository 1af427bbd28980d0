// Where tests find the project: its root, the built program, and the data files under data/.
// Everything a test reads is in the repository; nothing beside the checkout is looked at.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';

export const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** A file of the repository by its path from the root (e.g. `data/perft.json`). */
export function repoPath(rel: string): string {
  const p = resolve(REPO, rel);
  if (!existsSync(p)) throw new Error(`missing ${rel} in the repository (${p})`);
  return p;
}

export function readRepo(rel: string): string {
  return readFileSync(repoPath(rel), 'utf8');
}

/** The built command-line program (npm test builds it first). */
export const BREDON = resolve(REPO, 'dist', 'bredon.js');
