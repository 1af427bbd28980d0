// The puzzle set as a benchmark for tinue solvers: each tinue puzzle asked of the prover with a
// fresh table, within the puzzle's plies and a node limit; found when it proves a tinue of
// exactly those plies whose first move is the solution's (the puzzle's move is the only winning
// one, so any correct solver finds it). Escape puzzles are not asked: the prover answers
// whether a side has a tinue, not which move stops one.

import { parseTps } from '../notation/tps.js';
import { parseMove } from '../notation/ptn-move.js';
import { TinueSolver } from '../tinue/dfpn.js';
import type { Puzzle } from './format.js';

export interface SolverBenchRow {
  id: string;
  plies: number;
  found: boolean;
  nodes: number;
  ms: number;
}

export function benchSolver(puzzles: readonly Puzzle[], nodeLimit: number, onRow?: (r: SolverBenchRow) => void): SolverBenchRow[] {
  const solver = new TinueSolver(64);
  const rows: SolverBenchRow[] = [];
  for (const p of puzzles) {
    if (p.kind !== 'tinue') continue;
    solver.clear();
    const pos = parseTps(p.tps, {}, p.size);
    const r = solver.solve(pos, Math.round(p.komi * 2), { maxPlies: p.plies, nodes: nodeLimit });
    const first = parseMove(p.solution[0]!.split(' ')[0]!, p.size);
    const row = { id: p.id, plies: p.plies, found: r.kind === 'tinue' && r.plies === p.plies && r.line[0] === first, nodes: r.nodes, ms: r.ms };
    rows.push(row);
    onRow?.(row);
  }
  return rows;
}
