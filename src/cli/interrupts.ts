// Ctrl-C (SIGINT), and SIGTERM or SIGHUP from a CI job or a closed terminal, for the commands
// that run long (match, selfplay, worker): the first says what happens now and aborts `signal`,
// so the command stops cleanly and still reports; a second quits at once.

export interface Interrupts {
  /** Aborted by the first interrupt. */
  readonly signal: AbortSignal;
  /** How many interrupts came. */
  readonly count: number;
  /** Stops listening (call when the command is done). */
  release(): void;
}

const SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/** `what` follows "interrupted: " in the line logged on the first interrupt. */
export function catchInterrupts(log: (line: string) => void, what: string, quit: () => void = () => process.exit(130)): Interrupts {
  const controller = new AbortController();
  let count = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    count++;
    if (count === 1) {
      log(`${signal === 'SIGINT' ? 'interrupted' : `got ${signal}`}: ${what}`);
      controller.abort();
    } else {
      quit();
    }
  };
  for (const s of SIGNALS) process.on(s, onSignal);
  return {
    signal: controller.signal,
    get count() {
      return count;
    },
    release: () => {
      for (const s of SIGNALS) process.off(s, onSignal);
    },
  };
}
