// The engine's TEI options: what `tei` lists (`option name ...`) and what `setoption` accepts,
// with their ranges. The session (session.ts) holds their values; this file only describes them.

import { DEFAULT_RESERVES } from '../core/sizes.js';
import { MAX_LEVEL } from '../search/levels.js';
import { MAX_MULTI_PV } from '../search/types.js';
import { MAX_THREADS } from '../search/worker.js';

export const MIN_HALF_KOMI = -20;
export const MAX_HALF_KOMI = 20;
/** The most stones or capstones a reserve may hold (the rules core caps a stack at 255 pieces). */
export const MAX_PIECES = 120;

export type SpinOption = { name: string; type: 'spin'; default: number; min: number; max: number };
export type CheckOption = { name: string; type: 'check'; default: boolean };
export type ButtonOption = { name: string; type: 'button' };
export type OptionSpec = SpinOption | CheckOption | ButtonOption;

export const OPTIONS: readonly OptionSpec[] = [
  { name: 'HalfKomi', type: 'spin', default: 0, min: MIN_HALF_KOMI, max: MAX_HALF_KOMI },
  { name: 'Hash', type: 'spin', default: 64, min: 1, max: 4096 },
  { name: 'Threads', type: 'spin', default: 1, min: 1, max: MAX_THREADS },
  // Lines per depth. Each line is a search of the root of its own, so N lines cost about N
  // times the time of one; 64 is more than any GUI shows, and the search keeps the excluded
  // moves in a list of that size.
  { name: 'MultiPV', type: 'spin', default: 1, min: 1, max: MAX_MULTI_PV },
  { name: 'ReportWin', type: 'check', default: false },
  // `score cp` in the search's centiflats (100 = one flat), each depth's own score, instead of
  // the default 200p - 100, p the expected score of the mean of the last two depths (docs/tei.md,
  // "Scores"): for those who want the search's own figures.
  { name: 'Centiflats', type: 'check', default: false },
  // The network evaluation (src/eval/net/) where the board size has one (nets/ holds only
  // networks that scored above the linear evaluation against Tiltak at equal time, though
  // within the matches' noise: docs/strength.md, row Network). false plays with the linear evaluation alone,
  // to compare the two.
  { name: 'Network', type: 'check', default: true },
  // Playing strength for people, 1 (a beginner) to MAX_LEVEL (full strength, the default):
  // src/search/levels.ts says what each level changes, docs/levels.md what each is worth.
  { name: 'Level', type: 'spin', default: MAX_LEVEL, min: 1, max: MAX_LEVEL },
  { name: 'Clear Hash', type: 'button' },
  // Custom piece counts, as PTN Ninja names them: it hides these options from the user and sets
  // them after `teinewgame` when a game has custom reserves. Flats/Caps set both players,
  // Flats1/Caps1 White and Flats2/Caps2 Black. `teinewgame` goes back to the size's standard
  // reserves; the defaults shown are those of 6x6. A change applies from the next `position`.
  { name: 'Flats', type: 'spin', default: DEFAULT_RESERVES[6]![0], min: 0, max: MAX_PIECES },
  { name: 'Caps', type: 'spin', default: DEFAULT_RESERVES[6]![1], min: 0, max: MAX_PIECES },
  { name: 'Flats1', type: 'spin', default: DEFAULT_RESERVES[6]![0], min: 0, max: MAX_PIECES },
  { name: 'Flats2', type: 'spin', default: DEFAULT_RESERVES[6]![0], min: 0, max: MAX_PIECES },
  { name: 'Caps1', type: 'spin', default: DEFAULT_RESERVES[6]![1], min: 0, max: MAX_PIECES },
  { name: 'Caps2', type: 'spin', default: DEFAULT_RESERVES[6]![1], min: 0, max: MAX_PIECES },
];

/** The piece-count options: which reserve each sets, for which players (0 White, 1 Black). */
export const PIECE_COUNTS: Readonly<Record<string, { kind: 'flats' | 'caps'; players: readonly number[] }>> = {
  Flats: { kind: 'flats', players: [0, 1] },
  Caps: { kind: 'caps', players: [0, 1] },
  Flats1: { kind: 'flats', players: [0] },
  Flats2: { kind: 'flats', players: [1] },
  Caps1: { kind: 'caps', players: [0] },
  Caps2: { kind: 'caps', players: [1] },
};

export function optionLine(o: OptionSpec): string {
  if (o.type === 'spin') return `option name ${o.name} type spin default ${o.default} min ${o.min} max ${o.max}`;
  if (o.type === 'check') return `option name ${o.name} type check default ${o.default}`;
  return `option name ${o.name} type button`;
}

export function spinDefault(name: string): number {
  return (OPTIONS.find((o) => o.name === name) as SpinOption).default;
}
