// `bredon analyze "<TPS>" [--movetime MS | --depth D] [--komi K] [--multipv N]`: the board, then
// the search's progress in plain words for a person at a terminal (with --multipv, the N best
// moves at each depth, each with its line). The search runs on this thread (nothing else needs
// answering meanwhile); Ctrl-C ends the program.

import { whiteChanceText } from '../annotate/marks.js';
import { makeMove } from '../core/makemove.js';
import { isLegalMove, legalMoves } from '../core/movegen.js';
import type { Position } from '../core/position.js';
import { boardResult, BLACK_ROAD, ONGOING, resultText, WHITE_ROAD, DRAW, REPETITION } from '../core/result.js';
import { formatMove } from '../notation/ptn-move.js';
import { showPosition } from '../notation/show.js';
import { parseTps } from '../notation/tps.js';
import { Searcher } from '../search/search.js';
import { TranspositionTable } from '../search/tt.js';
import { QUICK_TINUE_PLIES, QUICK_TINUE_TABLE_MB, TinueSolver } from '../tinue/dfpn.js';
import { MAX_MULTI_PV, WIN_SCORE, WIN_THRESHOLD, type SearchInfo, type SearchLimits } from '../search/types.js';
import { halfKomiOption, intOption, parseCommandArgs, tpsFromPositionals, useColour } from './args.js';
import type { CommandHelp } from './help.js';

export const analyzeUsage = 'bredon analyze "<TPS>" [--movetime MS | --depth D] [--komi K] [--multipv N]';

/** Without --movetime or --depth, think this long. */
export const DEFAULT_MOVETIME_MS = 5000;

export const analyzeHelp: CommandHelp = {
  about:
    'Draws a position, searches it and explains each completed depth in words ("White 62%", White\'s\n' +
    'win chance, or "White wins by road in 3 moves") with the effort and the best line, then the best move.\n' +
    'With --multipv N, each depth lists the N best moves, best first, each with its score and line.',
  options: [
    '  "<TPS>"         the position, quoted or as its three fields',
    `  --movetime MS   think this long (default ${DEFAULT_MOVETIME_MS})`,
    '  --depth D       search to depth D instead',
    '  --komi K        komi in flats, whole or half (default 0)',
    `  --multipv N     show the N best moves at each depth (default 1, at most ${MAX_MULTI_PV}; each line is a search of its own)`,
  ],
  examples: [
    'bredon analyze "2,x,2,x3/x2,2,x3/x2,2,x3/x2,112C,1,1,1/x2,2121,x,1,x/1,1,2,2,x2 1 13" --movetime 3000',
    'bredon analyze "x5/x5/x5/x5/x5 1 1" --depth 6 --komi 2',
    'bredon analyze "x6/x,2,x,1,x2/x,2,1,12C,2,x/x,1,21,1,2S,x/x,1,x,2,x2/1,x5 1 9" --depth 5 --multipv 3',
  ],
};

const NAMES = ['White', 'Black'];

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** How a proven line ends when played out: 'road', 'flats', or undefined (not reached, or a draw). */
function provenKind(root: Position, pv: readonly number[], halfKomi: number): 'road' | 'flats' | undefined {
  const pos = root.clone();
  for (const m of pv) {
    if (boardResult(pos, halfKomi) !== ONGOING || !isLegalMove(pos, m)) break;
    makeMove(pos, m);
  }
  const r = boardResult(pos, halfKomi);
  if (r === WHITE_ROAD || r === BLACK_ROAD) return 'road';
  if (r === ONGOING || r === DRAW || r === REPETITION) return undefined;
  return 'flats';
}

/**
 * A score in words, from White's point of view rather than the side to move's: White's win
 * chance ("White 62%", src/annotate/marks.ts), or "White wins by road in 2 moves (3 plies)".
 */
