// The tinue solver: depth-first proof-number search (df-pn, Nagai 2002) for a forced road.
// The attacker (the side to move at the root) plays only moves that win at once or make a tak
// (a road in one, by placement or spread); the defender answers with every legal move. So "no
// tinue" means no forced road through threats. The attacker wins by road only. A defender answer
// refutes a line when it wins at once, leaves no road in one and no plies for another threat, or
// ends the game on flats without losing the count (komi matters only there); one that loses at
// once needs no search.
// `plies` counts both sides (tinue in 3 is attacker, defender, attacker) and is part of the table
// key (table.ts), so every subproblem is exact and the graph acyclic; the root is searched with
// 1, 3, 5... plies, so the first proof is the shortest. phi/delta form: phi is the proof number
// of the side to move (0: it wins), delta its disproof number; a node's phi is its children's
// least delta, its delta the sum of their phis; thresholds send the search back up as soon as
// another branch looks better. Moves are ints, children live in per-depth typed arrays, the
// table is one Int32Array: nothing is allocated per node.

import { makeMove, unmakeMove } from '../core/makemove.js';
import { generateMoves, MAX_MOVES } from '../core/movegen.js';
import type { Position } from '../core/position.js';
import { boardResult, ONGOING, resultAfterMove, resultWinner } from '../core/result.js';
import { popcount32 } from '../core/bitboard.js';
import { SPREAD_FLAG, WALL } from '../core/move.js';
import { scanRoads } from '../core/roads.js';
import { groupWeights } from '../eval/evaluate.js';
import { MAP, mapRoads } from '../eval/roadmap.js';
import { SPREAD_WIN, spreadWin } from '../tactics/spread-roads.js';
import { keepThreatAnswers, roadThreat, THREAT } from '../tactics/threat-answers.js';
import { INF, ProofTable } from './table.js';
import { roadInOne, winInOne } from './threats.js';

export interface TinueLimits {
  /** The longest tinue looked for, in plies (the root side's road on an odd ply). */
  maxPlies: number;
  /** Give up after this many milliseconds. */
  ms?: number;
  /** Give up after about this many nodes (positions made). */
  nodes?: number;
  /** Give up once stop[0] !== 0 (the search's stop flag, when the engine runs the prover). */
  stop?: Int32Array;
}

export type TinueOutcome =
  | { kind: 'tinue'; plies: number; line: number[]; nodes: number; ms: number }
  /** No tinue within `plies`. */
  | { kind: 'none'; plies: number; nodes: number; ms: number }
  /** The limit was reached first; `refuted`: the plies within which none was found (0: none settled). */
  | { kind: 'unknown'; refuted: number; nodes: number; ms: number };

/** The longest tinue the table keys can tell apart (table.ts salts 128 ply counts). */
export const MAX_TINUE_PLIES = 99;

/**
 * A quick look before a search (`bredon analyze`, and the engine's analysis searches): the
 * longest tinue it tries, in plies, and the solver's table in MB.
 */
export const QUICK_TINUE_PLIES = 11;
export const QUICK_TINUE_TABLE_MB = 16;

/** Why a position cannot be asked about: it is decided, or still in the opening swap. */
export class TinueInputError extends Error {
  override name = 'TinueInputError';
}

/** Nodes between clock checks. */
const CHECK_EVERY = 1024;
/** A wall placement's encoding (move.ts): spread bit clear, piece type WALL. */
const WALL_PLACEMENT_MASK = SPREAD_FLAG | (3 << 6);
const WALL_PLACEMENT = WALL << 6;
/** Returned by expand(): the side to move there wins / loses without search. */
const MOVER_WINS = -1;
const MOVER_LOSES = -2;

/** One node's children: moves, keys of the positions after them, and their phi and delta. */
class Children {
  moves = new Int32Array(64);
  keyLo = new Int32Array(64);
  keyHi = new Int32Array(64);
  phi = new Int32Array(64);
  delta = new Int32Array(64);

  ensure(n: number): void {
    if (n < this.moves.length) return;
    const cap = this.moves.length * 2;
    const grow = (a: Int32Array) => {
      const b = new Int32Array(cap);
      b.set(a);
      return b;
    };
    this.moves = grow(this.moves);
    this.keyLo = grow(this.keyLo);
    this.keyHi = grow(this.keyHi);
    this.phi = grow(this.phi);
    this.delta = grow(this.delta);
  }
}

