// Perft speed: leaves per second for the 5x5 and 6x6 start positions to depth 5 (the last ply
// counted in bulk), the figures compared with Tiltak in docs/performance.md.
import { Perft } from '../src/core/perft.js';
import { parseTps, startTps } from '../src/notation/tps.js';
import { median, report } from './report.js';

const CASES = [
  { name: '5x5 start depth 5', tps: startTps(5), depth: 5, expect: 187_855_252 },
  { name: '6x6 start depth 5', tps: startTps(6), depth: 5, expect: 1_253_506_520 },
];

export function runPerftBench(runs: number): void {
  const perft = new Perft();
  for (const c of CASES) {
    const times: number[] = [];
    for (let r = 0; r < runs; r++) {
      const t0 = performance.now();
      const n = perft.count(parseTps(c.tps), c.depth);
      times.push(performance.now() - t0);
      if (n !== c.expect) throw new Error(`${c.name}: counted ${n}, expected ${c.expect}`);
    }
    const ms = median(times);
    report(`perft ${c.name}`, `${(ms / 1000).toFixed(2)} s median of ${runs}, ${((c.expect / ms) * 1000 / 1e6).toFixed(1)} M leaves/s`);
  }
}
