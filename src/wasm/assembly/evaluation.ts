// The linear evaluation in AssemblyScript beside the rules core: a port of src/eval/features.ts's
// scoreBoard (the search's path, no feature vector) and evaluate.ts, over the blend table of
// weights.ts that the TypeScript side copies in. The same float operations in the same order,
// so the same rounded score (test/wasm/evaluation.test.ts holds them equal through real games).

import { bb, board, caps, delta, dilate, height, ray, side, size, stack, stones, stride, top } from './rules';

/** The feature layout of the size (features.ts FeatureLayout's offsets), set by setLayout. */
let flatPst = 0;
let wallPst = 0;
let capPst = 0;
let flatLead = 0;
let flatLeadEnd = 0;
let stackAt = 0;
let hardCap = 0;
let capMobility = 0;
let capInHand = 0;
let wallNextToRoad = 0;
let wallNextToOwn = 0;
let lineOpen = 0;
let lineSoft = 0;
let lineHard = 0;
let threatAt = 0;
let tempoAt = 0;
let reserveLeadAt = 0;
let reserveLeadEndAt = 0;
let tempoEndAt = 0;
let supportEndAt = 0;
let captiveEndAt = 0;
let count = 0;
const squareClass = new StaticArray<i32>(64);
/** layout's words, written by the TypeScript side: the 22 offsets above, count, then 64 classes. */
const layout = new StaticArray<i32>(23 + 64);
/** The blend table: row (stones in both hands) * count + feature, middle and end game blended. */
let W: StaticArray<f64> = new StaticArray<f64>(0);

export function layoutAt(): usize {
  return changetype<usize>(layout);
}

/** Takes the layout written at layoutAt and makes room for a blend table of `rows` rows. */
export function setLayout(rows: i32): usize {
  flatPst = layout[0];
  wallPst = layout[1];
  capPst = layout[2];
  flatLead = layout[3];
  flatLeadEnd = layout[4];
  stackAt = layout[5];
  hardCap = layout[6];
  capMobility = layout[7];
  capInHand = layout[8];
  wallNextToRoad = layout[9];
  wallNextToOwn = layout[10];
  lineOpen = layout[11];
  lineSoft = layout[12];
  lineHard = layout[13];
  threatAt = layout[14];
  tempoAt = layout[15];
  reserveLeadAt = layout[16];
  reserveLeadEndAt = layout[17];
  tempoEndAt = layout[18];
  supportEndAt = layout[19];
  captiveEndAt = layout[20];
  count = layout[22];
  for (let i = 0; i < 64; i++) squareClass[i] = layout[23 + i];
  if (W.length < rows * count) W = new StaticArray<f64>(rows * count);
  return changetype<usize>(W);
}

/** One direction's line terms (features.ts scoreLines). */
@inline
function scoreLines(s: f64, wRoad: i32, bRoad: i32, wHard: i32, bHard: i32, row: i32): f64 {
  for (let i = 0, shift = 0; i < size; i++, shift += 4) {
    const w = (wRoad >>> shift) & 15;
    const bl = (bRoad >>> shift) & 15;
    if (w != 0) {
      const base = ((bHard >>> shift) & 15) != 0 ? lineHard : bl != 0 ? lineSoft : lineOpen;
      s += W[row + base + w];
    }
    if (bl != 0) {
      const base = ((wHard >>> shift) & 15) != 0 ? lineHard : w != 0 ? lineSoft : lineOpen;
      s -= W[row + base + bl];
    }
  }
  return s;
}

