// What the evaluation counts: a linear model over features, each White's minus Black's, with a
// middle-game and an end-game weight blended by phase. The search reads the blended sum
// (evaluate.ts); the tuner reads the raw vector (extractFeatures). Per size n, C square classes
// under the 8 symmetries: flatPst/wallPst/capPst[C] (top piece by type and class); flatLead,
// flatLeadEnd (top flats minus komi, and scaled up as reserves run out); stack[8] (pieces under
// a top: by top type, own or captive, carryable or buried); hardCap, capMobility, capInHand;
// wallNextToRoad, wallNextToOwn; lineOpen/lineSoft/lineHard[n+1] (own road pieces per rank and
// file, against no / flat-only / wall-or-cap opposition); group[n+1] (road groups by lines
// spanned; one unphased weight, cached by the road map); threat (the non-mover's placement
// threats, <= 2); tempo; reserveLead, reserveLeadEnd (stones in hand, and scaled up as the
// smaller reserve runs out: stones the opponent will not outlast are never placed); tempoEnd;
// supportEnd, captiveEnd (pieces under tops, scaled so: at the end only tops count).
// Allocation-free: the search calls it at every leaf.

import { dilate, OUT, popcount32 } from '../core/bitboard.js';
import { WHITE, type Position } from '../core/position.js';
import { M_BOARD, M_NOT_FILE_FIRST, M_NOT_FILE_LAST, MAX_SIZE, MIN_SIZE } from '../core/sizes.js';

export const STACK_TERMS = [
  'flatSupport',
  'flatCaptive',
  'wallSupport',
  'wallCaptive',
  'capSupport',
  'capCaptive',
  'buriedOwn',
  'buriedCaptive',
] as const;

export interface FeatureLayout {
  readonly size: number;
  readonly count: number;
  readonly names: readonly string[];
  /** Square class (0..classes-1) of each square under the 8 symmetries of the board. */
  readonly squareClass: Int32Array;
  readonly classes: number;
  readonly flatPst: number;
  readonly wallPst: number;
  readonly capPst: number;
  readonly flatLead: number;
  readonly flatLeadEnd: number;
  readonly stack: number;
  readonly hardCap: number;
  readonly capMobility: number;
  readonly capInHand: number;
  readonly wallNextToRoad: number;
  readonly wallNextToOwn: number;
  readonly lineOpen: number;
  readonly lineSoft: number;
  readonly lineHard: number;
  readonly group: number;
  readonly threat: number;
  readonly tempo: number;
  readonly reserveLead: number;
  readonly reserveLeadEnd: number;
  readonly tempoEnd: number;
  readonly supportEnd: number;
  readonly captiveEnd: number;
  /** 1 for features whose middle-game and end-game weights are one weight (the group spans). */
  readonly unphased: Uint8Array;
}

function makeLayout(size: number): FeatureLayout {
  const k = Math.ceil(size / 2);
  const classes = (k * (k + 1)) / 2;
  const squareClass = new Int32Array(64);
  const classNames: string[] = [];
  for (let sq = 0; sq < size * size; sq++) {
    const x = sq % size;
    const y = Math.floor(sq / size);
    const fx = Math.min(x, size - 1 - x);
    const fy = Math.min(y, size - 1 - y);
    const a = Math.min(fx, fy);
    const b = Math.max(fx, fy);
    const c = (b * (b + 1)) / 2 + a;
    squareClass[sq] = c;
    classNames[c] ??= String.fromCharCode(97 + a) + String(b + 1);
  }
  const names: string[] = [];
  const block = (prefix: string, n: number, label: (i: number) => string = (i) => String(i)): number => {
    const at = names.length;
    for (let i = 0; i < n; i++) names.push(`${prefix}[${label(i)}]`);
    return at;
  };
  const one = (name: string): number => {
    names.push(name);
    return names.length - 1;
  };
  const flatPst = block('flatPst', classes, (i) => classNames[i]!);
  const wallPst = block('wallPst', classes, (i) => classNames[i]!);
  const capPst = block('capPst', classes, (i) => classNames[i]!);
  const flatLead = one('flatLead');
  const flatLeadEnd = one('flatLeadEnd');
  const stack = names.length;
  for (const t of STACK_TERMS) one(t);
  const hardCap = one('hardCap');
  const capMobility = one('capMobility');
  const capInHand = one('capInHand');
  const wallNextToRoad = one('wallNextToRoad');
  const wallNextToOwn = one('wallNextToOwn');
  const lineOpen = block('lineOpen', size + 1);
  const lineSoft = block('lineSoft', size + 1);
  const lineHard = block('lineHard', size + 1);
  const group = block('group', size + 1);
  const threat = one('threat');
  const tempo = one('tempo');
  const reserveLead = one('reserveLead');
  const reserveLeadEnd = one('reserveLeadEnd');
  const tempoEnd = one('tempoEnd');
  const supportEnd = one('supportEnd');
  const captiveEnd = one('captiveEnd');
  const unphased = new Uint8Array(names.length);
  for (let i = 0; i <= size; i++) unphased[group + i] = 1;
  return {
    size,
    count: names.length,
    names,
    squareClass,
    classes,
    flatPst,
    wallPst,
    capPst,
    flatLead,
    flatLeadEnd,
    stack,
    hardCap,
    capMobility,
    capInHand,
    wallNextToRoad,
    wallNextToOwn,
    lineOpen,
    lineSoft,
    lineHard,
    group,
    threat,
    tempo,
    reserveLead,
    reserveLeadEnd,
    tempoEnd,
    supportEnd,
    captiveEnd,
    unphased,
  };
}

