// Annotate's progress on stderr: on a terminal a cli-progress bar of positions searched, redrawn
// in place; otherwise (a log, a pipe, a test) a plain line every PLAIN_EVERY_MS, so that a long
// run shows it is alive without one line per position. As selfplay's (src/selfplay/progress.ts):
// a one-bar MultiBar, since a SingleBar restores the cursor saved at its start and so would draw
// over what is written after it.

import { MultiBar, type SingleBar } from 'cli-progress';

const PLAIN_EVERY_MS = 10_000;

export interface ProgressStream extends NodeJS.WritableStream {
  isTTY?: boolean;
}

export class AnnotateProgress {
  private readonly multi: MultiBar | null;
  private readonly bar: SingleBar | null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private done = 0;
  private game = 0;

  constructor(
    private readonly stream: ProgressStream,
    private readonly total: number,
    private readonly games: number,
    tty = stream.isTTY === true,
  ) {
    if (tty) {
      this.multi = new MultiBar({
        stream,
        format: '{bar} {value}/{total} positions | game {game}/{games} | ETA {eta_formatted}',
        barsize: 20,
        // The cursor stays visible: a run ended by Ctrl-C must not leave the terminal without one.
        hideCursor: false,
        etaBuffer: 50,
        fps: 2,
      });
      this.bar = this.multi.create(total, 0, { game: 0, games });
    } else {
      this.multi = null;
      this.bar = null;
      this.timer = setInterval(() => this.stream.write(`annotate: ${this.done}/${this.total} positions, game ${this.game}/${this.games}\n`), PLAIN_EVERY_MS);
      // A progress timer must not keep the process alive once the work is done.
      this.timer.unref();
    }
  }

  startGame(game: number): void {
    this.game = game;
    this.bar?.update(this.done, { game, games: this.games });
  }

  position(): void {
    this.done++;
    this.bar?.update(this.done, { game: this.game, games: this.games });
  }

  stop(): void {
    if (this.multi !== null) {
      this.bar!.update(this.done, { game: this.game, games: this.games });
      this.multi.stop();
    }
    if (this.timer !== null) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }
}
