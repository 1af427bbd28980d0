// Tests read the team's data from ../shared beside the checkout (never copied into the project).
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const SHARED = resolve(root, '..', 'shared');
export const REPO = root;

export function sharedPath(rel: string): string {
  const p = resolve(SHARED, rel);
  if (!existsSync(p)) throw new Error(`missing shared data ${p}: tests expect ../shared beside the checkout`);
  return p;
}

export function readShared(rel: string): string {
  return readFileSync(sharedPath(rel), 'utf8');
}

/** The built command-line program (npm test builds it first). */
export const BREDON = resolve(root, 'dist', 'bredon.js');
