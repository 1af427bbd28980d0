// The typed-array game state: bitboards, stacks, reserves, side to move, Zobrist key and history.
//
// Pieces are small integer codes, code = type * 2 + colour (colour 0 White, 1 Black):
//   2 white flat, 3 black flat, 4 white wall, 5 black wall, 6 white cap, 7 black cap; 0 empty.
// Bitboard i (0..5) holds the squares whose TOP piece has code i + 2. The six 64-bit words live
// in one ArrayBuffer seen both as a BigUint64Array (bb, for export and debugging) and as a
// Uint32Array (b, for hot code: b[2i] is the low half of word i, b[2i + 1] the high half).
// Below the top of a stack every piece is a flat, so a stack is fully described by its colours,
// bottom to top (stack[sq * stride + level]), its height and the code of its top piece.

import { DEFAULT_RESERVES, sizeInfo, type SizeInfo } from './sizes.js';
import { MAX_LEVELS, Z_PIECE, Z_SIDE, Z_TOP } from './zobrist.js';

export const WHITE = 0;
export const BLACK = 1;

export const EMPTY = 0;
export const WHITE_FLAT = 2;
export const BLACK_FLAT = 3;
export const WHITE_WALL = 4;
export const BLACK_WALL = 5;
export const WHITE_CAP = 6;
export const BLACK_CAP = 7;

export function pieceCode(type: number, colour: number): number {
  return type * 2 + colour;
}

/** A reserve count: the same for both players, or per player as [White, Black]. */
export type ReserveCount = number | readonly [number, number];

export interface ReserveOptions {
  /** Stones (flats and walls): per player, or [White, Black]; default from the size's table. */
  stones?: ReserveCount;
  /** Capstones: per player, or [White, Black]; default from the size's table. */
  caps?: ReserveCount;
}

/** A reserve count as [White, Black]. */
export function reservePair(count: ReserveCount): [number, number] {
  return typeof count === 'number' ? [count, count] : [count[0], count[1]];
}

const INITIAL_HISTORY = 1024;

export class Position {
  readonly size: number;
  readonly area: number;
  readonly info: SizeInfo;
  /** Each player's stones at the start, by colour (0 White, 1 Black): they may differ. */
  readonly startStonesOf: readonly [number, number];
  /** Each player's capstones at the start, by colour. */
  readonly startCapsOf: readonly [number, number];
  /**
   * The larger of the two players' starting stones (both players' when they are equal, as in
   * every standard game), so that tables sized by it cover every reserve count either reaches.
   */
  readonly startStones: number;
  /** The larger of the two players' starting capstones. */
  readonly startCaps: number;
  /** Levels reserved per square in `stack`: every piece of both players fits in one stack. */
  readonly stride: number;

  readonly bb: BigUint64Array;
  readonly b: Uint32Array;
  readonly top = new Uint8Array(64);
  readonly height = new Uint8Array(64);
  readonly stack: Uint8Array;
  readonly stones = new Int32Array(2);
  readonly caps = new Int32Array(2);

  /** 0 White, 1 Black. */
  side = WHITE;
  /** Plies played since the empty board (TPS move number m, side s: 2 (m - 1) + s - 1). */
  ply = 0;
  keyLo = 0;
  keyHi = 0;

  /** Moves made since this position was set up; index into the history arrays. */
  depth = 0;
  /** Consecutive spreads leading to the current position (placements cannot be undone). */
  reversible = 0;
  /** hist[2i], hist[2i + 1]: key of the position after i moves since set-up (keys are signed int32 halves). */
  hist: Int32Array;
  /** Per move made: did it flatten a wall, and the reversible count before it. */
  undoSmash: Uint8Array;
  undoReversible: Int32Array;

