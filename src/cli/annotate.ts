// `bredon annotate <game.ptn> [--movetime MS | --depth D] [--out FILE] [--curve FILE.svg] [--komi K] [--size N]`:
// every game of the file searched position by position and written back as PTN with Bredon's
// comments and marks (src/annotate/write.ts says what they mean), then a summary per game.
// The PTN goes to --out, or to stdout; the summary to stdout, or to stderr when stdout carries
// the PTN (so that `bredon annotate g.ptn > out.ptn` leaves a clean file). Every game is checked
// before any is searched: a malformed or illegal game is one line on stderr and exit 2.

import { appendFileSync, writeFileSync } from 'node:fs';
import { curveSvg } from '../annotate/curve.js';
import { readTextOr } from '../notation/read-text.js';
import { Annotator } from '../annotate/analysis.js';
import { AnnotateProgress } from '../annotate/progress.js';
import { summarize } from '../annotate/summary.js';
import { formatAnnotatedGame } from '../annotate/write.js';
import { parsePtnFile, replayGame, type PtnGame } from '../notation/ptn-game.js';
import type { SearchLimits } from '../search/types.js';
import { halfKomiOption, intOption, parseCommandArgs } from './args.js';
import { UsageError } from './errors.js';
import type { CommandHelp } from './help.js';

declare const BREDON_VERSION: string;
const VERSION = typeof BREDON_VERSION === 'string' ? BREDON_VERSION : 'dev';

export const annotateUsage = 'bredon annotate <game.ptn> [--movetime MS | --depth D] [--out FILE] [--curve FILE.svg] [--komi K] [--size N]';

export const ANNOTATE_DEFAULT_MS = 1000;
/** The tinue solver's budget per tak move: nodes, so that --depth runs repeat exactly. */
const TINUE_NODES = 50_000;
const TINUE_PLIES = 9;
const HASH_MB = 64;

export const annotateHelp: CommandHelp = {
  about:
    'Searches every position of every game in a PTN file and writes the games back with, per move, the\n' +
    "evaluation after it as a comment (White's view, depth), ' on a tak and '' on a proven tinue, ? and ??\n" +
    'on moves that lost 1 and 3 flats or more by the search (never on its own best move), and the\n' +
    "engine's better move and line in the comment when it preferred another by a third of a flat.\n" +
    'Then a summary per game: mistakes, missed forced wins, forced losses walked into, biggest swings.\n' +
    'The PTN goes to --out or stdout, the summary to stdout (to stderr when stdout carries the PTN).',
  options: [
    '  <game.ptn>      the games (what `bredon ptn check` reads)',
    `  --movetime MS   search each position this long (default ${ANNOTATE_DEFAULT_MS})`,
    '  --depth D       search each position to depth D instead (the same output on every run)',
    '  --out FILE      write the annotated PTN here instead of stdout',
    "  --curve FILE    write White's win chance, ply by ply, with the marked moves, as an SVG picture",
    '                  (a file with several games: FILE-1.svg, FILE-2.svg, ...)',
    '  --komi K        komi in flats, over the Komi tag',
    '  --size N        the board size, over a missing or wrong Size tag',
  ],
  examples: [
    'bredon annotate game.ptn --movetime 2000 --out game-annotated.ptn',
    'bredon annotate games.ptn --depth 6 --curve game.svg > annotated.ptn',
  ],
};

function readGames(file: string): PtnGame[] {
  const text = readTextOr(file, (why) => new UsageError(`cannot read '${file}': ${why}`));
  const parsed = parsePtnFile(text);
  if (parsed.length === 0) throw new UsageError(`'${file}' holds no PTN games`);
  return parsed.map((entry) => {
    if ('error' in entry) throw entry.error;
    return entry.game;
  });
}

function writeOrFail(write: () => void, file: string): void {
  try {
    write();
  } catch (e) {
    throw new UsageError(`cannot write '${file}': ${(e as Error).message}`);
  }
}

export async function runAnnotate(argv: string[], out: (line: string) => void): Promise<number> {
  const { values, positionals } = parseCommandArgs({
    args: argv,
    options: {
      movetime: { type: 'string' },
      depth: { type: 'string' },
      out: { type: 'string' },
      curve: { type: 'string' },
      komi: { type: 'string' },
      size: { type: 'string' },
    },
    strict: true,
    allowPositionals: true,
  });
  const [file, ...extra] = positionals;
  if (file === undefined) throw new UsageError(`annotate needs a PTN file: ${annotateUsage}`);
  if (extra.length > 0) throw new UsageError(`unexpected argument '${extra[0]}': ${annotateUsage}`);
  if (values.movetime !== undefined && values.depth !== undefined) throw new UsageError('give --movetime or --depth, not both');
  const depth = intOption('depth', values.depth, 1, 100);
  const movetime = intOption('movetime', values.movetime, 1, 86_400_000) ?? (depth === undefined ? ANNOTATE_DEFAULT_MS : undefined);
  const size = intOption('size', values.size, 3, 8);
  const komi = values.komi === undefined ? undefined : halfKomiOption(values.komi) / 2;

  const games = readGames(file);
  // Every game must replay before any is searched: a typo at the end should not cost an hour.
  for (const game of games) replayGame(game, { size, komi });

  const limits: SearchLimits = {};
  if (depth !== undefined) limits.depth = depth;
  if (movetime !== undefined) {
    limits.softMs = movetime;
    limits.hardMs = movetime;
  }
  const budget = depth !== undefined ? `depth ${depth}` : `${movetime} ms`;
  const annotator = new Annotator({ limits, size, komi, tinueNodes: TINUE_NODES, tinuePlies: TINUE_PLIES, hashMb: HASH_MB });
  const target = values.out;
  if (target !== undefined) writeOrFail(() => writeFileSync(target, ''), target);
  const writePtn = (text: string) => {
    if (target !== undefined) writeOrFail(() => appendFileSync(target, text), target);
    else out(text.replace(/\n$/, ''));
  };
  const say = target !== undefined ? out : (line: string) => process.stderr.write(line + '\n');

  const total = games.reduce((n, g) => n + g.moves.length + 1, 0);
  const progress = new AnnotateProgress(process.stderr, total, games.length);
  const summaries: string[] = [];
  try {
    for (let i = 0; i < games.length; i++) {
      progress.startGame(i + 1);
      const analysis = await annotator.analyse(games[i]!, async () => {
        progress.position();
        // Let the bar's timer redraw: the search itself never yields.
        await new Promise<void>((resolve) => setImmediate(resolve));
      });
      writePtn((i > 0 ? '\n' : '') + formatAnnotatedGame(analysis, `Bredon ${VERSION}, ${budget} per position`));
      summaries.push(...summarize(analysis));
      if (values.curve !== undefined) {
        const svg = games.length === 1 ? values.curve : values.curve.replace(/(\.svg)?$/i, `-${i + 1}.svg`);
        writeOrFail(() => writeFileSync(svg, curveSvg(analysis)), svg);
      }
    }
  } finally {
    progress.stop();
  }
  for (const line of summaries) say(line);
  return 0;
}
