// A network's manifest (nets/<name>.json, written by bredon train) read back as the training
// run it records, so that `bredon train --from` can fit the same network again. Data paths in
// a manifest are relative to the repository root, the folder above the manifest's own (nets/),
// and each comes with the SHA-256 of its text (decompressed, for .gz), checked before fitting:
// the rule of docs/data.md is that a network's data is in the repository or regenerated exactly
// by a command whose output has that hash.

import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { readDecompressed } from '../notation/compressed.js';

/** The fields of a manifest that decide the network (what bredon train writes). */
export interface TrainManifest {
  name: string;
  size: number;
  hidden: number;
  residual: boolean;
  data: string[];
  dataSha256?: Record<string, string>;
  init?: string;
  settings: {
    epochs: number;
    batch: number;
    lr: number;
    lambda: number;
    validation: number;
    seed: number;
    threads: number;
    l2?: number;
    reserveInputs?: boolean;
    evalOnly?: boolean;
  };
}

/** SHA-256 (hex) of a data file's text: the decompressed bytes of a .gz, so recompressing changes nothing. */
export function dataSha256(path: string): string {
  return createHash('sha256').update(readDecompressed(path)).digest('hex');
}

/** The repository root of a manifest or nets folder: the folder above nets/. */
export function repositoryRoot(netsDir: string): string {
  return dirname(resolve(netsDir));
}

/** How a manifest names a data file: relative to the root (with /) when inside it, else as given. */
export function manifestPath(root: string, file: string): string {
  const rel = relative(root, resolve(file)).split(sep).join('/');
  return isRepositoryPath(rel) ? rel : file;
}

/** Whether a manifest's data path can be had from the checkout: a path inside it. */
export function isRepositoryPath(d: string): boolean {
  if (isAbsolute(d)) return false;
  const parts = d.split(/[\\/]/);
  return parts.length > 0 && !parts.includes('..') && !parts.includes('');
}

export function readManifest(path: string): TrainManifest {
  const m = JSON.parse(readFileSync(path, 'utf8')) as Partial<TrainManifest>;
  const s = m.settings;
  if (typeof m.name !== 'string' || typeof m.size !== 'number' || typeof m.hidden !== 'number' || !Array.isArray(m.data) || s === undefined) {
    throw new Error(`${path}: not a network manifest (name, size, hidden, data and settings are needed)`);
  }
  return m as TrainManifest;
}

/** What a rebuild needs, resolved: the data files and init network on disk, and the problems found. */
export interface Rebuild {
  root: string;
  files: string[];
  init: string | undefined;
  /** The shipped network file the rebuild must equal. */
  bin: string;
  problems: string[];
}

/**
 * Resolves a manifest's data and starting network from the repository, and checks each data
 * file's hash. Problems (a path outside the repository, a missing file, a hash that differs)
 * are listed rather than thrown, so that every one is reported at once.
 */
export function resolveRebuild(manifestFile: string, m: TrainManifest): Rebuild {
  const netsDir = dirname(resolve(manifestFile));
  const root = repositoryRoot(netsDir);
  const problems: string[] = [];
  const files: string[] = [];
  for (const d of m.data) {
    if (!isRepositoryPath(d)) {
      problems.push(`${d}: not a path inside the repository, so the data cannot be had from it`);
      continue;
    }
    const f = join(root, d);
    files.push(f);
    if (!existsSync(f)) {
      problems.push(`${d}: no such file in ${root}`);
      continue;
    }
    const want = m.dataSha256?.[d];
    if (want === undefined) {
      problems.push(`${d}: the manifest gives no SHA-256 to check it by`);
      continue;
    }
    let have: string;
    try {
      have = dataSha256(f);
    } catch (e) {
      problems.push(`${d}: cannot be read (${(e as Error).message})`);
      continue;
    }
    if (have !== want) problems.push(`${d}: SHA-256 ${have} differs from the manifest's ${want}`);
  }
  const init = m.init === undefined ? undefined : join(netsDir, `${m.init}.bin`);
  if (init !== undefined && !existsSync(init)) problems.push(`init network ${m.init}: no ${init}`);
  return { root, files, init, bin: join(netsDir, `${m.name}.bin`), problems };
}

/** The bredon train options that repeat the manifest's run (data and init as resolved). */
export function trainArgs(m: TrainManifest, r: Rebuild): string[] {
  const s = m.settings;
  const args = ['--size', String(m.size), '--hidden', String(m.hidden)];
  for (const f of r.files) args.push('--data', f);
  args.push('--epochs', String(s.epochs), '--batch', String(s.batch), '--lr', String(s.lr), '--lambda', String(s.lambda));
  args.push('--validation', String(s.validation), '--seed', String(s.seed), '--threads', String(s.threads));
  if (s.l2 !== undefined) args.push('--l2', String(s.l2));
  if (s.reserveInputs === false) args.push('--no-reserve-inputs');
  if (m.residual === false) args.push('--no-residual');
  if (s.evalOnly === true) args.push('--eval-only');
  if (r.init !== undefined) args.push('--init', r.init);
  return args;
}