/** features.ts scoreBoard without the trace: the weighted board features, White's view. */
function scoreBoard(halfKomi: i32, nonMoverThreats: i32, row: i32): f64 {
  let s: f64 = 0;
  let wRoadRank = 0;
  let wRoadFile = 0;
  let wHardRank = 0;
  let wHardFile = 0;
  let bRoadRank = 0;
  let bRoadFile = 0;
  let bHardRank = 0;
  let bHardFile = 0;
  let flats = 0;
  let support = 0;
  let captive = 0;
  let bits = bb[2] | bb[3] | bb[4] | bb[5] | bb[6] | bb[7];
  while (bits != 0) {
    const sq = <i32>ctz(bits);
    bits &= bits - 1;
    const code = <i32>top[sq];
    const colour = code & 1;
    const sign: f64 = colour == 0 ? 1 : -1;
    const type = code >> 1;
    const rank = sq / size;
    const rankBit = 1 << (rank << 2);
    const fileBit = 1 << ((sq - rank * size) << 2);
    if (colour == 0) {
      if (type != 2) {
        wRoadRank += rankBit;
        wRoadFile += fileBit;
      }
      if (type != 1) {
        wHardRank += rankBit;
        wHardFile += fileBit;
      }
    } else {
      if (type != 2) {
        bRoadRank += rankBit;
        bRoadFile += fileBit;
      }
      if (type != 1) {
        bHardRank += rankBit;
        bHardFile += fileBit;
      }
    }
    const cls = squareClass[sq];
    if (type == 1) {
      s += sign * W[row + flatPst + cls];
      flats += colour == 0 ? 1 : -1;
    } else if (type == 2) {
      s += sign * W[row + wallPst + cls];
    } else {
      s += sign * W[row + capPst + cls];
      let mob = 0;
      for (let dir = 0; dir < 4; dir++) {
        const r = <i32>ray[sq * 4 + dir];
        const step = delta[dir];
        let cur = sq + step;
        for (let i = 0; i < r && top[cur] < 4; i++, cur += step) mob++;
      }
      s += sign * <f64>mob * W[row + capMobility];
    }
    const h = <i32>height[sq];
    if (h > 1) {
      const base = sq * stride;
      const carryFloor = h > size ? h - size : 0;
      let own = 0;
      let other = 0;
      for (let l = carryFloor; l < h - 1; l++) {
        if (<i32>stack[base + l] == colour) own++;
        else other++;
      }
      const isign = colour == 0 ? 1 : -1;
      support += isign * own;
      captive += isign * other;
      const at = stackAt + 2 * (type - 1);
      s += sign * (<f64>own * W[row + at] + <f64>other * W[row + at + 1]);
      if (carryFloor > 0) {
        let bOwn = 0;
        for (let l = 0; l < carryFloor; l++) if (<i32>stack[base + l] == colour) bOwn++;
        support += isign * bOwn;
        captive += isign * (carryFloor - bOwn);
        s += sign * (<f64>bOwn * W[row + stackAt + 6] + <f64>(carryFloor - bOwn) * W[row + stackAt + 7]);
      }
      if (type == 3 && <i32>stack[base + h - 2] == colour) s += sign * W[row + hardCap];
    }
  }
  const lead: f64 = <f64>flats - <f64>halfKomi / 2;
  const left = stones[0] < stones[1] ? stones[0] : stones[1];
  const endScale: f64 = 4 / <f64>(left + 4);
  const leadEnd = lead * endScale;
  const capsLead = <f64>(caps[0] - caps[1]);
  s += lead * W[row + flatLead] + leadEnd * W[row + flatLeadEnd] + capsLead * W[row + capInHand];

  const roadW = bb[2] | bb[6];
  const roadB = bb[3] | bb[7];
  if (bb[4] != 0) {
    const n = dilate(bb[4]) & board;
    const road = <f64>(<i32>popcnt(n & roadB));
    const own = <f64>(<i32>popcnt(n & roadW));
    s += road * W[row + wallNextToRoad] + own * W[row + wallNextToOwn];
  }
  if (bb[5] != 0) {
    const n = dilate(bb[5]) & board;
    const road = <f64>(<i32>popcnt(n & roadW));
    const own = <f64>(<i32>popcnt(n & roadB));
    s -= road * W[row + wallNextToRoad] + own * W[row + wallNextToOwn];
  }
  s = scoreLines(s, wRoadRank, bRoadRank, wHardRank, bHardRank, row);
  s = scoreLines(s, wRoadFile, bRoadFile, wHardFile, bHardFile, row);
  const threats = nonMoverThreats > 2 ? 2 : nonMoverThreats;
  const white = side == 0;
  const threat: f64 = white ? -threats : threats;
  const tempo: f64 = white ? 1 : -1;
  const reserveLead: f64 = <f64>(stones[0] - stones[1]);
  const reserveLeadEnd = reserveLead * endScale;
  const tempoEnd = tempo * endScale;
  const supportEnd = <f64>support * endScale;
  const captiveEnd = <f64>captive * endScale;
  s +=
    supportEnd * W[row + supportEndAt] +
    captiveEnd * W[row + captiveEndAt] +
    threat * W[row + threatAt] +
    tempo * W[row + tempoAt] +
    reserveLead * W[row + reserveLeadAt] +
    reserveLeadEnd * W[row + reserveLeadEndAt] +
    tempoEnd * W[row + tempoEndAt];
  return s;
}

/**
 * evaluate.ts evaluate: the linear evaluation for the side to move, rounded; `groups` is White's
 * road-group score minus Black's (the road map's), `opponentThreats` the non-mover's placement
 * threats.
 */
export function linearEval(halfKomi: i32, opponentThreats: i32, groups: i32): i32 {
  const row = (stones[0] + stones[1]) * count;
  const s = <f64>groups + scoreBoard(halfKomi, opponentThreats, row);
  return <i32>Math.round(side == 0 ? s : -s);
}
