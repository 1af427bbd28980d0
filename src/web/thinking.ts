// The engine's `info` lines in the page's words, without the page: the counters, the line, and
// the score as White's or Black's win chance ("White 62%"), or a proven result ("White wins in
// 2 moves"). The engine says its score from the side to move's view, as `wdl W D L` (per mille)
// and as `score cp` on the ecosystem's scale (200p - 100, src/tei/wdl.ts), or with ReportWin as
// `score win|loss <plies>`; the page reads wdl where there is one, cp where not.

import { percentText } from '../annotate/marks.js';
import { WHITE } from '../core/position.js';
import { winnerMoves } from '../search/expected-score.js';

export interface InfoReport {
  depth?: number;
  nodes?: number;
  nps?: number;
  timeMs?: number;
  /** The line from the position searched; none on a progress line. */
  pv?: string[];
  score?: { kind: 'cp' | 'win' | 'loss'; value: number };
  /** Per mille, the side to move's: win, draw, loss. */
  wdl?: [number, number, number];
}

/** The fields of an `info` line (not an `info string`). */
export function parseInfo(line: string): InfoReport {
  let words = line.trim().split(/\s+/).slice(1);
  // Free text after `string` ends a line: none of it is a field.
  const text = words.indexOf('string');
  if (text >= 0) words = words.slice(0, text);
  const pvAt = words.indexOf('pv');
  const fields = pvAt >= 0 ? words.slice(0, pvAt) : words;
  const num = (name: string): number | undefined => {
    const i = fields.indexOf(name);
    const v = i >= 0 ? Number(fields[i + 1]) : NaN;
    return Number.isFinite(v) ? v : undefined;
  };
  const r: InfoReport = {};
  const set = <K extends 'depth' | 'nodes' | 'nps' | 'timeMs'>(key: K, name: string) => {
    const v = num(name);
    if (v !== undefined) r[key] = v;
  };
  set('depth', 'depth');
  set('nodes', 'nodes');
  set('nps', 'nps');
  set('timeMs', 'time');
  if (pvAt >= 0) r.pv = words.slice(pvAt + 1);
  const si = fields.indexOf('score');
  const kind = fields[si + 1];
  const value = Number(fields[si + 2]);
  if (si >= 0 && (kind === 'cp' || kind === 'win' || kind === 'loss') && Number.isFinite(value)) r.score = { kind, value };
  const wi = fields.indexOf('wdl');
  if (wi >= 0) {
    const wdl = [1, 2, 3].map((k) => Number(fields[wi + k]));
    if (wdl.every(Number.isFinite)) r.wdl = wdl as [number, number, number];
  }
  return r;
}

export interface ScoreView {
  /** The score in short: "White 62%", "White wins". */
  score: string;
  /** In words: "win chance: White 62%, Black 38%", "White wins in 2 moves". */
  note: string;
  /** White's win chance, 0-100 (the evaluation bar). */
  white: number;
}

function colour(side: number): 'White' | 'Black' {
  return side === WHITE ? 'White' : 'Black';
}

/** A report's score as the page shows it, for the position searched (`side` to move); none without a score. */
export function scoreView(r: InfoReport, side: number): ScoreView | undefined {
  const s = r.score;
  if (s !== undefined && s.kind !== 'cp') {
    const winner = colour(s.kind === 'win' ? side : side ^ 1);
    const n = winnerMoves(s.value);
    return { score: `${winner} wins`, note: `${winner} wins in ${n} ${n === 1 ? 'move' : 'moves'}`, white: winner === 'White' ? 100 : 0 };
  }
  let white: number;
  if (r.wdl !== undefined) {
    const [w, d, l] = r.wdl;
    white = (side === WHITE ? w + d / 2 : l + d / 2) / 10;
  } else if (s !== undefined) {
    white = (100 + (side === WHITE ? s.value : -s.value)) / 2;
  } else return undefined;
  white = Math.min(100, Math.max(0, white));
  // Only a proof is certain (the engine keeps an unproven wdl within 1..999, cp within -99..99).
  if (white === 100 || white === 0) {
    const winner = white === 100 ? 'White' : 'Black';
    return { score: `${winner} wins`, note: `${winner} wins: a proven result`, white };
  }
  const whiteText = percentText(white);
  const blackText = `${100 - parseInt(whiteText, 10)}%`;
  const leader = white >= 50 ? 'White' : 'Black';
  return { score: `${leader} ${leader === 'White' ? whiteText : blackText}`, note: `win chance: White ${whiteText}, Black ${blackText}`, white };
}

/** A line of moves numbered from the position searched: "5… d2 6. c3". */
export function numberedLine(moves: readonly string[], moveNumber: number, side: number): string {
  let number = moveNumber;
  let s = side;
  const parts: string[] = [];
  moves.forEach((m, i) => {
    if (s === WHITE) parts.push(`${number}.`);
    else if (i === 0) parts.push(`${number}…`);
    parts.push(m);
    if (s !== WHITE) number++;
    s ^= 1;
  });
  return parts.join(' ');
}

/** A move with its number: "5… d2", "6. c3". */
export function numberedMove(move: string, moveNumber: number, side: number): string {
  return `${moveNumber}${side === WHITE ? '.' : '…'} ${move}`;
}

/** A count in short: 950, 12.3k, 4.5M; "–" for none. */
export function formatCount(n: number | undefined): string {
  if (n === undefined || !Number.isFinite(n)) return '–';
  if (n >= 1e6) return `${(n / 1e6).toFixed(1)}M`;
  if (n >= 1e3) return `${(n / 1e3).toFixed(1)}k`;
  return String(n);
}