export class TinueSolver {
  private readonly table: ProofTable;
  private readonly gen = new Int32Array(MAX_MOVES);
  private readonly lists: Children[] = [];

  private pos!: Position;
  private attacker = 0;
  private halfKomi = 0;
  private nodes = 0;
  private nodeLimit = Infinity;
  private deadline = Infinity;
  private stopFlag: Int32Array | undefined;
  private aborted = false;
  private nextCheck = 0;

  /** What mid() settled for the node it was called on: phi, delta and (when proven for the mover) the move. */
  private outPhi = 0;
  private outDelta = 0;
  private outMove = 0;
  /** The move that settled a node in expand() (its win in one, or a winning answer). */
  private expandMove = 0;

  constructor(megabytes = 32) {
    this.table = new ProofTable(megabytes);
  }

  /** Forget every proof: the table is kept between calls (positions of one game share work). */
  clear(): void {
    this.table.clear();
  }

  /**
   * Proves or refutes a tinue for the side to move within limits.maxPlies. `root` is not
   * changed (the search makes and unmakes moves on a copy).
   */
  solve(root: Position, halfKomi: number, limits: TinueLimits): TinueOutcome {
    return this.deepen(root, root.side, halfKomi, limits);
  }

  /**
   * Whether the side that just moved has a tinue: every answer of the side to move loses to a
   * forced road (annotate's `''`). Plies count from the answer, so they are even.
   */
  solveAfterMove(root: Position, halfKomi: number, limits: TinueLimits): TinueOutcome {
    return this.deepen(root, root.side ^ 1, halfKomi, limits);
  }

  /**
   * The attacker's proving move in `pos` (attacker to move) with `plies` left, from the table or
   * a fresh search of that node (tests replay proofs with it), or 0 if none is found within
   * `nodeLimit`. `pos` is left as it was.
   */
  proofMove(pos: Position, plies: number, halfKomi: number, nodeLimit = 2_000_000): number {
    this.begin(pos, pos.side, halfKomi, { maxPlies: plies, nodes: nodeLimit });
    return this.attackerMove(plies);
  }

  private begin(root: Position, attacker: number, halfKomi: number, limits: TinueLimits): void {
    this.pos = root;
    this.attacker = attacker;
    this.halfKomi = halfKomi;
    this.nodes = 0;
    this.aborted = false;
    this.nextCheck = CHECK_EVERY;
    this.nodeLimit = limits.nodes ?? Infinity;
    this.deadline = limits.ms === undefined ? Infinity : performance.now() + limits.ms;
    this.stopFlag = limits.stop;
  }

  private deepen(root: Position, attacker: number, halfKomi: number, limits: TinueLimits): TinueOutcome {
    if (boardResult(root, halfKomi) !== ONGOING) throw new TinueInputError('the game is already over');
    if (root.ply < 2) throw new TinueInputError('the position is still in the opening (each side first places a flat of the other colour)');
    const maxPlies = Math.min(limits.maxPlies, MAX_TINUE_PLIES);
    const t0 = performance.now();
    const pos = root.clone();
    this.begin(pos, attacker, halfKomi, limits);
    const first = attacker === pos.side ? 1 : 2;
    let refuted = 0;
    for (let plies = first; plies <= maxPlies; plies += 2) {
      const proven = this.prove(plies);
      const ms = performance.now() - t0;
      if (this.aborted) return { kind: 'unknown', refuted, nodes: this.nodes, ms };
      if (proven) {
        const nodes = this.nodes;
        const line = attacker === pos.side ? this.principalLine(plies) : [];
        return { kind: 'tinue', plies, line, nodes, ms: performance.now() - t0 };
      }
      refuted = plies;
    }
    return { kind: 'none', plies: refuted, nodes: this.nodes, ms: performance.now() - t0 };
  }

