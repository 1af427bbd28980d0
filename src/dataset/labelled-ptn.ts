// The labelled game record of data/ (docs/data.md): a PTN game whose Annotator tag names
// Bredon's labeller and its node budget, and whose move comments `{+1.23/9}` are the label of
// the position BEFORE that move: a fixed-node search's score in flats from White's view, and
// the depth it completed (as bredon selfplay's PTN writes them). Moves without a comment were
// not labelled (the opening, or a position that is not quiet). Nothing else is written: no
// dates, times or other comments, so a file depends only on the games and the labeller.

import { komiText, numberedMoveLines } from '../match/ptn-writer.js';
import { tagValue, type PtnGame } from '../notation/ptn-game.js';

/** One label: the position before a move, searched. */
export interface Label {
  /** Centiflats from White's view (±30000 less the plies to a proven result). */
  score: number;
  depth: number;
}

/** The start of the Annotator tag of a labelled game; the node budget follows. */
export const LABEL_ANNOTATOR = 'Bredon label';

/** Tags of the input game carried over, in this order (others, such as Date and Time, are dropped). */
const KEPT_TAGS = ['Site', 'Event', 'Round', 'Player1', 'Player2', 'Size', 'Komi', 'Result', 'TPS', 'Termination'];

export function annotatorText(nodes: number): string {
  return `${LABEL_ANNOTATOR}, ${nodes} nodes`;
}

/** Whether a game's comments are the labeller's (its Annotator tag), and at what budget. */
export function labelNodes(game: PtnGame): number | undefined {
  const a = tagValue(game, 'Annotator')?.trim();
  if (a === undefined || !a.startsWith(LABEL_ANNOTATOR)) return undefined;
  const m = /, ([0-9]+) nodes$/.exec(a);
  return m === null ? undefined : Number(m[1]);
}

const LABEL_COMMENT = /^([+-][0-9]+\.[0-9]{2})\/([0-9]+)$/;

/** A label comment's score in centiflats from White's view, or NaN when it is not one. */
export function labelScore(comment: string | undefined): number {
  if (comment === undefined) return NaN;
  const m = LABEL_COMMENT.exec(comment.trim());
  return m === null ? NaN : Math.round(Number(m[1]) * 100);
}

function labelComment(l: Label): string {
  const flats = l.score / 100;
  return `{${flats >= 0 ? '+' : ''}${flats.toFixed(2)}/${l.depth}}`;
}

/**
 * The game with its labels: `moves` are its canonical moves, `labels[i]` the label of the
 * position before move i (null for none), `halfKomi` its komi.
 */
export function formatLabelledGame(game: PtnGame, moves: readonly string[], labels: readonly (Label | null)[], halfKomi: number, nodes: number): string {
  const lines: string[] = [];
  for (const name of KEPT_TAGS) {
    const v = name === 'Komi' ? komiText(halfKomi) : name === 'Result' ? (tagValue(game, 'Result') ?? game.result) : tagValue(game, name);
    if (v !== undefined) lines.push(`[${name} "${v.replace(/["\\]/g, '')}"]`);
  }
  lines.push(`[Annotator "${annotatorText(nodes)}"]`, '');
  const text = moves.map((m, i) => (labels[i] ? `${m} ${labelComment(labels[i]!)}` : m));
  lines.push(...numberedMoveLines(tagValue(game, 'TPS') ?? null, text));
  lines.push(tagValue(game, 'Result') ?? game.result ?? '');
  return lines.join('\n') + '\n';
}