const layouts: FeatureLayout[] = [];
for (let s = MIN_SIZE; s <= MAX_SIZE; s++) layouts[s] = makeLayout(s);

export function featureLayout(size: number): FeatureLayout {
  const l = layouts[size];
  if (l === undefined) throw new RangeError(`no evaluation layout for size ${size}`);
  return l;
}

const RANK_OF: Uint8Array[] = [];
for (let s = MIN_SIZE; s <= MAX_SIZE; s++) RANK_OF[s] = Uint8Array.from({ length: 64 }, (_, sq) => Math.floor(sq / s));

/** The game phase: 1 with full reserves, 0 when the stones run out (middle-game weight share). */
export function gamePhase(pos: Position): number {
  const full = 2 * pos.startStones;
  return full > 0 ? (pos.stones[0]! + pos.stones[1]!) / full : 0;
}

/**
 * Fills F[0..count) with the board features of `pos` (White's minus Black's), all but the group
 * spans (left 0: the search adds their weighted score from the road map; the tuner fills them
 * with groupSpans()). `nonMoverThreats` is the number of squares where the side not to move
 * could complete a road by placement.
 */
export function boardFeatures(pos: Position, halfKomi: number, nonMoverThreats: number, F: Float64Array): void {
  F.fill(0, 0, layouts[pos.size]!.count);
  scoreBoard(pos, halfKomi, nonMoverThreats, ZERO_WEIGHTS, 0, F);
}

const ZERO_WEIGHTS = new Float64Array(256);

/**
 * The board features of `pos` weighted by W[row + i] and summed (White's view): what the search
 * calls at every leaf, with no feature vector in between. When F is given, each feature is
 * also added into F[i] (boardFeatures, for the tuner): one code path for both, so that what is
 * tuned is what is played.
 */
