// `bredon show "<TPS>" [--komi K] [--stones N] [--caps N]`: draws a position in the terminal.

import { parseArgs } from 'node:util';
import { halfKomiFrom } from '../notation/ptn-game.js';
import { showPosition } from '../notation/show.js';
import { parseTps } from '../notation/tps.js';
import { intOption, UsageError } from './errors.js';

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
  // The TPS is one quoted argument; its three fields given unquoted are accepted too.
  const tps = positionals.join(' ');
  if (tps.trim() === '') throw new UsageError(`show needs a TPS: ${showUsage}`);
  let halfKomi = 0;
  if (values.komi !== undefined) {
    try {
      halfKomi = halfKomiFrom(values.komi);
    } catch (e) {
      throw new UsageError(`--komi: ${(e as Error).message}`);
    }
  }
  const stones = intOption('stones', values.stones, 0, 200);
  const caps = intOption('caps', values.caps, 0, 20);
  const pos = parseTps(tps, { ...(stones !== undefined && { stones }), ...(caps !== undefined && { caps }) });
  const colour = process.stdout.isTTY === true && !process.env['NO_COLOR'];
  for (const line of showPosition(pos, { halfKomi, colour })) out(line);
}
