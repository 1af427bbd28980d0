// The program: `bredon [subcommand] ...` runs the command line of src/cli/commands.ts (with no
// subcommand Bredon speaks TEI on stdin/stdout) and sets the process's exit code from it.

import { isSearchWorker, runSearchWorker } from '../search/worker.js';
import { isReviewWorker, runReviewWorker } from '../playtak/review-thread.js';
import { runCommandLine } from './commands.js';
import { exitQuietlyWhenStdoutCloses, writeLine } from './stdout.js';

// dist/bredon.js is also the search threads' script (src/search/worker.ts) and the PlayTak
// review's (src/playtak/review-thread.ts): a worker runs its message loop instead of the command line.
if (isSearchWorker()) {
  runSearchWorker();
} else if (isReviewWorker()) {
  runReviewWorker();
} else {
  exitQuietlyWhenStdoutCloses();
  runCommandLine(process.argv.slice(2), { out: writeLine, err: (text) => process.stderr.write(text) }).then((code) => {
    process.exitCode = code;
  });
}
