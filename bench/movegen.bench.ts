// Move generation and make/unmake on middle-game positions (tinybench), plus make/unmake
// against copy-make (copying the whole position into a preallocated slot), the choice
// makemove.ts defends.
import { Bench } from 'tinybench';
import { makeMove, unmakeMove } from '../src/core/makemove.js';
import { countMoves, generateMoves, MAX_MOVES } from '../src/core/movegen.js';
import { parseTps } from '../src/notation/tps.js';
import { MIDGAME_5X5, MIDGAME_6X6 } from '../src/search/bench-positions.js';
import { report } from './report.js';

export async function runMovegenBench(time: number): Promise<void> {
  const positions = [...MIDGAME_6X6, ...MIDGAME_5X5].map((t) => parseTps(t));
  const buf = new Int32Array(MAX_MOVES);
  const lists = positions.map((p) => Array.from(buf.subarray(0, generateMoves(p, buf, 0))));
  const total = lists.reduce((a, l) => a + l.length, 0);
  const slots = positions.map((p) => p.clone());
  let sink = 0;
  const bench = new Bench({ time });
  bench
    .add('generateMoves', () => {
      for (const p of positions) sink += generateMoves(p, buf, 0);
    })
    .add('countMoves', () => {
      for (const p of positions) sink += countMoves(p);
    })
    .add('make+unmake every move', () => {
      for (let i = 0; i < positions.length; i++) {
        const p = positions[i]!;
        for (const m of lists[i]!) {
          makeMove(p, m);
          unmakeMove(p, m);
        }
      }
    })
    .add('copy-make every move', () => {
      for (let i = 0; i < positions.length; i++) {
        const p = positions[i]!;
        const slot = slots[i]!;
        for (const m of lists[i]!) {
          slot.copyBoardFrom(p);
          makeMove(slot, m);
        }
      }
    });
  await bench.run();
  for (const task of bench.tasks) {
    const r = task.result;
    if (!r || r.state !== 'completed') continue;
    const perCall = r.latency.p50 ?? r.latency.mean;
    report(`movegen ${task.name}`, `${((perCall * 1e6) / total).toFixed(1)} ns per move (${positions.length} positions, ${total} moves, median)`);
  }
  if (sink === 42) console.log('');
}
