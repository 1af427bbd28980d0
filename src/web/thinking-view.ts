// The engine card's thinking: the score, depth, nodes, speed, time, best line, best move and the
// evaluation bar, all of one search of one position. A new search clears what an earlier one
// said. When the position changes, a search of an earlier position of the same game stays,
// dimmed and labelled with the move played since it ("the position before 5… d2": Bredon's thinking about
// its reply stays readable after the reply); any other is cleared. Its state is on the card
// (`data-thinking`: none, thinking, fresh, stale) for scripts and the tests.

import { formatMove } from '../notation/ptn-move.js';
import type { BoardPosition } from './board-state.js';
import { byId, setText } from './dom.js';
import { formatCount, numberedLine, numberedMove, parseInfo, scoreView } from './thinking.js';

type State = 'none' | 'thinking' | 'fresh' | 'stale';

const NOT_LOOKED = 'the engine has not looked at this position';

export class ThinkingView {
  /** The position of the search shown. */
  private of: BoardPosition | undefined;
  private state: State = 'none';
  /** The first move of the line shown. */
  private first: string | undefined;
  private reported = false;
  private readonly card = document.querySelector<HTMLElement>('.engine-card');

  /** A search of `at` starts: whatever was shown goes. */
  begin(at: BoardPosition): void {
    this.of = at;
    this.reset('thinking…');
    this.setState('thinking');
  }

  /** An `info` line of the search of `at`: shown if that search is shown and its position on the board. */
  info(at: BoardPosition, line: string): void {
    if (at !== this.of || this.state === 'stale') return;
    const r = parseInfo(line);
    if (r.nodes !== undefined) setText('nodes', formatCount(r.nodes));
    if (r.nps !== undefined) setText('nps', `${formatCount(r.nps)}/s`);
    if (r.timeMs !== undefined) setText('time', `${(r.timeMs / 1000).toFixed(1)} s`);
    // A progress line moves the counters on; the line, its depth and its score stay.
    if (r.pv === undefined) return;
    setText('depth', r.depth !== undefined ? String(r.depth) : '–');
    setText('pv', numberedLine(r.pv, at.moveNumber, at.side));
    this.first = r.pv[0];
    const s = scoreView(r, at.side);
    if (s !== undefined) {
      setText('score', s.score);
      setText('score-note', s.note);
      byId('eval-white').style.width = `${s.white.toFixed(1)}%`;
    }
    this.reported = true;
    this.setState('fresh');
  }

  /** The search of `at` ended with `move`, after `ms`. */
  bestMove(at: BoardPosition, move: string, ms: number, sincePageLoad: number): void {
    if (at !== this.of || this.state === 'stale') return;
    const el = byId('bestmove');
    el.textContent = move;
    el.dataset['ms'] = ms.toFixed(0);
    el.dataset['sincePageLoad'] = sincePageLoad.toFixed(0);
    el.dataset['count'] = String(Number(el.dataset['count'] ?? '0') + 1);
    this.reported = true;
    this.setState('fresh');
  }

  /** After the position on the board changed to `here`: keeps, marks stale or clears what is shown. */
  follow(here: BoardPosition): void {
    const of = this.of;
    if (of === undefined) return;
    if (of.key === here.key) {
      if (this.state === 'stale') this.setState('fresh');
      return;
    }
    const later = of.game === here.game && here.moves.length > of.moves.length && of.moves.every((m, i) => here.moves[i] === m);
    if (!later || !this.reported) {
      this.of = undefined;
      this.reset(NOT_LOOKED);
      return this.setState('none');
    }
    if (this.state === 'stale') return; // still labelled with the first move played since
    setText('score-note', `the position before ${numberedMove(formatMove(here.moves[of.moves.length]!, of.size), of.moveNumber, of.side)}`);
    this.setState('stale');
  }

  /** The best line's first move, while its search is of the position on the board. */
  bestLineMove(): string | undefined {
    return this.state === 'fresh' || this.state === 'thinking' ? this.first : undefined;
  }

  private reset(note: string): void {
    for (const id of ['score', 'depth', 'nodes', 'nps', 'time', 'pv', 'bestmove']) setText(id, '–');
    setText('score-note', note);
    byId('eval-white').style.width = '50%';
    this.first = undefined;
    this.reported = false;
  }

  private setState(state: State): void {
    this.state = state;
    if (this.card !== null) this.card.dataset['thinking'] = state;
    // Stale words are dimmed (web/style.css has no rule for them).
    const dim = state === 'stale' ? '0.5' : '';
    for (const e of document.querySelectorAll<HTMLElement>('#score, .engine-card .stats, .engine-card .pv-row, #eval-bar')) e.style.opacity = dim;
  }
}
