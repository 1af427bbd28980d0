// Selfplay's progress on stderr: on a terminal a cli-progress bar redrawn in place; otherwise (a
// log file, CI, a test) a plain line every PLAIN_EVERY_MS, so that a log shows the run is alive
// without filling up with one line per game.

import { MultiBar, type SingleBar } from 'cli-progress';

export interface SelfplayTally {
  games: number;
  total: number;
  positions: number;
  white: number;
  black: number;
  draws: number;
  elapsedMs: number;
}

export function emptyTally(total: number): SelfplayTally {
  return { games: 0, total, positions: 0, white: 0, black: 0, draws: 0, elapsedMs: 0 };
}

export function gamesPerMinute(t: SelfplayTally): number {
  return t.elapsedMs > 0 ? (t.games * 60_000) / t.elapsedMs : 0;
}

/** `games 12/100  positions 1234  3.4 games/min  W 5 B 4 D 3`. */
export function progressText(t: SelfplayTally): string {
  return `games ${t.games}/${t.total}  positions ${t.positions}  ${gamesPerMinute(t).toFixed(1)} games/min  W ${t.white} B ${t.black} D ${t.draws}`;
}

const PLAIN_EVERY_MS = 10_000;

export interface ProgressStream extends NodeJS.WritableStream {
  isTTY?: boolean;
}

export class SelfplayProgress {
  /** On a terminal: a MultiBar of one bar, since it (unlike SingleBar) can print lines above the bar. */
  private readonly multi: MultiBar | null;
  private readonly bar: SingleBar | null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private tally: SelfplayTally;
  private readonly startedAt = performance.now();

  constructor(
    private readonly stream: ProgressStream,
    total: number,
    tty = stream.isTTY === true,
  ) {
    this.tally = emptyTally(total);
    if (tty) {
      this.multi = new MultiBar({
        stream,
        format: '{bar} {value}/{total} games | {positions} positions | {gpm} games/min | W {white} B {black} D {draws} | ETA {eta_formatted}',
        barsize: 16,
        // The cursor stays visible: a run killed by a signal must not leave the terminal without one.
        hideCursor: false,
        etaBuffer: 20,
        // Redrawn twice a second even when nothing changed: the bar must come back below a line
        // just logged, and the games per minute fall while a game is being played.
        fps: 2,
        forceRedraw: true,
      });
      this.bar = this.multi.create(total, 0, this.payload());
    } else {
      this.multi = null;
      this.bar = null;
      this.timer = setInterval(() => this.stream.write(progressText(this.current()) + '\n'), PLAIN_EVERY_MS);
      // A progress timer must not keep the process alive once the run is over.
      this.timer.unref();
    }
  }

  private current(): SelfplayTally {
    return { ...this.tally, elapsedMs: performance.now() - this.startedAt };
  }

  private payload(): Record<string, string | number> {
    const t = this.current();
    return { positions: t.positions, gpm: gamesPerMinute(t).toFixed(1), white: t.white, black: t.black, draws: t.draws };
  }

  update(tally: SelfplayTally): void {
    this.tally = tally;
    this.bar?.update(tally.games, this.payload());
  }

  /** A diagnostic line, printed above the bar on a terminal. */
  log(line: string): void {
    if (this.multi !== null) this.multi.log(line + '\n');
    else this.stream.write(line + '\n');
  }

  /** Ends the display (the bar stays as the last line; the summary is the caller's to print). */
  stop(): void {
    if (this.multi !== null) {
      this.bar!.update(this.tally.games, this.payload());
      // MultiBar prints logged lines on its next redraw and stop() does not: flush them first.
      this.multi.update();
      this.multi.stop();
    }
    if (this.timer !== null) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }
}
