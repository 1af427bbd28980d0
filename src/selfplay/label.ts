// Labels the positions of a game with Bredon's own search at a fixed node budget, the teacher
// of the data in data/ (docs/data.md): every quiet position (src/dataset/quiet.ts) gets the
// score of a fresh search, in centiflats from White's view, and the depth it completed.
//
// Each search starts from an empty table and cleared move-ordering state, so a label depends
// only on the position, the komi and the budget: the same game labels the same way on any
// thread, in any order, which is what lets a data file be regenerated and checked by its hash.

import { makeMove } from '../core/makemove.js';
import { WHITE } from '../core/position.js';
import { parseMove } from '../notation/ptn-move.js';
import { Searcher } from '../search/search.js';
import { TranspositionTable } from '../search/tt.js';
import { quietVerdict } from '../dataset/quiet.js';
import type { Label } from '../dataset/labelled-ptn.js';
import { parseTps, startTps } from '../notation/tps.js';

/** What a game to label is: its moves in canonical PTN from the empty board (or from `tps`). */
export interface LabelJob {
  /** Where the game goes in the output (its order in the input). */
  order: number;
  size: number;
  halfKomi: number;
  tps: string | null;
  moves: string[];
  nodes: number;
}

/** The table of one labeller: as selfplay's, a search of tens of thousands of nodes needs little. */
const HASH_MB = 16;

export class PositionLabeller {
  private readonly table = TranspositionTable.create(HASH_MB, false);
  private readonly searcher = new Searcher({ table: this.table, stop: new Int32Array(1) });

  /** Labels[i] is the label of the position before move i, or null where it is not quiet. */
  label(job: LabelJob): (Label | null)[] {
    const pos = parseTps(job.tps ?? startTps(job.size), {}, job.size);
    const out: (Label | null)[] = [];
    for (const text of job.moves) {
      let label: Label | null = null;
      if (quietVerdict(pos, job.halfKomi) === 'kept') {
        this.table.clear();
        this.searcher.newGame();
        const r = this.searcher.search(pos, job.halfKomi, { nodes: job.nodes });
        label = { score: pos.side === WHITE ? r.score : -r.score, depth: r.depth };
      }
      out.push(label);
      makeMove(pos, parseMove(text, job.size));
    }
    return out;
  }
}
