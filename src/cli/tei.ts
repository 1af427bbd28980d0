// `bredon` or `bredon tei`: speak TEI on stdin/stdout (the default with no subcommand).

import { SearchPool } from '../search/worker.js';
import { OPTIONS } from '../tei/options.js';
import { runTeiLoop } from '../tei/io.js';
import { parseCommandArgs } from './args.js';
import { UsageError } from './errors.js';
import type { CommandHelp } from './help.js';

export const teiUsage = 'bredon [tei]   speak TEI on stdin/stdout (Racetrack, PTN Ninja)';

export const teiHelp: CommandHelp = {
  about:
    'Speaks TEI, the Tak Engine Interface, on stdin/stdout: what match runners (Racetrack, bredon match)\n' +
    'and GUIs (PTN Ninja) expect of an engine. The default when no command is given; it takes no options.',
  examples: ['bredon', "printf 'tei\\nteinewgame 6\\nposition startpos moves a1 f6\\ngo depth 4\\n' | bredon tei"],
};

function optionDefault(name: string): number {
  const o = OPTIONS.find((x) => x.name === name);
  return o !== undefined && o.type === 'spin' ? o.default : 1;
}

export async function runTei(argv: string[], version: string): Promise<void> {
  // parseArgs with no options names an unknown option the way every other command does.
  const { positionals } = parseCommandArgs({ args: argv, options: {}, strict: true, allowPositionals: true });
  if (positionals.length > 0) throw new UsageError(`tei takes no arguments: ${teiUsage}`);
  const log = (line: string) => process.stderr.write(line + '\n');
  const backend = new SearchPool({ hashMb: optionDefault('Hash'), threads: optionDefault('Threads'), log });
  await runTeiLoop({ input: process.stdin, output: process.stdout, backend, version, log });
  // Quit at once: the search threads are already told to end, and stdout writes to a pipe are
  // synchronous, so nothing is lost by not waiting for anything else.
  process.exit(0);
}
