// Tinue solver speed: the time to prove the known 3-, 5- and 7-ply tinues of tinue-positions.ts
// (human archive positions), each from an empty table, as `bredon tinue` runs them: iterative
// deepening from 1 ply, so each time includes refuting every shorter length. Medians of `runs`.
import { parseTps } from '../src/notation/tps.js';
import { TinueSolver } from '../src/tinue/dfpn.js';
import { median, report } from './report.js';
import { KNOWN_TINUES } from './tinue-positions.js';

export function runTinueBench(runs: number): void {
  const solver = new TinueSolver(64);
  for (const plies of [3, 5, 7]) {
    const set = KNOWN_TINUES.filter((k) => k.plies === plies);
    const times: number[] = [];
    let nodes = 0;
    for (let r = 0; r < runs; r++) {
      let ms = 0;
      nodes = 0;
      for (const k of set) {
        solver.clear();
        const t0 = performance.now();
        const o = solver.solve(parseTps(k.tps), 0, { maxPlies: plies });
        ms += performance.now() - t0;
        if (o.kind !== 'tinue' || o.plies !== plies) throw new Error(`game ${k.game}: expected tinue in ${plies}, got ${o.kind}`);
        nodes += o.nodes;
      }
      times.push(ms);
    }
    const ms = median(times);
    report(`tinue ${set.length} x ${plies}-ply proofs`, `${ms.toFixed(0)} ms (${(ms / set.length).toFixed(1)} ms each), ${(nodes / ms).toFixed(0)}k nodes/s, median of ${runs}`);
  }
}
