// The golden-section search shared by the tuner's K fit and scripts/eval-error.ts.
import { describe, expect, it } from 'vitest';
import { goldenSectionMin } from '../../src/tune/golden-section.js';

describe('goldenSectionMin', () => {
  it('finds the minimum of a unimodal function to within the tolerance', () => {
    expect(Math.abs(goldenSectionMin((x) => (x - 1.3) ** 2, 0.05, 4, 1e-4) - 1.3)).toBeLessThan(1e-4);
    // A flat tail and a steep side, as a logistic loss against its scale.
    expect(Math.abs(goldenSectionMin((x) => Math.abs(Math.log(x) - Math.log(250)), Math.log(5), 1e5, 1e-3) - 250)).toBeLessThan(1e-3);
  });

  it('ends at a bound when the minimum lies there', () => {
    expect(goldenSectionMin((x) => x, 2, 7, 1e-6)).toBeCloseTo(2, 5);
    expect(goldenSectionMin((x) => -x, 2, 7, 1e-6)).toBeCloseTo(7, 5);
  });
});
