// `bredon show "<TPS>" [--komi K] [--stones N|W,B] [--caps N|W,B]`: draws a position in the terminal.

import { showPosition } from '../notation/show.js';
import { parseTps } from '../notation/tps.js';
import { halfKomiOption, parseCommandArgs, reserveOptions, tpsFromPositionals, useColour } from './args.js';
import type { CommandHelp } from './help.js';

export const showUsage = 'bredon show "<TPS>" [--komi K] [--stones N|W,B] [--caps N|W,B]';

export const showHelp: CommandHelp = {
  about:
    'Draws a position: stacks bottom to top, then both reserves, the flat count and the side to move\n' +
    '(in colour on a terminal, unless NO_COLOR is set).',
  options: [
    '  "<TPS>"              the position, quoted or as its three fields',
    '  --komi K             komi in flats, whole or half (default 0)',
    '  --stones N, --caps N reserves per player (default: the standard ones for the size);',
    '                       W,B gives White and Black their own (a handicap game)',
  ],
  examples: ['bredon show "x,2C,x4/x4,1,x/2S,x,2,1212,x2/x,1,1112S,1,2,2/x2,1C,1,x2/x6 1 15"', 'bredon show x5/x5/x5/x5/x5 1 1 --komi 2', 'bredon show "x5/x5/x2,1,x2/x5/x5 2 1" --stones 30,29'],
};

export function runShow(argv: string[], out: (line: string) => void): void {
  const { values, positionals } = parseCommandArgs({
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
  const pos = parseTps(tps, reserveOptions(values.stones, values.caps, 200, 20));
  for (const line of showPosition(pos, { halfKomi, colour: useColour() })) out(line);
}
