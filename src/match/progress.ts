// The live progress of a match on stderr. On a terminal one status line is redrawn in place (and
// diagnostics are printed above it); otherwise (a log file, CI) every update is a plain line.

import { formatElo, trinomialElo } from './elo.js';
import type { SprtState } from './sprt.js';
import type { Tally } from './tally.js';

export interface ProgressStream {
  write(text: string): unknown;
  isTTY?: boolean;
}

export class Progress {
  private current = '';
  private readonly tty: boolean;

  constructor(private readonly stream: ProgressStream, tty?: boolean) {
    this.tty = tty ?? stream.isTTY === true;
  }

  /** Replaces the status line (a new line when not on a terminal). */
  status(text: string): void {
    if (this.tty) {
      this.stream.write(`\r\x1b[2K${text}`);
      this.current = text;
    } else {
      this.stream.write(text + '\n');
    }
  }

  /** A diagnostic line, kept above the status line on a terminal. */
  log(line: string): void {
    if (this.tty && this.current !== '') this.stream.write(`\r\x1b[2K${line}\n${this.current}`);
    else this.stream.write(line + '\n');
  }

  /** Ends the status line so that what follows starts on a fresh line. */
  finish(): void {
    if (this.tty && this.current !== '') this.stream.write('\n');
    this.current = '';
  }
}

/** `1:02:03` or `4:05`. */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}` : `${m}:${String(s).padStart(2, '0')}`;
}

/** The status: games, W/L/D, score, Elo so far, the SPRT's LLR, and an estimate of the time left. */
export function progressLine(tally: Tally, totalGames: number, elapsedMs: number, sprt: SprtState | null): string {
  // Results, Elo and LLR count an earlier run's games too (--continue); the game count and the time left this run's.
  const played = tally.games - tally.earlier;
  const { wins, losses, draws } = tally.total;
  const est = trinomialElo(wins, draws, losses);
  const margin = (est.high - est.low) / 2;
  const parts = [
    `games ${played}/${totalGames}${tally.earlier > 0 ? ` (+${tally.earlier} earlier)` : ''}`,
    `+${wins} -${losses} =${draws}`,
    `score ${(100 * est.score).toFixed(1)}%`,
    `Elo ${formatElo(est.elo)}${Number.isFinite(margin) && tally.games > 1 ? ` ±${margin.toFixed(0)}` : ''}`,
  ];
  if (sprt !== null) parts.push(`LLR ${sprt.llr.toFixed(2)} (${sprt.lower.toFixed(2)}, ${sprt.upper.toFixed(2)})`);
  if (played > 0 && played < totalGames) {
    parts.push(`left ${sprt !== null ? '≤' : '~'}${formatDuration((elapsedMs / played) * (totalGames - played))}`);
  }
  return parts.join('  ');
}
