// 64-bit square sets as two 32-bit halves (lo: squares 0..31, hi: 32..63).
// Plain int32 arithmetic throughout: no BigInt and no allocation, so these run in hot loops.

export function popcount32(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/**
 * Does the set (lo, hi) hold a chain of orthogonally adjacent squares that joins a square of
 * start to a square of goal? A flood fill from start inside the set; `size` gives the row
 * stride and the not-file masks stop east/west steps wrapping round the board edge.
 */
export function connects(
  lo: number,
  hi: number,
  startLo: number,
  startHi: number,
  goalLo: number,
  goalHi: number,
  size: number,
  notFirstLo: number,
  notFirstHi: number,
  notLastLo: number,
  notLastHi: number,
): boolean {
  let cl = lo & startLo;
  let ch = hi & startHi;
  if ((cl | ch) === 0) return false;
  if (((lo & goalLo) | (hi & goalHi)) === 0) return false;
  const back = 32 - size;
  for (;;) {
    if (((cl & goalLo) | (ch & goalHi)) !== 0) return true;
    // One step in every direction: north (+size), south (-size), east (+1), west (-1).
    let nl = cl | (cl << size) | (cl >>> size) | (ch << back);
    let nh = ch | (ch << size) | (cl >>> back) | (ch >>> size);
    nl |= ((cl << 1) & notFirstLo) | (((cl >>> 1) | (ch << 31)) & notLastLo);
    nh |= (((ch << 1) | (cl >>> 31)) & notFirstHi) | ((ch >>> 1) & notLastHi);
    nl &= lo;
    nh &= hi;
    if (nl === cl && nh === ch) return false;
    cl = nl;
    ch = nh;
  }
}

/** Out-parameter for the two halves of a set computed below (no allocation per call). */
export const OUT = new Int32Array(2);

/** The squares of (lo, hi) connected to the seed squares within the set; result in OUT. */
export function flood(
  lo: number,
  hi: number,
  seedLo: number,
  seedHi: number,
  size: number,
  notFirstLo: number,
  notFirstHi: number,
  notLastLo: number,
  notLastHi: number,
): void {
  let cl = lo & seedLo;
  let ch = hi & seedHi;
  const back = 32 - size;
  while ((cl | ch) !== 0) {
    let nl = cl | (cl << size) | (cl >>> size) | (ch << back);
    let nh = ch | (ch << size) | (cl >>> back) | (ch >>> size);
    nl |= ((cl << 1) & notFirstLo) | (((cl >>> 1) | (ch << 31)) & notLastLo);
    nh |= (((ch << 1) | (cl >>> 31)) & notFirstHi) | ((ch >>> 1) & notLastHi);
    nl &= lo;
    nh &= hi;
    if (nl === cl && nh === ch) break;
    cl = nl;
    ch = nh;
  }
  OUT[0] = cl;
  OUT[1] = ch;
}

/** The set grown by one orthogonal step (not masked to the board); result in OUT. */
export function dilate(
  cl: number,
  ch: number,
  size: number,
  notFirstLo: number,
  notFirstHi: number,
  notLastLo: number,
  notLastHi: number,
): void {
  const back = 32 - size;
  OUT[0] = cl | (cl << size) | (cl >>> size) | (ch << back) | ((cl << 1) & notFirstLo) | (((cl >>> 1) | (ch << 31)) & notLastLo);
  OUT[1] = ch | (ch << size) | (cl >>> back) | (ch >>> size) | ((((ch << 1) | (cl >>> 31)) & notFirstHi)) | ((ch >>> 1) & notLastHi);
}
