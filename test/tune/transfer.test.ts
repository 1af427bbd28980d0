// Carrying weights between board sizes: identity onto the same size, size-free terms copied,
// piece-square values taken from the matching place, group weights whole and tied.
import { describe, expect, it } from 'vitest';
import { featureLayout } from '../../src/eval/features.js';
import { weightsFor } from '../../src/eval/weights.js';
import { transferWeights } from '../../src/tune/transfer.js';

describe('transferWeights', () => {
  it('is the identity onto the same size', () => {
    const w = weightsFor(6);
    const t = transferWeights(w, 6);
    const L = featureLayout(6);
    for (let i = 0; i < L.count; i++) {
      if (L.names[i]!.match(/\[0\]|\[6\]/)) continue; // empty lines and full roads: never used
      expect([L.names[i], t.mg[i]]).toEqual([L.names[i], w.mg[i]]);
      expect([L.names[i], t.eg[i]]).toEqual([L.names[i], w.eg[i]]);
    }
  });

  it('copies size-free terms and maps corners, centres and lines on every size', () => {
    const w = weightsFor(6);
    const S = featureLayout(6);
    for (let size = 3; size <= 8; size++) {
      const T = featureLayout(size);
      const t = transferWeights(w, size);
      expect(t.mg).toHaveLength(T.count);
      expect(t.mg.every(Number.isFinite) && t.eg.every(Number.isFinite)).toBe(true);
      expect(t.mg[T.flatLead]).toBe(w.mg[S.flatLead]);
      expect(t.eg[T.tempo]).toBe(w.eg[S.tempo]);
      for (let i = 0; i < 8; i++) expect(t.mg[T.stack + i]).toBe(w.mg[S.stack + i]);
      // The corner class is class 0 on every size.
      expect(t.mg[T.flatPst]).toBe(w.mg[S.flatPst]);
      // A line one short of full maps to a line one short of full.
      expect(t.mg[T.lineOpen + size - 1]).toBe(w.mg[S.lineOpen + 5]);
      for (let c = 0; c <= size; c++) {
        expect(t.mg[T.group + c]).toBe(t.eg[T.group + c]);
        expect(Number.isInteger(t.mg[T.group + c])).toBe(true);
      }
    }
  });
});