  /** Whether the current position is won for the attacker within `plies` (false also when aborted). */
  private prove(plies: number): boolean {
    const tt = this.table;
    const pos = this.pos;
    if (tt.probe(pos.keyLo, pos.keyHi, plies) && (tt.phi === 0 || tt.delta === 0)) {
      return (tt.phi === 0) === (pos.side === this.attacker);
    }
    this.mid(plies, INF, INF, 0);
    if (this.aborted) return false;
    const moverWins = this.outPhi === 0;
    return moverWins === (pos.side === this.attacker);
  }

  /** The attacker's move that keeps the proof (attacker to move, proven within `plies`), or 0. */
  private attackerMove(plies: number): number {
    const tt = this.table;
    const pos = this.pos;
    if (tt.probe(pos.keyLo, pos.keyHi, plies) && tt.phi === 0 && tt.move !== 0) return tt.move;
    this.mid(plies, INF, INF, 0);
    return !this.aborted && this.outPhi === 0 ? this.outMove : 0;
  }

  private checkLimits(): void {
    this.nextCheck = this.nodes + CHECK_EVERY;
    if (this.nodes >= this.nodeLimit || performance.now() >= this.deadline) this.aborted = true;
    else if (this.stopFlag !== undefined && Atomics.load(this.stopFlag, 0) !== 0) this.aborted = true;
  }

  private children(ply: number): Children {
    while (this.lists.length <= ply) this.lists.push(new Children());
    return this.lists[ply]!;
  }

  /**
   * Lists the current node's children into lists[ply] and returns how many, or settles the node
   * at once: MOVER_WINS (expandMove then holds the winning move at an attacker node) or
   * MOVER_LOSES. Children that settle without search are left out (see the file comment).
   */
  private expand(plies: number, ply: number): number {
    const pos = this.pos;
    const attacker = this.attacker;
    const defender = attacker ^ 1;
    const halfKomi = this.halfKomi;
    const tt = this.table;
    const list = this.children(ply);
    const gen = this.gen;
    this.expandMove = 0;
    scanRoads(pos);

    if (pos.side === attacker) {
      const win = winInOne(pos);
      if (win !== 0) {
        this.expandMove = win;
        return MOVER_WINS;
      }
      if (plies < 3) return MOVER_LOSES;
      const end = generateMoves(pos, gen, 0);
      let n = 0;
      for (let i = 0; i < end; i++) {
        const m = gen[i]!;
        // A wall of one's own is never a tak: it adds no road square and only blocks spreads
        // (a capstone could flatten it, but could as well have ended on the empty square).
        if ((m & WALL_PLACEMENT_MASK) === WALL_PLACEMENT) continue;
        makeMove(pos, m);
        this.nodes++;
        const r = resultAfterMove(pos, m, halfKomi);
        // A move that ends the game is no tak (winInOne has seen every road in one).
        if (r !== ONGOING || roadInOne(pos, attacker) === 0 || roadInOne(pos, defender) !== 0) {
          unmakeMove(pos, m);
          continue;
        }
        list.ensure(n);
        list.moves[n] = m;
        list.keyLo[n] = pos.keyLo;
        list.keyHi[n] = pos.keyHi;
        if (tt.probe(pos.keyLo, pos.keyHi, plies - 1)) {
          list.phi[n] = tt.phi;
          list.delta[n] = tt.delta;
        } else {
          list.phi[n] = 1;
          list.delta[n] = 1;
        }
        n++;
        unmakeMove(pos, m);
      }
      return n === 0 ? MOVER_LOSES : n;
    }

    // The defender to move, facing a threat.
    if (roadInOne(pos, defender) !== 0) return MOVER_WINS;
    let end = generateMoves(pos, gen, 0);
    if (this.answerFilter(pos)) end = keepThreatAnswers(pos, gen, 0, end, this.threatLo, this.threatHi);
    let n = 0;
    for (let i = 0; i < end; i++) {
      const m = gen[i]!;
      makeMove(pos, m);
      this.nodes++;
      const r = resultAfterMove(pos, m, halfKomi);
      if (r !== ONGOING) {
        unmakeMove(pos, m);
        if (resultWinner(r) === attacker) continue;
        this.expandMove = m;
        return MOVER_WINS; // the defender's road, a flat win or a draw
      }
      if (winInOne(pos) !== 0) {
        unmakeMove(pos, m);
        continue;
      }
      if (plies - 1 < 3) {
        unmakeMove(pos, m);
        this.expandMove = m;
        return MOVER_WINS; // blocked, and no plies left for another threat
      }
      list.ensure(n);
      list.moves[n] = m;
      list.keyLo[n] = pos.keyLo;
      list.keyHi[n] = pos.keyHi;
      if (tt.probe(pos.keyLo, pos.keyHi, plies - 1)) {
        list.phi[n] = tt.phi;
        list.delta[n] = tt.delta;
      } else {
        list.phi[n] = 1;
        list.delta[n] = 1;
      }
      n++;
      unmakeMove(pos, m);
    }
    return n === 0 ? MOVER_LOSES : n;
  }

