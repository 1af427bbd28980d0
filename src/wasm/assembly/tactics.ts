// The road tactics every search node asks, in AssemblyScript beside the rules core: a port of
// src/core/roads.ts's scan, src/eval/roadmap.ts (road groups, their score, placement threats and
// the REACH sets, cached by road set), src/tactics/spread-roads.ts (a road by a spread, memoised
// by key; whether a move can have opened one), threat-answers.ts and flat-finish.ts. The same
// answers as the TypeScript functions (test/wasm/tactics.test.ts holds them equal through real
// games), so that the search can move into WebAssembly node for node.

import {
  area,
  bb,
  board,
  caps,
  delta,
  dilate,
  fileFirst,
  fileLast,
  fileLine,
  flood,
  freeSquares,
  height,
  key,
  moves,
  notFileFirst,
  notFileLast,
  rankFirst,
  rankLast,
  rankLine,
  ray,
  side,
  size,
  spreadsInDirection,
  stack,
  stones,
  stride,
  top,
  connects,
} from './rules';

// ---- The road scan (roads.ts scanRoads): road squares and the lines each colour misses ---------

export const roadSet = new StaticArray<u64>(2);
export const missedRanks = new StaticArray<i32>(2);
export const missedFiles = new StaticArray<i32>(2);

export function scanRoads(): void {
  for (let c = 0; c < 2; c++) {
    const set = bb[2 + c] | bb[6 + c];
    let r = 0;
    let f = 0;
    for (let i = 0; i < size; i++) {
      if ((set & rankLine[i]) == 0) r++;
      if ((set & fileLine[i]) == 0) f++;
    }
    roadSet[c] = set;
    missedRanks[c] = r;
    missedFiles[c] = f;
  }
}

/** Does the set join the first and last rank (ns) or the first and last file (ew)? */
@inline
function roadInSet(set: u64, ns: bool, ew: bool): bool {
  return (ns && connects(set, rankFirst, rankLast)) || (ew && connects(set, fileFirst, fileLast));
}

// ---- The road map (roadmap.ts) ---------------------------------------------------------------

/** Per colour: placement threats (empty squares), their count and the road groups' score. */
export const threats = new StaticArray<u64>(2);
export const threatCount = new StaticArray<i32>(2);
export const groupScore = new StaticArray<i32>(2);
/** Per colour c at c * 4: A_S, A_N, A_W, A_E (roadmap.ts REACH). */
export const reach = new StaticArray<u64>(8);
/** Per colour: the squares that as one more road square would complete a road (ROAD_GAPS). */
export const roadGaps = new StaticArray<u64>(2);

/** The evaluation's score for a road group by the lines it spans (0..8). */
const groupWeights = new StaticArray<f64>(9);

const CACHE_BITS: i32 = 14;
/** Per slot: road set, candidates, score (as u64), A_S, A_N, A_W, A_E; a set of 0 is never cached. */
const CACHE_WORDS: i32 = 7;
const cache = new StaticArray<u64>((1 << CACHE_BITS) * CACHE_WORDS);
const cacheUsed = new StaticArray<u8>(1 << CACHE_BITS);

/** The group weights of the size (evaluate.ts groupWeights); empties the cache. */
export function setGroupWeight(span: i32, w: f64): void {
  groupWeights[span] = w;
  for (let i = 0; i < cacheUsed.length; i++) cacheUsed[i] = 0;
}

let candidates: u64 = 0;
let candidateScore: i32 = 0;

