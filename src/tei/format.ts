// Engine-to-client lines: `info` per search progress report and `bestmove`. Pure.

import { formatMove } from '../notation/ptn-move.js';
import type { SearchInfo, SearchProgress } from '../search/types.js';
import { ecosystemScore, formatWdl } from './wdl.js';

export interface InfoFormat {
  size: number;
  /** Milliseconds since the `go` arrived (what the client's clock sees). */
  elapsedMs: number;
  /** Nodes of all search threads. */
  nodes: number;
  /** `score win|loss <plies>` for proven results instead of a large `score cp` (PTN Ninja). */
  reportWin: boolean;
  /** `score cp` in centiflats (the option Centiflats) instead of the ecosystem's 200p - 100. */
  centiflats?: boolean;
  /** Free text after `string` at the end of each `info ... pv` line (PTN Ninja shows it there). */
  note?: string;
}

/**
 * `score cp <c>` from the side to move's view: by default 200p - 100, p the search's expected
 * score (src/search/expected-score.ts: -100 lost, 0 even, 100 won, the scale PTN Ninja's move
 * marks assume); with `centiflats`, the search's own centiflats (100 = one flat). With
 * `reportWin`, `score win|loss <plies>` for a proven result.
 */
export function formatScore(info: Pick<SearchInfo, 'score' | 'mateIn' | 'bound'>, reportWin: boolean, size: number, centiflats = false): string {
  let s: string;
  if (reportWin && info.mateIn !== 0) s = `${info.mateIn > 0 ? 'win' : 'loss'} ${Math.abs(info.mateIn)}`;
  else s = `cp ${centiflats ? Math.round(info.score) : ecosystemScore(info.score, info.mateIn, size)}`;
  if (info.bound === 'lower') s += ' lowerbound';
  else if (info.bound === 'upper') s += ' upperbound';
  return `score ${s}`;
}

/** The score and, after it, its `wdl` (PTN Ninja's evaluation bar prefers it; Racetrack skips it). */
function scoreAndWdl(info: Pick<SearchInfo, 'score' | 'mateIn' | 'bound'>, f: InfoFormat): string {
  return `${formatScore(info, f.reportWin, f.size, f.centiflats)} ${formatWdl(info.score, info.mateIn, f.size)}`;
}

/**
 * `info depth D seldepth S [multipv K] score ... wdl W D L nodes N nps X time T hashfull H pv m1 m2 ...`,
 * `multipv K` only for a line of a Multi-PV search (a single-line search's reports are as they
 * always were, for Racetrack and every client that knows no Multi-PV).
 * Returns undefined when there is no move to show (an empty `pv` must never be sent).
 */
export function formatInfo(info: SearchInfo, f: InfoFormat): string | undefined {
  const pv = info.pv.filter((m) => m !== 0).map((m) => formatMove(m, f.size));
  if (pv.length === 0) return undefined;
  const time = Math.max(0, Math.round(f.elapsedMs));
  const nodes = Math.max(0, Math.round(f.nodes));
  const nps = Math.round((nodes * 1000) / Math.max(1, time));
  const multipv = info.multipv !== undefined ? ` multipv ${info.multipv}` : '';
  return (
    `info depth ${info.depth} seldepth ${Math.max(info.depth, info.seldepth)}${multipv} ${scoreAndWdl(info, f)}` +
    ` nodes ${nodes} nps ${nps} time ${time} hashfull ${info.hashfull} pv ${pv.join(' ')}` +
    (f.note !== undefined ? ` string ${f.note}` : '')
  );
}

/**
 * A progress line inside a long iteration, in UCI's form for GUIs:
 * `info depth D seldepth S [score ... wdl W D L] nodes N nps X time T hashfull H [currmove M currmovenumber K]`.
 * `depth` and `score` are those of the deepest completed iteration (`last`, if any), so that a
 * client reading the latest line (Racetrack keeps the last one with a score) sees a finished
 * result and depths never go back; `currmove` is the root move the next iteration is on. No `pv`:
 * PTN Ninja shows only lines with one, and reads words after `pv` as moves.
 */
export function formatProgress(progress: SearchProgress, last: SearchInfo | undefined, f: InfoFormat): string {
  const time = Math.max(0, Math.round(f.elapsedMs));
  const nodes = Math.max(0, Math.round(f.nodes));
  const nps = Math.round((nodes * 1000) / Math.max(1, time));
  const depth = last?.depth ?? 0;
  let line = `info depth ${depth} seldepth ${Math.max(depth, progress.seldepth)}`;
  if (last !== undefined) line += ` ${scoreAndWdl(last, f)}`;
  line += ` nodes ${nodes} nps ${nps} time ${time} hashfull ${progress.hashfull}`;
  if (progress.currMove !== 0) line += ` currmove ${formatMove(progress.currMove, f.size)} currmovenumber ${progress.currMoveNumber}`;
  return line;
}

/** `bestmove <move>` in canonical short PTN: no F, no count 1, no suffixes. */
export function formatBestMove(move: number, size: number): string {
  return `bestmove ${formatMove(move, size)}`;
}
