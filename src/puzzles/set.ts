// A puzzle set from what the miners found: in the order of the runs they came from (the order
// of the files and games given), one puzzle for each position up to the board's symmetries (the
// first found), numbered from 1.

import { formatPuzzle, type Puzzle } from './format.js';
import type { MinedPuzzle } from './mine.js';

export function buildSet(size: number, runs: readonly (readonly MinedPuzzle[])[]): { puzzles: Puzzle[]; duplicates: number } {
  const seen = new Set<string>();
  const puzzles: Puzzle[] = [];
  let duplicates = 0;
  for (const run of runs) {
    for (const m of run) {
      if (seen.has(m.key)) {
        duplicates++;
        continue;
      }
      seen.add(m.key);
      puzzles.push({
        id: `${size}x${size}-${String(puzzles.length + 1).padStart(4, '0')}`,
        size,
        komi: m.halfKomi / 2,
        tps: m.tps,
        side: m.side,
        kind: m.kind,
        plies: m.plies,
        solution: m.solution,
        rating: m.grade.rating,
        levels: m.grade.levels,
        alternatives: m.grade.alternatives,
        source: m.source,
      });
    }
  }
  return { puzzles, duplicates };
}

export function formatSet(puzzles: readonly Puzzle[]): string {
  return puzzles.map((p) => `${formatPuzzle(p)}\n`).join('');
}