  /** The attacker's threat the defender's answers are filtered by (answerFilter sets it). */
  private threatLo = 0;
  private threatHi = 0;

  /**
   * Whether the defender's answers may be filtered before they are made (tactics/threat-answers.ts:
   * an answer that touches neither the attacker's threat nor its road pieces, and does not end
   * the game on flats, leaves the road in one standing and loses at once): when the attacker has
   * a placement threat, or failing that a road by a spread. Call after roadInOne(pos, defender)
   * found none, which scanned the roads.
   */
  private answerFilter(pos: Position): boolean {
    mapRoads(pos, this.attacker, groupWeights(pos.size));
    if (!roadThreat(pos, this.attacker)) return false;
    this.threatLo = THREAT[0]!;
    this.threatHi = THREAT[1]!;
    return true;
  }

  /**
   * Searches the current node (with `plies` left) until its phi reaches thPhi or its delta
   * thDelta, leaving its values in outPhi / outDelta / outMove and in the table.
   */
  private mid(plies: number, thPhi: number, thDelta: number, ply: number): void {
    const pos = this.pos;
    const tt = this.table;
    const keyLo = pos.keyLo;
    const keyHi = pos.keyHi;
    const nodes0 = this.nodes;
    if (++this.nodes >= this.nextCheck) this.checkLimits();

    const n = this.expand(plies, ply);
    if (n < 0) {
      const wins = n === MOVER_WINS;
      this.outPhi = wins ? 0 : INF;
      this.outDelta = wins ? INF : 0;
      this.outMove = wins ? this.expandMove : 0;
      tt.store(keyLo, keyHi, plies, this.outPhi, this.outDelta, this.outMove, this.nodes - nodes0);
      return;
    }
    const list = this.lists[ply]!;
    let phi = 0;
    let delta = 0;
    let move = 0;
    for (;;) {
      let best = -1;
      let minDelta = INF + 1;
      let delta2 = INF;
      let sumPhi = 0;
      for (let i = 0; i < n; i++) {
        const d = list.delta[i]!;
        if (d < minDelta) {
          delta2 = minDelta;
          minDelta = d;
          best = i;
        } else if (d < delta2) {
          delta2 = d;
        }
        sumPhi += list.phi[i]!;
      }
      if (delta2 > INF) delta2 = INF;
      if (minDelta === 0) {
        phi = 0;
        delta = INF;
        move = list.moves[best]!;
        break;
      }
      phi = minDelta;
      delta = sumPhi >= INF ? INF - 1 : sumPhi;
      if (delta === 0) phi = INF; // every child wins for its mover: this node is lost
      if (phi >= thPhi || delta >= thDelta || this.aborted) break;

      // Search the most promising child until it stops being so: its delta may rise to just
      // past the second best's (with 25% slack, which saves re-expanding two close siblings in
      // turn), its phi until this node's delta reaches its own threshold.
      const childPhi = list.phi[best]!;
      const thChildPhi = Math.min(INF, thDelta - delta + childPhi);
      const thChildDelta = Math.min(thPhi, delta2 + 1 + (delta2 >> 2));
      const m = list.moves[best]!;
      makeMove(pos, m);
      if (tt.probe(pos.keyLo, pos.keyHi, plies - 1) && (tt.phi >= thChildPhi || tt.delta >= thChildDelta)) {
        // Another path has already taken this child past its thresholds.
        this.outPhi = tt.phi;
        this.outDelta = tt.delta;
      } else {
        this.mid(plies - 1, thChildPhi, thChildDelta, ply + 1);
      }
      unmakeMove(pos, m);
      list.phi[best] = this.outPhi;
      list.delta[best] = this.outDelta;
    }
    this.outPhi = phi;
    this.outDelta = delta;
    this.outMove = move;
    if (!this.aborted) tt.store(keyLo, keyHi, plies, phi, delta, move, this.nodes - nodes0);
  }

