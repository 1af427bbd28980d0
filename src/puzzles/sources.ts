// Where puzzles are mined from: PTN games (every position of each game is scanned) and selfplay
// training files (TSV, src/dataset/training-file.ts: one searched position a line, in game order;
// only the positions the selfplay search proved won are scanned for a tinue, and the one before
// each of them is tried as an escape). Either kind may be gzipped. Each becomes runs of
// positions one move apart: a game, or for a TSV the lines between two gaps.

import { dataFileKind } from '../dataset/file-kinds.js';
import { gameSize } from '../dataset/read.js';
import { parseTrainingLine } from '../dataset/training-file.js';
import { readTextFile } from '../notation/compressed.js';
import { parsePtnFile, replayGame } from '../notation/ptn-game.js';
import { formatTps } from '../notation/tps.js';
import { WIN_THRESHOLD } from '../search/types.js';
import type { MineJob, MineRow } from './mine.js';

export interface SourceTally {
  files: number;
  games: number;
  /** Games of other sizes, or that failed to replay. */
  skipped: number;
}

/** The runs of `file` of the given size, numbered on from `order`. */
export function readRuns(file: string, size: number, order: number, tally: SourceTally): MineJob[] {
  const kind = dataFileKind(file);
  if (kind === undefined) throw new Error(`'${file}': puzzles are mined from .ptn or .tsv files (either may end in .gz)`);
  const text = readTextFile(file);
  tally.files++;
  return kind === 'ptn' ? ptnRuns(file, text, size, order, tally) : tsvRuns(file, text, size, order, tally);
}

function ptnRuns(file: string, text: string, size: number, order: number, tally: SourceTally): MineJob[] {
  const jobs: MineJob[] = [];
  for (const g of parsePtnFile(text)) {
    if ('error' in g || gameSize(g.game) !== size) {
      tally.skipped++;
      continue;
    }
    const game = g.game;
    // Every position after a move; a game's start (the empty board, or a TPS tag's composed
    // position) is left out.
    const rows: MineRow[] = [];
    let halfKomi: number;
    try {
      ({ halfKomi } = replayGame(game, { onMove: (pos) => rows.push({ tps: formatTps(pos), source: `${file}#${game.index} ply ${rows.length + 1}`, hint: 'unknown' }) }));
    } catch {
      tally.skipped++;
      continue;
    }
    tally.games++;
    jobs.push({ order: order + jobs.length, size, halfKomi, rows });
  }
  return jobs;
}

/** The ply a TPS is at, from its side and move number fields. */
function tpsPly(tps: string): number {
  const f = tps.trim().split(/\s+/);
  return 2 * (Number(f[2]) - 1) + (f[1] === '2' ? 1 : 0);
}

function tsvRuns(file: string, text: string, size: number, order: number, tally: SourceTally): MineJob[] {
  const jobs: MineJob[] = [];
  let rows: MineRow[] = [];
  let halfKomi = 0;
  let lastPly = -2;
  const flush = () => {
    if (rows.length > 0) jobs.push({ order: order + jobs.length, size, halfKomi, rows });
    rows = [];
  };
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === '' || line.startsWith('#')) continue;
    const p = parseTrainingLine(line, `${file} line ${i + 1}`);
    if (p.tps.split('/').length !== size) continue;
    const ply = tpsPly(p.tps);
    if (ply !== lastPly + 1 || p.halfKomi !== halfKomi) {
      flush();
      tally.games++;
    }
    halfKomi = p.halfKomi;
    lastPly = ply;
    const white = p.side === 1;
    const hint = p.score >= WIN_THRESHOLD ? (white ? 'win' : 'loss') : p.score <= -WIN_THRESHOLD ? (white ? 'loss' : 'win') : 'open';
    rows.push({ tps: p.tps, source: `${file} line ${i + 1}`, hint });
  }
  flush();
  return jobs;
}