  constructor(size: number, reserves: ReserveOptions = {}) {
    this.info = sizeInfo(size);
    this.size = size;
    this.area = size * size;
    const [defStones, defCaps] = DEFAULT_RESERVES[size]!;
    const stones = reservePair(reserves.stones ?? defStones);
    const caps = reservePair(reserves.caps ?? defCaps);
    for (let c = 0; c < 2; c++) {
      const who = stones[0] === stones[1] && caps[0] === caps[1] ? '' : c === 0 ? 'White: ' : 'Black: ';
      if (!Number.isInteger(stones[c]) || stones[c]! < 0 || !Number.isInteger(caps[c]) || caps[c]! < 0) {
        throw new RangeError(`reserves must be whole numbers of 0 or more (${who}got ${stones[c]} stones, ${caps[c]} capstones)`);
      }
      if (stones[c]! + caps[c]! === 0) throw new RangeError(`reserves must hold at least one piece${who === '' ? '' : ` (${who.slice(0, -2)})`}`);
    }
    // Every piece of both players fits in one stack.
    const pieces = stones[0] + caps[0] + stones[1] + caps[1];
    if (pieces >= MAX_LEVELS) {
      const counts = stones[0] === stones[1] && caps[0] === caps[1] ? `${stones[0]} stones and ${caps[0]} capstones` : `${stones[0]}/${stones[1]} stones and ${caps[0]}/${caps[1]} capstones`;
      throw new RangeError(`reserves of ${counts} could build a stack taller than ${MAX_LEVELS - 1}`);
    }
    this.startStonesOf = stones;
    this.startCapsOf = caps;
    this.startStones = Math.max(stones[0], stones[1]);
    this.startCaps = Math.max(caps[0], caps[1]);
    this.stride = pieces;
    this.stack = new Uint8Array(64 * this.stride);
    const buffer = new ArrayBuffer(6 * 8);
    this.bb = new BigUint64Array(buffer);
    this.b = new Uint32Array(buffer);
    this.hist = new Int32Array(INITIAL_HISTORY * 2);
    this.undoSmash = new Uint8Array(INITIAL_HISTORY);
    this.undoReversible = new Int32Array(INITIAL_HISTORY);
    this.clear();
  }

  /** The empty board, White to move, full reserves. */
  clear(): void {
    this.b.fill(0);
    this.top.fill(0);
    this.height.fill(0);
    this.stack.fill(0);
    for (let c = 0; c < 2; c++) {
      this.stones[c] = this.startStonesOf[c]!;
      this.caps[c] = this.startCapsOf[c]!;
    }
    this.side = WHITE;
    this.ply = 0;
    this.resetHistory();
  }

  /** Forget the moves made so far: the current position becomes the set-up position. */
  resetHistory(): void {
    this.depth = 0;
    this.reversible = 0;
    this.recomputeKey();
    this.hist[0] = this.keyLo;
    this.hist[1] = this.keyHi;
  }

  /** Whether the side to move is in the opening swap (its first ply places an opponent's flat). */
  get inOpening(): boolean {
    return this.ply < 2;
  }

  /** The colour of the piece the side to move places (the opponent's in the opening swap). */
  get placingColour(): number {
    return this.ply < 2 ? this.side ^ 1 : this.side;
  }

  /** TPS move number. */
  get moveNumber(): number {
    return (this.ply >> 1) + 1;
  }

  /** Colour (0/1) of the piece at `level` of square sq (0 = bottom). */
  colourAt(sq: number, level: number): number {
    return this.stack[sq * this.stride + level]!;
  }

  /** Puts a stack on an empty square while setting up a position (not for search: slow). */
  putStack(sq: number, colours: readonly number[], topType: number): void {
    if (this.height[sq] !== 0) throw new Error('square is not empty');
    if (colours.length === 0) return;
    for (let i = 0; i < colours.length; i++) this.stack[sq * this.stride + i] = colours[i]!;
    this.height[sq] = colours.length;
    const code = pieceCode(topType, colours[colours.length - 1]!);
    this.top[sq] = code;
    this.b[(code - 2) * 2 + (sq >>> 5)]! |= 1 << (sq & 31);
  }

