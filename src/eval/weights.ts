// The evaluation's weights per board size: the tuned set from weights.generated.ts (written by
// `bredon tune`) where it covers the size and matches the feature layout, else the hand-set
// defaults below (the first evaluation's terms, restated in the feature layout).

import { featureLayout, STACK_TERMS, type FeatureLayout } from './features.js';
import { GENERATED_WEIGHTS } from './weights.generated.js';

export interface WeightSet {
  readonly size: number;
  /** Middle-game and end-game weight per feature (features.ts), in centiflats. */
  readonly mg: Float64Array;
  readonly eg: Float64Array;
  /** The group-span weights (index = lines spanned), for the road map's cached group score. */
  readonly group: readonly number[];
  /** Where the weights came from: 'hand-set defaults' or the tuner's description of its data. */
  readonly source: string;
}

/**
 * The weights blended for every phase a game with `startStones` stones each can reach: row
 * (stones left in both reserves) holds mg * phase + eg * (1 - phase) per feature, so that an
 * evaluation needs one dot product and no blending. Built once per reserve size.
 */
export function blendTable(w: WeightSet, startStones: number): Float64Array {
  let byStones = blendCache.get(w);
  if (byStones === undefined) blendCache.set(w, (byStones = []));
  let t = byStones[startStones];
  if (t === undefined) {
    const n = w.mg.length;
    const full = 2 * startStones;
    t = new Float64Array((full + 1) * n);
    for (let left = 0; left <= full; left++) {
      const phase = full > 0 ? left / full : 0;
      for (let i = 0; i < n; i++) t[left * n + i] = w.mg[i]! * phase + w.eg[i]! * (1 - phase);
    }
    byStones[startStones] = t;
  }
  return t;
}

const blendCache = new Map<WeightSet, Float64Array[]>();

/** The shape of one size in weights.generated.ts. */
export interface GeneratedSize {
  readonly source: string;
  readonly names: readonly string[];
  readonly mg: readonly number[];
  readonly eg: readonly number[];
}

const HAND_GROUPS: Record<number, number[]> = {
  3: [0, 0, 20, 0],
  4: [0, 0, 10, 40, 0],
  5: [0, 0, 5, 20, 60, 0],
  6: [0, 0, 5, 15, 35, 75, 0],
  7: [0, 0, 4, 12, 25, 45, 85, 0],
  8: [0, 0, 3, 10, 20, 35, 55, 90, 0],
};

/** The hand-set evaluation (before any tuning), as mg/eg arrays in the layout of `size`. */
export function handWeights(size: number): { mg: number[]; eg: number[] } {
  const L = featureLayout(size);
  const mg = new Array<number>(L.count).fill(0);
  const centre = size >= 6 ? 5 : 6;
  const mid = (size - 1) / 2;
  for (let sq = 0; sq < size * size; sq++) {
    const d = Math.abs((sq % size) - mid) + Math.abs(Math.floor(sq / size) - mid);
    const bonus = Math.round((size - 1 - d) * centre);
    const c = L.squareClass[sq]!;
    mg[L.flatPst + c] = bonus; // the flat itself is counted by flatLead, with komi
    mg[L.wallPst + c] = 45;
    mg[L.capPst + c] = 70 + bonus;
  }
  const stack: Record<(typeof STACK_TERMS)[number], number> = {
    flatSupport: 18,
    flatCaptive: -6,
    wallSupport: 18,
    wallCaptive: -6,
    capSupport: 26,
    capCaptive: -6,
    buriedOwn: 0,
    buriedCaptive: 0,
  };
  STACK_TERMS.forEach((t, i) => (mg[L.stack + i] = stack[t]));
  HAND_GROUPS[size]!.forEach((w, i) => (mg[L.group + i] = w));
  mg[L.flatLead] = 100;
  mg[L.threat] = 60;
  mg[L.tempo] = 25;
  return { mg, eg: mg.slice() };
}

function fromArrays(L: FeatureLayout, mg: readonly number[], eg: readonly number[], source: string): WeightSet {
  const group: number[] = [];
  for (let i = 0; i <= L.size; i++) group.push(Math.round(mg[L.group + i]!));
  return { size: L.size, mg: Float64Array.from(mg), eg: Float64Array.from(eg), group, source };
}

/** Whether a generated entry fits the current layout (same feature names in the same order). */
export function generatedFits(size: number, g: GeneratedSize | undefined): g is GeneratedSize {
  return g !== undefined && sameNames(featureLayout(size), g) && wellFormed(g);
}

function sameNames(L: FeatureLayout, g: GeneratedSize): boolean {
  return g.names.length === L.count && g.names.every((n, i) => n === L.names[i]);
}

function wellFormed(g: GeneratedSize): boolean {
  return g.mg.length === g.names.length && g.eg.length === g.names.length && g.mg.every(Number.isFinite) && g.eg.every(Number.isFinite);
}

/**
 * A generated entry restated in the current layout of `size`, by feature name: the entry as it
 * is when it fits; when features were added to features.ts since it was written, those take
 * weight 0 (the evaluation is the one tuned, until the tuner is rerun) and the rest keep
 * theirs. undefined when the entry is missing, malformed, or names a feature the layout no
 * longer has (its weights were fitted beside that feature: not to be trusted without it).
 */
export function generatedInLayout(size: number, g: GeneratedSize | undefined): GeneratedSize | undefined {
  if (g === undefined || !wellFormed(g)) return undefined;
  const L = featureLayout(size);
  if (sameNames(L, g)) return g;
  const at = new Map<string, number>();
  L.names.forEach((n, i) => at.set(n, i));
  if (!g.names.every((n) => at.has(n))) return undefined;
  const mg = new Array<number>(L.count).fill(0);
  const eg = new Array<number>(L.count).fill(0);
  g.names.forEach((n, i) => {
    mg[at.get(n)!] = g.mg[i]!;
    eg[at.get(n)!] = g.eg[i]!;
  });
  const added = L.names.filter((n) => !g.names.includes(n));
  return { source: `${g.source} [features added since, at 0: ${added.join(', ')}]`, names: [...L.names], mg, eg };
}

const sets: WeightSet[] = [];

export function weightsFor(size: number): WeightSet {
  let w = sets[size];
  if (w === undefined) {
    const L = featureLayout(size);
    const g = generatedInLayout(size, (GENERATED_WEIGHTS as Record<number, GeneratedSize | undefined>)[size]);
    if (g !== undefined) w = fromArrays(L, g.mg, g.eg, g.source);
    else {
      const h = handWeights(size);
      w = fromArrays(L, h.mg, h.eg, 'hand-set defaults');
    }
    sets[size] = w;
  }
  return w;
}
