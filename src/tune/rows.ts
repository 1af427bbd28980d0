// The tuner's training matrix: one row of features per position, stored once in flat typed
// arrays (positions x features, row-major) so that an epoch is a tight loop over memory with no
// allocation. Rows are appended while the data is read (the arrays grow by doubling), then
// frozen to exactly n rows.

/** A set of positions (the training or the validation split). */
export interface Rows {
  /** Number of positions. */
  readonly n: number;
  /** Features per position (featureLayout(size).count). */
  readonly count: number;
  /** n * count features, White's minus Black's, row-major. */
  readonly F: Float32Array;
  /** Game phase per position (gamePhase: 1 full reserves .. 0 empty). */
  readonly phase: Float32Array;
  /** Game result from White's view: 1, 0.5 or 0. */
  readonly result: Float32Array;
  /** Tiltak's expected score for White after its search (NaN when there is none). */
  readonly evalP: Float32Array;
  /** A selfplay search score in centiflats from White's view (NaN when there is none). */
  readonly score: Float32Array;
  /** 1 for positions from a game Tiltak played (reported apart on validation). */
  readonly tiltak: Uint8Array;
  /** The fit's target per position, set by setTargets (model.ts) once K is known. */
  readonly target: Float32Array;
}

export class RowBuilder {
  private capacity = 1024;
  n = 0;
  private F: Float32Array;
  private phase = new Float32Array(this.capacity);
  private result = new Float32Array(this.capacity);
  private evalP = new Float32Array(this.capacity);
  private score = new Float32Array(this.capacity);
  private tiltak = new Uint8Array(this.capacity);

  constructor(readonly count: number) {
    this.F = new Float32Array(this.capacity * count);
  }

  private grow(): void {
    const cap = this.capacity * 2;
    const more = <T extends Float32Array | Uint8Array>(a: T, size: number): T => {
      const b = new (a.constructor as new (n: number) => T)(size);
      b.set(a);
      return b;
    };
    this.F = more(this.F, cap * this.count);
    this.phase = more(this.phase, cap);
    this.result = more(this.result, cap);
    this.evalP = more(this.evalP, cap);
    this.score = more(this.score, cap);
    this.tiltak = more(this.tiltak, cap);
    this.capacity = cap;
  }

  /** Appends one position: its features F[0..count), phase, result and optional targets. */
  push(F: Float64Array, phase: number, result: number, evalP: number, score: number, tiltak: boolean): void {
    if (this.n === this.capacity) this.grow();
    const i = this.n++;
    const at = i * this.count;
    for (let j = 0; j < this.count; j++) this.F[at + j] = F[j]!;
    this.phase[i] = phase;
    this.result[i] = result;
    this.evalP[i] = evalP;
    this.score[i] = score;
    this.tiltak[i] = tiltak ? 1 : 0;
  }

  /** Drops the rows from index n on (a game that failed to replay halfway). */
  truncate(n: number): void {
    if (n < this.n) this.n = n;
  }

  /** The rows so far, trimmed to n (copies, so that the spare capacity is freed). */
  finish(): Rows {
    const n = this.n;
    return {
      n,
      count: this.count,
      F: this.F.slice(0, n * this.count),
      phase: this.phase.slice(0, n),
      result: this.result.slice(0, n),
      evalP: this.evalP.slice(0, n),
      score: this.score.slice(0, n),
      tiltak: this.tiltak.slice(0, n),
      target: new Float32Array(n),
    };
  }
}

/** The rows of `rows` whose tiltak flag is set (the Tiltak validation set). */
export function tiltakRows(rows: Rows): Rows {
  const b = new RowBuilder(rows.count);
  const F = new Float64Array(rows.count);
  for (let i = 0; i < rows.n; i++) {
    if (rows.tiltak[i] !== 1) continue;
    for (let j = 0; j < rows.count; j++) F[j] = rows.F[i * rows.count + j]!;
    b.push(F, rows.phase[i]!, rows.result[i]!, rows.evalP[i]!, rows.score[i]!, true);
  }
  return b.finish();
}
