// The static evaluation, in centiflats from the side to move's view. Terms: material on top
// (flats count, walls and caps do not but block and guard), stack composition (own reserves and
// captives within the carry limit, hard caps), centre control, road groups by the lines they
// span, the opponent's tak threats, komi and tempo. Weights per size in weights.ts.

import { flood, OUT } from '../core/bitboard.js';
import { WHITE, type Position } from '../core/position.js';
import { M_NOT_FILE_FIRST, M_NOT_FILE_LAST } from '../core/sizes.js';
import { weightsFor, type Weights } from './weights.js';

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

function groupScore(pos: Position, colour: number, group: readonly number[]): number {
  const b = pos.b;
  const size = pos.size;
  const m = pos.info.masks;
  const lines = pos.info.lines;
  const nfl = m[M_NOT_FILE_FIRST]!;
  const nfh = m[M_NOT_FILE_FIRST + 1]!;
  const nll = m[M_NOT_FILE_LAST]!;
  const nlh = m[M_NOT_FILE_LAST + 1]!;
  const lo = b[colour * 2]! | b[8 + colour * 2]!;
  const hi = b[colour * 2 + 1]! | b[9 + colour * 2]!;
  // Only squares with a road neighbour can be in a group of two or more: seed from those.
  const back = 32 - size;
  const nLo = (lo << size) | (lo >>> size) | (hi << back) | ((lo << 1) & nfl) | (((lo >>> 1) | (hi << 31)) & nll);
  const nHi = (hi << size) | (lo >>> back) | (hi >>> size) | (((hi << 1) | (lo >>> 31)) & nfh) | ((hi >>> 1) & nlh);
  let restLo = lo & nLo;
  let restHi = hi & nHi;
  let score = 0;
  while ((restLo | restHi) !== 0) {
    const seedLo = restLo & -restLo;
    const seedHi = seedLo === 0 ? restHi & -restHi : 0;
    flood(lo, hi, seedLo, seedHi, size, nfl, nfh, nll, nlh);
    const gLo = OUT[0]!;
    const gHi = OUT[1]!;
    restLo &= ~gLo;
    restHi &= ~gHi;
    let ranks = 0;
    let files = 0;
    for (let i = 0; i < size; i++) {
      if (((gLo & lines[2 * i]!) | (gHi & lines[2 * i + 1]!)) !== 0) ranks++;
      if (((gLo & lines[16 + 2 * i]!) | (gHi & lines[17 + 2 * i]!)) !== 0) files++;
    }
    score += group[ranks > files ? ranks : files]!;
  }
  return score;
}

/**
 * The evaluation of `pos` for the side to move. `opponentThreats` is the number of squares
 * where the side not to move could complete a road by placement (the search has it already).
 */
export function evaluate(pos: Position, halfKomi: number, opponentThreats: number): number {
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
  s += groupScore(pos, 0, w.group) - groupScore(pos, 1, w.group);
  s -= halfKomi * 50;
  const threats = opponentThreats > 2 ? 2 : opponentThreats;
  const mine = pos.side === WHITE ? s : -s;
  return mine + w.tempo - threats * w.threat;
}