function computeRoadMap(c: i32): void {
  const set = roadSet[c];
  const nsPossible = missedRanks[c] <= 1;
  const ewPossible = missedFiles[c] <= 1;
  let aS = rankFirst;
  let aN = rankLast;
  let aW = fileFirst;
  let aE = fileLast;
  // Squares with a road neighbour belong to groups of two or more; the rest stand alone.
  const n = <u64>size;
  const nb = (set << n) | (set >> n) | ((set << 1) & notFileFirst) | ((set >> 1) & notFileLast);
  let rest = set & nb;
  const lone = set & ~rest;
  if ((lone & rankFirst) != 0) aS |= dilate(lone & rankFirst);
  if ((lone & rankLast) != 0) aN |= dilate(lone & rankLast);
  if ((lone & fileFirst) != 0) aW |= dilate(lone & fileFirst);
  if ((lone & fileLast) != 0) aE |= dilate(lone & fileLast);
  let score: f64 = <f64>(<i32>popcnt(lone)) * groupWeights[1];
  while (rest != 0) {
    const g = flood(set, rest & (~rest + 1));
    rest &= ~g;
    let ranks = 0;
    let files = 0;
    for (let i = 0; i < size; i++) {
      if ((g & rankLine[i]) != 0) ranks++;
      if ((g & fileLine[i]) != 0) files++;
    }
    score += groupWeights[ranks > files ? ranks : files];
    const touchS = (g & rankFirst) != 0;
    const touchN = (g & rankLast) != 0;
    const touchW = (g & fileFirst) != 0;
    const touchE = (g & fileLast) != 0;
    if (touchS || touchN || touchW || touchE) {
      const d = dilate(g);
      if (touchS) aS |= d;
      if (touchN) aN |= d;
      if (touchW) aW |= d;
      if (touchE) aE |= d;
    }
  }
  let t: u64 = 0;
  if (nsPossible) t |= aS & aN;
  if (ewPossible) t |= aW & aE;
  candidates = t & ~set;
  candidateScore = <i32>score;
  reach[c * 4] = aS;
  reach[c * 4 + 1] = aN;
  reach[c * 4 + 2] = aW;
  reach[c * 4 + 3] = aE;
}

/** The road map of colour c (roadmap.ts mapRoads); call after scanRoads. */
export function mapRoads(c: i32): void {
  const set = roadSet[c];
  const slot = <i32>((set * 0x9e3779b97f4a7c15) >> (64 - CACHE_BITS));
  const at = slot * CACHE_WORDS;
  // The cache by road set is exact; the missed-line counts follow from the set, so they match too.
  if (cacheUsed[slot] == 1 && cache[at] == set) {
    candidates = cache[at + 1];
    candidateScore = <i32>cache[at + 2];
    for (let i = 0; i < 4; i++) reach[c * 4 + i] = cache[at + 3 + i];
  } else {
    computeRoadMap(c);
    cache[at] = set;
    cache[at + 1] = candidates;
    cache[at + 2] = <u64>candidateScore;
    for (let i = 0; i < 4; i++) cache[at + 3 + i] = reach[c * 4 + i];
    cacheUsed[slot] = 1;
  }
  const occupied = bb[2] | bb[3] | bb[4] | bb[5] | bb[6] | bb[7];
  const t = candidates & board & ~occupied;
  roadGaps[c] = candidates;
  threats[c] = t;
  threatCount[c] = <i32>popcnt(t);
  groupScore[c] = candidateScore;
}

// ---- Roads by spreads (spread-roads.ts) ----------------------------------------------------------

/** segments[((sq * 4 + dir) * 9 + len)]: the origin and the next len squares (for this size). */
const segments = new StaticArray<u64>(64 * 4 * 9);
/** cross[(sq * 9 + carry) * 2 + cap]: the four segments a hand of carry reaches, blockers ignored. */
const cross = new StaticArray<u64>(64 * 9 * 2);

/** The tables of a size, the caches emptied; call after the rules core's setSize. */
export function setTacticsSize(): void {
  for (let i = 0; i < segments.length; i++) segments[i] = 0;
  for (let i = 0; i < cross.length; i++) cross[i] = 0;
  for (let sq = 0; sq < area; sq++) {
    const x = sq % size;
    const y = sq / size;
    for (let dir = 0; dir < 4; dir++) {
      let seg: u64 = 0;
      for (let len = 0; len <= 8; len++) {
        const cx = x + (dir == 1 ? len : dir == 3 ? -len : 0);
        const cy = y + (dir == 0 ? len : dir == 2 ? -len : 0);
        if (cx >= 0 && cx < size && cy >= 0 && cy < size) seg |= (<u64>1) << (sq + len * delta[dir]);
        segments[(sq * 4 + dir) * 9 + len] = seg;
        if (len >= 1) {
          cross[(sq * 9 + len) * 2] |= seg;
          if (len >= 2) cross[(sq * 9 + len - 1) * 2 + 1] |= seg;
          if (len == 8) cross[(sq * 9 + 8) * 2 + 1] |= seg;
        }
      }
    }
  }
  for (let i = 0; i < memoUsed.length; i++) memoUsed[i] = 0;
  for (let i = 0; i < cacheUsed.length; i++) cacheUsed[i] = 0;
}

