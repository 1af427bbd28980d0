// Proving a puzzle: the tinue prover (src/tinue/dfpn.ts) asked the questions a puzzle needs
// answered, all by proof, none by search:
// - tinue: the side to move forces a road in N plies and no shorter; its first move is the only
//   move that wins within N (every other legal move, quiet ones too, proven not to); the defender
//   plays every reply that holds out longest, and after each of them the attacker's winning move
//   is again the only one, down to the last ply, where any road wins.
// - escape: the opponent threatens a tinue (it would have one if the side to move could pass),
//   the side to move has no road in one and no tinue of its own, and exactly one legal move
//   leaves the opponent no tinue within the threat's plies.
// "Win" and "escape" are the prover's: the attacker's later moves are road wins and taks, so a
// tinue that needs a second quiet move is not counted (docs/puzzles.md). Every call has a node
// limit; a question the limit leaves open rejects the position, so nothing unproven is kept.

import { makeMove, makeNull, unmakeMove, unmakeNull } from '../core/makemove.js';
import { generateMoves, MAX_MOVES } from '../core/movegen.js';
import type { Position } from '../core/position.js';
import { ONGOING, resultAfterMove, resultWinner } from '../core/result.js';
import { scanRoads } from '../core/roads.js';
import { TinueSolver } from '../tinue/dfpn.js';
import { roadInOne, winInOne } from '../tinue/threats.js';

export interface ProveLimits {
  /** The longest tinue looked for, in plies (odd). */
  maxPlies: number;
  /** Nodes for each question asked of the prover. */
  nodesPerCall: number;
  /**
   * Nodes for the first question asked of every position of a game (has the side to move a
   * tinue?): most positions have none, and a refutation that needs more is rarely a puzzle.
   */
  nodesPerScan: number;
  /** Nodes for the whole of one position's proof; past them the position is rejected. */
  nodesPerPuzzle: number;
  /** The most longest-holding defences checked at one defender node; more reject the position. */
  maxDefences: number;
}

export const DEFAULT_PROVE_LIMITS: ProveLimits = { maxPlies: 9, nodesPerCall: 200_000, nodesPerScan: 5_000, nodesPerPuzzle: 20_000_000, maxDefences: 16 };

/** One step of the solution: the player's move and the defences that hold out longest. */
export interface SolutionNode {
  move: number;
  /** Empty after the last move (a road). Each entry: a defence and the player's answer to it. */
  replies: { defence: number; next: SolutionNode }[];
}

export type TinueProof =
  | { kind: 'tinue'; plies: number; tree: SolutionNode; nodes: number }
  | { kind: 'rejected'; why: RejectReason; nodes: number };

export type EscapeProof =
  | { kind: 'escape'; move: number; threatPlies: number; nodes: number }
  | { kind: 'rejected'; why: RejectReason; nodes: number };

export type RejectReason = 'none' | 'short' | 'not unique' | 'unsettled' | 'too wide';

/** Thrown inside a proof to abandon the position. */
class Reject extends Error {
  constructor(readonly why: RejectReason) {
    super(why);
  }
}

export class PuzzleProver {
  private readonly solver: TinueSolver;
  private readonly moveLists: Int32Array[] = [];
  private nodes = 0;
  private limits: ProveLimits = DEFAULT_PROVE_LIMITS;

  constructor(tableMb = 32) {
    this.solver = new TinueSolver(tableMb);
  }

  /** Forget the prover's table: call between games, so that a game's proofs depend on it alone. */
  clear(): void {
    this.solver.clear();
  }

  /**
   * The side to move's shortest tinue within limits.maxPlies, 3 plies or more, if the prover
   * settles it: the cheap first question asked of every position.
   */
  shortestTinue(pos: Position, halfKomi: number, limits: ProveLimits, nodes = limits.nodesPerCall): number | 'none' | 'unsettled' {
    const r = this.solver.solve(pos, halfKomi, { maxPlies: limits.maxPlies, nodes });
    this.nodes += r.nodes;
    if (r.kind === 'tinue') return r.plies;
    return r.kind === 'none' ? 'none' : 'unsettled';
  }

  /** The full proof of a tinue puzzle in pos (side to move attacks); pos is left as it was. */
  proveTinue(pos: Position, halfKomi: number, limits: ProveLimits): TinueProof {
    return this.settle(limits, () => {
      scanRoads(pos);
      if (winInOne(pos) !== 0) throw new Reject('short');
      const plies = this.shortestTinue(pos, halfKomi, limits);
      if (plies === 'unsettled') throw new Reject('unsettled');
      if (plies === 'none') throw new Reject('none');
      const tree = this.attackerNode(pos, halfKomi, plies, 0);
      return { kind: 'tinue', plies, tree, nodes: this.nodes };
    });
  }

