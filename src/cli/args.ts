// Command-line values shared by the subcommands: the options themselves (parseArgs as every
// command calls it), whole numbers, komi, a TPS given as positionals, data files, and whether to
// colour the terminal. Each names the option when it is wrong.

import { existsSync } from 'node:fs';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { ReserveCount, ReserveOptions } from '../core/position.js';
import { halfKomiFrom } from '../notation/ptn-game.js';
import { parseQueueUrl, QueueUrlError, type QueueUrl } from '../queue/url.js';
import { DATA_FILE_NAMES, dataFileKind } from '../dataset/file-kinds.js';
import { UsageError } from './errors.js';

/** A value that starts with a dash but is a number (`-2`, `-0.5`, `-.5`), not an option. */
const NEGATIVE_NUMBER = /^-[0-9.]/;

/**
 * node:util's parseArgs for the commands (config.args is required), with one-line errors. A
 * string option followed by a negative number takes it as its value, `--games -2` as
 * `--games=-2`, so that the option's own check names what is wrong with it (parseArgs alone
 * refuses it with three lines about an ambiguous argument). A string option with no value, or
 * followed by another option, says so in one line; so does every other error of parseArgs but an
 * unknown option, which main.ts words itself.
 */
export function parseCommandArgs<T extends ParseArgsConfig & { args: string[] }>(config: T): ReturnType<typeof parseArgs<T>> {
  const options = config.options ?? {};
  const long = (arg: string): string | undefined => {
    if (/^--[^=]+$/.test(arg)) return arg.slice(2);
    if (/^-[^-]$/.test(arg)) return Object.keys(options).find((name) => options[name]!.short === arg[1]);
    return undefined;
  };
  const args: string[] = [];
  for (let i = 0; i < config.args.length; i++) {
    const arg = config.args[i]!;
    if (arg === '--') {
      args.push(...config.args.slice(i));
      break;
    }
    const name = long(arg);
    if (name === undefined || options[name]?.type !== 'string') {
      args.push(arg);
      continue;
    }
    // parseArgs takes the next argument as the value, whatever it is: it is the value here too.
    const value = config.args[i + 1];
    if (value === undefined) throw new UsageError(`--${name} needs a value`);
    if (value.startsWith('-') && !NEGATIVE_NUMBER.test(value)) {
      throw new UsageError(
        value.startsWith('--') || long(value) !== undefined
          ? `--${name} needs a value before ${value}`
          : `--${name} needs a value: to give '${value}', write --${name}=${value}`,
      );
    }
    args.push(`--${name}=${value}`);
    i++;
  }
  try {
    return parseArgs({ ...config, args }) as ReturnType<typeof parseArgs<T>>;
  } catch (e) {
    const code = (e as { code?: unknown } | null)?.code;
    if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS') && code !== 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
      throw new UsageError((e as Error).message.trim().replace(/\s*\n\s*/g, ' '));
    }
    throw e;
  }
}

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

/** The largest komi in flats, either way, that --komi takes (bredon match's bound too). */
export const MAX_KOMI = 50;

/** --komi in flats (whole or half, at most MAX_KOMI either way) as half-komi; 0 when absent. */
export function halfKomiOption(value: string | undefined): number {
  if (value === undefined) return 0;
  let half: number;
  try {
    half = halfKomiFrom(value);
  } catch (e) {
    throw new UsageError(`--komi: ${(e as Error).message}`);
  }
  if (Math.abs(half) > 2 * MAX_KOMI) throw new UsageError(`--komi must be from -${MAX_KOMI} to ${MAX_KOMI}, got ${value.trim()}`);
  return half;
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

/** A decimal number, as a user writes one: `2`, `-0.5`, `.5`, `1e-4` (not `0x1`, `Infinity`). */
const DECIMAL = /^-?([0-9]+\.?[0-9]*|\.[0-9]+)(e[-+]?[0-9]+)?$/i;

/** Parses a number option within [min, max], naming the option when it is wrong. */
export function floatOption(name: string, value: string | undefined, min: number, max: number, fallback: number): number {
  if (value === undefined) return fallback;
  const t = value.trim();
  if (!DECIMAL.test(t)) throw new UsageError(`--${name} must be a number, got '${value}'`);
  const x = Number(t);
  if (!(x >= min && x <= max)) throw new UsageError(`--${name} must be from ${min} to ${max}, got ${Number.isFinite(x) ? x : t}`);
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
