// The WebAssembly core (assembly/, compiled by `npm run asc`) seen from TypeScript: a position
// copied in from a src/core Position, then perft, move lists, make/unmake and the key, the road
// tactics and the network accumulators inside WebAssembly. One instance holds one position; the
// search's instance (search-core.ts) also runs the negamax node over it (docs/performance.md).

import { decodeBase64 } from '../eval/net/base64.js';
import type { Position } from '../core/position.js';
import { DEFAULT_RESERVES } from '../core/sizes.js';
import { featureLayout } from '../eval/features.js';
import { inputLayout } from '../eval/net/inputs.js';
import { blendTable, weightsFor } from '../eval/weights.js';
import type { Network } from '../eval/net/network.js';
import { RULES_WASM } from './rules.generated.js';

// The little of the WebAssembly API used here (Node's types do not declare it; the DOM's do).
interface WasmApi {
  validate(bytes: Uint8Array): boolean;
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { readonly exports: Record<string, unknown> };
}
const wasm = (globalThis as { WebAssembly?: WasmApi }).WebAssembly;

let available: boolean | undefined;

/** Whether this runtime runs the core (WebAssembly with SIMD: every current browser and Node). */
export function wasmCoreAvailable(): boolean {
  if (available === undefined) {
    try {
      const bytes = decodeBase64(RULES_WASM);
      available = wasm !== undefined && wasm.validate(bytes);
    } catch {
      available = false;
    }
  }
  return available;
}

export interface RulesExports {
  memory: { readonly buffer: ArrayBuffer };
  topAt(): number;
  heightAt(): number;
  stackAt(): number;
  movesAt(): number;
  setSize(size: number, stride: number): void;
  load(side: number, ply: number, ws: number, bs: number, wc: number, bc: number): void;
  generate(start: number): number;
  countMoves(): number;
  make(move: number): void;
  unmake(move: number): void;
  decided(): number;
  perft(depth: number): number;
  keyLo(): number;
  keyHi(): number;
  initNet(size: number, hidden: number, inputs: number, qa: number, slots: number, reserves: number, maxStones: number, maxCaps: number, reservesUsed: number): void;
  w1At(): number;
  b1At(): number;
  w2At(): number;
  refresh(s: number): void;
  beforeMove(move: number, s: number): void;
  afterMove(move: number, s: number): void;
  evaluate(s: number): number;
  walk(s: number, start: number): number;
  setGroupWeight(span: number, w: number): void;
  probe(halfKomi: number): void;
  probedAt(): number;
  mayOpenSpreadRoad(move: number): number;
  keepAnswers(start: number, end: number, lo: number, hi: number): number;
  layoutAt(): number;
  setLayout(rows: number): number;
  linearEval(halfKomi: number, opponentThreats: number, groups: number): number;
  keysAt(): number;
  loadHistory(moves: number, spreads: number): void;
  repetitions(): number;
  probedEntryAt(): number;
  clearOrder(): void;
  ageOrder(): void;
  lmrAt(): number;
  pvAt(): number;
  pvLenAt(): number;
  excludedAt(): number;
  startSearch(halfKomi: number, kind: number, scale: number, bias: number, firstCheck: number, noise: number): void;
  setRoot(best: number, extension: number, excluded: number): void;
  searchDepth(depth: number, alpha: number, beta: number): number;
  searchNodes(): number;
  searchState(what: number): number;
}

let compiled: object | undefined;

/** The table the core's search calls: probe (1: found, the entry written to the core's probedEntry) and store. */
export interface TableImports {
  tableProbe(keyLo: number, keyHi: number): number;
  tableStore(keyLo: number, keyHi: number, move: number, score: number, depth: number, bound: number, evaluation: number): void;
}

const NO_TABLE: TableImports = { tableProbe: () => 0, tableStore: () => {} };

export class WasmRules {
  private readonly e: RulesExports;
  private top!: Uint8Array;
  private height!: Uint8Array;
  private stack!: Uint8Array;
  /** The core's move buffer: generate(start) writes from moves[start]. */
  moves!: Int32Array;
  private net: Network | undefined;
  private netSlots = 0;
  /** Called by the search every so many nodes: the node count of the next call, or -1 to stop. */
  onCheck: (nodes: number) => number = () => Infinity;
  private probed!: Int32Array;
  private loadedSize = 0;
  private loadedStride = 0;