  /**
   * The proof of an escape puzzle in pos: the opponent's threat (its shortest tinue were the side
   * to move to pass) and the one move that leaves it none within those plies.
   */
  proveEscape(pos: Position, halfKomi: number, limits: ProveLimits): EscapeProof {
    return this.settle(limits, () => {
      scanRoads(pos);
      if (winInOne(pos) !== 0) throw new Reject('short');
      // The threat: the opponent's shortest tinue after a pass, and not a road in one (that is a
      // block, not a puzzle). The cheap questions first: most candidates end here.
      if (roadInOne(pos, pos.side ^ 1) !== 0) throw new Reject('short');
      makeNull(pos);
      let threat: number | 'none' | 'unsettled';
      try {
        threat = this.shortestTinue(pos, halfKomi, limits);
      } finally {
        unmakeNull(pos);
      }
      if (threat === 'unsettled') throw new Reject('unsettled');
      if (threat === 'none') throw new Reject('none');
      // The side to move must have no tinue of its own: an attack would be an escape too.
      const own = this.shortestTinue(pos, halfKomi, limits);
      if (own === 'unsettled') throw new Reject('unsettled');
      if (own !== 'none') throw new Reject('not unique');
      const moves = this.moves(0);
      const end = generateMoves(pos, moves, 0);
      const escape = this.onlyMove(
        pos,
        moves,
        end,
        halfKomi,
        // A move that ends the game: a win was ruled out above; a loss escapes nothing.
        (winner) => {
          if (winner !== pos.side) throw new Reject('unsettled');
        },
        () => {
          const s = this.solver.solve(pos, halfKomi, { maxPlies: threat, nodes: this.limits.nodesPerCall });
          this.spend(s.nodes);
          if (s.kind === 'unknown') throw new Reject('unsettled');
          return s.kind === 'none';
        },
      );
      if (escape === 0) throw new Reject('none');
      return { kind: 'escape', move: escape, threatPlies: threat, nodes: this.nodes };
    });
  }

  /** Runs one position's proof from a fresh node count: a Reject thrown inside it is the answer. */
  private settle<T>(limits: ProveLimits, prove: () => T): T | { kind: 'rejected'; why: RejectReason; nodes: number } {
    this.nodes = 0;
    this.limits = limits;
    try {
      return prove();
    } catch (e) {
      if (e instanceof Reject) return { kind: 'rejected', why: e.why, nodes: this.nodes };
      throw e;
    }
  }

  /**
   * The one move of moves[0, end) after which passes() holds, or 0 if none; a second one rejects
   * the position as not unique. A move that ends the game is handed to ended() instead (which
   * may reject). Each move is made while ended() or passes() looks at it.
   */
  private onlyMove(pos: Position, moves: Int32Array, end: number, halfKomi: number, ended: (winner: number) => void, passes: () => boolean): number {
    let found = 0;
    for (let i = 0; i < end; i++) {
      const m = moves[i]!;
      makeMove(pos, m);
      try {
        const r = resultAfterMove(pos, m, halfKomi);
        if (r !== ONGOING) ended(resultWinner(r));
        else if (passes()) {
          if (found !== 0) throw new Reject('not unique');
          found = m;
        }
      } finally {
        unmakeMove(pos, m);
      }
    }
    return found;
  }

  private spend(n: number): void {
    this.nodes += n;
    if (this.nodes > this.limits.nodesPerPuzzle) throw new Reject('too wide');
  }

  private moves(depth: number): Int32Array {
    while (this.moveLists.length <= depth) this.moveLists.push(new Int32Array(MAX_MOVES));
    return this.moveLists[depth]!;
  }

