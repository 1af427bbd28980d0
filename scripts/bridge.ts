// The bridge from Bredon's playing levels to PlayTak ratings (docs/levels.md, "Levels and PlayTak
// ratings"): in a seeded sample of the rated PlayTak games, every `--every`-th position from ply
// `--first-ply` on is judged by the full search at `--nodes` nodes: the move the person played,
// and the move each level chooses there (src/annotate/level-bridge.ts). Prints people's figures
// by rating band, each level's, and the rating each level plays like (src/annotate/bridge-stats.ts).
//
//   node --import tsx scripts/bridge.ts [--games 150] [--seed 1] [--nodes 50000] [--every 5]
//        [--first-ply 4] [--levels 1-9] [--bands 1700,1800,1900,2000] [--concurrency 2]
//        [--records FILE.jsonl] [FILE.ptn]
//   node --import tsx scripts/bridge.ts --from FILE.jsonl [--bands ...] [--levels ...]
//
// FILE.ptn defaults to data/games/playtak-6x6-1344.ptn. --records writes each game's
// records as JSON lines as the games finish (a stopped run keeps what it measured); --from prints
// the tables from such a file without searching. Everything is counted in nodes, never time: a
// run gives the same tables on any machine, with any --concurrency.

import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { fork, type ChildProcess } from 'node:child_process';
import { bandStats, LOSS_CAP, levelLossByBand, levelStats, ratingBands, ratingBridge, type MoveStats } from '../src/annotate/bridge-stats.js';
import { LevelBridge, type BridgeOptions, type BridgeRecord } from '../src/annotate/level-bridge.js';
import { parsePtnGames } from '../src/notation/ptn-game.js';
import { Rng } from '../src/math/rng.js';

const DEFAULT_GAMES = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'data', 'games', 'playtak-6x6-1344.ptn');

/** The environment variable that makes this script a worker: the games file and the options, as JSON. */
const WORKER_ENV = 'BREDON_BRIDGE_WORKER';

interface WorkerInput {
  file: string;
  options: BridgeOptions;
}

/**
 * A worker process (a child, since tsx's loader does not reach worker threads on Node 20):
 * measures the games (by index in the file) it is sent, one at a time, until sent -1.
 */
function runWorker(input: WorkerInput): void {
  const games = parsePtnGames(readFileSync(input.file, 'utf8'));
  const bridge = new LevelBridge(input.options);
  process.on('message', (i: number) => {
    if (i < 0) {
      process.disconnect();
      return;
    }
    const game = games[i]!;
    const records = bridge.measureGame(game, game.index);
    process.send!({ i, records });
  });
}

function levelList(text: string): number[] {
  const m = /^(\d+)-(\d+)$/.exec(text);
  if (m !== null) {
    const out: number[] = [];
    for (let k = Number(m[1]); k <= Number(m[2]); k++) out.push(k);
    return out;
  }
  return text.split(',').map(Number);
}

/**
 * `n` game indices of `count`, a seeded sample without replacement, in the sample's own order:
 * games are measured in that order, so the games a stopped run finished are a sample too.
 */
function sampleGames(count: number, n: number, seed: number): number[] {
  const idx = Array.from({ length: count }, (_, i) => i);
  const rng = new Rng(seed);
  for (let i = 0; i < Math.min(n, count); i++) {
    const j = i + rng.below(count - i);
    [idx[i], idx[j]] = [idx[j]!, idx[i]!];
  }
  return idx.slice(0, Math.min(n, count));
}

async function measure(file: string, picked: number[], options: BridgeOptions, concurrency: number, recordsFile: string | undefined): Promise<BridgeRecord[]> {
  if (recordsFile !== undefined) writeFileSync(recordsFile, '');
  const all: BridgeRecord[] = [];
  const queue = [...picked];
  const start = performance.now();
  let done = 0;
  const input: WorkerInput = { file, options };
  const workers: ChildProcess[] = Array.from({ length: Math.min(concurrency, picked.length) }, () =>
    fork(fileURLToPath(import.meta.url), [], { env: { ...process.env, [WORKER_ENV]: JSON.stringify(input) }, execArgv: ['--import', 'tsx'] }),
  );
  await Promise.all(
    workers.map(
      (w) =>
        new Promise<void>((resolveWorker, reject) => {
          const next = (): void => {
            const i = queue.shift();
            w.send(i ?? -1);
            if (i === undefined) resolveWorker();
          };
          w.on('message', (message) => {
            const { i, records } = message as { i: number; records: BridgeRecord[] };
            all.push(...records);
            if (recordsFile !== undefined) appendFileSync(recordsFile, records.map((r) => JSON.stringify(r) + '\n').join(''));
            done++;
            const s = (performance.now() - start) / 1000;
            const eta = (s / done) * (picked.length - done);
            process.stderr.write(`game ${i + 1}: ${records.length} positions; ${done}/${picked.length} games, ${all.length} positions, ${s.toFixed(0)} s, about ${eta.toFixed(0)} s to go\n`);
            next();
          });
          w.on('error', reject);
          w.on('exit', (code) => {
            if (code !== 0) reject(new Error(`a worker exited with code ${code}`));
          });
          next();
        }),
    ),
  );
  return all;
}