  /**
   * `table`: the search's calls out to its table (search-core.ts), bound into the instance so
   * that a probe is one call from WebAssembly into the table's code; none for the rules alone.
   */
  constructor(table: TableImports = NO_TABLE) {
    if (wasm === undefined) throw new Error('this runtime has no WebAssembly');
    compiled ??= new wasm.Module(decodeBase64(RULES_WASM));
    const abort = (): never => {
      throw new Error('the WebAssembly rules core aborted');
    };
    const checkLimits = (nodes: number): number => this.onCheck(nodes);
    this.e = new wasm.Instance(compiled, { env: { abort, checkLimits, ...table } }).exports as unknown as RulesExports;
    this.views();
  }

  /** Views of the core's memory, made again after it grew (a network's arrays are allocated). */
  private views(): void {
    const buffer = this.e.memory.buffer;
    this.top = new Uint8Array(buffer, this.e.topAt(), 64);
    this.height = new Uint8Array(buffer, this.e.heightAt(), 64);
    this.stack = new Uint8Array(buffer, this.e.stackAt(), 64 * 256);
    this.moves = new Int32Array(buffer, this.e.movesAt(), 1 << 20);
    this.probed = new Int32Array(buffer, this.e.probedAt(), 64);
  }

  /** Copies pos (board, reserves, side, ply) into the core; its history starts here. */
  load(pos: Position): void {
    if (pos.stride > 256) throw new RangeError(`stacks of ${pos.stride} levels do not fit the WebAssembly core`);
    if (pos.size !== this.loadedSize || pos.stride !== this.loadedStride) {
      this.e.setSize(pos.size, pos.stride); // empties the tactics' caches
      this.loadedSize = pos.size;
      this.loadedStride = pos.stride;
    }
    this.top.set(pos.top);
    this.height.set(pos.height);
    this.stack.set(pos.stack.subarray(0, 64 * pos.stride));
    this.e.load(pos.side, pos.ply, pos.stones[0]!, pos.stones[1]!, pos.caps[0]!, pos.caps[1]!);
    // The game's keys since set-up, for repetitions (the last is the loaded position's).
    if (pos.depth + 1 > 4096 - 256) throw new RangeError(`a game of ${pos.depth} moves is too long for the WebAssembly core`);
    new Int32Array(this.e.memory.buffer, this.e.keysAt(), 2 * (pos.depth + 1)).set(pos.hist.subarray(0, 2 * (pos.depth + 1)));
    this.e.loadHistory(pos.depth, pos.reversible);
  }

  /** The exports, for the search driver beside this file (search-core.ts). */
  get exports(): RulesExports {
    return this.e;
  }

  perft(depth: number): number {
    return this.e.perft(depth);
  }

  /** The legal moves into moves[start..]; returns the end. */
  generate(start = 0): number {
    return this.e.generate(start);
  }

  countMoves(): number {
    return this.e.countMoves();
  }

  make(move: number): void {
    this.e.make(move);
  }

  unmake(move: number): void {
    this.e.unmake(move);
  }

  decided(): boolean {
    return this.e.decided() !== 0;
  }

  /**
   * Gives the core a network (of the size of the positions to come) and room for `slots` plies
   * of accumulators. Another network reuses the room of the one before where it fits (the core
   * never frees), so switching board sizes does not grow the memory.
   */
  setNetwork(net: Network, slots: number): void {
    if (this.net === net && this.netSlots >= slots) return;
    if (net.hidden % 4 !== 0) throw new RangeError(`the WebAssembly accumulators take 4 hidden units a step (this network has ${net.hidden})`);
    const L = inputLayout(net.size);
    const reservesUsed = net.W1.subarray(L.reserves * net.hidden).some((w) => w !== 0);
    const [stones, caps] = DEFAULT_RESERVES[net.size]!;
    this.e.initNet(net.size, net.hidden, net.inputs, net.qa, slots, L.reserves, stones, caps, reservesUsed ? 1 : 0);
    this.views();
    const buffer = this.e.memory.buffer;
    new Int16Array(buffer, this.e.w1At(), net.W1.length).set(net.W1);
    new Int16Array(buffer, this.e.b1At(), net.b1.length).set(net.b1);
    new Int16Array(buffer, this.e.w2At(), net.W2.length).set(net.W2);
    this.net = net;
    this.netSlots = slots;
  }

