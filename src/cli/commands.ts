// The command table of `bredon` and how one command line runs: the subcommand's own file does
// the work; this turns its errors into one clear line on stderr and an exit code (2 for what the
// user typed, 1 for an internal error), never a stack trace. src/cli/main.ts is the program
// around it; tests run command lines here in-process.

import { perftHelp, runPerft, perftUsage } from './perft.js';
import { benchHelp, benchUsage, runBench } from './bench.js';
import { matchHelp, matchUsage, runMatchCommand } from './match.js';
import { ptnHelp, runPtn, ptnUsage } from './ptn.js';
import { runShow, showHelp, showUsage } from './show.js';
import { runTei, teiHelp, teiUsage } from './tei.js';
import { analyzeHelp, runAnalyze, analyzeUsage } from './analyze.js';
import { runSelfplay, selfplayUsage } from './selfplay.js';
import { runTune, tuneHelp, tuneUsage } from './tune.js';
import { runTrain, trainHelp, trainUsage } from './train.js';
import { labelHelp, labelUsage, runLabel } from './label.js';
import { runTinue, tinueHelp, tinueUsage } from './tinue.js';
import { puzzlesHelp, puzzlesUsage, runPuzzles } from './puzzles.js';
import { annotateHelp, annotateUsage, runAnnotate } from './annotate.js';
import { playtakHelp, playtakUsage, runPlaytak } from './playtak.js';
import { runServe, serveHelp, serveUsage } from './serve.js';
import { workerHelp, workerUsage } from './worker-help.js';
import { UsageError } from './errors.js';
import { formatHelp, unknownOptionLine, wantsHelp, type CommandHelp } from './help.js';
import { NotationError } from '../notation/errors.js';
import { MatchError } from '../match/errors.js';

import { VERSION, networksLine, versionLine } from './version.js';

/**
 * A subcommand; it may return its exit code (e.g. 1 when `ptn check` found a bad game). With
 * `help`, `--help`/`-h` anywhere in its arguments print its usage, help and examples here
 * (src/cli/help.ts); without it, the command is passed `--help` and must answer it itself.
 */
type Command = { usage: string; help?: CommandHelp; run: (argv: string[], out: (line: string) => void) => void | number | Promise<void | number> };

const commands: Record<string, Command> = {
  perft: { usage: perftUsage, help: perftHelp, run: runPerft },
  bench: { usage: benchUsage, help: benchHelp, run: runBench },
  match: { usage: matchUsage, help: matchHelp, run: runMatchCommand },
  ptn: { usage: ptnUsage, help: ptnHelp, run: runPtn },
  show: { usage: showUsage, help: showHelp, run: runShow },
  analyze: { usage: analyzeUsage, help: analyzeHelp, run: runAnalyze },
  selfplay: { usage: selfplayUsage, run: runSelfplay },
  tune: { usage: tuneUsage, help: tuneHelp, run: runTune },
  train: { usage: trainUsage, help: trainHelp, run: runTrain },
  label: { usage: labelUsage, help: labelHelp, run: runLabel },
  tinue: { usage: tinueUsage, help: tinueHelp, run: runTinue },
  puzzles: { usage: puzzlesUsage, help: puzzlesHelp, run: runPuzzles },
  annotate: { usage: annotateUsage, help: annotateHelp, run: runAnnotate },
  playtak: { usage: playtakUsage, help: playtakHelp, run: (argv, out) => runPlaytak(argv, out, VERSION) },
  serve: { usage: serveUsage, help: serveHelp, run: (argv) => runServe(argv, VERSION) },
  // Loaded when run: BullMQ and ioredis are most of the bundle (see match.ts).
  worker: { usage: workerUsage, help: workerHelp, run: async (argv) => (await import('./worker.js')).runWorkerCommand(argv) },
  tei: { usage: teiUsage, help: teiHelp, run: (argv) => runTei(argv, VERSION) },
};

function usage(): string {
  return [
    `usage (commands: ${Object.keys(commands).join(', ')}):`,
    ...Object.values(commands).map((c) => `  ${c.usage}`),
    'bredon <command> --help, or bredon help <command>: what a command does, its options and examples',
    'bredon --version: the version, the commit it was built from and the network each size plays with',
  ].join('\n');
}

/** Where a command line writes: stdout a line at a time, and stderr. */
export interface CommandIo {
  out: (line: string) => void;
  err: (text: string) => void;
}

/** Runs one command line (the arguments after `bredon`); resolves to its exit code. */
export async function runCommandLine(argv: string[], io: CommandIo): Promise<number> {
  // `bredon help <command>` is `bredon <command> --help`.
  const [name, ...rest] = argv[0] === 'help' && argv.length > 1 ? [argv[1]!, '--help'] : argv;
  if (name === '--help' || name === '-h' || name === 'help') {
    io.out(usage());
    return 0;
  }
  if (name === '--version') {
    io.out(versionLine());
    io.out(networksLine());
    return 0;
  }
  // No subcommand: speak TEI (what Racetrack and PTN Ninja expect of an engine binary).
  const command = name === undefined ? commands['tei'] : commands[name];
  if (command === undefined) {
    io.err(`bredon: unknown command '${name ?? ''}'\n${usage()}\n`);
    return 2;
  }
  if (command.help !== undefined && wantsHelp(rest)) {
    io.out(formatHelp(command.usage, command.help));
    return 0;
  }
  try {
    const code = await command.run(rest, io.out);
    return typeof code === 'number' ? code : 0;
  } catch (e) {
    const known = e instanceof UsageError || e instanceof MatchError || e instanceof NotationError || e instanceof RangeError || (e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
    const msg = unknownOptionLine(e, name ?? 'tei', command.usage) ?? (e instanceof Error ? e.message : String(e));
    io.err(`bredon ${name}: ${known ? '' : 'internal error: '}${msg}\n`);
    return known ? 2 : 1;
  }
}

