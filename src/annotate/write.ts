// An analysed game back as PTN: its tags (plus an Annotator tag), then its moves as written, each
// with Bredon's marks and a comment, e.g. `12. c3' {White 58% d9} Sd4?? {White 81% d9; better e4 White 60%: e4 d5 c3>}`:
// - the comment: White's win chance after the move (marks.ts), or "White wins in 2 moves" (the
//   winner's moves to a proven result), and the depth; a move that ends the game says how;
// - `'` a tak, `''` a tinue the solver proved ("tinue, a road in N moves"), `*` a capstone flattening a wall;
// - `?` / `??` by marks.ts's rule (the mover's win chance fell by 5 / 12.5 points or more), never
//   on the engine's own best move;
// - "better": the engine's move and line when it preferred another by BETTER_DROP or more. docs/rules.md
//   defines no variation syntax and Bredon's reader takes none, so the line goes in the comment,
//   where every reader (PTN Ninja too) shows it; likewise "missed tinue" and the tinue's line.
// Earlier comments and marks of the moves are dropped: the comments are Bredon's alone. A review
// (review-link.ts) writes a stretch of the game, with comments and ?/?? on the moves it chooses.

import { BLACK_FLATS, BLACK_ROAD, DRAW, ONGOING, REPETITION, WHITE_FLATS, WHITE_ROAD, type ResultCode } from '../core/result.js';
import { formatMove } from '../notation/ptn-move.js';
import type { AnnotatedMove, EngineLine, GameAnalysis } from './analysis.js';
import { roadText, whiteChanceText } from './marks.js';

/** Moves of a better line shown in a comment. */
const BETTER_LINE_PLIES = 6;

function endText(result: ResultCode): string {
  switch (result) {
    case WHITE_ROAD:
      return 'White wins by road';
    case BLACK_ROAD:
      return 'Black wins by road';
    case WHITE_FLATS:
      return 'White wins on flats';
    case BLACK_FLATS:
      return 'Black wins on flats';
    case DRAW:
    case REPETITION:
      return 'drawn';
    default:
      return 'game over';
  }
}

/** The move as written, without the marks of its source (Bredon writes its own). */
export function moveBody(text: string): string {
  return text.replace(/[*'"!?]+$/, '');
}

/** The move as Bredon writes it: body, `*`, tak/tinue mark, then `?`/`??` unless `judged` is false. */
export function markedMove(m: AnnotatedMove, judged = true): string {
  return moveBody(m.ptn.text) + (m.smash ? '*' : '') + (m.tinue > 0 ? "''" : m.tak ? "'" : '') + (judged ? m.mark : '');
}

function lineText(line: EngineLine, side: number, size: number, plies: number): string {
  const white = side === 0 ? line.score : -line.score;
  const moves = line.moves.slice(0, plies).map((m) => formatMove(m, size));
  return `better ${moves[0]} ${whiteChanceText(white, size)}: ${moves.join(' ')}`;
}

/** The comment of a move; `plies`: the moves shown of a line (fewer where room is short). */
export function moveComment(m: AnnotatedMove, size: number, plies = BETTER_LINE_PLIES): string {
  const parts = [m.ended !== ONGOING ? endText(m.ended) : `${whiteChanceText(m.whiteAfter, size)} d${m.depth}`];
  if (m.tinue > 0) parts.push(`tinue, ${roadText(m.tinue)}`);
  if (m.missedTinue > 0) parts.push(`missed tinue, ${roadText(m.missedTinue)}: ${m.tinueLine.slice(0, plies).map((x) => formatMove(x, size)).join(' ')}`);
  for (const line of m.better) parts.push(lineText(line, m.side, size, plies));
  // Braces would end the comment early; PTN has no escape for them.
  return `{${parts.join('; ').replace(/[{}]/g, '')}}`;
}

function tagLine(name: string, value: string): string {
  return `[${name} "${value.replace(/[\\"]/g, (c) => `\\${c}`)}"]`;
}

/** What of an analysed game is written, when not all of it (a review's link). */
export interface WriteChoice {
  /** The tags, in order, instead of the game's and an Annotator tag. */
  tags: [string, string][];
  /** The moves written: a.moves[from, to); the game's result follows only when `to` is the end. */
  from: number;
  to: number;
  /** Which moves carry a comment and their `?`/`??` (tak and tinue marks are always written). */
  judged: (m: AnnotatedMove) => boolean;
  /** The moves shown of a line in a comment. */
  linePlies: number;
}

/**
 * The annotated game as PTN text (ending in a newline). `annotator` is the Annotator tag's value;
 * `choice` writes only a part (the caller's tags must then set up its start, e.g. a TPS tag).
 */
export function formatAnnotatedGame(a: GameAnalysis, annotator: string, choice?: WriteChoice): string {
  const lines: string[] = [];
  if (choice !== undefined) {
    for (const [name, value] of choice.tags) lines.push(tagLine(name, value));
  } else {
    for (const [name, value] of a.game.tags) {
      if (name.toLowerCase() !== 'annotator') lines.push(tagLine(name, value));
    }
    lines.push(tagLine('Annotator', annotator));
  }
  lines.push('');
  const from = choice?.from ?? 0;
  const to = choice?.to ?? a.moves.length;
  let line = '';
  for (let i = from; i < to; i++) {
    const m = a.moves[i]!;
    if (m.ptn.side === 0 || line === '') {
      if (line !== '') lines.push(line);
      line = `${m.ptn.moveNumber}.${m.ptn.side === 1 ? ' --' : ''}`;
    }
    const judged = choice === undefined || choice.judged(m);
    line += ` ${markedMove(m, judged)}${judged ? ` ${moveComment(m, a.size, choice?.linePlies)}` : ''}`;
  }
  if (line !== '') lines.push(line);
  if (a.game.result !== undefined && to === a.moves.length) lines.push(a.game.result);
  return lines.join('\n') + '\n';
}