  /** The Zobrist key computed from scratch (tests compare it with the incremental one). */
  computeKey(): [number, number] {
    let lo = 0;
    let hi = 0;
    for (let sq = 0; sq < this.area; sq++) {
      const h = this.height[sq]!;
      for (let l = 0; l < h; l++) {
        const z = ((sq * MAX_LEVELS + l) * 2 + this.stack[sq * this.stride + l]!) * 2;
        lo ^= Z_PIECE[z]!;
        hi ^= Z_PIECE[z + 1]!;
      }
      const t = this.top[sq]!;
      if (t !== EMPTY) {
        lo ^= Z_TOP[(sq * 8 + t) * 2]!;
        hi ^= Z_TOP[(sq * 8 + t) * 2 + 1]!;
      }
    }
    if (this.side === BLACK) {
      lo ^= Z_SIDE[0]!;
      hi ^= Z_SIDE[1]!;
    }
    return [lo | 0, hi | 0];
  }

  recomputeKey(): void {
    const [lo, hi] = this.computeKey();
    this.keyLo = lo;
    this.keyHi = hi;
  }

  /** Grows the history arrays; called by make when a game outgrows them (rare, not per node). */
  growHistory(): void {
    const cap = this.undoSmash.length * 2;
    const hist = new Int32Array(cap * 2);
    hist.set(this.hist);
    this.hist = hist;
    const smash = new Uint8Array(cap);
    smash.set(this.undoSmash);
    this.undoSmash = smash;
    const rev = new Int32Array(cap);
    rev.set(this.undoReversible);
    this.undoReversible = rev;
  }

  /** How many times the current position has occurred since set-up (1 = first time). */
  repetitions(): number {
    let count = 1;
    const i = this.depth;
    const lo = this.hist[2 * i]!;
    const hi = this.hist[2 * i + 1]!;
    for (let j = i - 2; j >= i - this.reversible && j >= 0; j -= 2) {
      if (this.hist[2 * j] === lo && this.hist[2 * j + 1] === hi) count++;
    }
    return count;
  }

  /** Number of occupied squares. */
  occupied(): number {
    let n = 0;
    for (let sq = 0; sq < this.area; sq++) if (this.top[sq] !== EMPTY) n++;
    return n;
  }

  /**
   * Copies the board, reserves, side, ply and key of a position of the same size and reserves
   * into this one, allocating nothing (the history is left alone). Copy-make's copy.
   */
  copyBoardFrom(src: Position): void {
    this.b.set(src.b);
    this.top.set(src.top);
    this.height.set(src.height);
    this.stack.set(src.stack);
    this.stones.set(src.stones);
    this.caps.set(src.caps);
    this.side = src.side;
    this.ply = src.ply;
    this.keyLo = src.keyLo;
    this.keyHi = src.keyHi;
  }

  /** Whether both players started with the same reserves. */
  get equalReserves(): boolean {
    return this.startStonesOf[0] === this.startStonesOf[1] && this.startCapsOf[0] === this.startCapsOf[1];
  }

  /** The starting reserves as options (a single count each when the players' are equal). */
  get reserveOptions(): { stones: ReserveCount; caps: ReserveCount } {
    if (this.equalReserves) return { stones: this.startStonesOf[0], caps: this.startCapsOf[0] };
    return { stones: this.startStonesOf, caps: this.startCapsOf };
  }

  /** A deep copy with the same history. */
  clone(): Position {
    const p = new Position(this.size, this.reserveOptions);
    p.copyBoardFrom(this);
    p.depth = this.depth;
    p.reversible = this.reversible;
    while (p.undoSmash.length < this.undoSmash.length) p.growHistory();
    p.hist.set(this.hist);
    p.undoSmash.set(this.undoSmash);
    p.undoReversible.set(this.undoReversible);
    return p;
  }

  /** Whether two positions have the same board, reserves and side to move. */
  samePosition(other: Position): boolean {
    if (other.size !== this.size || other.side !== this.side || other.ply !== this.ply) return false;
    for (let i = 0; i < 2; i++) {
      if (other.stones[i] !== this.stones[i] || other.caps[i] !== this.caps[i]) return false;
    }
    for (let i = 0; i < 12; i++) if (other.b[i] !== this.b[i]) return false;
    for (let sq = 0; sq < this.area; sq++) {
      const h = this.height[sq]!;
      if (other.height[sq] !== h || other.top[sq] !== this.top[sq]) return false;
      for (let l = 0; l < h; l++) {
        if (other.stack[sq * other.stride + l] !== this.stack[sq * this.stride + l]) return false;
      }
    }
    return true;
  }
}
