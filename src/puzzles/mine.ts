// Mining one game for puzzles: every position of the game is asked whether the side to move has
// a tinue (3 plies or more: a road in one is no puzzle); each that has one is proven as a tinue
// puzzle, and each position whose player let the opponent in (the next position has a road in
// one or a tinue for the opponent) is proven as an escape puzzle. Everything a game yields
// depends on the game alone (the prover's table is cleared first), so a set mined on any
// number of threads is the same.

import { makeMove } from '../core/makemove.js';
import type { Position } from '../core/position.js';
import { boardResult, ONGOING } from '../core/result.js';
import { scanRoads } from '../core/roads.js';
import { transformPosition } from '../core/symmetry.js';
import { formatMove, parseMove } from '../notation/ptn-move.js';
import { formatTps, parseTps } from '../notation/tps.js';
import { winInOne } from '../tinue/threats.js';
import type { PuzzleKind } from './format.js';
import { PuzzleGrader, type Grade } from './grade.js';
import { PuzzleProver, type EscapeProof, type ProveLimits, type RejectReason, type SolutionNode, type TinueProof } from './prove.js';

/** One position of a run, with what its source already says of it. */
export interface MineRow {
  tps: string;
  /** Where it comes from, for the puzzle's source field. */
  source: string;
  /**
   * A selfplay file's proven score: 'win' or 'loss' for the side to move, 'open' otherwise.
   * 'unknown' (PTN games): the position is scanned whatever it holds.
   */
  hint: 'win' | 'loss' | 'open' | 'unknown';
}

/** A run of positions, each one move after the one before: a game, or a stretch of one. */
export interface MineJob {
  order: number;
  size: number;
  halfKomi: number;
  rows: MineRow[];
}

export interface MinedPuzzle {
  kind: PuzzleKind;
  tps: string;
  halfKomi: number;
  /** The position up to the board's symmetries: equal keys are one puzzle. */
  key: string;
  side: 'white' | 'black';
  plies: number;
  solution: string[];
  grade: Grade;
  /** The game's source and the plies played before the position. */
  source: string;
}

export interface MineStats {
  positions: number;
  tinueCandidates: number;
  escapeCandidates: number;
  /** Candidates rejected, by reason. */
  rejected: Partial<Record<RejectReason, number>>;
  nodes: number;
}

export function emptyStats(): MineStats {
  return { positions: 0, tinueCandidates: 0, escapeCandidates: 0, rejected: {}, nodes: 0 };
}

export function addStats(into: MineStats, s: MineStats): void {
  into.positions += s.positions;
  into.tinueCandidates += s.tinueCandidates;
  into.escapeCandidates += s.escapeCandidates;
  into.nodes += s.nodes;
  for (const [k, v] of Object.entries(s.rejected) as [RejectReason, number][]) into.rejected[k] = (into.rejected[k] ?? 0) + v;
}

/** The least TPS over the board's eight symmetries. */
export function symmetryKey(pos: Position): string {
  let best = formatTps(pos);
  for (let t = 1; t < 8; t++) {
    const s = formatTps(transformPosition(pos, t));
    if (s < best) best = s;
  }
  return best;
}

/** A solution tree as lines of PTN moves, the first defence first. */
export function solutionLines(node: SolutionNode, size: number): string[] {
  const head = formatMove(node.move, size);
  if (node.replies.length === 0) return [head];
  const out: string[] = [];
  for (const r of node.replies) {
    for (const rest of solutionLines(r.next, size)) out.push(`${head} ${formatMove(r.defence, size)} ${rest}`);
  }
  return out;
}

function reject(stats: MineStats, why: RejectReason): void {
  stats.rejected[why] = (stats.rejected[why] ?? 0) + 1;
}

/** A candidate's proof counted into the stats: its nodes, and its reason when rejected. */
function counted<P extends TinueProof | EscapeProof>(stats: MineStats, proof: P): P {
  stats.nodes += proof.nodes;
  if (proof.kind === 'rejected') reject(stats, proof.why);
  return proof;
}

/** What the scan of one position found for its side to move. */
type Status = 'road' | 'tinue' | 'none' | 'unsettled' | 'over';

export class PuzzleMiner {
  private readonly prover = new PuzzleProver(32);
  private readonly grader = new PuzzleGrader();

  constructor(private readonly limits: ProveLimits, private readonly maxLines: number) {}

  mineGame(job: MineJob): { puzzles: MinedPuzzle[]; stats: MineStats } {
    this.prover.clear();
    const stats = emptyStats();
    const puzzles: MinedPuzzle[] = [];
    const positions = job.rows.map((r) => parseTps(r.tps, {}, job.size));
    const status = positions.map((p, i) => this.scan(p, job.halfKomi, job.rows[i]!.hint));
    // Positions on the main line of a puzzle already kept: the same puzzle, later.
    const onLine = new Set<string>();
    for (let i = 0; i < positions.length; i++) {
      const p = positions[i]!;
      if (status[i] === 'over' || status[i] === 'unsettled') continue;
      stats.positions++;
      const source = job.rows[i]!.source;
      if (status[i] === 'tinue') {
        if (onLine.has(formatTps(p))) continue;
        stats.tinueCandidates++;
        const proof = counted(stats, this.prover.proveTinue(p, job.halfKomi, this.limits));
        if (proof.kind === 'rejected') continue;
        const lines = solutionLines(proof.tree, job.size);
        if (lines.length > this.maxLines) {
          reject(stats, 'too wide');
          continue;
        }
        const grade = this.grader.grade(p, job.halfKomi, 'tinue', proof.plies, proof.tree.move);
        puzzles.push(this.puzzle(p, job.halfKomi, 'tinue', proof.plies, lines, grade, source));
        const q = p.clone();
        for (const m of lines[0]!.split(' ')) {
          makeMove(q, parseMove(m, job.size));
          onLine.add(formatTps(q));
        }
      } else if (status[i] === 'none' && (status[i + 1] === 'road' || status[i + 1] === 'tinue' || job.rows[i + 1]?.hint === 'win')) {
        stats.escapeCandidates++;
        const proof = counted(stats, this.prover.proveEscape(p, job.halfKomi, this.limits));
        if (proof.kind === 'rejected') continue;
        const grade = this.grader.grade(p, job.halfKomi, 'escape', proof.threatPlies, proof.move);
        puzzles.push(this.puzzle(p, job.halfKomi, 'escape', proof.threatPlies, [formatMove(proof.move, job.size)], grade, source));
      }
    }
    return { puzzles, stats };
  }

  private scan(pos: Position, halfKomi: number, hint: MineRow['hint']): Status {
    if (boardResult(pos, halfKomi) !== ONGOING) return 'over';
    if (pos.ply < 2) return 'unsettled'; // the opening swap: no puzzle
    scanRoads(pos);
    if (winInOne(pos) !== 0) return 'road';
    // A selfplay search that proved no win: its side to move may still face one (an escape).
    if (hint === 'open' || hint === 'loss') return 'none';
    const t = this.prover.shortestTinue(pos, halfKomi, this.limits, this.limits.nodesPerScan);
    return typeof t === 'number' ? 'tinue' : t;
  }

  private puzzle(p: Position, halfKomi: number, kind: PuzzleKind, plies: number, solution: string[], grade: Grade, source: string): MinedPuzzle {
    return { kind, tps: formatTps(p), halfKomi, key: `${kind} ${symmetryKey(p)}`, side: p.side === 0 ? 'white' : 'black', plies, solution, grade, source };
  }
}
