// The command line: `bredon [subcommand] ...`. With no subcommand Bredon speaks TEI on stdin/stdout.
// Each subcommand lives in its own file; this one only dispatches and turns errors into one
// clear line on stderr with a non-zero exit (never a stack trace).

import { runPerft, perftUsage } from './perft.js';
import { UsageError } from './errors.js';
import { NotationError } from '../notation/errors.js';

declare const BREDON_VERSION: string;
export const VERSION = typeof BREDON_VERSION === 'string' ? BREDON_VERSION : 'dev';

type Command = { usage: string; run: (argv: string[], out: (line: string) => void) => void | Promise<void> };

const commands: Record<string, Command> = {
  perft: { usage: perftUsage, run: runPerft },
};

function usage(): string {
  return ['usage:', ...Object.values(commands).map((c) => `  ${c.usage}`)].join('\n');
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(usage() + '\n');
    return 0;
  }
  if (name === '--version') {
    process.stdout.write(`bredon ${VERSION}\n`);
    return 0;
  }
  const command = name === undefined ? undefined : commands[name];
  if (command === undefined) {
    process.stderr.write(`bredon: unknown command '${name ?? ''}'\n${usage()}\n`);
    return 2;
  }
  const out = (line: string) => process.stdout.write(line + '\n');
  try {
    await command.run(rest, out);
    return 0;
  } catch (e) {
    const known = e instanceof UsageError || e instanceof NotationError || e instanceof RangeError || (e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
    const msg = e instanceof Error ? e.message : String(e);
    process.stderr.write(`bredon ${name}: ${known ? '' : 'internal error: '}${msg}\n`);
    return known ? 2 : 1;
  }
}

main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
