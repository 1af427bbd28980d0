// The product card's measured choice: road flood fills on the 64-bit words read as BigInt from
// the BigUint64Array, against the same fill on the Uint32Array view (two 32-bit halves).
// Both run over the road bitboards of the same positions and must agree.
import Benchmark from 'benchmark';
import { connects } from '../src/core/bitboard.js';
import type { Position } from '../src/core/position.js';
import { M_FILE_FIRST, M_FILE_LAST, M_NOT_FILE_FIRST, M_NOT_FILE_LAST, M_RANK_FIRST, M_RANK_LAST } from '../src/core/sizes.js';
import { parseTps } from '../src/notation/tps.js';
import { MIDGAME_5X5, MIDGAME_6X6 } from '../src/search/bench-positions.js';
import { report } from './report.js';

const mask64 = (m: Uint32Array, at: number) => BigInt(m[at]!) | (BigInt(m[at + 1]!) << 32n);

function connectsBig(road: bigint, start: bigint, goal: bigint, size: number, notFirst: bigint, notLast: bigint): boolean {
  let cur = road & start;
  if (cur === 0n) return false;
  const s = BigInt(size);
  const board = (1n << BigInt(size * size)) - 1n;
  for (;;) {
    if ((cur & goal) !== 0n) return true;
    const next = (cur | ((cur << s) & board) | (cur >> s) | ((cur << 1n) & notFirst) | ((cur >> 1n) & notLast)) & road;
    if (next === cur) return false;
    cur = next;
  }
}

function roadBig(pos: Position, colour: number): boolean {
  const road = pos.bb[colour]! | pos.bb[4 + colour]!; // flats | caps, as BigInt words
  const m = pos.info.masks;
  const nf = mask64(m, M_NOT_FILE_FIRST);
  const nl = mask64(m, M_NOT_FILE_LAST);
  return (
    connectsBig(road, mask64(m, M_RANK_FIRST), mask64(m, M_RANK_LAST), pos.size, nf, nl) ||
    connectsBig(road, mask64(m, M_FILE_FIRST), mask64(m, M_FILE_LAST), pos.size, nf, nl)
  );
}

function road32(pos: Position, colour: number): boolean {
  const b = pos.b;
  const m = pos.info.masks;
  const lo = b[colour * 2]! | b[8 + colour * 2]!;
  const hi = b[colour * 2 + 1]! | b[9 + colour * 2]!;
  const args = [pos.size, m[M_NOT_FILE_FIRST]!, m[M_NOT_FILE_FIRST + 1]!, m[M_NOT_FILE_LAST]!, m[M_NOT_FILE_LAST + 1]!] as const;
  return (
    connects(lo, hi, m[M_RANK_FIRST]!, m[M_RANK_FIRST + 1]!, m[M_RANK_LAST]!, m[M_RANK_LAST + 1]!, ...args) ||
    connects(lo, hi, m[M_FILE_FIRST]!, m[M_FILE_FIRST + 1]!, m[M_FILE_LAST]!, m[M_FILE_LAST + 1]!, ...args)
  );
}

export function runBitboardBench(): Promise<void> {
  const positions = [...MIDGAME_6X6, ...MIDGAME_5X5].map((t) => parseTps(t));
  for (const p of positions) {
    for (const c of [0, 1]) if (roadBig(p, c) !== road32(p, c)) throw new Error('BigInt and Uint32 road checks disagree');
  }
  let sink = 0;
  return new Promise((resolve) => {
    const suite = new Benchmark.Suite();
    suite
      .add('road check, BigInt words', () => {
        for (const p of positions) if (roadBig(p, 0) || roadBig(p, 1)) sink++;
      })
      .add('road check, Uint32 halves', () => {
        for (const p of positions) if (road32(p, 0) || road32(p, 1)) sink++;
      })
      .on('complete', function (this: Benchmark.Suite) {
        const hz: number[] = [];
        this.forEach((b: Benchmark) => {
          hz.push(b.hz);
          report(`bitboard ${b.name}`, `${((1e9 / b.hz) / (2 * positions.length)).toFixed(0)} ns per colour (±${b.stats.rme.toFixed(1)}%)`);
        });
        report('bitboard Uint32 speed-up over BigInt', `${(hz[1]! / hz[0]!).toFixed(1)}x`);
        if (sink < 0) console.log(sink);
        resolve();
      })
      .run({ async: false });
  });
}
