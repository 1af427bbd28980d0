// How far the engine's static evaluation is from what became of its positions, by the game's
// phase, and how much of the network's correction fits best: a diagnostic for a data round or
// for a change to how the search weighs the network, not a step of either.
//
// For every quiet position (src/dataset/quiet.ts) with a target, it takes the search's static
// score with the network off (the linear evaluation) and the network's whole correction (the
// accumulator's output), turns linear + a x correction into an expected score by the network's
// K (the logistic the trainer fits with), and reports the mean squared error against the target
// for a = 0 (the linear evaluation), 1 (the whole network) and the best a, in five phase bands
// (phase = stones left in both reserves over both starting reserves: 1 on the empty board), then
// the best ramp max(0, a + b x phase) over all positions. The engine adds the whole correction.
//
// Targets (--target):
// - `tiltak` (the default): Tiltak's evaluations. Which comments are Tiltak's, and from whose
//   view, is the trainer's rule (tiltakTargets in src/dataset/tiltak-ptn.ts: a labelled file's
//   every comment, a `bredon match` file's comments on Tiltak's own moves, the shared archives'
//   Tiltak moves). A comment is the evaluation of the position before its move.
// - `result`: the game's result (White 1, draw 1/2, Black 0) for every position of a finished
//   game. A static score and the odds of winning are not on one scale, so each error is taken at
//   the logistic scale c (score x c / K) that fits its positions best. A ramp it favours is not
//   a ramp that plays better: on Bredon's games against Tiltak it favoured a falling share of
//   the network on both sizes, and neither won its match (docs/strength.md, rows phase ramp).
// The quiet filter and each game's komi (its Komi tag) are the trainer's.
//
//   node --import tsx scripts/eval-error.ts --size N [--target tiltak|result] FILE.ptn [FILE.ptn ...]
//
// Positions from games the network was fitted to say how well it fits its own data; positions
// from other games (a new round's, Bredon's games against Tiltak) say how well it carries.

import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { Position } from '../src/core/position.js';
import { NetAccumulator } from '../src/eval/net/accumulator.js';
import { networkFor } from '../src/eval/net/nets.js';
import { halfKomiFrom, parsePtnFile, replayGame, resultScore, tagValue } from '../src/notation/ptn-game.js';
import { staticScore } from '../src/eval/static-score.js';
import { quietVerdict } from '../src/dataset/quiet.js';
import { gameSize } from '../src/dataset/read.js';
import { tiltakTargets } from '../src/dataset/tiltak-ptn.js';
import { goldenSectionMin } from '../src/tune/golden-section.js';

const { values, positionals } = parseArgs({
  options: { size: { type: 'string' }, target: { type: 'string', default: 'tiltak' } },
  allowPositionals: true,
  strict: true,
});
const size = Number(values.size);
const net = Number.isInteger(size) ? networkFor(size) : undefined;
const byResult = values.target === 'result';
if (positionals.length === 0 || net === undefined || (!byResult && values.target !== 'tiltak')) {
  process.stderr.write('usage: eval-error.ts --size N (a size with a network) [--target tiltak|result] FILE.ptn...\n');
  process.exit(2);
}
const acc = new NetAccumulator(net, 1);