export function describeScore(info: Pick<SearchInfo, 'score' | 'mateIn' | 'pv'>, root: Position, halfKomi = 0): string {
  const side = root.side;
  if (info.mateIn !== 0) {
    const winner = NAMES[info.mateIn > 0 ? side : side ^ 1]!;
    const plies = Math.abs(info.mateIn);
    const kind = provenKind(root, info.pv, halfKomi);
    const how = kind === 'road' ? ' by road' : kind === 'flats' ? ' on flats' : '';
    return `${winner} wins${how} in ${plural(Math.ceil(plies / 2), 'move')} (${plies} ${plies === 1 ? 'ply' : 'plies'})`;
  }
  return whiteChanceText(side === 0 ? info.score : -info.score, root.size);
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

function count(n: number): string {
  if (n >= 10_000_000) return `${Math.round(n / 1_000_000)}M`;
  if (n >= 10_000) return `${Math.round(n / 1000)}k`;
  return String(n);
}

function effort(info: SearchInfo): string {
  return `${count(info.nodes)} nodes, ${seconds(info.timeMs)}`;
}

/** One progress line: depth, score in words, effort, and the best line in PTN. */
export function describeInfo(info: SearchInfo, root: Position, halfKomi = 0): string {
  const line = info.pv.map((m) => formatMove(m, root.size)).join(' ');
  return `depth ${String(info.depth).padStart(2)}  ${describeScore(info, root, halfKomi)}  (${effort(info)})  ${line}`;
}

/** The heading of a depth's Multi-PV lines: the depth and the effort. */
export function describeDepth(info: SearchInfo): string {
  return `depth ${String(info.depth).padStart(2)}  (${effort(info)})`;
}

/**
 * One Multi-PV line under its depth: `  2. c1       White 90%: c1 Sc2 b1`, its place
 * padded to `places` characters and its move to `moveWidth`, so that a depth's lines align.
 */
export function describeLine(info: SearchInfo, root: Position, halfKomi: number, places: number, moveWidth: number): string {
  const move = formatMove(info.pv[0]!, root.size);
  const line = info.pv.map((m) => formatMove(m, root.size)).join(' ');
  return `  ${String(info.multipv ?? 1).padStart(places)}. ${move.padEnd(moveWidth)}  ${describeScore(info, root, halfKomi)}: ${line}`;
}

export function runAnalyze(argv: string[], out: (line: string) => void): void {
  const { values, positionals } = parseCommandArgs({
    args: argv,
    options: {
      movetime: { type: 'string' },
      depth: { type: 'string' },
      komi: { type: 'string' },
      multipv: { type: 'string' },
    },
    strict: true,
    allowPositionals: true,
  });
  const tps = tpsFromPositionals(positionals, 'analyze', analyzeUsage);
  const halfKomi = halfKomiOption(values.komi);
  const movetime = intOption('movetime', values.movetime, 1, 86_400_000);
  const depth = intOption('depth', values.depth, 1, 100);
  const multiPV = intOption('multipv', values.multipv, 1, MAX_MULTI_PV) ?? 1;
  const pos = parseTps(tps);
  for (const line of showPosition(pos, { halfKomi, colour: useColour() })) out(line);
  out('');

  const result = boardResult(pos, halfKomi);
  if (result !== ONGOING) {
    out(`The game is over (${resultText(result)}): nothing to analyse.`);
    return;
  }
  const limits: SearchLimits = {};
  if (depth !== undefined) limits.depth = depth;
  if (multiPV > 1) limits.multiPV = multiPV;
  const ms = movetime ?? (depth === undefined ? DEFAULT_MOVETIME_MS : undefined);
  if (ms !== undefined) {
    limits.softMs = ms;
    limits.hardMs = ms;
  }
  const what = [depth !== undefined ? `to depth ${depth}` : '', ms !== undefined ? `for up to ${seconds(ms)}` : ''].filter(Boolean).join(' or ');
  const tinue = quickTinue(pos, halfKomi, ms);
  if (tinue !== undefined) out(tinue);
  out(`Thinking ${what}, ${NAMES[pos.side]} to move${halfKomi !== 0 ? `, komi ${halfKomi / 2}` : ''}:`);

  const searcher = new Searcher({ table: TranspositionTable.create(64, false), stop: new Int32Array(1) });
  const root = pos.clone();
  // Multi-PV lines align: the place to the most lines there can be, the move to the longest root move.
  const places = String(multiPV).length;
  const moveWidth = Math.max(...legalMoves(root).map((m) => formatMove(m, root.size).length));
  // Only completed depths: the aspiration re-searches' bounds mean little to a reader.
  const r = searcher.search(pos, halfKomi, limits, (info) => {
    if (info.bound !== 'exact' || info.pv.length === 0) return;
    if (info.multipv === undefined) return out(describeInfo(info, root, halfKomi));
    if (info.multipv === 1) out(describeDepth(info));
    out(describeLine(info, root, halfKomi, places, moveWidth));
  });
  out('');
  if (r.best === 0) {
    out('No move found.');
    return;
  }
  out(`Best move: ${formatMove(r.best, pos.size)}   (${describeScore({ score: r.score, mateIn: mateInOf(r.score), pv: r.pv }, root, halfKomi)}, depth ${r.depth}, ${count(r.nodes)} nodes)`);
}

/** The tinue solver's look before the search: at most a second (a fifth of --movetime). */
const TINUE_MAX_MS = 1000;

/**
 * "White has tinue in 5: <line>" when the solver proves a forced road for the side to move
 * within a small budget, else undefined (a refutation or a timeout says nothing worth a line).
 */
function quickTinue(pos: Position, halfKomi: number, movetime: number | undefined): string | undefined {
  if (pos.ply < 2) return undefined;
  const ms = Math.min(TINUE_MAX_MS, movetime === undefined ? TINUE_MAX_MS : Math.ceil(movetime / 5));
  const o = new TinueSolver(QUICK_TINUE_TABLE_MB).solve(pos, halfKomi, { maxPlies: QUICK_TINUE_PLIES, ms });
  if (o.kind !== 'tinue') return undefined;
  const line = o.line.map((m) => formatMove(m, pos.size)).join(' ');
  return `${NAMES[pos.side]} has tinue in ${o.plies}: ${line}`;
}

/** Plies to a proven result from a score (as SearchInfo.mateIn), 0 when not proven. */
function mateInOf(score: number): number {
  const abs = Math.abs(score);
  return abs >= WIN_THRESHOLD ? Math.sign(score) * (WIN_SCORE - abs) : 0;
}
