// `bredon label`: labels the quiet positions of PTN games with Bredon's own search at a fixed
// node budget (src/selfplay/label.ts) and writes them as the labelled records of data/
// (src/dataset/labelled-ptn.ts, docs/data.md), gzip-compressed when OUT ends in .gz.
// A file's games are put in the order of their Round tags first (bredon selfplay writes games
// as they finish, so its file order depends on timing), which makes the output a function of the
// games alone. stdout gets the summary; progress and skipped games go to stderr.

import { availableParallelism } from 'node:os';
import { halfKomiFrom, parsePtnFile, replayGame, resultScore, tagValue, type PtnGame } from '../notation/ptn-game.js';
import { formatMove } from '../notation/ptn-move.js';
import type { Label } from '../dataset/labelled-ptn.js';
import type { LabelJob } from '../selfplay/label.js';
import { isLabelWorker, runLabelPool, runLabelWorker } from '../selfplay/label-worker.js';
import { formatLabelledGame } from '../dataset/labelled-ptn.js';
import { readTextFile, writeTextFile } from '../notation/compressed.js';
import { gameSize } from '../dataset/read.js';
import { intOption, parseCommandArgs } from './args.js';
import { UsageError } from './errors.js';
import type { CommandHelp } from './help.js';

export const labelUsage = 'bredon label --size N --nodes N [--threads N] --out OUT.ptn[.gz] FILE.ptn[.gz] [FILE ...]';

export const labelHelp: CommandHelp = {
  about: [
    'Searches every quiet position of the games (past the opening, not finished, no road in one)',
    'with a fresh search of N nodes, and writes the games with each label as the comment of the',
    'move played from that position: {score in flats, White/depth}, with an Annotator tag naming',
    'the budget. `bredon train` reads these labels as evaluation targets. The same games and budget',
    'give the same file on any machine and thread count. Games of other sizes or unfinished are left out.',
  ].join('\n'),
  options: [
    '  --size N          board size, 3 to 8 (required)',
    '  --nodes N         nodes searched per position (required)',
    '  --threads N       worker threads (default: every core)',
    '  --out FILE        the labelled games; gzip-compressed when the name ends in .gz',
  ],
  examples: ['bredon label --size 6 --nodes 50000 --threads 2 --out data/selfplay/6x6/s6-k0001.ptn.gz s6-k0001.ptn'],
};

function roundOf(g: PtnGame): number {
  const r = tagValue(g, 'Round');
  return r !== undefined && /^[0-9]+$/.test(r.trim()) ? Number(r) : NaN;
}

export async function runLabel(argv: string[], out: (line: string) => void): Promise<void> {
  if (isLabelWorker()) {
    runLabelWorker();
    return;
  }
  const { values, positionals } = parseCommandArgs({
    args: argv,
    options: {
      size: { type: 'string' },
      nodes: { type: 'string' },
      threads: { type: 'string' },
      out: { type: 'string' },
    },
    strict: true,
    allowPositionals: true,
  });
  const size = intOption('size', values.size, 3, 8);
  const nodes = intOption('nodes', values.nodes, 1, 1_000_000_000);
  const threads = intOption('threads', values.threads, 1, 256) ?? availableParallelism();
  if (size === undefined || nodes === undefined || values.out === undefined || positionals.length === 0) {
    throw new UsageError(`--size, --nodes, --out and at least one game file are required: ${labelUsage}`);
  }

  const games: { game: PtnGame; moves: string[]; halfKomi: number }[] = [];
  const skipped = { otherSize: 0, unfinished: 0, errors: 0 };
  for (const file of positionals) {
    let text: string;
    try {
      text = readTextFile(file);
    } catch (e) {
      throw new UsageError(`cannot read '${file}': ${(e as Error).message}`);
    }
    const parsed: PtnGame[] = [];
    for (const g of parsePtnFile(text)) {
      if ('error' in g) {
        skipped.errors++;
        process.stderr.write(`${file}: game ${g.index} left out: ${g.error.message}\n`);
      } else parsed.push(g.game);
    }
    if (parsed.every((g) => !Number.isNaN(roundOf(g)))) parsed.sort((a, b) => roundOf(a) - roundOf(b));
    for (const game of parsed) {
      if (gameSize(game) !== size) {
        skipped.otherSize++;
        continue;
      }
      if (resultScore(tagValue(game, 'Result') ?? game.result) === undefined) {
        skipped.unfinished++;
        continue;
      }
      try {
        const halfKomi = halfKomiFrom(tagValue(game, 'Komi') ?? '0');
        const moves: string[] = [];
        replayGame(game, { size, onMove: (_pos, move) => moves.push(formatMove(move, size)) });
        games.push({ game, moves, halfKomi });
      } catch (e) {
        skipped.errors++;
        process.stderr.write(`${file}: game ${game.index} left out: ${(e as Error).message}\n`);
      }
    }
  }

  const jobs: LabelJob[] = games.map((g, order) => ({ order, size, halfKomi: g.halfKomi, tps: tagValue(g.game, 'TPS') ?? null, moves: g.moves, nodes }));
  const results: (Label | null)[][] = new Array(games.length);
  let done = 0;
  let positions = 0;
  const started = performance.now();
  await runLabelPool(jobs, threads, (order, labels) => {
    results[order] = labels;
    done++;
    positions += labels.filter((l) => l !== null).length;
    const s = (performance.now() - started) / 1000;
    process.stderr.write(`\rgames ${done}/${games.length}  positions ${positions}  ${((positions * 60) / Math.max(s, 1e-3)).toFixed(0)}/min   `);
  });
  if (games.length > 0) process.stderr.write('\n');
  const text = games.map((g, i) => formatLabelledGame(g.game, g.moves, results[i]!, g.halfKomi, nodes)).join('\n');
  writeTextFile(values.out, text);
  out(`${values.out}: ${games.length} games, ${positions} positions labelled at ${nodes} nodes in ${((performance.now() - started) / 1000).toFixed(0)} s; left out ${skipped.otherSize} of other sizes, ${skipped.unfinished} unfinished, ${skipped.errors} malformed`);
}
