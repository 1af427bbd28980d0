// Adam (Kingma & Ba 2015): gradient descent with a per-parameter step size from running averages
// of the gradient and its square. The features count very different things (a flat lead of 10,
// a wall on one square class now and then), so a single learning rate for plain gradient descent
// would crawl on some weights and overshoot on others; Adam's steps are about `lr` centiflats for
// every weight whatever its feature's scale. The network trainer (src/train/trainer.ts) steps its
// parameters with it too.

export class Adam {
  private readonly m: Float64Array;
  private readonly v: Float64Array;
  private t = 0;

  constructor(
    readonly size: number,
    /** Step size, in the parameters' unit (centiflats). */
    public lr: number,
    private readonly beta1 = 0.9,
    private readonly beta2 = 0.999,
    // Far below 1e-8: the loss's gradients are tiny (a centiflat moves the loss by ~1e-4), and a
    // large epsilon would silently shrink the steps of rarely seen features.
    private readonly eps = 1e-12,
  ) {
    this.m = new Float64Array(size);
    this.v = new Float64Array(size);
  }

  /** One step: params -= lr * mhat / (sqrt(vhat) + eps). A zero gradient leaves a weight alone. */
  step(params: Float64Array, grad: Float64Array): void {
    this.t++;
    const { m, v, beta1, beta2, eps } = this;
    const c1 = 1 - Math.pow(beta1, this.t);
    const c2 = 1 - Math.pow(beta2, this.t);
    const lr = this.lr;
    for (let i = 0; i < this.size; i++) {
      const g = grad[i]!;
      m[i] = beta1 * m[i]! + (1 - beta1) * g;
      v[i] = beta2 * v[i]! + (1 - beta2) * g * g;
      const vh = v[i]! / c2;
      if (vh === 0) continue;
      params[i] = params[i]! - (lr * (m[i]! / c1)) / (Math.sqrt(vh) + eps);
    }
  }
}
