// The static evaluation, in centiflats from the side to move's view. Terms: material on top
// (flats count, walls and caps do not but block and guard), stack composition (own reserves and
// captives within the carry limit, hard caps), centre control, road groups by the lines they
// span and the opponent's tak threats (both from the road map), komi and tempo. Weights per
// size in weights.ts.

import { WHITE, type Position } from '../core/position.js';
import { weightsFor, type Weights } from './weights.js';

/** The group weights of a size, for the road map. */
export function groupWeights(size: number): readonly number[] {
  return tables[size]!.w.group;
}

/** Per size: weights and the centre bonus per square. */
interface SizeTables {
  w: Weights;
  centre: Int32Array;
}

const tables: SizeTables[] = [];
for (let size = 3; size <= 8; size++) {
  const w = weightsFor(size);
  const centre = new Int32Array(64);
  const mid = (size - 1) / 2;
  for (let sq = 0; sq < size * size; sq++) {
    const d = Math.abs((sq % size) - mid) + Math.abs(Math.floor(sq / size) - mid);
    centre[sq] = Math.round((size - 1 - d) * w.centre);
  }
  tables[size] = { w, centre };
}

/**
 * The evaluation of `pos` for the side to move. The road terms come from the search's road
 * map (roadmap.ts): `opponentThreats`, the squares where the side not to move could complete
 * a road by placement, and `groups`, White's group score minus Black's.
 */
export function evaluate(pos: Position, halfKomi: number, opponentThreats: number, groups: number): number {
  const t = tables[pos.size]!;
  const w = t.w;
  const centre = t.centre;
  const top = pos.top;
  const height = pos.height;
  const stack = pos.stack;
  const stride = pos.stride;
  const size = pos.size;
  let s = 0; // White's view
  for (let sq = 0; sq < pos.area; sq++) {
    const code = top[sq]!;
    if (code === 0) continue;
    const colour = code & 1;
    let v: number;
    if (code < 4) v = w.flat + centre[sq]!;
    else if (code < 6) v = w.wall;
    else v = w.cap + centre[sq]!;
    const h = height[sq]!;
    if (h > 1) {
      const base = sq * stride;
      const lowest = h > size ? h - size : 0;
      let own = 0;
      let other = 0;
      for (let l = lowest; l < h - 1; l++) {
        if (stack[base + l] === colour) own++;
        else other++;
      }
      v += own * w.reserve + other * w.captive;
      if (code >= 6) v += own * w.capReserve;
    }
    s += colour === WHITE ? v : -v;
  }
  s += groups;
  s -= halfKomi * 50;
  const threats = opponentThreats > 2 ? 2 : opponentThreats;
  const mine = pos.side === WHITE ? s : -s;
  return mine + w.tempo - threats * w.threat;
}