/** The last spreadWin's move (0: none) and its segment. */
export let spreadWinMove: i32 = 0;
export let spreadWinSegment: u64 = 0;

const MEMO_BITS: i32 = 14;
const memoKey = new StaticArray<u64>(1 << MEMO_BITS);
const memoMove = new StaticArray<i32>(1 << MEMO_BITS);
const memoSegment = new StaticArray<u64>(1 << MEMO_BITS);
const memoUsed = new StaticArray<u8>(1 << MEMO_BITS);
const scratch = new StaticArray<i32>(1024);

@inline
function roadAxes(c: i32, set: u64): i32 {
  const r = c * 4;
  const ns = (set & reach[r]) != 0 && (set & reach[r + 1]) != 0;
  const ew = (set & reach[r + 2]) != 0 && (set & reach[r + 3]) != 0;
  return (ns ? 1 : 0) | (ew ? 2 : 0);
}

/** A spread by which colour c completes a road if it were to move now, or 0; after mapRoads(c). */
export function spreadWin(c: i32): i32 {
  const k = key ^ (c == 0 ? 0 : (<u64>0x5bd1e995) << 32);
  const at = <i32>((k * 0x9e3779b97f4a7c15) >> (64 - MEMO_BITS));
  if (memoUsed[at] == 1 && memoKey[at] == k) {
    spreadWinMove = memoMove[at];
    spreadWinSegment = memoSegment[at];
    return spreadWinMove;
  }
  const found = findSpreadWin(c);
  memoKey[at] = k;
  memoMove[at] = found;
  memoSegment[at] = spreadWinSegment;
  memoUsed[at] = 1;
  return found;
}

function findSpreadWin(c: i32): i32 {
  spreadWinMove = 0;
  spreadWinSegment = 0;
  const near = dilate(roadGaps[c] & ~(bb[4] | bb[5] | bb[6] | bb[7]));
  let bits = bb[2 + c] | bb[4 + c] | bb[6 + c];
  while (bits != 0) {
    const sq = <i32>ctz(bits);
    const low = bits & (~bits + 1);
    bits ^= low;
    const t = <i32>top[sq];
    const h = <i32>height[sq];
    if (h == 1 && t < 6) {
      if (t >= 4 || (low & near) == 0) continue;
    }
    const carry = h < size ? h : size;
    if (roadAxes(c, cross[(sq * 9 + carry) * 2 + (t >= 6 ? 1 : 0)]) == 0) continue;
    const found = spreadWinFrom(c, sq, t, carry);
    if (found != 0) {
      spreadWinMove = found;
      return found;
    }
  }
  return 0;
}

function spreadWinFrom(c: i32, sq: i32, t: i32, carry: i32): i32 {
  const isCap = t >= 6;
  for (let dir = 0; dir < 4; dir++) {
    const free = freeSquares(sq, dir);
    let len = free < carry ? free : carry;
    if (isCap && free < carry && free < <i32>ray[sq * 4 + dir] && top[sq + (free + 1) * delta[dir]] < 6) len++;
    if (len == 0) continue;
    const seg = segments[(sq * 4 + dir) * 9 + len];
    const axes = roadAxes(c, seg);
    if (axes == 0) continue;
    const end = spreadsInDirection(sq, dir, carry, isCap, scratch, 0);
    const m = winningSpread(c, sq, dir, (axes & 1) != 0, (axes & 2) != 0, end);
    if (m != 0) {
      spreadWinSegment = seg;
      return m;
    }
  }
  return 0;
}

