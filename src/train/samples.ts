// The network trainer's data: each quiet position of the games read (the data reader and
// quiet filter of src/dataset/) kept as its White-perspective square inputs (inputs.ts),
// its reserves and side to move, its target and, for a residual network, the linear
// evaluation it corrects. Stored in flat arrays backed by SharedArrayBuffers, so that the
// trainer's worker threads read one copy.

import type { Position } from '../core/position.js';
import { evaluate } from '../eval/evaluate.js';
import { maxActive, squareInputs } from '../eval/net/inputs.js';
import { MAP } from '../eval/roadmap.js';
import { SplitCollector } from '../dataset/read.js';
import { sigmoid } from '../math/sigmoid.js';

/** One split (training or validation), in shared memory. */
export interface Samples {
  readonly size: number;
  readonly n: number;
  /** Square inputs of sample i: inputs[start[i] .. start[i + 1]), White's perspective. */
  readonly inputs: Uint16Array;
  readonly start: Int32Array;
  /** Per sample: White's stones, Black's stones, White's caps, Black's caps. */
  readonly reserves: Uint8Array;
  /** Side to move, 0 White 1 Black. */
  readonly side: Uint8Array;
  /** White's expected score, the fit's target. */
  readonly target: Float32Array;
  /** The linear evaluation from White's view in logits (evaluation / K). */
  readonly base: Float32Array;
  /** 1 for positions from games Tiltak played. */
  readonly tiltak: Uint8Array;
}

function shared<T extends Uint16Array | Int32Array | Uint8Array | Float32Array>(
  Ctor: { new (b: SharedArrayBuffer): T; BYTES_PER_ELEMENT: number },
  src: T,
  n: number,
): T {
  const out = new Ctor(new SharedArrayBuffer(Math.max(1, n) * Ctor.BYTES_PER_ELEMENT));
  out.set(src.subarray(0, n) as never);
  return out;
}

export class SampleBuilder {
  n = 0;
  used = 0;
  private cap = 4096;
  inputs = new Uint16Array(this.cap * 16);
  start = new Int32Array(this.cap + 1);
  reserves = new Uint8Array(this.cap * 4);
  side = new Uint8Array(this.cap);
  target = new Float32Array(this.cap);
  base = new Float32Array(this.cap);
  tiltak = new Uint8Array(this.cap);

  constructor(readonly size: number) {}

  private grow(): void {
    const cap = this.cap * 2;
    const more = <T extends Int32Array | Uint8Array | Float32Array>(a: T, len: number): T => {
      const b = new (a.constructor as new (n: number) => T)(len);
      b.set(a as never);
      return b;
    };
    this.start = more(this.start, cap + 1);
    this.reserves = more(this.reserves, cap * 4);
    this.side = more(this.side, cap);
    this.target = more(this.target, cap);
    this.base = more(this.base, cap);
    this.tiltak = more(this.tiltak, cap);
    this.cap = cap;
  }

  push(pos: Position, target: number, base: number, tiltak: boolean): void {
    if (this.n === this.cap) this.grow();
    const need = this.used + maxActive(pos.size);
    if (need > this.inputs.length) {
      const b = new Uint16Array(Math.max(need, this.inputs.length * 2));
      b.set(this.inputs);
      this.inputs = b;
    }
    const i = this.n++;
    let at = this.used;
    this.start[i] = at;
    for (let sq = 0; sq < pos.area; sq++) at = squareInputs(pos, sq, this.inputs, at);
    this.used = at;
    this.start[i + 1] = at;
    this.reserves[4 * i] = pos.stones[0]!;
    this.reserves[4 * i + 1] = pos.stones[1]!;
    this.reserves[4 * i + 2] = pos.caps[0]!;
    this.reserves[4 * i + 3] = pos.caps[1]!;
    this.side[i] = pos.side;
    this.target[i] = target;
    this.base[i] = base;
    this.tiltak[i] = tiltak ? 1 : 0;
  }

  truncate(n: number): void {
    if (n < this.n) {
      this.n = n;
      this.used = this.start[n]!;
    }
  }

  finish(): Samples {
    const n = this.n;
    return {
      size: this.size,
      n,
      inputs: shared(Uint16Array, this.inputs, this.used),
      start: shared(Int32Array, this.start, n + 1),
      reserves: shared(Uint8Array, this.reserves, 4 * n),
      side: shared(Uint8Array, this.side, n),
      target: shared(Float32Array, this.target, n),
      base: shared(Float32Array, this.base, n),
      tiltak: shared(Uint8Array, this.tiltak, n),
    };
  }
}

export interface SampleOptions {
  /** Target = lambda * result + (1 - lambda) * evaluation target (Tiltak's, or sigmoid(score / K)). */
  lambda: number;
  /** Centiflats per logit: turns selfplay scores and the linear evaluation into logits. */
  K: number;
}

/** Collects quiet positions as network samples, split by game into training and validation. */
export class SampleCollector extends SplitCollector<SampleBuilder> {
  constructor(
    size: number,
    private readonly o: SampleOptions,
  ) {
    super(size, new SampleBuilder(size), new SampleBuilder(size));
  }

  protected keep(pos: Position, halfKomi: number, result: number, evalP: number, score: number, tiltak: boolean, held: boolean): void {
    const { lambda, K } = this.o;
    let t = result;
    if (evalP === evalP) t = lambda * result + (1 - lambda) * evalP;
    else if (score === score) t = lambda * result + (1 - lambda) * sigmoid(score / K);
    // A quiet position has no road in one for either side (no placement threats); the road
    // map of both colours is in MAP, as the search has it at a leaf.
    const mover = evaluate(pos, halfKomi, 0, MAP[3]! - MAP[7]!);
    const white = pos.side === 0 ? mover : -mover;
    (held ? this.validation : this.train).push(pos, t, white / K, tiltak);
  }
}
