// How far the engine's static evaluation is from Tiltak's evaluations of the same positions, by
// the game's phase, and how much of the network's correction would fit them best: a diagnostic
// for a data round, not a step of one.
//
// For every quiet position (src/tune/dataset.ts) that carries Tiltak's evaluation, it takes the
// search's static score with the network off (the linear evaluation) and on, turns linear + a x
// (network's correction) into an expected score by the network's K (the logistic the trainer
// fits with), and reports the mean squared error against Tiltak's expected score for a = 0 (the
// linear evaluation), 1 (the network as the engine adds it) and the best a, in five phase bands
// (phase = stones left in both reserves over both starting reserves: 1 on the empty board), then
// the best ramp a + b x phase over all positions.
//
// Which comments are Tiltak's, and from whose view, is the trainer's rule (tiltakTargets in
// src/tune/dataset.ts: a labelled file's every comment, a `bredon match` file's comments on
// Tiltak's own moves, the shared archives' Tiltak moves), and so are the quiet filter and each
// game's komi (its Komi tag). A comment is the evaluation of the position before its move.
//
//   node --import tsx scripts/eval-error.ts --size N FILE.ptn [FILE.ptn ...]
//
// Positions from games the network was fitted to say how well it fits its own data; positions
// from other games (a new round's, Bredon's games against Tiltak) say how well it carries.

import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { Position } from '../src/core/position.js';
import { networkFor } from '../src/eval/net/nets.js';
import { halfKomiFrom, parsePtnFile, replayGame, tagValue } from '../src/notation/ptn-game.js';
import { Searcher } from '../src/search/search.js';
import { TranspositionTable } from '../src/search/tt.js';
import { gameSize, quietVerdict, tiltakTargets } from '../src/tune/dataset.js';

const { values, positionals } = parseArgs({
  options: { size: { type: 'string' } },
  allowPositionals: true,
  strict: true,
});
const size = Number(values.size);
const net = Number.isInteger(size) ? networkFor(size) : undefined;
if (positionals.length === 0 || net === undefined) {
  process.stderr.write('usage: eval-error.ts --size N (a size with a network) FILE.ptn...\n');
  process.exit(2);
}

const searcher = new Searcher({ table: TranspositionTable.create(1, false), stop: new Int32Array(1) });
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
    const { tiltak, target: targetOf } = tiltakTargets(game);
    if (!tiltak) continue;
    let halfKomi = 0;
    let ply = 0;
    const take = (pos: Position): void => {
      const t = targetOf(ply); // the position before move `ply`
      if (Number.isNaN(t)) return;
      if (quietVerdict(pos, halfKomi) !== 'kept') return;
      const white = pos.side === 0 ? 1 : -1;
      const lin = white * searcher.staticScore(pos, halfKomi, false);
      linear.push(lin);
      correction.push(white * searcher.staticScore(pos, halfKomi, true) - lin);
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
function error(a: number, b: number, lo = 0, hi = 2): number {
  let e = 0;
  let n = 0;
  for (let i = 0; i < target.length; i++) {
    if (phase[i]! < lo || phase[i]! >= hi) continue;
    const share = Math.max(0, a + b * phase[i]!);
    const p = 1 / (1 + Math.exp(-(linear[i]! + share * correction[i]!) / K));
    e += (p - target[i]!) ** 2;
    n++;
  }
  return n === 0 ? NaN : e / n;
}

const grid = (from: number, to: number): number[] => Array.from({ length: Math.round((to - from) / 0.05) + 1 }, (_, k) => from + 0.05 * k);
console.log(`${target.length} positions with Tiltak's evaluation (${malformed} games left out as malformed); K ${K.toFixed(1)}`);
console.log('phase      positions  linear   network  best share');
for (let lo = 0; lo < 1; lo += 0.2) {
  const hi = lo >= 0.79 ? 2 : lo + 0.2;
  const n = phase.filter((p) => p >= lo && p < hi).length;
  if (n === 0) continue;
  let best = [Infinity, 0];
  for (const a of grid(0, 1.5)) {
    const e = error(a, 0, lo, hi);
    if (e < best[0]!) best = [e, a];
  }
  console.log(
    `${lo.toFixed(1)}-${(lo + 0.2).toFixed(1)}    ${String(n).padStart(9)}  ${error(0, 0, lo, hi).toFixed(5)}  ${error(1, 0, lo, hi).toFixed(5)}  ${best[1]!.toFixed(2)} (${best[0]!.toFixed(5)})`,
  );
}
let ramp = [Infinity, 0, 0];
for (const a of grid(-0.5, 1.5)) {
  for (const b of grid(0, 1.5)) {
    const e = error(a, b);
    if (e < ramp[0]!) ramp = [e, a, b];
  }
}
console.log(`all          ${String(target.length).padStart(7)}  ${error(0, 0).toFixed(5)}  ${error(1, 0).toFixed(5)}  ramp ${ramp[1]!.toFixed(2)} + ${ramp[2]!.toFixed(2)} x phase (${ramp[0]!.toFixed(5)})`);
