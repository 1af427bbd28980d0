// The fit's progress on stderr: on a terminal a cli-progress bar (epoch, training loss,
// validation loss) redrawn in place; otherwise (a log file, CI, a test) a plain line every
// PLAIN_EVERY_MS. The epochs run in one synchronous loop, so nothing here may rely on timers
// firing: the bar redraws from update() (SingleBar's synchronous updates) and the plain lines
// are written by update() when their time has come.

import { SingleBar } from 'cli-progress';
import type { ProgressStream } from '../selfplay/progress.js';

const PLAIN_EVERY_MS = 10_000;

export function lossText(x: number): string {
  return Number.isNaN(x) ? 'n/a' : x.toFixed(6);
}

/** `epoch 120/500  train 0.081234  validation 0.083456`. */
export function epochText(epoch: number, epochs: number, trainLoss: number, validationLoss: number): string {
  return `epoch ${Number.isInteger(epoch) ? epoch : epoch.toFixed(1)}/${epochs}  train ${lossText(trainLoss)}  validation ${lossText(validationLoss)}`;
}

export class TuneProgress {
  private readonly bar: SingleBar | null;
  private lastPlain = performance.now();
  private last = '';

  constructor(
    private readonly stream: ProgressStream,
    private readonly epochs: number,
    tty = stream.isTTY === true,
  ) {
    if (tty) {
      this.bar = new SingleBar({
        stream,
        format: 'epoch {bar} {value}/{total} | train {train} | validation {validation} | ETA {eta_formatted}',
        barsize: 20,
        hideCursor: false,
        fps: 5,
        etaBuffer: 50,
      });
      this.bar.start(epochs, 0, { train: '...', validation: '...' });
    } else {
      this.bar = null;
    }
  }

  update(epoch: number, trainLoss: number, validationLoss: number): void {
    if (this.bar !== null) {
      this.bar.update(epoch, { train: lossText(trainLoss), validation: lossText(validationLoss) });
      return;
    }
    this.last = epochText(epoch, this.epochs, trainLoss, validationLoss);
    const now = performance.now();
    if (now - this.lastPlain >= PLAIN_EVERY_MS) {
      this.lastPlain = now;
      this.stream.write(this.last + '\n');
    }
  }

  /** Ends the display: the bar's last state stays; off a terminal, the last epoch's line. */
  stop(): void {
    if (this.bar !== null) this.bar.stop();
    else if (this.last !== '') this.stream.write(this.last + '\n');
  }
}