  /**
   * The main line of a proven tinue: the attacker's proving moves, and for the defender the
   * answer that holds out longest (the one whose own shortest tinue is the longest).
   */
  private principalLine(plies: number): number[] {
    const pos = this.pos;
    const line: number[] = [];
    // Extracting the line is cheap next to the proof, but give it a budget of its own so that a
    // slow extraction never hangs: past it, the rest of the line is the table's first proof.
    this.nodes = 0;
    this.nextCheck = CHECK_EVERY;
    this.aborted = false;
    this.nodeLimit = 2_000_000;
    this.deadline = Infinity;
    this.stopFlag = undefined; // a proven line is finished even after a stop: it is the answer
    while (plies > 0) {
      const a = this.attackerMove(plies);
      if (a === 0) break;
      line.push(a);
      makeMove(pos, a);
      if (boardResult(pos, this.halfKomi) !== ONGOING) break;
      const [d, left] = this.hardestDefence(plies - 1);
      if (d === 0) break;
      line.push(d);
      makeMove(pos, d);
      if (boardResult(pos, this.halfKomi) !== ONGOING) break;
      plies = left;
    }
    for (let i = line.length - 1; i >= 0; i--) unmakeMove(pos, line[i]!);
    return line;
  }

  /**
   * The defender's answer (defender to move, lost within `plies`) after which the attacker's
   * shortest tinue is longest, with that length. Among equals, an answer on the attacker's road
   * in one (a threat square, or the path of a spread that wins), then the one leaving the fewest
   * placement threats: when every answer loses at once, the line shows a try at a block.
   */
  private hardestDefence(plies: number): [number, number] {
    const pos = this.pos;
    const attacker = this.attacker;
    scanRoads(pos);
    mapRoads(pos, attacker, groupWeights(pos.size));
    let onLo = MAP[attacker * 4]!;
    let onHi = MAP[attacker * 4 + 1]!;
    if (spreadWin(pos, attacker) !== 0) {
      onLo |= SPREAD_WIN[1]!;
      onHi |= SPREAD_WIN[2]!;
    }
    const moves = Array.from(this.gen.subarray(0, generateMoves(pos, this.gen, 0)));
    let best = 0;
    let bestRank = -Infinity;
    let bestLeft = -1;
    for (const m of moves) {
      const blocks = touches(pos, m, onLo, onHi);
      makeMove(pos, m);
      let left: number;
      let threats = 0;
      if (boardResult(pos, this.halfKomi) !== ONGOING) {
        left = 0;
      } else {
        mapRoads(pos, attacker, groupWeights(pos.size)); // boardResult scanned the roads
        threats = MAP[attacker * 4 + 2]!;
        left = plies - 1;
        for (let p = 1; p < plies - 1; p += 2) {
          if (this.prove(p)) {
            left = p;
            break;
          }
          if (this.aborted) break;
        }
      }
      unmakeMove(pos, m);
      const rank = left * 4096 + (blocks ? 1024 : 0) - Math.min(threats, 1023);
      if (rank > bestRank) {
        best = m;
        bestRank = rank;
        bestLeft = left;
      }
    }
    return [best, bestLeft];
  }
}

/** Whether move m places on, or spreads into, a square of (lo, hi). */
function touches(pos: Position, m: number, lo: number, hi: number): boolean {
  const sq = m & 63;
  const hit = (s: number) => (s < 32 ? (lo & (1 << s)) !== 0 : (hi & (1 << (s - 32))) !== 0);
  if ((m & SPREAD_FLAG) === 0) return hit(sq);
  const step = pos.info.delta[(m >>> 6) & 3]!;
  let cur = sq;
  for (let entered = popcount32((m >>> 9) & 0xff); entered > 0; entered--) {
    cur += step;
    if (hit(cur)) return true;
  }
  return false;
}
