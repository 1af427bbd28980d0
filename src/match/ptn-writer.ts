// A played game as a PTN file: the standard tags (Player1/2, Date, Time, Size, Komi, Clock,
// Round, Result; TPS when the game started from a book position given as TPS; Termination when it
// did not end on the board), then the moves, numbered from the start position, each engine move
// followed by its eval as a comment: `{+0.35/12 0.41s}` is the mover's last `score cp` before
// `bestmove` in flats (cp / 100, from the mover's point of view), the depth of that `info` line,
// and the thinking time the runner measured. Book moves carry `{book}`.

import { clockTag, sameTimeControl } from './clock.js';
import type { GameRecord, Termination } from './game.js';

export interface PtnMeta {
  event?: string;
  site?: string;
  /** More tags after the standard ones, e.g. which machine played the game. */
  tags?: readonly (readonly [string, string])[];
}

/** The PGN-style Termination tag for games that did not end on the board. */
function terminationTag(t: Termination): string | null {
  switch (t) {
    case 'time':
      return 'time forfeit';
    case 'illegal':
    case 'malformed':
      return 'rules infraction';
    case 'crash':
    case 'not ready':
      return 'abandoned';
    case 'adjudication':
      return 'adjudication';
    default:
      return null;
  }
}

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

function quote(value: string): string {
  return value.replace(/["\\]/g, '');
}

export function komiText(halfKomi: number): string {
  return String(halfKomi / 2);
}

function moveComment(m: GameRecord['moves'][number]): string {
  if (m.book) return '{book}';
  const parts: string[] = [];
  if (m.scoreCp !== undefined) {
    const flats = m.scoreCp / 100;
    parts.push(`${flats >= 0 ? '+' : ''}${flats.toFixed(2)}${m.depth !== undefined ? `/${m.depth}` : ''}`);
  }
  if (m.ms !== undefined) parts.push(`${(m.ms / 1000).toFixed(2)}s`);
  return parts.length === 0 ? '' : `{${parts.join(' ')}}`;
}

/**
 * Moves (each with its comment, if any) as PTN move lines, one per move number, numbered from
 * the start position: the TPS's side and move number (`5. -- b3` when Black moves first), or
 * 1. with White from the empty board.
 */
export function numberedMoveLines(startTps: string | null, moves: readonly string[]): string[] {
  const lines: string[] = [];
  let moveNumber = 1;
  let side = 0;
  if (startTps !== null) {
    const [, sideText, numberText] = startTps.split(' ');
    side = Number(sideText) - 1;
    moveNumber = Number(numberText);
  }
  let line = '';
  for (const m of moves) {
    if (side === 0) {
      if (line !== '') lines.push(line);
      line = `${moveNumber}.`;
    } else if (line === '') {
      line = `${moveNumber}. --`;
    }
    line += ` ${m}`;
    if (side === 1) moveNumber++;
    side ^= 1;
  }
  if (line !== '') lines.push(line);
  return lines;
}

export function formatGamePtn(game: GameRecord, meta: PtnMeta = {}): string {
  const { setup } = game;
  const d = game.startedAt;
  const names = setup.names;
  const tags: [string, string][] = [
    ['Site', meta.site ?? 'Bredon match'],
    ['Event', meta.event ?? `${names[0]} vs ${names[1]}`],
    ['Date', `${d.getFullYear()}.${pad2(d.getMonth() + 1)}.${pad2(d.getDate())}`],
    ['Time', `${pad2(d.getHours())}:${pad2(d.getMinutes())}:${pad2(d.getSeconds())}`],
    ['Round', String(setup.round)],
    ['Player1', names[setup.white]!],
    ['Player2', names[1 - setup.white]!],
    ['Size', String(setup.size)],
    ['Komi', komiText(setup.halfKomi)],
    ['Result', game.result],
  ];
  // PTN has one Clock for both players: a time-odds game (different terms) leaves it out.
  if (sameTimeControl(setup.tcs[0], setup.tcs[1])) tags.splice(tags.length - 1, 0, ['Clock', clockTag(setup.tcs[0])]);
  if (setup.opening.tps !== null) tags.push(['TPS', setup.opening.tps]);
  const termination = terminationTag(game.termination);
  if (termination !== null) tags.push(['Termination', termination]);
  for (const [k, v] of meta.tags ?? []) tags.push([k, v]);
  const lines = tags.map(([k, v]) => `[${k} "${quote(v)}"]`);
  lines.push('');

  lines.push(
    ...numberedMoveLines(
      setup.opening.tps,
      game.moves.map((m) => {
        const comment = moveComment(m);
        return comment !== '' ? `${m.text} ${comment}` : m.text;
      }),
    ),
  );
  lines.push(`{${game.detail.replace(/[{}]/g, '')}} ${game.result}`);
  return lines.join('\n') + '\n';
}
