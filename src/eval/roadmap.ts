// The road map of one colour, for the search and the evaluation at once: its connected road
// groups (each flood-filled once), the evaluation's score for how many lines each group spans,
// and the tak threats: empty squares where a flat or capstone would complete a road.
//
// A square completes a north-south road when it lies on the south edge or next to a group that
// touches it, and likewise for the north. So, with A_k = edge k plus the squares next to groups
// touching edge k, the threats are the empty squares in (A_S & A_N) | (A_W & A_E).
// The A_k sets themselves are kept too (REACH): spreads.ts uses them to tell which spreads could
// complete a road. Call after scanRoads() of the same position. Everything but the final
// `& empty` depends on the colour's road squares alone, so results are cached by road set.
// (Each thread has its own cache: a module instance per worker.)

import { dilate, flood, OUT, popcount32 } from '../core/bitboard.js';
import type { Position } from '../core/position.js';
import { SCAN } from '../core/roads.js';
import {
  M_BOARD,
  M_FILE_FIRST,
  M_FILE_LAST,
  M_NOT_FILE_FIRST,
  M_NOT_FILE_LAST,
  M_RANK_FIRST,
  M_RANK_LAST,
} from '../core/sizes.js';

/** Per colour c at c * 4: threat squares lo, hi, number of threat squares, group score. */
export const MAP = new Int32Array(8);

/**
 * Per colour c at c * 8: A_S, A_N, A_W, A_E as lo, hi pairs: the squares that, topped by one of
 * c's road pieces, would join a group touching the south (first rank), north, west (file a) and
 * east edge, or lie on that edge. A road through a set of new road squares exists only if they
 * meet both A_S and A_N, or both A_W and A_E.
 */
export const REACH = new Int32Array(16);

/**
 * Per colour c at c * 2: the squares (lo, hi), occupied or not, that as one more road square of
 * c's would complete a road: the threats before `& empty` (spread-roads.ts: a lone flat stepping
 * onto one of them).
 */
export const ROAD_GAPS = new Int32Array(4);

/** Filled by groupSpans(): GROUP_SPANS[k], the number of road groups spanning k lines. */
export const GROUP_SPANS = new Int32Array(9);

/**
 * A direct-mapped cache of road maps by road set: a colour's groups, spans and candidate
 * squares depend only on its road squares (flats and caps), which most moves leave unchanged
 * for one of the two colours, so a search meets the same sets again and again. Only the final
 * `& empty` of the threats depends on the rest of the board.
 */
const CACHE_BITS = 14;
const CACHE_WORDS = 13; // roadLo, roadHi, candidatesLo, candidatesHi, groupScore, A_S, A_N, A_W, A_E (lo, hi)
const cache = new Int32Array((1 << CACHE_BITS) * CACHE_WORDS);
const cacheUsed = new Uint8Array(1 << CACHE_BITS);
let cacheSize = 0;
let cacheWeights: readonly number[] | undefined;

export function mapRoads(pos: Position, colour: number, groupWeights: readonly number[]): void {
  if (pos.size !== cacheSize || groupWeights !== cacheWeights) {
    cacheUsed.fill(0);
    cacheSize = pos.size;
    cacheWeights = groupWeights;
  }
  const lo = SCAN[colour * 4]!;
  const hi = SCAN[colour * 4 + 1]!;
  const slot = (Math.imul(lo, 0x9e3779b1) ^ Math.imul(hi ^ 0x7f4a7c15, 0x85ebca77)) >>> (32 - CACHE_BITS);
  const at = slot * CACHE_WORDS;
  let candLo: number;
  let candHi: number;
  let score: number;
  if (cacheUsed[slot] === 1 && cache[at] === lo && cache[at + 1] === hi) {
    candLo = cache[at + 2]!;
    candHi = cache[at + 3]!;
    score = cache[at + 4]!;
    const r = colour * 8;
    for (let i = 0; i < 8; i++) REACH[r + i] = cache[at + 5 + i]!;
  } else {
    computeRoadMap(pos, colour, groupWeights, undefined);
    candLo = CANDIDATES[0]!;
    candHi = CANDIDATES[1]!;
    score = CANDIDATES[2]!;
    cache[at] = lo;
    cache[at + 1] = hi;
    cache[at + 2] = candLo;
    cache[at + 3] = candHi;
    cache[at + 4] = score;
    const r = colour * 8;
    for (let i = 0; i < 8; i++) cache[at + 5 + i] = REACH[r + i]!;
    cacheUsed[slot] = 1;
  }
  let tLo = 0;
  let tHi = 0;
  if ((candLo | candHi) !== 0) {
    const b = pos.b;
  const m = pos.info.masks;
    tLo = candLo & m[M_BOARD]! & ~(b[0]! | b[2]! | b[4]! | b[6]! | b[8]! | b[10]!);
    tHi = candHi & m[M_BOARD + 1]! & ~(b[1]! | b[3]! | b[5]! | b[7]! | b[9]! | b[11]!);
  }
  ROAD_GAPS[colour * 2] = candLo;
  ROAD_GAPS[colour * 2 + 1] = candHi;
  const out = colour * 4;
  MAP[out] = tLo;
  MAP[out + 1] = tHi;
  MAP[out + 2] = (tLo | tHi) === 0 ? 0 : popcount32(tLo) + popcount32(tHi);
  MAP[out + 3] = score;
}

/** computeRoadMap's result: candidate squares lo, hi (threats before `& empty`), group score. */
const CANDIDATES = new Int32Array(3);

/**
 * The number of `colour`'s road groups by the ranks or files each spans, into GROUP_SPANS
 * (for the tuner, which needs the counts behind the group score). Call after scanRoads().
 */
