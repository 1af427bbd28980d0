// `bredon show "<TPS>" [--komi K] [--stones N] [--caps N]`: draws a position in the terminal.

import { parseArgs } from 'node:util';
import { showPosition } from '../notation/show.js';
import { parseTps } from '../notation/tps.js';
import { halfKomiOption, intOption, tpsFromPositionals, useColour } from './args.js';

export const showUsage = 'bredon show "<TPS>" [--komi K] [--stones N] [--caps N]';

export function runShow(argv: string[], out: (line: string) => void): void {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      komi: { type: 'string' },
      stones: { type: 'string' },
      caps: { type: 'string' },
    },
    strict: true,
    allowPositionals: true,
  });
  const tps = tpsFromPositionals(positionals, 'show', showUsage);
  const halfKomi = halfKomiOption(values.komi);
  const stones = intOption('stones', values.stones, 0, 200);
  const caps = intOption('caps', values.caps, 0, 20);
  const pos = parseTps(tps, { ...(stones !== undefined && { stones }), ...(caps !== undefined && { caps }) });
  for (const line of showPosition(pos, { halfKomi, colour: useColour() })) out(line);
}
