// stdout for the command line. A reader may leave before the end (`bredon perft ... | head -1`):
// the pipe closes and the next write fails with EPIPE. Nobody is left to read the rest, so Bredon
// stops at once with status 0, as Unix tools do, instead of an unhandled 'error' event with its
// stack trace (and instead of finishing a long computation whose lines nobody will read).

function isEpipe(e: unknown): boolean {
  return (e as { code?: unknown } | null | undefined)?.code === 'EPIPE';
}

/**
 * Catches stdout's write errors for every writer (the subcommands' lines, usage, TEI): EPIPE
 * ends the program quietly; anything else is one line on stderr and exit status 1.
 */
export function exitQuietlyWhenStdoutCloses(): void {
  process.stdout.on('error', (e) => {
    if (isEpipe(e)) process.exit(0);
    process.stderr.write(`bredon: cannot write to stdout: ${e.message}\n`);
    process.exit(1);
  });
}

/**
 * Writes one line. A write to a closed pipe fails at once and sets `errored` (not
 * `writableErrored`, which sockets leave undefined): stop here rather than compute lines for
 * nobody, since the 'error' event above only comes once a synchronous command such as perft
 * returns to the event loop.
 */
export function writeLine(line: string): void {
  process.stdout.write(line + '\n');
  if (isEpipe(process.stdout.errored)) process.exit(0);
}