const phase: number[] = [];
const linear: number[] = [];
const correction: number[] = [];
const target: number[] = [];
let malformed = 0;
for (const file of positionals) {
  for (const g of parsePtnFile(readFileSync(file, 'utf8'))) {
    if ('error' in g) {
      malformed++;
      continue;
    }
    if (gameSize(g.game) !== size) continue;
    const game = g.game;
    let targetOf: (ply: number) => number;
    if (byResult) {
      const r = resultScore(tagValue(game, 'Result'));
      if (r === undefined) continue;
      targetOf = () => r;
    } else {
      const t = tiltakTargets(game);
      if (!t.tiltak) continue;
      targetOf = t.target;
    }
    let halfKomi = 0;
    let ply = 0;
    const take = (pos: Position): void => {
      const t = targetOf(ply); // the position before move `ply`
      if (Number.isNaN(t)) return;
      if (quietVerdict(pos, halfKomi) !== 'kept') return;
      const white = pos.side === 0 ? 1 : -1;
      const lin = white * staticScore(pos, halfKomi, false);
      linear.push(lin);
      acc.refresh(pos, 0);
      correction.push(white * acc.evaluate(pos, 0));
      phase.push((pos.stones[0]! + pos.stones[1]!) / (2 * pos.startStones));
      target.push(t);
    };
    try {
      halfKomi = halfKomiFrom(tagValue(game, 'Komi') ?? '0');
      replayGame(game, {
        size,
        onMove: (pos) => {
          ply++;
          take(pos);
        },
      });
    } catch {
      malformed++; // its positions up to the bad move are kept
    }
  }
}

const K = net.K;
/** A share of the network's correction as a function of the position's index. */
type Share = (i: number) => number;
const ramp = (a: number, b: number): Share => (i) => Math.max(0, a + b * phase[i]!);

function errorAt(share: Share, c: number, lo: number, hi: number): number {
  let e = 0;
  let n = 0;
  for (let i = 0; i < target.length; i++) {
    if (phase[i]! < lo || phase[i]! >= hi) continue;
    const p = 1 / (1 + Math.exp((-c * (linear[i]! + share(i) * correction[i]!)) / K));
    e += (p - target[i]!) ** 2;
    n++;
  }
  return n === 0 ? NaN : e / n;
}

/** The error of `share` in the band [lo, hi): at scale 1 against Tiltak, at the best scale against results. */
function error(share: Share, lo = 0, hi = 2): number {
  if (!byResult) return errorAt(share, 1, lo, hi);
  // The scale by golden-section search (the error is unimodal in it), to within 0.0001.
  const c = goldenSectionMin((x) => errorAt(share, x, lo, hi), 0.05, 4, 1e-4);
  return errorAt(share, c, lo, hi);
}

const step = byResult ? 0.1 : 0.05;
const grid = (from: number, to: number): number[] => Array.from({ length: Math.round((to - from) / step) + 1 }, (_, k) => from + step * k);
const what = byResult ? 'a game result (errors at the best logistic scale)' : "Tiltak's evaluation";
console.log(`${target.length} positions with ${what} (${malformed} games left out as malformed); K ${K.toFixed(1)}`);
console.log('phase      positions  linear   network  best share');
for (let lo = 0; lo < 1; lo += 0.2) {
  const hi = lo >= 0.79 ? 2 : lo + 0.2;
  const n = phase.filter((p) => p >= lo && p < hi).length;
  if (n === 0) continue;
  let best = [Infinity, 0];
  for (const a of grid(0, 1.5)) {
    const e = error(ramp(a, 0), lo, hi);
    if (e < best[0]!) best = [e, a];
  }
  console.log(
    `${lo.toFixed(1)}-${(lo + 0.2).toFixed(1)}    ${String(n).padStart(9)}  ${error(ramp(0, 0), lo, hi).toFixed(5)}  ${error(ramp(1, 0), lo, hi).toFixed(5)}  ${best[1]!.toFixed(2)} (${best[0]!.toFixed(5)})`,
  );
}
let bestRamp = [Infinity, 0, 0];
for (const a of grid(-1.5, 1.5)) {
  for (const b of grid(0, 2.5)) {
    const e = error(ramp(a, b));
    if (e < bestRamp[0]!) bestRamp = [e, a, b];
  }
}
console.log(
  `all          ${String(target.length).padStart(7)}  ${error(ramp(0, 0)).toFixed(5)}  ${error(ramp(1, 0)).toFixed(5)}  ramp ${bestRamp[1]!.toFixed(2)} + ${bestRamp[2]!.toFixed(2)} x phase (${bestRamp[0]!.toFixed(5)})`,
);
