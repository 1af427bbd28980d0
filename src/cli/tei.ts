// `bredon` or `bredon tei`: speak TEI on stdin/stdout (the default with no subcommand).

import { SearchPool } from '../search/worker.js';
import { OPTIONS } from '../tei/session.js';
import { runTeiLoop } from '../tei/io.js';
import { UsageError } from './errors.js';

export const teiUsage = 'bredon [tei]   speak TEI on stdin/stdout (Racetrack, PTN Ninja)';

function optionDefault(name: string): number {
  const o = OPTIONS.find((x) => x.name === name);
  return o !== undefined && o.type === 'spin' ? o.default : 1;
}

export async function runTei(argv: string[], version: string): Promise<void> {
  if (argv.length > 0) throw new UsageError(`tei takes no arguments: ${teiUsage}`);
  const log = (line: string) => process.stderr.write(line + '\n');
  const backend = new SearchPool({ hashMb: optionDefault('Hash'), threads: optionDefault('Threads'), log });
  await runTeiLoop({ input: process.stdin, output: process.stdout, backend, version, log });
  // Quit at once: the search threads are already told to end, and stdout writes to a pipe are
  // synchronous, so nothing is lost by not waiting for anything else.
  process.exit(0);
}