  /** Slot s's accumulators from scratch for the loaded position. */
  refresh(s: number): void {
    this.e.refresh(s);
  }

  beforeMove(move: number, s: number): void {
    this.e.beforeMove(move, s);
  }

  afterMove(move: number, s: number): void {
    this.e.afterMove(move, s);
  }

  /** The network's score of slot s in centiflats, the side to move's view (as NetAccumulator's). */
  evaluate(s: number): number {
    const net = this.net!;
    return this.e.evaluate(s) * (net.K / (net.qa * net.qb)) + net.b2 * net.K;
  }

  /** The output layer's integer sum of slot s (evaluate before scaling). */
  outputSum(s: number): number {
    return this.e.evaluate(s);
  }

  /**
   * Every legal move of the loaded position noted, made, its child evaluated and unmade, inside
   * WebAssembly (slot s the position's, s + 1 the children's; moves listed from moves[start]).
   * Returns the children's output sums added in 32 bits.
   */
  walk(s: number, start = 0): number {
    return this.e.walk(s, start);
  }

  /**
   * The linear evaluation of a size with `startStones` stones a player (its layout and blend
   * table copied in, weights.ts's weights), and the road map's group weights with it.
   */
  setLinear(size: number, startStones: number): void {
    const L = featureLayout(size);
    const words = new Int32Array(this.e.memory.buffer, this.e.layoutAt(), 23 + 64);
    const offsets = [L.flatPst, L.wallPst, L.capPst, L.flatLead, L.flatLeadEnd, L.stack, L.hardCap, L.capMobility, L.capInHand, L.wallNextToRoad, L.wallNextToOwn, L.lineOpen, L.lineSoft, L.lineHard, L.threat, L.tempo, L.reserveLead, L.reserveLeadEnd, L.tempoEnd, L.supportEnd, L.captiveEnd, L.group, L.count];
    words.set(offsets);
    words.set(L.squareClass, 23);
    const w = weightsFor(size);
    const table = blendTable(w, startStones);
    const at = this.e.setLayout(table.length / L.count);
    this.views();
    new Float64Array(this.e.memory.buffer, at, table.length).set(table);
    this.setGroupWeights(w.group);
  }

  /** evaluate.ts evaluate on the loaded position: `groups` White's group score minus Black's. */
  linearEval(halfKomi: number, opponentThreats: number, groups: number): number {
    return this.e.linearEval(halfKomi, opponentThreats, groups);
  }

  /** The road map's group weights (evaluate.ts groupWeights of the size); empties its cache. */
  setGroupWeights(weights: readonly number[]): void {
    for (let span = 0; span < weights.length; span++) this.e.setGroupWeight(span, weights[span]!);
  }

  /**
   * The road tactics of both colours of the loaded position (tactics.ts probe), for the tests:
   * per colour c at c * 32, the threats (lo, hi), their count, the group score, REACH (8 words),
   * the road gaps (2), spreadWin's move and segment (3), roadThreat and its squares (3) and
   * finishOutcome.
   */
  probe(halfKomi: number): Int32Array {
    this.e.probe(halfKomi);
    return this.probed.slice();
  }

  mayOpenSpreadRoad(move: number): boolean {
    return this.e.mayOpenSpreadRoad(move) !== 0;
  }

  /** Compacts moves[start..end) to the possible answers to a threat on (lo, hi); returns the end. */
  keepThreatAnswers(start: number, end: number, lo: number, hi: number): number {
    return this.e.keepAnswers(start, end, lo, hi);
  }

  /** The Zobrist key as the TypeScript core's signed halves [lo, hi]. */
  key(): [number, number] {
    return [this.e.keyLo() | 0, this.e.keyHi() | 0];
  }
}