export function scoreBoard(
  pos: Position,
  halfKomi: number,
  nonMoverThreats: number,
  W: Float64Array,
  row: number,
  F: Float64Array | null,
): number {
  const L = layouts[pos.size]!;
  const trace = F !== null;
  let s = 0;
  const size = pos.size;
  const top = pos.top;
  const height = pos.height;
  const stack = pos.stack;
  const stride = pos.stride;
  const cls = L.squareClass;
  const delta = pos.info.delta;
  const ray = pos.info.ray;
  const rankOf = RANK_OF[size]!;
  const flatPst = L.flatPst;
  const wallPst = L.wallPst;
  const capPst = L.capPst;
  // Per colour, line counts in 4-bit fields (line i at bits 4i..4i+3, at most 8 a line): road
  // pieces (flats, caps) and hard blockers (walls, caps) by rank and by file.
  let wRoadRank = 0;
  let wRoadFile = 0;
  let wHardRank = 0;
  let wHardFile = 0;
  let bRoadRank = 0;
  let bRoadFile = 0;
  let bHardRank = 0;
  let bHardFile = 0;
  let flats = 0;
  // Pieces under the tops (White's minus Black's): own, and the opponent's (captives).
  let support = 0;
  let captive = 0;
  // The occupied squares in increasing order (the sum's order, hence its rounding, is that of
  // a plain square loop), found from the bitboards rather than by reading every top.
  const b = pos.b;
  const occLo = b[0]! | b[2]! | b[4]! | b[6]! | b[8]! | b[10]!;
  const occHi = b[1]! | b[3]! | b[5]! | b[7]! | b[9]! | b[11]!;
  for (let bits = occLo, half = 0; half < 2; bits = occHi, half++) {
    for (; bits !== 0; bits &= bits - 1) {
      const sq = half * 32 + 31 - Math.clz32(bits & -bits);
      const code = top[sq]!;
      const colour = code & 1;
      const sign = colour === WHITE ? 1 : -1;
      const type = code >> 1; // 1 flat, 2 wall, 3 cap
      const rank = rankOf[sq]!;
      const rankBit = 1 << (rank << 2);
      const fileBit = 1 << ((sq - rank * size) << 2);
      if (colour === WHITE) {
        if (type !== 2) {
          wRoadRank = (wRoadRank + rankBit) | 0;
          wRoadFile = (wRoadFile + fileBit) | 0;
        }
        if (type !== 1) {
          wHardRank = (wHardRank + rankBit) | 0;
          wHardFile = (wHardFile + fileBit) | 0;
        }
      } else {
        if (type !== 2) {
          bRoadRank = (bRoadRank + rankBit) | 0;
          bRoadFile = (bRoadFile + fileBit) | 0;
        }
        if (type !== 1) {
          bHardRank = (bHardRank + rankBit) | 0;
          bHardFile = (bHardFile + fileBit) | 0;
        }
      }
      if (type === 1) {
        s += sign * W[row + flatPst + cls[sq]!]!;
        if (trace) F[flatPst + cls[sq]!] += sign;
        flats += sign;
      } else if (type === 2) {
        s += sign * W[row + wallPst + cls[sq]!]!;
        if (trace) F[wallPst + cls[sq]!] += sign;
      } else {
        s += sign * W[row + capPst + cls[sq]!]!;
        if (trace) F[capPst + cls[sq]!] += sign;
        let mob = 0;
        for (let dir = 0; dir < 4; dir++) {
          const r = ray[sq * 4 + dir]!;
          const step = delta[dir]!;
          let cur = sq + step;
          for (let i = 0; i < r && top[cur]! < 4; i++, cur += step) mob++;
        }
        s += sign * mob * W[row + L.capMobility]!;
        if (trace) F[L.capMobility] += sign * mob;
      }
      const h = height[sq]!;
      if (h > 1) {
        const base = sq * stride;
        const carryFloor = h > size ? h - size : 0; // pieces below this level cannot be carried
        let own = 0;
        let other = 0;
        for (let l = carryFloor; l < h - 1; l++) {
          if (stack[base + l] === colour) own++;
          else other++;
        }
        support += sign * own;
        captive += sign * other;
        const at = L.stack + 2 * (type - 1);
        s += sign * (own * W[row + at]! + other * W[row + at + 1]!);
        if (trace) {
          F[at] += sign * own;
          F[at + 1] += sign * other;
        }
        if (carryFloor > 0) {
          let bOwn = 0;
          for (let l = 0; l < carryFloor; l++) if (stack[base + l] === colour) bOwn++;
          support += sign * bOwn;
          captive += sign * (carryFloor - bOwn);
          s += sign * (bOwn * W[row + L.stack + 6]! + (carryFloor - bOwn) * W[row + L.stack + 7]!);
          if (trace) {
            F[L.stack + 6] += sign * bOwn;
            F[L.stack + 7] += sign * (carryFloor - bOwn);
          }
        }
        if (type === 3 && stack[base + h - 2] === colour) {
          s += sign * W[row + L.hardCap]!;
          if (trace) F[L.hardCap] += sign;
        }
      }
    }
  }
  const lead = flats - halfKomi / 2;
  const left = pos.stones[0]! < pos.stones[1]! ? pos.stones[0]! : pos.stones[1]!;
  // Grows from about 0 to 1 as the smaller reserve runs out (the game ends when either is empty).
  const endScale = 4 / (left + 4);
  const leadEnd = lead * endScale;
  const capInHand = pos.caps[0]! - pos.caps[1]!;
  s += lead * W[row + L.flatLead]! + leadEnd * W[row + L.flatLeadEnd]! + capInHand * W[row + L.capInHand]!;
  if (trace) {
    F[L.flatLead] = lead;
    F[L.flatLeadEnd] = leadEnd;
    F[L.capInHand] = capInHand;
  }

  // Bitboards (lo, hi halves): flats 0/1, walls 2/3, caps 4/5.
  const m = pos.info.masks;
  const nfl = m[M_NOT_FILE_FIRST]!;
  const nfh = m[M_NOT_FILE_FIRST + 1]!;
  const nll = m[M_NOT_FILE_LAST]!;
  const nlh = m[M_NOT_FILE_LAST + 1]!;
  const boardLo = m[M_BOARD]!;
  const boardHi = m[M_BOARD + 1]!;
  const roadWLo = b[0]! | b[8]!;
  const roadWHi = b[1]! | b[9]!;
  const roadBLo = b[2]! | b[10]!;
  const roadBHi = b[3]! | b[11]!;
  if ((b[4]! | b[5]!) !== 0) {
    dilate(b[4]!, b[5]!, size, nfl, nfh, nll, nlh);
    const nl = OUT[0]! & boardLo;
    const nh = OUT[1]! & boardHi;
    const road = popcount32(nl & roadBLo) + popcount32(nh & roadBHi);
    const own = popcount32(nl & roadWLo) + popcount32(nh & roadWHi);
    s += road * W[row + L.wallNextToRoad]! + own * W[row + L.wallNextToOwn]!;
    if (trace) {
      F[L.wallNextToRoad] += road;
      F[L.wallNextToOwn] += own;
    }
  }
  if ((b[6]! | b[7]!) !== 0) {
    dilate(b[6]!, b[7]!, size, nfl, nfh, nll, nlh);
    const nl = OUT[0]! & boardLo;
    const nh = OUT[1]! & boardHi;
    const road = popcount32(nl & roadWLo) + popcount32(nh & roadWHi);
    const own = popcount32(nl & roadBLo) + popcount32(nh & roadBHi);
    s -= road * W[row + L.wallNextToRoad]! + own * W[row + L.wallNextToOwn]!;
    if (trace) {
      F[L.wallNextToRoad] -= road;
      F[L.wallNextToOwn] -= own;
    }
  }
  s = scoreLines(s, size, wRoadRank, bRoadRank, wHardRank, bHardRank, L, W, row, F);
  s = scoreLines(s, size, wRoadFile, bRoadFile, wHardFile, bHardFile, L, W, row, F);
  const threats = nonMoverThreats > 2 ? 2 : nonMoverThreats;
  const white = pos.side === WHITE;
  const threat = white ? -threats : threats;
  const tempo = white ? 1 : -1;
  const reserveLead = pos.stones[0]! - pos.stones[1]!;
  const reserveLeadEnd = reserveLead * endScale;
  const tempoEnd = tempo * endScale;
  const supportEnd = support * endScale;
  const captiveEnd = captive * endScale;
  s +=
    supportEnd * W[row + L.supportEnd]! +
    captiveEnd * W[row + L.captiveEnd]! +
    threat * W[row + L.threat]! +
    tempo * W[row + L.tempo]! +
    reserveLead * W[row + L.reserveLead]! +
    reserveLeadEnd * W[row + L.reserveLeadEnd]! +
    tempoEnd * W[row + L.tempoEnd]!;
  if (trace) {
    F[L.threat] = threat;
    F[L.tempo] = tempo;
    F[L.reserveLead] = reserveLead;
    F[L.reserveLeadEnd] = reserveLeadEnd;
    F[L.tempoEnd] = tempoEnd;
    F[L.supportEnd] = supportEnd;
    F[L.captiveEnd] = captiveEnd;
  }
  return s;
}

/**
 * Adds to s the line terms of one direction (ranks or files): for each line, White's road
 * pieces on it against Black's opposition (none, flats only, or a wall or capstone), then
 * Black's likewise, subtracted. The counts come in 4-bit fields, line i at bits 4i..4i+3.
 */
function scoreLines(
  s: number,
  size: number,
  wRoad: number,
  bRoad: number,
  wHard: number,
  bHard: number,
  L: FeatureLayout,
  W: Float64Array,
  row: number,
  F: Float64Array | null,
): number {
  for (let i = 0, shift = 0; i < size; i++, shift += 4) {
    const w = (wRoad >>> shift) & 15;
    const bl = (bRoad >>> shift) & 15;
    if (w !== 0) {
      const base = ((bHard >>> shift) & 15) !== 0 ? L.lineHard : bl !== 0 ? L.lineSoft : L.lineOpen;
      s += W[row + base + w]!;
      if (F !== null) F[base + w] += 1;
    }
    if (bl !== 0) {
      const base = ((wHard >>> shift) & 15) !== 0 ? L.lineHard : w !== 0 ? L.lineSoft : L.lineOpen;
      s -= W[row + base + bl]!;
      if (F !== null) F[base + bl] -= 1;
    }
  }
  return s;
}