function winningSpread(c: i32, sq: i32, dir: i32, ns: bool, ew: bool, end: i32): i32 {
  const h = <i32>height[sq];
  const base = sq * stride;
  const step = delta[dir];
  const topIsWall = top[sq] >> 1 == 2;
  const roads = bb[2 + c] | bb[6 + c];
  const origin: u64 = (<u64>1) << sq;
  for (let i = 0; i < end; i++) {
    const m = scratch[i];
    let mask = (m >> 9) & 0xff;
    const n = 32 - clz(mask);
    let set = roads & ~origin;
    if (n < h && <i32>stack[base + h - n - 1] == c) set |= origin;
    const handBase = base + h - n;
    let cur = sq;
    while (mask != 0) {
      cur += step;
      const p = ctz(mask);
      mask &= mask - 1;
      const bit: u64 = (<u64>1) << cur;
      if (<i32>stack[handBase + p] == c && !(mask == 0 && topIsWall)) set |= bit;
      else set &= ~bit;
    }
    const axes = roadAxes(c, set & ~roads);
    const nsNew = ns && (axes & 1) != 0;
    const ewNew = ew && (axes & 2) != 0;
    if ((nsNew || ewNew) && roadInSet(set, nsNew, ewNew)) return m;
  }
  return 0;
}

/** Whether move m, just made, can have given the side now to move a road by a spread. */
export function mayOpenSpreadRoad(m: i32): bool {
  if ((m & 256) == 0) return false;
  const mover = side ^ 1;
  let sq = m & 63;
  const t0 = <i32>top[sq];
  if (t0 != 0 && (t0 & 1) != mover) return true;
  const step = delta[(m >> 6) & 3];
  for (let mask = (m >> 9) & 0xff; mask != 0; mask &= mask - 1) {
    sq += step;
    const t = <i32>top[sq];
    if ((t & 1) != mover) return true;
    if (t >= 4) return true;
  }
  return false;
}

// ---- Threats and their answers (threat-answers.ts) -------------------------------------------

export let threat: u64 = 0;

/** Whether colour c threatens a road next move; its squares into `threat`. After mapRoads(c). */
export function roadThreat(c: i32): bool {
  if (threatCount[c] != 0) {
    threat = threats[c];
    return true;
  }
  if (spreadWin(c) == 0) return false;
  threat = spreadWinSegment;
  return true;
}

/** Compacts moves[start..end) to those that could answer a threat on `squares`; returns the end. */
export function keepThreatAnswers(moves: StaticArray<i32>, start: i32, end: i32, squares: u64): i32 {
  const them = side ^ 1;
  const relevant = squares | bb[2 + them] | bb[6 + them];
  const empty = board & ~(bb[2] | bb[3] | bb[4] | bb[5] | bb[6] | bb[7]);
  const allPlacements = stones[side] + caps[side] <= 1 || popcnt(empty) <= 1;
  let w = start;
  for (let i = start; i < end; i++) {
    const m = moves[i];
    const sq = m & 63;
    let keep: bool;
    if ((m & 256) == 0) keep = allPlacements || ((squares >> sq) & 1) != 0;
    else {
      const seg = segments[(sq * 4 + ((m >> 6) & 3)) * 9 + <i32>popcnt((m >> 9) & 0xff)];
      keep = (seg & relevant) != 0 || (empty & ~seg) == 0;
    }
    if (keep) moves[w++] = m;
  }
  return w;
}

/** Whether move m could answer a threat on `squares` (threat-answers.ts mayAnswerThreat). */
export function mayAnswer(m: i32, squares: u64): bool {
  const sq = m & 63;
  const empty = board & ~(bb[2] | bb[3] | bb[4] | bb[5] | bb[6] | bb[7]);
  if ((m & 256) == 0) {
    if (stones[side] + caps[side] <= 1 || popcnt(empty) <= 1) return true;
    return ((squares >> sq) & 1) != 0;
  }
  const them = side ^ 1;
  const seg = segments[(sq * 4 + ((m >> 6) & 3)) * 9 + <i32>popcnt((m >> 9) & 0xff)];
  return (seg & (squares | bb[2 + them] | bb[6 + them])) != 0 || (empty & ~seg) == 0;
}

/** keepThreatAnswers on the rules core's move list, the squares as 32-bit halves. */
export function keepAnswers(start: i32, end: i32, squaresLo: i32, squaresHi: i32): i32 {
  return keepThreatAnswers(moves, start, end, (<u64>(<u32>squaresLo)) | ((<u64>(<u32>squaresHi)) << 32));
}

// ---- The game's end after a move (result.ts resultAfterMove) --------------------------------------

export const ONGOING: i32 = 0;
export const WHITE_ROAD: i32 = 1;
export const BLACK_ROAD: i32 = 2;
export const WHITE_FLATS: i32 = 3;
export const BLACK_FLATS: i32 = 4;
export const DRAW: i32 = 5;

