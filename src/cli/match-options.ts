// The options of `bredon match` that a local match and a match on a queue share: the SPRT words,
// options and names bound to engines 1 and 2, time controls, komi, scoring, and the terms of play
// that follow from them.

import type { ScoringVariants } from '../core/scoring.js';
import { parseTimeControl, type TimeControl } from '../match/clock.js';
import { testBook } from '../match/books.js';
import { readOpenings, type Opening } from '../match/openings.js';
import type { EngineSpec } from '../match/runner.js';
import { parseSprtWords, type SprtParams } from '../match/sprt.js';
import { intOption, MAX_KOMI } from './args.js';
import { UsageError } from './errors.js';

export const MAX_PLIES = 1000;
export const DEFAULT_GAMES = 100;
export const DEFAULT_SPRT_GAMES = 20_000;

/** Takes `--sprt` and the `key=value` words after it out of argv (parseArgs cannot take several values). */
export function extractSprt(argv: string[]): { rest: string[]; sprt: SprtParams | null } {
  const rest: string[] = [];
  let words: string[] | null = null;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--sprt') {
      if (words !== null) throw new UsageError('--sprt is given twice');
      words = [];
      while (i + 1 < argv.length && /^(elo0|elo1|alpha|beta)=/.test(argv[i + 1]!)) words.push(argv[++i]!);
      continue;
    }
    rest.push(argv[i]!);
  }
  return { rest, sprt: words === null ? null : parseSprtWords(words) };
}

/** `1:NAME=VALUE` or `NAME=VALUE` (both engines). */
export function bindOption(text: string, specs: EngineSpec[]): void {
  const m = /^(?:([0-9]+):)?([^=]+)=(.*)$/.exec(text);
  if (!m || m[2]!.trim() === '') throw new UsageError(`--option takes [1:|2:]NAME=VALUE, got '${text}'`);
  const targets = m[1] === undefined ? [0, 1] : [Number(m[1]) - 1];
  if (targets.some((t) => t !== 0 && t !== 1)) throw new UsageError(`--option '${text}': engines are numbered 1 and 2`);
  for (const t of targets) specs[t]!.options.push({ name: m[2]!.trim(), value: m[3]!.trim() });
}

export function bindName(text: string, specs: EngineSpec[]): void {
  const m = /^([12]):(.+)$/.exec(text);
  if (!m) throw new UsageError(`--name takes 1:NAME or 2:NAME, got '${text}'`);
  specs[Number(m[1]) - 1]!.name = m[2]!.trim();
}

/** A per-engine value `1:VALUE`, `2:VALUE` or `VALUE` (both): the engine indices and the value. */
function enginePrefixed(option: string, text: string): { targets: number[]; value: string } {
  const m = /^(?:([0-9]+):)?(.*)$/.exec(text)!;
  const targets = m[1] === undefined ? [0, 1] : [Number(m[1]) - 1];
  if (targets.some((t) => t !== 0 && t !== 1)) throw new UsageError(`--${option} '${text}': engines are numbered 1 and 2`);
  return { targets, value: m[2]! };
}

/** The --tc values: unprefixed for both engines, `1:` or `2:` for one (the later wins). */
export function bindTimeControls(texts: string[]): [TimeControl, TimeControl] {
  const tcs: [TimeControl, TimeControl] = [parseTimeControl('60+0.6'), parseTimeControl('60+0.6')];
  for (const text of texts) {
    const { targets, value } = enginePrefixed('tc', text);
    const tc = parseTimeControl(value);
    for (const t of targets) tcs[t] = { ...tc };
  }
  return tcs;
}

export function parseKomi(text: string | undefined): number {
  if (text === undefined) return 0;
  if (!/^-?[0-9]+(\.[05])?$/.test(text.trim())) throw new UsageError(`--komi must be a whole or half number (e.g. 2 or 2.5), got '${text}'`);
  const half = Math.round(Number(text) * 2);
  if (Math.abs(half) > 2 * MAX_KOMI) throw new UsageError(`--komi must be from -${MAX_KOMI} to ${MAX_KOMI}, got ${text.trim()}`);
  return half;
}

export function parseScoring(text: string | undefined): ScoringVariants | null {
  if (text === undefined) return null;
  const variants: ScoringVariants = {};
  for (const word of text.split(',').map((w) => w.trim().toLowerCase())) {
    if (word === 'area') continue;
    if (word === 'downings' || word === 'middletown' || word === 'tarway') variants[word] = true;
    else throw new UsageError(`--scoring takes area or a list of downings, middletown, tarway; got '${word}'`);
  }
  return variants;
}

/**
 * The --nodes values: unprefixed for both engines, `1:` or `2:` for one (the later wins), like
 * --tc: node odds, or engines whose nodes are worth different amounts (an MCTS engine's against
 * an alpha-beta engine's).
 */
export function bindNodes(texts: string[], tcs: [TimeControl, TimeControl]): void {
  for (const text of texts) {
    const { targets, value } = enginePrefixed('nodes', text);
    const nodes = intOption('nodes', value, 1, 1_000_000_000)!;
    for (const t of targets) tcs[t]!.nodes = nodes;
  }
}

export interface MatchTerms {
  size: number;
  halfKomi: number;
  tc: TimeControl;
  tc2: TimeControl;
  games: number;
  scoring: ScoringVariants | null;
  openings: Opening[];
  /** e.g. "book.txt (1000)". */
  openingsSource: string;
  /** No --openings: the size's test book, each pair's second game turned half a turn. */
  turnSecond: boolean;
}

/** The terms of play from the parsed options (everything but the engines). */
export function matchTerms(
  values: { size?: string; komi?: string; tc?: string[]; nodes?: string[]; games?: string; scoring?: string; openings?: string },
  sprt: SprtParams | null,
): MatchTerms {
  const size = intOption('size', values.size, 3, 8) ?? 6;
  const halfKomi = parseKomi(values.komi);
  const [tc, tc2] = bindTimeControls(values.tc ?? []);
  bindNodes(values.nodes ?? [], [tc, tc2]);
  const games = intOption('games', values.games, 1, 10_000_000) ?? (sprt === null ? DEFAULT_GAMES : DEFAULT_SPRT_GAMES);
  const scoring = parseScoring(values.scoring);
  if (values.openings !== undefined) {
    const openings = readOpenings(values.openings, size);
    return { size, halfKomi, tc, tc2, games, scoring, openings, openingsSource: `${values.openings} (${openings.length})`, turnSecond: false };
  }
  const book = testBook(size);
  const openingsSource = `${book.source} (${book.openings.length}, the built-in default; second games turned half a turn)`;
  return { size, halfKomi, tc, tc2, games, scoring, openings: book.openings, openingsSource, turnSecond: true };
}
