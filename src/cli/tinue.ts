// `bredon tinue "<TPS>" [--max-plies N] [--movetime MS] [--komi K]`: is there a forced road
// (tinue) for the side to move? One line on stdout and an exit status a script can test:
//   0  tinue in N: <line>         (N plies, both sides' plies counted: 3 = attack, answer, road)
//   1  no tinue within N plies
//   3  unknown (limit reached)    (the time ran out first)
//   2  bad input: a bad TPS or option, a finished position, the opening swap (one line on stderr)
// The solver and what it counts as tinue: src/tinue/dfpn.ts.

import { formatMove } from '../notation/ptn-move.js';
import { parseTps } from '../notation/tps.js';
import { MAX_TINUE_PLIES, TinueInputError, TinueSolver, type TinueOutcome } from '../tinue/dfpn.js';
import { halfKomiOption, intOption, parseCommandArgs, tpsFromPositionals } from './args.js';
import { UsageError } from './errors.js';
import type { CommandHelp } from './help.js';

export const tinueUsage = 'bredon tinue "<TPS>" [--max-plies N] [--movetime MS] [--komi K]';

export const TINUE_DEFAULT_PLIES = 15;
export const TINUE_DEFAULT_MS = 10_000;

/** Exit statuses, for scripts. */
export const TINUE_EXIT = { tinue: 0, none: 1, usage: 2, unknown: 3 } as const;

export const tinueHelp: CommandHelp = {
  about:
    'Proves or refutes a forced road (tinue) for the side to move, with a proof-number search over\n' +
    'the attacking moves that win or make a road threat (tak, by placement or spread) and every answer.\n' +
    'Prints "tinue in N: <line>" (N plies counting both sides: 3 is threat, answer, road; the line is\n' +
    'the attack against the longest defence), "no tinue within N plies" or "unknown (limit reached)".\n' +
    'Exit status: 0 tinue, 1 none within N plies, 3 unknown, 2 bad input (one line on stderr).',
  options: [
    '  "<TPS>"         the position, quoted or as its three fields; the side to move attacks',
    `  --max-plies N   the longest tinue looked for, in plies (default ${TINUE_DEFAULT_PLIES}, at most ${MAX_TINUE_PLIES})`,
    `  --movetime MS   give up after this long: "unknown" (default ${TINUE_DEFAULT_MS})`,
    '  --komi K        komi in flats: it decides only a defence that ends the game on flats',
  ],
  examples: [
    'bredon tinue "2,x2,2,x2/x3,2,x2/x2,2,2,2,x/1,1,2,x,1,1/x,1,12221,21112C,x,1/x,1,x,21,2S,1 2 19"',
    'bredon tinue "x5/x5/x5/x5/x5 1 3" --max-plies 7 --movetime 2000 || echo "no forced road"',
  ],
};

/** The line printed for an outcome. */
export function describeTinue(o: TinueOutcome, size: number): string {
  switch (o.kind) {
    case 'tinue':
      return `tinue in ${o.plies}: ${o.line.map((m) => formatMove(m, size)).join(' ')}`;
    case 'none':
      return `no tinue within ${o.plies} ${o.plies === 1 ? 'ply' : 'plies'}`;
    case 'unknown':
      return `unknown (limit reached)${o.refuted > 0 ? `: no tinue within ${o.refuted} ${o.refuted === 1 ? 'ply' : 'plies'}` : ''}`;
  }
}

export function runTinue(argv: string[], out: (line: string) => void): number {
  const { values, positionals } = parseCommandArgs({
    args: argv,
    options: {
      'max-plies': { type: 'string' },
      movetime: { type: 'string' },
      komi: { type: 'string' },
    },
    strict: true,
    allowPositionals: true,
  });
  const tps = tpsFromPositionals(positionals, 'tinue', tinueUsage);
  const maxPlies = intOption('max-plies', values['max-plies'], 1, MAX_TINUE_PLIES) ?? TINUE_DEFAULT_PLIES;
  const ms = intOption('movetime', values.movetime, 1, 86_400_000) ?? TINUE_DEFAULT_MS;
  const halfKomi = halfKomiOption(values.komi);
  const pos = parseTps(tps);
  let outcome: TinueOutcome;
  try {
    outcome = new TinueSolver(64).solve(pos, halfKomi, { maxPlies, ms });
  } catch (e) {
    if (e instanceof TinueInputError) throw new UsageError(`${e.message}: no tinue to look for`);
    throw e;
  }
  out(describeTinue(outcome, pos.size));
  return TINUE_EXIT[outcome.kind];
}