export function groupSpans(pos: Position, colour: number): void {
  GROUP_SPANS.fill(0);
  computeRoadMap(pos, colour, ZERO_WEIGHTS, GROUP_SPANS);
}

const ZERO_WEIGHTS: readonly number[] = [0, 0, 0, 0, 0, 0, 0, 0, 0];

/** Also counts the groups by span into `spans` when given (the tuner's call, never the search's). */
function computeRoadMap(pos: Position, colour: number, groupWeights: readonly number[], spans: Int32Array | undefined): void {
  const m = pos.info.masks;
  const lines = pos.info.lines;
  const size = pos.size;
  const lo = SCAN[colour * 4]!;
  const hi = SCAN[colour * 4 + 1]!;
  // Placement threats need at most one missed line; the A_k sets are wanted whatever the count.
  const nsPossible = SCAN[colour * 4 + 2]! <= 1;
  const ewPossible = SCAN[colour * 4 + 3]! <= 1;
  const nfl = m[M_NOT_FILE_FIRST]!;
  const nfh = m[M_NOT_FILE_FIRST + 1]!;
  const nll = m[M_NOT_FILE_LAST]!;
  const nlh = m[M_NOT_FILE_LAST + 1]!;
  const sLo = m[M_RANK_FIRST]!;
  const sHi = m[M_RANK_FIRST + 1]!;
  const nLo = m[M_RANK_LAST]!;
  const nHi = m[M_RANK_LAST + 1]!;
  const wLo = m[M_FILE_FIRST]!;
  const wHi = m[M_FILE_FIRST + 1]!;
  const eLo = m[M_FILE_LAST]!;
  const eHi = m[M_FILE_LAST + 1]!;
  // A_k, seeded with the edges themselves.
  let aSl = sLo;
  let aSh = sHi;
  let aNl = nLo;
  let aNh = nHi;
  let aWl = wLo;
  let aWh = wHi;
  let aEl = eLo;
  let aEh = eHi;

  // Squares with a road neighbour belong to groups of two or more; the rest stand alone.
  const back = 32 - size;
  const nbLo = (lo << size) | (lo >>> size) | (hi << back) | ((lo << 1) & nfl) | (((lo >>> 1) | (hi << 31)) & nll);
  const nbHi = (hi << size) | (lo >>> back) | (hi >>> size) | (((hi << 1) | (lo >>> 31)) & nfh) | ((hi >>> 1) & nlh);
  let restLo = lo & nbLo;
  let restHi = hi & nbHi;
  const loneLo = lo & ~restLo;
  const loneHi = hi & ~restHi;

  // Lone squares on an edge reach it by themselves.
  if (((loneLo & sLo) | (loneHi & sHi)) !== 0) {
    dilate(loneLo & sLo, loneHi & sHi, size, nfl, nfh, nll, nlh);
    aSl |= OUT[0]!;
    aSh |= OUT[1]!;
  }
  if (((loneLo & nLo) | (loneHi & nHi)) !== 0) {
    dilate(loneLo & nLo, loneHi & nHi, size, nfl, nfh, nll, nlh);
    aNl |= OUT[0]!;
    aNh |= OUT[1]!;
  }
  if (((loneLo & wLo) | (loneHi & wHi)) !== 0) {
    dilate(loneLo & wLo, loneHi & wHi, size, nfl, nfh, nll, nlh);
    aWl |= OUT[0]!;
    aWh |= OUT[1]!;
  }
  if (((loneLo & eLo) | (loneHi & eHi)) !== 0) {
    dilate(loneLo & eLo, loneHi & eHi, size, nfl, nfh, nll, nlh);
    aEl |= OUT[0]!;
    aEh |= OUT[1]!;
  }
  const lone = popcount32(loneLo) + popcount32(loneHi);
  if (spans !== undefined) spans[1] += lone;

  let score = lone * groupWeights[1]!;
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
    const span = ranks > files ? ranks : files;
    score += groupWeights[span]!;
    if (spans !== undefined) spans[span]++;
    const touchS = ((gLo & sLo) | (gHi & sHi)) !== 0;
    const touchN = ((gLo & nLo) | (gHi & nHi)) !== 0;
    const touchW = ((gLo & wLo) | (gHi & wHi)) !== 0;
    const touchE = ((gLo & eLo) | (gHi & eHi)) !== 0;
    if (touchS || touchN || touchW || touchE) {
      dilate(gLo, gHi, size, nfl, nfh, nll, nlh);
      const dl = OUT[0]!;
      const dh = OUT[1]!;
      if (touchS) {
        aSl |= dl;
        aSh |= dh;
      }
      if (touchN) {
        aNl |= dl;
        aNh |= dh;
      }
      if (touchW) {
        aWl |= dl;
        aWh |= dh;
      }
      if (touchE) {
        aEl |= dl;
        aEh |= dh;
      }
    }
  }

  let tLo = 0;
  let tHi = 0;
  if (nsPossible) {
    tLo |= aSl & aNl;
    tHi |= aSh & aNh;
  }
  if (ewPossible) {
    tLo |= aWl & aEl;
    tHi |= aWh & aEh;
  }
  CANDIDATES[0] = tLo & ~lo;
  CANDIDATES[1] = tHi & ~hi;
  CANDIDATES[2] = score;
  const r = colour * 8;
  REACH[r] = aSl;
  REACH[r + 1] = aSh;
  REACH[r + 2] = aNl;
  REACH[r + 3] = aNh;
  REACH[r + 4] = aWl;
  REACH[r + 5] = aWh;
  REACH[r + 6] = aEl;
  REACH[r + 7] = aEh;
}
