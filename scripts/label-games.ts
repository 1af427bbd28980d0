// Labels the positions of PTN games with a stronger engine's judgement, for the network trainer:
// every quiet position (src/dataset/quiet.ts: past the opening, not finished, no road in one) is
// searched by a TEI engine at a fixed node budget, and the move played from it gets the comment
// `{<eval>/<depth> <time>s}` with eval = the engine's expected score for White as 2p - 1, the
// form of the shared Tiltak archives. The game gets an `Annotator` tag naming the engine, which
// tells the tuner that every comment of that game is such an evaluation from White's view
// (whoever played the moves). Other comments are dropped.
//
// Why: a game of Bredon against Tiltak carries Tiltak's evaluation on Tiltak's own moves only,
// and Bredon's selfplay games none; Tiltak's search at a few thousand playouts is cheap (tens of
// milliseconds), so labelling the positions Bredon's own play reaches gives the network many
// more positions, and the ones Bredon's search actually meets.
//
// The engine must report `score cp` as 200p - 100 for the side to move (p its expected score),
// as Tiltak's TEI binary does; a score outside [-100, 100] stops the run with an error, since it
// would mean the engine reports in another unit (Bredon's centiflats, say).
//
//   node --import tsx scripts/label-games.ts --engine "<tei command>" [--option NAME=VALUE ...]
//        --size N --nodes N [--from-ply P] [--concurrency N] --out OUT.ptn FILE.ptn [FILE.ptn ...]
//
// --from-ply P searches only the positions from ply P on (ply 0 is the empty board). The moves
// before it keep their labels when the input is itself a labelled file (an Annotator tag and
// comments of the form above), so that a file labelled at few nodes can have its later
// positions relabelled deeper at a fraction of the cost of labelling everything deeper; the
// Annotator tag then names both budgets.
//
// e.g. --engine /path/to/tiltak/tei --option HalfKomi=4 (Tiltak takes komi as an option; the
// games' Komi tags must match it). Games of other sizes, unfinished or malformed are left out.
// The output keeps the input's order (the tuner's validation split hashes game numbers), and is
// written as games finish in order, so a run stopped early leaves a usable file.

