// Time controls and the game clock. The runner measures time itself: from writing `position` and
// `go` to the arrival of `bestmove`. Fischer increment: added after each move made in time.

import { MatchError } from './errors.js';

export interface TimeControl {
  /** Starting time per player, ms. */
  baseMs: number;
  /** Increment per move, ms. */
  incMs: number;
  /**
   * A node budget per move (`go nodes N`) instead of the clocks: for comparing evaluations
   * without the machine's load deciding games. The clock still runs as a safety limit.
   */
  nodes?: number;
}

const TC_RE = /^([0-9]+(?:\.[0-9]+)?)(?:\+([0-9]+(?:\.[0-9]+)?))?$/;

/** Parses `SEC+INC` (`60+0.6`, `2+0.05`) or `SEC` (no increment); seconds, decimals allowed. */
export function parseTimeControl(text: string): TimeControl {
  const m = TC_RE.exec(text.trim());
  if (!m) throw new MatchError(`--tc must look like SECONDS+INCREMENT (e.g. 60+0.6 or 2+0.05), got '${text}'`);
  const baseMs = Math.round(Number(m[1]) * 1000);
  const incMs = Math.round(Number(m[2] ?? '0') * 1000);
  if (baseMs <= 0) throw new MatchError(`--tc needs a starting time above 0, got '${text}'`);
  if (baseMs > 24 * 3600 * 1000 || incMs > 3600 * 1000) throw new MatchError(`--tc '${text}' is longer than a day`);
  return { baseMs, incMs };
}

/** Whether two time controls are the same terms. */
export function sameTimeControl(a: TimeControl, b: TimeControl): boolean {
  return a.baseMs === b.baseMs && a.incMs === b.incMs && a.nodes === b.nodes;
}

/** `60+0.6` style, the way the user writes it. */
export function formatTimeControl(tc: TimeControl): string {
  return `${tc.baseMs / 1000}+${tc.incMs / 1000}` + (tc.nodes !== undefined ? `, ${tc.nodes} nodes per move` : '');
}

/** The PTN Clock tag value, minutes:seconds then the increment in seconds: `1:00 +0.6`. */
export function clockTag(tc: TimeControl): string {
  const totalSec = tc.baseMs / 1000;
  const min = Math.floor(totalSec / 60);
  const sec = totalSec - min * 60;
  const secText = Number.isInteger(sec) ? String(sec).padStart(2, '0') : (sec < 10 ? '0' : '') + String(Number(sec.toFixed(3)));
  return `${min}:${secText} +${tc.incMs / 1000}`;
}

/** Both players' clocks during one game, each on its own time control (the same but for time odds). */
export class GameClock {
  /** Remaining ms, [White, Black]. */
  readonly remaining: [number, number];
  /** The time controls, [White, Black]. */
  readonly tcs: readonly [TimeControl, TimeControl];

  constructor(white: TimeControl, black: TimeControl = white) {
    this.tcs = [white, black];
    this.remaining = [white.baseMs, black.baseMs];
  }

  /** The ms a player may think now (the deadline for the reply). */
  limit(side: number): number {
    return this.remaining[side]!;
  }

  /**
   * Charges `elapsedMs` to `side`. Returns false when the player overstepped (the clock is then
   * left at 0); otherwise adds the increment and returns true.
   */
  charge(side: number, elapsedMs: number): boolean {
    const left = this.remaining[side]! - elapsedMs;
    if (left < 0) {
      this.remaining[side] = 0;
      return false;
    }
    this.remaining[side] = left + this.tcs[side]!.incMs;
    return true;
  }

  /** The TEI `go` line for `side` to move: its node budget, or both clocks and increments in whole ms. */
  goLine(side: number): string {
    const nodes = this.tcs[side]!.nodes;
    if (nodes !== undefined) return `go nodes ${nodes}`;
    const w = Math.max(0, Math.floor(this.remaining[0]));
    const b = Math.max(0, Math.floor(this.remaining[1]));
    return `go wtime ${w} btime ${b} winc ${this.tcs[0].incMs} binc ${this.tcs[1].incMs}`;
  }
}