@inline
function hasRoad(c: i32): bool {
  const ranks = missedRanks[c] == 0;
  const files = missedFiles[c] == 0;
  if (!ranks && !files) return false;
  return roadInSet(roadSet[c], ranks, files);
}

function flatResult(halfKomi: i32): i32 {
  const w = 2 * <i32>popcnt(bb[2]);
  const b = 2 * <i32>popcnt(bb[3]) + halfKomi;
  return w > b ? WHITE_FLATS : b > w ? BLACK_FLATS : DRAW;
}

@inline
function gameOverByCount(): bool {
  return (bb[2] | bb[3] | bb[4] | bb[5] | bb[6] | bb[7]) == board || stones[0] + caps[0] == 0 || stones[1] + caps[1] == 0;
}

/**
 * The result of the position reached by `move` (0: a pass) from one not decided, the road scan
 * left for the road map: a spread may complete either colour's road (both: the mover's wins), a
 * flat or capstone placement only its owner's, a wall none.
 */
export function resultAfterMove(move: i32, halfKomi: i32): i32 {
  scanRoads();
  if ((move & 256) != 0) {
    const white = hasRoad(0);
    const black = hasRoad(1);
    if (white || black) {
      if (white && black) return side == 0 ? BLACK_ROAD : WHITE_ROAD;
      return white ? WHITE_ROAD : BLACK_ROAD;
    }
    if (gameOverByCount()) return flatResult(halfKomi);
    return ONGOING;
  }
  if (move != 0 && ((move >> 6) & 3) != 2) {
    const c = <i32>top[move & 63] & 1;
    if (hasRoad(c)) return c == 0 ? WHITE_ROAD : BLACK_ROAD;
  }
  if (move != 0 && gameOverByCount()) return flatResult(halfKomi);
  return ONGOING;
}

// ---- Flat finishes (flat-finish.ts) --------------------------------------------------------------

/** 0 none, 1 colour c wins, 2 a draw, 3 c loses, if c ended the game by a placement now. */
export function finishOutcome(c: i32, halfKomi: i32): i32 {
  const inHand = stones[c] + caps[c];
  const empties = <i32>popcnt(board & ~(bb[2] | bb[3] | bb[4] | bb[5] | bb[6] | bb[7]));
  if (inHand == 0 || empties == 0 || (inHand != 1 && empties != 1)) return 0;
  const added = stones[c] > 0 ? 1 : 0;
  const white = 2 * (<i32>popcnt(bb[2]) + (c == 0 ? added : 0));
  const black = 2 * (<i32>popcnt(bb[3]) + (c == 1 ? added : 0)) + halfKomi;
  if (white == black) return 2;
  const winner = white > black ? 0 : 1;
  return winner == c ? 1 : 3;
}

// ---- For the tests: every answer above for both colours of the loaded position -----------------

/** probe's answers, 32-bit words: per colour c at c * 32 (u64 as lo, hi). */
export const probed = new StaticArray<i32>(64);

function put(at: i32, x: u64): void {
  probed[at] = <i32>x;
  probed[at + 1] = <i32>(x >> 32);
}

/**
 * Per colour c at c * 32: threats (2 words), their count, group score, REACH (8), road gaps (2),
 * spreadWin's move and segment (3), roadThreat and its squares (3), finishOutcome (1).
 */
export function probe(halfKomi: i32): void {
  scanRoads();
  for (let c = 0; c < 2; c++) {
    const o = c * 32;
    mapRoads(c);
    put(o, threats[c]);
    probed[o + 2] = threatCount[c];
    probed[o + 3] = groupScore[c];
    for (let i = 0; i < 4; i++) put(o + 4 + 2 * i, reach[c * 4 + i]);
    put(o + 12, roadGaps[c]);
    probed[o + 14] = spreadWin(c);
    put(o + 15, spreadWinSegment);
    const t = roadThreat(c);
    probed[o + 17] = t ? 1 : 0;
    put(o + 18, t ? threat : 0);
    probed[o + 20] = finishOutcome(c, halfKomi);
  }
}

export function probedAt(): usize {
  return changetype<usize>(probed);
}
