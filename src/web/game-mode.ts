// The page's game against Bredon, its rules without the page: how the engine is asked for its
// move at a level, what undo takes back, and the finished game as PTN for the review. page.ts
// draws the game and drives the engine with these.

import { MAX_LEVEL } from '../search/levels.js';

export interface GameSettings {
  size: number;
  halfKomi: number;
  /** The player's colour: 0 White, 1 Black. Bredon plays the other. */
  player: number;
  /** Bredon's TEI `Level`, 1 to MAX_LEVEL. */
  level: number;
}

/**
 * The clock a level's `go` carries (ms for each side; no clock is shown or kept). On a clock the
 * TEI session holds a level's answer for its pace (levelPaceMs: 2 s), so a lower level answers
 * at a person's pace instead of at once; half an hour is so long that the clock's budget is far
 * above that pace and above what any level's node cap takes, so the level alone decides the move.
 */
export const LEVEL_CLOCK_MS = 30 * 60_000;

/** The `go` of Bredon's move: a level on the nominal clock, full strength for `movetimeMs`. */
export function engineGo(level: number, movetimeMs: number): string {
  return level < MAX_LEVEL ? `go wtime ${LEVEL_CLOCK_MS} btime ${LEVEL_CLOCK_MS}` : `go movetime ${movetimeMs}`;
}

/**
 * The plies undo takes back after `plies` plies from the empty board: the player's last move and
 * Bredon's reply (2) when the player is to move, the player's move alone (1) while Bredon thinks,
 * and 0 when the player has not moved yet.
 */
export function undoPlies(plies: number, player: number): number {
  const toMove = plies % 2;
  if (toMove === player) return plies >= 2 ? 2 : 0;
  return plies >= 1 ? 1 : 0;
}

/** The PTN result of a resignation by `side`. */
export function resignResult(side: number): string {
  return side === 0 ? '0-1' : '1-0';
}

/** Komi in half flats as PTN writes it: 4 -> "2", 5 -> "2.5". */
export function komiText(halfKomi: number): string {
  return String(halfKomi / 2);
}

/** A game played on the page as PTN (moves in PTN, from the empty board), for the review. */
export function gamePtn(s: GameSettings, moves: readonly string[], result: string, date = new Date()): string {
  const bredon = `Bredon${s.level < MAX_LEVEL ? ` (level ${s.level})` : ''}`;
  const pad = (n: number) => String(n).padStart(2, '0');
  const tags: [string, string][] = [
    ['Site', "Bredon's web page"],
    ['Date', `${date.getFullYear()}.${pad(date.getMonth() + 1)}.${pad(date.getDate())}`],
    ['Player1', s.player === 0 ? 'You' : bredon],
    ['Player2', s.player === 1 ? 'You' : bredon],
    ['Size', String(s.size)],
    ['Komi', komiText(s.halfKomi)],
    ['Result', result],
  ];
  const lines = tags.map(([name, value]) => `[${name} "${value}"]`);
  lines.push('');
  for (let i = 0; i < moves.length; i += 2) lines.push(`${i / 2 + 1}. ${moves.slice(i, i + 2).join(' ')}`);
  lines.push(result);
  return lines.join('\n') + '\n';
}
