// Golden-section search: the minimum of a function of one variable that is unimodal on an
// interval (a loss as a function of a scale). Used to fit the tuner's K (model.ts) and the
// logistic scale of scripts/eval-error.ts.

const PHI = (Math.sqrt(5) - 1) / 2;

/**
 * The x in [lo, hi] where `f` is least, to within `tolerance` (the width of the last bracket,
 * whose middle is returned). `f` must be unimodal on the interval; each step costs one call.
 */
export function goldenSectionMin(f: (x: number) => number, lo: number, hi: number, tolerance: number): number {
  let x1 = hi - PHI * (hi - lo);
  let x2 = lo + PHI * (hi - lo);
  let f1 = f(x1);
  let f2 = f(x2);
  while (hi - lo > tolerance) {
    if (f1 <= f2) {
      hi = x2;
      x2 = x1;
      f2 = f1;
      x1 = hi - PHI * (hi - lo);
      f1 = f(x1);
    } else {
      lo = x1;
      x1 = x2;
      f1 = f2;
      x2 = lo + PHI * (hi - lo);
      f2 = f(x2);
    }
  }
  return (lo + hi) / 2;
}
