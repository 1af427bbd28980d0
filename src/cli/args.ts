// Command-line values shared by the subcommands: whole numbers, komi, a TPS given as
// positionals, data files, and whether to colour the terminal. Each names the option when it
// is wrong.

import { existsSync } from 'node:fs';
import type { ReserveCount, ReserveOptions } from '../core/position.js';
import { halfKomiFrom } from '../notation/ptn-game.js';
import { parseQueueUrl, QueueUrlError, type QueueUrl } from '../queue/url.js';
import { DATA_FILE_NAMES, dataFileKind } from '../tune/dataset.js';
import { UsageError } from './errors.js';

/** Checks each --data file (train and tune): a name readGames takes, and a file that exists. */
export function checkDataFiles(files: readonly string[]): void {
  for (const f of files) {
    if (dataFileKind(f) === undefined) throw new UsageError(`--data ${f}: ${DATA_FILE_NAMES}`);
    if (!existsSync(f)) throw new UsageError(`--data ${f}: no such file`);
  }
}

/** Parses a whole number option, naming the option when it is not one. */
export function intOption(name: string, value: string | undefined, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  if (!/^-?[0-9]+$/.test(value.trim())) throw new UsageError(`--${name} must be a whole number, got '${value}'`);
  const n = Number(value);
  if (n < min || n > max) throw new UsageError(`--${name} must be from ${min} to ${max}, got ${n}`);
  return n;
}

/**
 * A reserve option: one whole number for both players, or `W,B` for White and Black apart
 * (a handicap game). Undefined when absent.
 */
export function reserveOption(name: string, value: string | undefined, max: number): ReserveCount | undefined {
  if (value === undefined) return undefined;
  const parts = value.split(',');
  if (parts.length > 2) throw new UsageError(`--${name} must be N (both players) or W,B (White, Black), got '${value}'`);
  const counts = parts.map((part, i) => intOption(parts.length === 1 ? name : `${name} (${i === 0 ? 'White' : 'Black'})`, part, 0, max)!);
  return counts.length === 1 ? counts[0]! : [counts[0]!, counts[1]!];
}

/** The --stones and --caps options as reserves ({} for the size's standard ones). */
export function reserveOptions(stones: string | undefined, caps: string | undefined, maxStones: number, maxCaps: number): ReserveOptions {
  const s = reserveOption('stones', stones, maxStones);
  const c = reserveOption('caps', caps, maxCaps);
  return { ...(s !== undefined && { stones: s }), ...(c !== undefined && { caps: c }) };
}

/** --komi in flats (whole or half) as half-komi; 0 when absent. */
export function halfKomiOption(value: string | undefined): number {
  if (value === undefined) return 0;
  try {
    return halfKomiFrom(value);
  } catch (e) {
    throw new UsageError(`--komi: ${(e as Error).message}`);
  }
}

/** The TPS of a command: one quoted argument, or its three fields given unquoted. */
export function tpsFromPositionals(positionals: readonly string[], command: string, usage: string): string {
  const tps = positionals.join(' ');
  if (tps.trim() === '') throw new UsageError(`${command} needs a TPS: ${usage}`);
  return tps;
}

/** ANSI colours only on a terminal, and never when NO_COLOR is set. */
export function useColour(): boolean {
  return process.stdout.isTTY === true && !process.env['NO_COLOR'];
}

/** Parses a number option within [min, max], naming the option when it is wrong. */
export function floatOption(name: string, value: string | undefined, min: number, max: number, fallback: number): number {
  if (value === undefined) return fallback;
  const t = value.trim();
  const x = Number(t);
  if (t === '' || !Number.isFinite(x)) throw new UsageError(`--${name} must be a number, got '${value}'`);
  if (x < min || x > max) throw new UsageError(`--${name} must be from ${min} to ${max}, got ${x}`);
  return x;
}

/** An argument as it would be typed in a shell (for the file's header). */
export function shellWord(s: string): string {
  return /^[A-Za-z0-9_./:=+-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/** --queue URL, read as a Redis address; a malformed one is a usage error naming what is wrong. */
export function queueOption(url: string): QueueUrl {
  try {
    return parseQueueUrl(url);
  } catch (e) {
    if (e instanceof QueueUrlError) throw new UsageError(e.message);
    throw e;
  }
}