import { createWriteStream, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { splitCommandLine } from '../src/match/command-line.js';
import { killAllEngines } from '../src/match/engine-process.js';
import { DEFAULT_TIMEOUTS, TeiEngine } from '../src/match/tei-engine.js';
import { numberedMoveLines } from '../src/match/ptn-writer.js';
import { halfKomiFrom, parsePtnFile, replayGame, resultScore, tagValue, type PtnGame } from '../src/notation/ptn-game.js';
import { formatMove } from '../src/notation/ptn-move.js';
import { quietVerdict } from '../src/dataset/quiet.js';
import { gameSize } from '../src/dataset/read.js';
import { tiltakEval } from '../src/dataset/tiltak-ptn.js';

const { values, positionals } = parseArgs({
  options: {
    engine: { type: 'string' },
    option: { type: 'string', multiple: true, default: [] },
    size: { type: 'string' },
    nodes: { type: 'string' },
    'from-ply': { type: 'string', default: '0' },
    concurrency: { type: 'string', default: '2' },
    out: { type: 'string' },
  },
  allowPositionals: true,
  strict: true,
});
const size = Number(values.size);
const nodes = Number(values.nodes);
const concurrency = Number(values.concurrency);
const fromPly = Number(values['from-ply']);
const usage = 'usage: label-games.ts --engine CMD [--option NAME=VALUE ...] --size N --nodes N [--from-ply P] [--concurrency N] --out OUT.ptn FILE.ptn...\n';
if (
  values.engine === undefined ||
  values.out === undefined ||
  positionals.length === 0 ||
  !Number.isInteger(size) ||
  size < 3 ||
  size > 8 ||
  !Number.isInteger(nodes) ||
  nodes < 1 ||
  !Number.isInteger(fromPly) ||
  fromPly < 0 ||
  !Number.isInteger(concurrency) ||
  concurrency < 1
) {
  process.stderr.write(usage);
  process.exit(2);
}
const setoptions = values.option.map((o) => {
  const eq = o.indexOf('=');
  if (eq <= 0) {
    process.stderr.write(`--option '${o}': expected NAME=VALUE\n`);
    process.exit(2);
  }
  return { name: o.slice(0, eq), value: o.slice(eq + 1) };
});

/** A game to label: its tags, canonical moves, and which positions before each move are quiet. */
interface Job {
  order: number;
  game: PtnGame;
  moves: string[];
  quiet: boolean[];
}

const jobs: Job[] = [];
const counts = { read: 0, otherSize: 0, unfinished: 0, errors: 0 };
for (const file of positionals) {
  for (const g of parsePtnFile(readFileSync(file, 'utf8'))) {
    counts.read++;
    if ('error' in g) {
      counts.errors++;
      continue;
    }
    const game = g.game;
    if (gameSize(game) !== size || tagValue(game, 'TPS') !== undefined) {
      counts.otherSize++;
      continue;
    }
    if (resultScore(tagValue(game, 'Result') ?? game.result) === undefined) {
      counts.unfinished++;
      continue;
    }
    try {
      const halfKomi = halfKomiFrom(tagValue(game, 'Komi') ?? '0');
      const moves: string[] = [];
      const quiet: boolean[] = [false]; // the empty board, before move 0
      replayGame(game, {
        size,
        onMove: (pos, move) => {
          moves.push(formatMove(move, size));
          quiet.push(quietVerdict(pos, halfKomi) === 'kept');
        },
      });
      jobs.push({ order: jobs.length, game, moves, quiet });
    } catch (e) {
      counts.errors++;
      process.stderr.write(`${file}: game ${game.index} left out: ${(e as Error).message}\n`);
    }
  }
}

const out = createWriteStream(values.out);
const done = new Map<number, string>();
let nextToWrite = 0;
let labelled = 0;
let reused = 0;
// Labels by the moves that led to the position: paired screenings replay the same game for many
// moves, and a position met again is not searched again but given its first label (on 1178
// games of screenings and matches against Tiltak, 7,183 of 49,593 positions were met again).
// A label is kept as its search's promise from the moment the search starts, so that two engines
// meeting the same position at once search it once.
const byLine = new Map<string, Promise<string>>();
const started = performance.now();

function write(order: number, text: string): void {
  done.set(order, text);
  while (done.has(nextToWrite)) {
    out.write(done.get(nextToWrite)! + '\n\n');
    done.delete(nextToWrite);
    nextToWrite++;
  }
}

function formatGame(job: Job, evals: (string | null)[], annotator: string): string {
  const tags = [...job.game.tags].filter(([k]) => k.toLowerCase() !== 'annotator').map(([k, v]) => `[${k} "${v}"]`);
  if (tagValue(job.game, 'Result') === undefined) tags.push(`[Result "${job.game.result}"]`);
  tags.push(`[Annotator "${annotator.replace(/["\\]/g, '')}"]`);
  const moves = job.moves.map((m, i) => (evals[i] === null ? m : `${m} {${evals[i]}}`));
  return `${tags.join('\n')}\n\n${numberedMoveLines(null, moves).join('\n')}`;
}

/** The engine's label of the position `line` (ply `ply` of game `game`), from White's view. */
async function judge(engine: TeiEngine, line: string, game: number, ply: number): Promise<string> {
  const r = await engine.search(line, `go nodes ${nodes}`, 120_000);
  if (r.kind !== 'move' || r.scoreCp === undefined) {
    throw new Error(`game ${game}, ply ${ply}: the engine gave no score (${r.kind === 'crash' ? r.description : r.kind})`);
  }
  if (r.scoreCp < -100 || r.scoreCp > 100) {
    throw new Error(`game ${game}, ply ${ply}: score cp ${r.scoreCp} is outside [-100, 100]: not an expected-score engine (see the top of label-games.ts)`);
  }
  const mover = r.scoreCp / 100;
  const white = ply % 2 === 0 ? mover : -mover;
  return `${white >= 0 ? '+' : ''}${white.toFixed(3)}/${r.depth ?? 0} ${(r.elapsedMs / 1000).toFixed(3)}s`;
}

async function worker(slot: number, queue: Job[]): Promise<void> {
  const engine = new TeiEngine(
    { index: slot, command: values.engine!, argv: splitCommandLine(values.engine!), setoptions },
    DEFAULT_TIMEOUTS,
    (m) => process.stderr.write(`engine ${slot}: ${m}\n`),
  );
  let annotator = '';
  for (;;) {
    const job = queue.shift();
    if (job === undefined) break;
    await engine.newGame(size);
    if (annotator === '') annotator = `${engine.identity?.name ?? values.engine} ${nodes} nodes`;
    // Before --from-ply, the input's labels stay: its comments of the label form, when its
    // Annotator tag says every comment is one (the tag then names the budget they came from).
    const keptBy = fromPly > 0 ? tagValue(job.game, 'Annotator') : undefined;
    const evals: (string | null)[] = job.game.moves.map((m, i) =>
      i < fromPly && keptBy !== undefined && !Number.isNaN(tiltakEval(m.comment)) ? m.comment!.trim() : null,
    );
    for (let i = fromPly; i < job.moves.length; i++) {
      if (!job.quiet[i]) continue;
      const line = `position startpos moves ${job.moves.slice(0, i).join(' ')}`;
      const known = byLine.get(line);
      if (known !== undefined) {
        evals[i] = await known;
        reused++;
        continue;
      }
      const label = judge(engine, line, job.game.index, i);
      byLine.set(line, label);
      evals[i] = await label;
      labelled++;
    }
    const by = keptBy !== undefined ? `${keptBy} before ply ${fromPly}; ${annotator} from it` : annotator;
    write(job.order, formatGame(job, evals, by));
    if (slot === 0) {
      const s = (performance.now() - started) / 1000;
      process.stderr.write(`\rgames ${nextToWrite}/${jobs.length}  positions ${labelled} (${reused} met again)  ${(labelled / s).toFixed(0)}/s   `);
    }
  }
  await engine.shutdown();
}

const queue = [...jobs];
try {
  await Promise.all(Array.from({ length: concurrency }, (_, k) => worker(k, queue)));
} catch (e) {
  // The games finished in order before the failure are in the file already.
  process.stderr.write(`\nlabel-games: ${(e as Error).message}; stopped after ${nextToWrite} games\n`);
  await killAllEngines();
  await new Promise<void>((resolve) => out.end(resolve));
  process.exit(1);
}
await new Promise<void>((resolve) => out.end(resolve));
process.stderr.write(
  `\n${values.out}: ${jobs.length} games, ${labelled} positions labelled (${reused} more met again) in ${((performance.now() - started) / 1000).toFixed(0)} s; ` +
    `left out: ${counts.otherSize} of other sizes or from a TPS, ${counts.unfinished} unfinished, ${counts.errors} malformed\n`,
);
