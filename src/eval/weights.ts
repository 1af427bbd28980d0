// Evaluation weights, one set per board size, in centiflats (100 = one flat on the board).
// Hand-set to start; kept here, in one place, so that they can be tuned by matches later.

export interface Weights {
  /** A flat on top of a stack (what the flat count counts). */
  readonly flat: number;
  readonly wall: number;
  readonly cap: number;
  /** Per own piece under an own top piece, within the carry limit (pieces it can still spread). */
  readonly reserve: number;
  /** Per opponent piece under an own top piece, within the carry limit. */
  readonly captive: number;
  /** Extra per own piece under an own capstone (a hard cap). */
  readonly capReserve: number;
  /** Per step closer to the centre, for flats and capstones on top. */
  readonly centre: number;
  /** By the number of ranks or files a connected road group spans (index 0..size). */
  readonly group: readonly number[];
  /** Per square where the side NOT to move threatens to complete a road by placement (at most 2). */
  readonly threat: number;
  /** For having the move. */
  readonly tempo: number;
}

const GROUPS: Record<number, number[]> = {
  3: [0, 0, 20, 0],
  4: [0, 0, 10, 40, 0],
  5: [0, 0, 5, 20, 60, 0],
  6: [0, 0, 5, 15, 35, 75, 0],
  7: [0, 0, 4, 12, 25, 45, 85, 0],
  8: [0, 0, 3, 10, 20, 35, 55, 90, 0],
};

export function weightsFor(size: number): Weights {
  return {
    flat: 100,
    wall: 45,
    cap: 70,
    reserve: 18,
    captive: -6,
    capReserve: 8,
    centre: size >= 6 ? 5 : 6,
    group: GROUPS[size]!,
    threat: 60,
    tempo: 25,
  };
}
