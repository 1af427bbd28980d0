// `bredon perft (--size N | --tps "<TPS>") [--moves "m1 m2 ..."] --depth D [--divide] [--stones N|W,B] [--caps N|W,B]`

import { makeMove } from '../core/makemove.js';
import { isLegalMove } from '../core/movegen.js';
import type { Position, ReserveOptions } from '../core/position.js';
import { isDecided } from '../core/result.js';
import { formatMove, parseMove } from '../notation/ptn-move.js';
import { parseTps, startTps } from '../notation/tps.js';
import { perftCount, perftDivide } from '../wasm/perft.js';
import { intOption, parseCommandArgs, reserveOptions } from './args.js';
import { UsageError } from './errors.js';
import type { CommandHelp } from './help.js';

export const perftUsage = 'bredon perft (--size N | --tps "<TPS>") [--moves "m1 m2 ..."] --depth D [--divide] [--stones N|W,B] [--caps N|W,B]';

export const perftHelp: CommandHelp = {
  about:
    'Counts the move sequences of exactly D plies (perft), to check a move generator against\n' +
    'published counts or against another engine, and to time the rules core. A decided position\n' +
    '(road, full board, empty reserve) has no children; repetitions are not draws here. Counted\n' +
    'on the WebAssembly rules core where the runtime has it (the same counts as the TypeScript one).',
  options: [
    '  --size N             the empty board of size N (3 to 8)',
    '  --tps "<TPS>"        or this position',
    '  --moves "m1 m2 ..."  PTN moves played first, each checked legal',
    '  --depth D            count to D plies: one line per depth from 1 to D',
    '  --divide             one line per legal move: perft D-1 of the position after it; then the total',
    '  --stones N, --caps N reserves per player (default: the standard ones for the size);',
    '                       W,B gives White and Black their own (a handicap game)',
  ],
  examples: [
    'bredon perft --size 5 --depth 4',
    'bredon perft --tps "x5/x2,2S,x2/x2,121,x2/x5/x5 1 4" --depth 2 --divide',
    'bredon perft --size 6 --moves "a1 f6 c3" --depth 3 --divide',
    'bredon perft --size 3 --caps 1 --depth 4',
    'bredon perft --size 5 --stones 30,29 --depth 3',
  ],
};

/** The position given by --size or --tps (custom reserves optional), then --moves played on it (each checked legal). */
export function positionFromArgs(
  size: number | undefined,
  tps: string | undefined,
  moves: string | undefined,
  reserves: ReserveOptions = {},
): Position {
  if ((size === undefined) === (tps === undefined)) throw new UsageError('give exactly one of --size N and --tps "<TPS>"');
  const pos = parseTps(tps ?? startTps(size!), reserves);
  const tokens = (moves ?? '').trim().split(/\s+/).filter((t) => t !== '');
  tokens.forEach((token, i) => {
    const move = parseMove(token, pos.size);
    if (isDecided(pos)) throw new UsageError(`move ${i + 1} (${token}): the game is already over`);
    if (!isLegalMove(pos, move)) throw new UsageError(`move ${i + 1} (${token}) is not legal in this position`);
    makeMove(pos, move);
  });
  return pos;
}

export function runPerft(argv: string[], out: (line: string) => void): void {
  const { values } = parseCommandArgs({
    args: argv,
    options: {
      size: { type: 'string' },
      tps: { type: 'string' },
      moves: { type: 'string' },
      depth: { type: 'string' },
      divide: { type: 'boolean', default: false },
      stones: { type: 'string' },
      caps: { type: 'string' },
    },
    strict: true,
    allowPositionals: false,
  });
  const depth = intOption('depth', values.depth, 1, 32);
  if (depth === undefined) throw new UsageError(`--depth is required: ${perftUsage}`);
  const reserves = reserveOptions(values.stones, values.caps, 127, 127);
  const pos = positionFromArgs(intOption('size', values.size, 3, 8), values.tps, values.moves, reserves);
  if (values.divide) {
    const t0 = performance.now();
    let total = 0;
    for (const [move, count] of perftDivide(pos, depth)) {
      out(`${formatMove(move, pos.size)} ${count}`);
      total += count;
    }
    out(`total ${total} time ${Math.round(performance.now() - t0)}`);
    return;
  }
  for (let d = 1; d <= depth; d++) {
    const t0 = performance.now();
    const nodes = perftCount(pos, d);
    const ms = performance.now() - t0;
    const nps = ms > 0 ? Math.round((nodes * 1000) / ms) : nodes;
    out(`depth ${d} nodes ${nodes} time ${Math.round(ms)} nps ${nps}`);
  }
}
