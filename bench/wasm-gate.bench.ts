// The gate of the speed work (docs/performance.md): the WebAssembly rules core against the
// TypeScript one, in one process, rounds alternating, medians.
//  - perft on the same positions, the counts checked identical;
//  - what a search pays per node: every legal move of real positions noted for the network,
//    made, its child evaluated (the accumulator's lazy update and the output layer) and unmade.
//    TypeScript: src/core's make/unmake and NetAccumulator with its calls into the SIMD kernels.
//    WebAssembly: the same work in one call a position (`walk`), and again called move by move
//    from JavaScript (five calls a move), to show what crossing the boundary costs.
// `npm run bench -- wasm [rounds]`.
import { makeMove, unmakeMove } from '../src/core/makemove.js';
import { generateMoves, MAX_MOVES } from '../src/core/movegen.js';
import { Perft } from '../src/core/perft.js';
import type { Position } from '../src/core/position.js';
import { NetAccumulator } from '../src/eval/net/accumulator.js';
import { networkFor } from '../src/eval/net/nets.js';
import { parsePtnGames, replayGame } from '../src/notation/ptn-game.js';
import { parseTps, startTps } from '../src/notation/tps.js';
import { WasmRules } from '../src/wasm/rules-core.js';
import { readFileSync } from 'node:fs';
import { median, report } from './report.js';

const MIDDLE_6 = 'x6/x,2,x,1,x2/x,2,1,12C,2,x/x,1,21,1,2S,x/x,1,x,2,x2/1,x5 1 9';

const PERFT = [
  { name: '5x5 start depth 5', tps: startTps(5), depth: 5 },
  { name: '6x6 start depth 5', tps: startTps(6), depth: 5 },
  { name: '6x6 middle game depth 4', tps: MIDDLE_6, depth: 4 },
];

/** Positions of real games of one size, copied (each walked from its own copy). */
function gamePositions(file: string, size: number, games: number): Position[] {
  const out: Position[] = [];
  for (const game of parsePtnGames(readFileSync(file, 'utf8')).slice(0, games)) {
    replayGame(game, {
      onMove: (pos) => {
        if (pos.size === size && pos.ply >= 2) out.push(pos.clone());
      },
    });
  }
  return out;
}

function timed(f: () => number): [number, number] {
  const t0 = performance.now();
  const r = f();
  return [performance.now() - t0, r];
}

function ratioLine(name: string, ts: number[], wa: number[], unit: string, per = 1): void {
  const a = median(ts);
  const b = median(wa);
  report(name, `TypeScript ${(a * per).toFixed(unit === 'ms' ? 0 : 1)} ${unit}, WebAssembly ${(b * per).toFixed(unit === 'ms' ? 0 : 1)} ${unit}: ${(a / b).toFixed(2)}x`);
}

export function runWasmGateBench(rounds: number): void {
  const perft = new Perft();
  const core = new WasmRules();
  for (const c of PERFT) {
    const ts: number[] = [];
    const wa: number[] = [];
    for (let r = 0; r < rounds; r++) {
      const [t1, n1] = timed(() => perft.count(parseTps(c.tps), c.depth));
      const pos = parseTps(c.tps);
      const [t2, n2] = timed(() => {
        core.load(pos);
        return core.perft(c.depth);
      });
      if (n1 !== n2) throw new Error(`${c.name}: TypeScript counted ${n1}, WebAssembly ${n2}`);
      ts.push(t1);
      wa.push(t2);
    }
    ratioLine(`perft ${c.name}`, ts, wa, 'ms');
  }

  for (const [size, file] of [
    [6, 'data/games/playtak-6x6-1344.ptn'],
    [5, 'data/games/tiltak-selfplay-5x5-komi2.ptn'],
  ] as const) {
    const net = networkFor(size)!;
    const positions = gamePositions(file, size, 40);
    const acc = new NetAccumulator(net, 4);
    const withNet = new WasmRules();
    withNet.setNetwork(net, 4);
    const list = new Int32Array(MAX_MOVES);
    let walked = 0;
    for (const pos of positions) walked += generateMoves(pos, list, 0);
    const tsWalk = (): number => {
      let sum = 0;
      for (const pos of positions) {
        acc.refresh(pos, 0);
        const n = generateMoves(pos, list, 0);
        for (let i = 0; i < n; i++) {
          const m = list[i]!;
          acc.beforeMove(pos, m, 0);
          makeMove(pos, m);
          acc.afterMove(pos, m, 0);
          sum += acc.evaluate(pos, 1);
          unmakeMove(pos, m);
        }
      }
      return sum;
    };
    const wasmWalk = (): number => {
      let sum = 0;
      for (const pos of positions) {
        withNet.load(pos);
        withNet.refresh(0);
        sum = (sum + withNet.walk(0)) | 0;
      }
      return sum;
    };
    const wasmCalls = (): number => {
      let sum = 0;
      for (const pos of positions) {
        withNet.load(pos);
        withNet.refresh(0);
        const n = withNet.generate(0);
        const moves = withNet.moves;
        for (let i = 0; i < n; i++) {
          const m = moves[i]!;
          withNet.beforeMove(m, 0);
          withNet.make(m);
          withNet.afterMove(m, 0);
          sum += withNet.evaluate(1);
          withNet.unmake(m);
        }
      }
      return sum;
    };
    const ts: number[] = [];
    const wa: number[] = [];
    const wc: number[] = [];
    let check: number | undefined;
    for (let r = 0; r < rounds + 1; r++) {
      const [t1, s1] = timed(tsWalk);
      const [t2] = timed(wasmWalk);
      const [t3, s3] = timed(wasmCalls);
      if (Math.abs(s1 - s3) > 1e-6 * Math.abs(s1)) throw new Error(`${size}x${size}: the evaluations differ (${s1}, ${s3})`);
      check ??= s1;
      if (r === 0) continue; // the first round warms both up
      ts.push(t1);
      wa.push(t2);
      wc.push(t3);
    }
    const per = 1e6 / walked; // ms for all -> ns a move
    ratioLine(`node ${size}x${size}, ${walked} moves, in one call`, ts, wa, 'ns/move', per);
    ratioLine(`node ${size}x${size}, called move by move`, ts, wc, 'ns/move', per);
  }
}
