// Carrying a tuned weight set to another board size, as a starting point where that size has
// no data of its own (or as the first point of its own fit): the terms that do not depend on
// the size are copied; the piece-square tables take the value of the nearest square of the
// source board at the same relative place; line and group terms take the source weight for the
// same distance from a full line (what matters for a road: c of m pieces ~ n - (m - c) of n).

import { featureLayout } from '../eval/features.js';
import type { WeightSet } from '../eval/weights.js';

/** The weights `from` (tuned for from.size) restated in the feature layout of `toSize`. */
export function transferWeights(from: WeightSet, toSize: number): { mg: number[]; eg: number[] } {
  const S = featureLayout(from.size);
  const T = featureLayout(toSize);
  const n = from.size;
  const m = toSize;
  const mg = new Array<number>(T.count).fill(0);
  const eg = new Array<number>(T.count).fill(0);
  const copy = (to: number, src: number) => {
    mg[to] = from.mg[src]!;
    eg[to] = from.eg[src]!;
  };
  // Piece-square tables: each target class from the source square at the same relative place.
  for (let sq = 0; sq < m * m; sq++) {
    const x = Math.round(((sq % m) * (n - 1)) / Math.max(1, m - 1));
    const y = Math.round((Math.floor(sq / m) * (n - 1)) / Math.max(1, m - 1));
    const src = S.squareClass[y * n + x]!;
    const c = T.squareClass[sq]!;
    copy(T.flatPst + c, S.flatPst + src);
    copy(T.wallPst + c, S.wallPst + src);
    copy(T.capPst + c, S.capPst + src);
  }
  const single: (keyof typeof S & keyof typeof T)[] = [
    'flatLead',
    'flatLeadEnd',
    'hardCap',
    'capMobility',
    'capInHand',
    'wallNextToRoad',
    'wallNextToOwn',
    'threat',
    'tempo',
    'reserveLead',
    'reserveLeadEnd',
    'tempoEnd',
    'supportEnd',
    'captiveEnd',
  ];
  for (const k of single) copy(T[k] as number, S[k] as number);
  for (let i = 0; i < 8; i++) copy(T.stack + i, S.stack + i);
  // Counts along a line (1..m-1 pieces; a full line is a road and never evaluated).
  for (const k of ['lineOpen', 'lineSoft', 'lineHard', 'group'] as const) {
    for (let c = 1; c < m; c++) {
      const src = Math.min(n - 1, Math.max(1, n - (m - c)));
      copy(T[k] + c, S[k] + src);
    }
  }
  for (let c = 0; c <= m; c++) {
    if (T.unphased[T.group + c] === 1) mg[T.group + c] = eg[T.group + c] = Math.round(mg[T.group + c]!);
  }
  return { mg, eg };
}
