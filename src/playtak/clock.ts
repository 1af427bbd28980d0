// How long to think on PlayTak's clock. The server keeps the clocks and sends both after every
// move (`Game#N Time`/`Timems`, just before it relays the move: source, Game.moveMove and
// placeMove call updateTimeTurnChange before sendMove), so the mover's figure there is its
// clock when the move reaches us. The server charges us from its processing of the opponent's
// move to its processing of ours, so the network's round trip is ours to pay: it is taken off
// the clock before the usual allocation (src/search/time.ts), with a margin on top, and the
// search's own hard deadline keeps the rest. A flag would lose the game; a few hundred
// milliseconds less thinking costs little.

import { searchLimits } from '../search/time.js';
import type { SearchLimits } from '../search/types.js';

/** The last clocks the server sent, and when they arrived (performance.now()). */
export interface ServerClock {
  whiteMs: number;
  blackMs: number;
  receivedAt: number;
}

/** Always kept back, whatever the measured round trip: scheduling, the worker, the server's own work. */
export const BASE_MARGIN_MS = 150;
/** The round trip before any has been measured (PING to OK). */
export const DEFAULT_RTT_MS = 250;
/** A round trip counts twice in the margin, as it varies; the margin is capped here. */
export const MAX_MARGIN_MS = 3000;

/** What is kept off the clock for the network, given the smoothed round trip. */
export function networkMargin(rttMs: number): number {
  const rtt = Number.isFinite(rttMs) && rttMs > 0 ? rttMs : DEFAULT_RTT_MS;
  return Math.min(MAX_MARGIN_MS, Math.round(BASE_MARGIN_MS + 2 * rtt));
}

/** A smoothed round trip (RFC 6298's SRTT, gain 1/8), starting from the first sample. */
export function smoothRtt(previous: number | undefined, sample: number): number {
  if (!Number.isFinite(sample) || sample < 0) return previous ?? DEFAULT_RTT_MS;
  return previous === undefined ? sample : previous + (sample - previous) / 8;
}

export interface ThinkClock {
  /** The side Bredon plays, 0 White or 1 Black. */
  colour: number;
  /** The last server clocks, if any have come in this game; else `initialMs` is our clock. */
  clock: ServerClock | undefined;
  initialMs: number;
  incMs: number;
  /** performance.now() when the search starts. */
  now: number;
  rttMs: number;
  /** Stones and capstones left in our reserve, for the estimate of moves to come. */
  piecesLeft: number;
  /** An upper bound per move (--movetime), if any. */
  maxMoveMs?: number;
}

/** Our clock now: the server's figure less what has passed since it came (it runs while we think). */
export function ownClockMs(c: Pick<ThinkClock, 'colour' | 'clock' | 'initialMs' | 'now'>): number {
  if (c.clock === undefined) return c.initialMs;
  const figure = c.colour === 0 ? c.clock.whiteMs : c.clock.blackMs;
  return Math.max(0, figure - Math.max(0, c.now - c.clock.receivedAt));
}

/** The search limits for one move. */
export function thinkLimits(c: ThinkClock): SearchLimits {
  const usable = Math.max(0, ownClockMs(c) - networkMargin(c.rttMs));
  return searchLimits({ time: usable, inc: c.incMs, moveTime: c.maxMoveMs }, c.piecesLeft);
}
