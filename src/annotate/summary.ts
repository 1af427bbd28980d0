// The plain-text summary of an annotated game: who made the mistakes, which forced wins were
// missed and which forced losses walked into, the tinues made and missed, and the biggest swings. Scores are
// said as White's win chance, as in the comments, and swings are drops of the mover's (marks.ts).

import { formatMove } from '../notation/ptn-move.js';
import { WIN_THRESHOLD } from '../search/types.js';
import { playerNames, type AnnotatedMove, type GameAnalysis } from './analysis.js';
import { MISTAKE_DROP, roadText, whiteChanceText } from './marks.js';
import { markedMove } from './write.js';

/** Swings listed per game. */
const SWINGS = 3;

const SIDES = ['White', 'Black'];

function label(m: AnnotatedMove): string {
  return `${m.ptn.moveNumber}.${m.side === 1 ? '..' : ''} ${markedMove(m)}`;
}

function white(score: number, side: number): number {
  return side === 0 ? score : -score;
}

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** The engine's move instead, if it named one. */
function instead(m: AnnotatedMove, size: number): string {
  const line = m.better[0];
  return line === undefined || line.moves.length === 0 ? '' : `, better ${formatMove(line.moves[0]!, size)}`;
}

function sideLine(a: GameAnalysis, side: number): string {
  const moves = a.moves.filter((m) => m.side === side);
  const blunders = moves.filter((m) => m.mark === '??').length;
  const mistakes = moves.filter((m) => m.mark === '?').length;
  const notes = [`${count(blunders, 'blunder (??)', 'blunders (??)')}, ${count(mistakes, 'mistake (?)', 'mistakes (?)')}`];
  for (const m of moves) {
    if (m.before >= WIN_THRESHOLD && m.after < WIN_THRESHOLD) {
      notes.push(`missed a forced win at ${label(m)} (${whiteChanceText(white(m.before, side), a.size)}${instead(m, a.size)})`);
    } else if (m.before > -WIN_THRESHOLD && m.after <= -WIN_THRESHOLD) {
      notes.push(`walked into a forced loss at ${label(m)} (${whiteChanceText(white(m.after, side), a.size)}${instead(m, a.size)})`);
    }
  }
  const tinues = moves.filter((m) => m.tinue > 0);
  if (tinues.length > 0) notes.push(`tinue with ${tinues.map((m) => `${label(m)} (${roadText(m.tinue)})`).join(', ')}`);
  const missed = moves.filter((m) => m.missedTinue > 0);
  if (missed.length > 0) notes.push(`missed a tinue at ${missed.map((m) => `${label(m)} (${formatMove(m.tinueLine[0]!, a.size)}, ${roadText(m.missedTinue)})`).join(', ')}`);
  return `  ${SIDES[side]} (${playerNames(a.game)[side]}): ${notes.join('; ')}`;
}

/** The summary lines of one game. */
export function summarize(a: GameAnalysis): string[] {
  const [p1, p2] = playerNames(a.game);
  const lines = [`game ${a.game.index}: ${p1} vs ${p2}, ${a.resultText} after ${a.moves.length} plies`];
  lines.push(sideLine(a, 0), sideLine(a, 1));
  const swings = a.moves
    .filter((m) => m.drop >= MISTAKE_DROP)
    .sort((x, y) => y.drop - x.drop || x.ptn.ply - y.ptn.ply)
    .slice(0, SWINGS)
    .map((m) => `${label(m)} by ${SIDES[m.side]}: ${whiteChanceText(white(m.before, m.side), a.size)} to ${whiteChanceText(white(m.after, m.side), a.size)}${instead(m, a.size)}`);
  lines.push(`  biggest swings: ${swings.length === 0 ? `none of ${MISTAKE_DROP} points or more` : swings.join('; ')}`);
  return lines;
}