function pct(x: number): string {
  return `${(100 * x).toFixed(1)}%`;
}

function row(first: string[], s: MoveStats): string {
  if (s.moves === 0) return `| ${[...first, '0', '0', '-', '-', '-'].join(' | ')} |`;
  const se = Number.isNaN(s.seLoss) ? '' : ` ± ${s.seLoss.toFixed(1)}`;
  return `| ${[...first, String(s.moves), String(s.games), `${s.meanLoss.toFixed(1)}${se}`, pct(s.blunderRate), pct(s.agreement)].join(' | ')} |`;
}

function printTables(records: BridgeRecord[], levels: number[], edges: number[]): void {
  const out: string[] = [];
  out.push(`${records.length} positions of ${new Set(records.map((r) => r.game)).size} games; loss capped at ${LOSS_CAP} centiflats; ± one standard error, clustered by game`, '');
  out.push('| rating band | mean rating | moves | games | mean capped loss | blunders (>= 300) | agreement |', '| --- | --- | --- | --- | --- | --- | --- |');
  const bands = bandStats(records, ratingBands(edges)).filter((b) => b.moves > 0);
  for (const b of bands) out.push(row([b.band.label, b.rating.toFixed(0)], b));
  out.push('', '| level | moves | games | mean capped loss | blunders (>= 300) | agreement |', '| --- | --- | --- | --- | --- | --- |');
  const perLevel = levelStats(records, levels.length);
  perLevel.forEach((s, i) => out.push(row([String(levels[i])], s)));
  out.push('', "mean capped loss on the positions of each band's people", '');
  out.push(`| rating band | people | ${levels.map((k) => `L${k}`).join(' | ')} |`, `| --- | --- | ${levels.map(() => '---').join(' | ')} |`);
  levelLossByBand(records, bands.map((b) => b.band), levels.length).forEach((losses, j) => {
    out.push(`| ${bands[j]!.band.label} | ${bands[j]!.meanLoss.toFixed(1)} | ${losses.map((l) => l.toFixed(1)).join(' | ')} |`);
  });
  const bridge = ratingBridge(records, bands.map((b) => b.band), levels.length);
  const lowest = bridge.lowest.toFixed(0);
  const highest = bridge.highest.toFixed(0);
  const text = (r: number): string => (r === Infinity ? `above ${highest}` : r === -Infinity ? `below ${lowest}` : r.toFixed(0));
  out.push(
    '',
    "each level plays like the rating where people's mean loss less the level's, in the same positions (made non-increasing in rating), crosses zero; 95% bootstrap over games",
    '',
    '| level | plays like a rating of about | 95% interval |',
    '| --- | --- | --- |',
  );
  bridge.levels.forEach((l, i) => out.push(`| ${levels[i]} | ${text(l.rating)} | ${text(l.low)} to ${text(l.high)} |`));
  process.stdout.write(out.join('\n') + '\n');
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    options: {
      games: { type: 'string', default: '150' },
      seed: { type: 'string', default: '1' },
      nodes: { type: 'string', default: '50000' },
      every: { type: 'string', default: '5' },
      'first-ply': { type: 'string', default: '4' },
      levels: { type: 'string', default: '1-9' },
      bands: { type: 'string', default: '1700,1800,1900,2000' },
      concurrency: { type: 'string', default: '2' },
      records: { type: 'string' },
      from: { type: 'string' },
    },
    allowPositionals: true,
  });
  const levels = levelList(values.levels);
  const edges = values.bands.split(',').map(Number);
  let records: BridgeRecord[];
  if (values.from !== undefined) {
    records = readFileSync(values.from, 'utf8').split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l) as BridgeRecord);
  } else {
    const file = positionals[0] ?? DEFAULT_GAMES;
    const count = parsePtnGames(readFileSync(file, 'utf8')).length;
    const picked = sampleGames(count, Number(values.games), Number(values.seed));
    const options: BridgeOptions = { nodes: Number(values.nodes), levels, firstPly: Number(values['first-ply']), every: Number(values.every), hashMb: 64, levelHashMb: 32 };
    process.stderr.write(`${picked.length} of ${count} games (seed ${values.seed}), every ${options.every} plies from ply ${options.firstPly}, ${options.nodes} nodes a search, levels ${levels.join(',')}\n`);
    records = await measure(file, picked, options, Number(values.concurrency), values.records);
  }
  printTables(records, levels, edges);
}

const workerInput = process.env[WORKER_ENV];
if (workerInput !== undefined) {
  runWorker(JSON.parse(workerInput) as WorkerInput);
} else {
  main().catch((e: unknown) => {
    process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(1);
  });
}