  /**
   * The attacker to move with a tinue in exactly `plies`: its only winning move, then every
   * longest defence with the attacker's answer. `depth` indexes the move lists.
   */
  private attackerNode(pos: Position, halfKomi: number, plies: number, depth: number): SolutionNode {
    const attacker = pos.side;
    const moves = this.moves(depth);
    const end = generateMoves(pos, moves, 0);
    if (plies === 1) {
      // The last ply: any road wins; the first one found stands in the solution.
      for (let i = 0; i < end; i++) {
        const m = moves[i]!;
        makeMove(pos, m);
        const r = resultAfterMove(pos, m, halfKomi);
        unmakeMove(pos, m);
        if (r !== ONGOING && resultWinner(r) === attacker) return { move: m, replies: [] };
      }
      throw new Reject('unsettled');
    }
    // Taks first: a second winning move is nearly always one, and finding it early rejects the
    // position before the quiet moves' costlier refutations.
    let taks = 0;
    for (let i = 0; i < end; i++) {
      const m = moves[i]!;
      makeMove(pos, m);
      const tak = resultAfterMove(pos, m, halfKomi) === ONGOING && roadInOne(pos, attacker) !== 0;
      unmakeMove(pos, m);
      if (tak) {
        moves[i] = moves[taks]!;
        moves[taks++] = m;
      }
    }
    const winner = this.onlyMove(
      pos,
      moves,
      end,
      halfKomi,
      (w) => {
        if (w === attacker) throw new Reject('short');
      },
      () => {
        const s = this.solver.solveAfterMove(pos, halfKomi, { maxPlies: plies - 1, nodes: this.limits.nodesPerCall });
        this.spend(s.nodes);
        if (s.kind === 'unknown') throw new Reject('unsettled');
        return s.kind === 'tinue';
      },
    );
    if (winner === 0) throw new Reject('unsettled');
    makeMove(pos, winner);
    try {
      return { move: winner, replies: this.defenderNode(pos, halfKomi, plies - 1, depth + 1) };
    } finally {
      unmakeMove(pos, winner);
    }
  }

  /**
   * Of defences that all leave a road in one, the one that leaves the attacker the fewest roads
   * (so the page's defender blocks what it can, as a player would), the first of equals.
   */
  private tightestDefence(pos: Position, halfKomi: number, defences: number[], attacker: number): number {
    const list = new Int32Array(MAX_MOVES);
    let best = defences[0]!;
    let fewest = Infinity;
    for (const d of defences) {
      makeMove(pos, d);
      const end = generateMoves(pos, list, 0);
      let roads = 0;
      for (let i = 0; i < end; i++) {
        const m = list[i]!;
        makeMove(pos, m);
        const r = resultAfterMove(pos, m, halfKomi);
        unmakeMove(pos, m);
        if (r !== ONGOING && resultWinner(r) === attacker) roads++;
      }
      unmakeMove(pos, d);
      if (roads < fewest) {
        fewest = roads;
        best = d;
      }
    }
    return best;
  }

  /** The defender to move, `plies` left for the attacker's road: the replies that hold out longest. */
  private defenderNode(pos: Position, halfKomi: number, plies: number, depth: number): { defence: number; next: SolutionNode }[] {
    const attacker = pos.side ^ 1;
    const moves = this.moves(depth);
    const end = generateMoves(pos, moves, 0);
    // How long each reply holds out: the attacker's shortest tinue after it.
    let longest = 0;
    const holds = new Int32Array(end);
    for (let i = 0; i < end; i++) {
      const m = moves[i]!;
      makeMove(pos, m);
      try {
        const r = resultAfterMove(pos, m, halfKomi);
        if (r !== ONGOING) {
          if (resultWinner(r) !== attacker) throw new Reject('unsettled');
          continue;
        }
        if (winInOne(pos) !== 0) {
          holds[i] = 1;
        } else {
          const s = this.solver.solve(pos, halfKomi, { maxPlies: plies - 1, nodes: this.limits.nodesPerCall });
          this.spend(s.nodes);
          if (s.kind !== 'tinue') throw new Reject('unsettled');
          holds[i] = s.plies;
        }
        if (holds[i]! > longest) longest = holds[i]!;
      } finally {
        unmakeMove(pos, m);
      }
    }
    if (longest === 0) return [];
    if (longest < plies - 1) throw new Reject('unsettled'); // the proof said plies; not shorter
    // After the longest defences the last ply is any road: one defence stands for them all.
    let picked: number[] = [];
    for (let i = 0; i < end; i++) if (holds[i] === longest) picked.push(moves[i]!);
    if (longest === 1) picked = [this.tightestDefence(pos, halfKomi, picked, attacker)];
    if (picked.length > this.limits.maxDefences) throw new Reject('too wide');
    const replies: { defence: number; next: SolutionNode }[] = [];
    for (const d of picked) {
      makeMove(pos, d);
      try {
        replies.push({ defence: d, next: this.attackerNode(pos, halfKomi, longest, depth + 1) });
      } finally {
        unmakeMove(pos, d);
      }
    }
    return replies;
  }
}
