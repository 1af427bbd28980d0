// Each finished PlayTak game as PTN, appended to one file. Tags follow PlayTak's own exports
// (Site "PlayTak.com", Event "Online Play", Player1/Player2, Size, Komi, Result and `playtak_id`,
// the server's game number, as in data/games/playtak-6x6-1344.ptn), plus the PTN tags
// for what a seek can change (Flats and Caps, which `bredon ptn check` reads back as the
// reserves; Clock as in `bredon match`), the clocks left at the end and, when the game did not
// end on the board, a Termination tag. Bredon's moves carry `{score/depth time}` as Racetrack and
// `bredon match` write them: the score is TEI's `score cp` / 100 from the mover's view, on the
// scale of Tiltak and of Bredon's TEI, 200p - 100 for the expected score p (-1.00 a sure loss,
// +1.00 a sure win; src/tei/wdl.ts), so that logs of the bot and of engine matches read alike.

import { appendFileSync, existsSync, statSync } from 'node:fs';
import { DEFAULT_RESERVES } from '../core/sizes.js';
import { formatMove } from '../notation/ptn-move.js';
import { provenPlies } from '../search/expected-score.js';
import { ecosystemScore } from '../tei/wdl.js';

export interface LoggedMove {
  move: number;
  /** Bredon's own moves: its `score cp` (200p - 100, mover's view), depth and thinking time. */
  scoreCp?: number;
  depth?: number;
  ms?: number;
}

export interface LoggedGame {
  /** The server's game number. */
  gameNo: number;
  /** `PlayTak.com` for playtak.com, else the server address. */
  site: string;
  white: string;
  black: string;
  size: number;
  halfKomi: number;
  stones: number;
  caps: number;
  timeSec: number;
  incSec: number;
  unrated: boolean;
  startedAt: Date;
  moves: LoggedMove[];
  /** R-0, 0-R, F-0, 0-F, 1/2-1/2, 1-0, 0-1, 0-0; undefined when nobody knows (lost contact). */
  result: string | undefined;
  /** Why a game ended off the board: 'time forfeit', 'abandoned', 'resignation', ... */
  termination?: string;
  /** The last clocks the server sent, [White, Black] in ms. */
  clockMs?: [number, number];
}

/** A search score (centiflats, mover's view) as the log's `score cp`: -99..99, ±100 when proven. */
export function logScoreCp(score: number, size: number): number {
  return ecosystemScore(score, Math.sign(score) * provenPlies(score), size);
}

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

/** `10:00 +5`: minutes:seconds, then the increment in seconds (the tag `bredon match` writes). */
export function clockTag(timeSec: number, incSec: number): string {
  return `${Math.floor(timeSec / 60)}:${pad2(timeSec % 60)} +${incSec}`;
}

/** A clock reading: `1:23.4`. */
export function clockText(ms: number): string {
  const tenths = Math.max(0, Math.floor(ms / 100));
  const minutes = Math.floor(tenths / 600);
  const seconds = (tenths % 600) / 10;
  return `${minutes}:${seconds < 10 ? '0' : ''}${seconds.toFixed(1)}`;
}

function comment(m: LoggedMove): string {
  const parts: string[] = [];
  if (m.scoreCp !== undefined) {
    const score = m.scoreCp / 100;
    parts.push(`${score >= 0 ? '+' : ''}${score.toFixed(2)}${m.depth !== undefined ? `/${m.depth}` : ''}`);
  }
  if (m.ms !== undefined) parts.push(`${(m.ms / 1000).toFixed(2)}s`);
  return parts.length === 0 ? '' : ` {${parts.join(' ')}}`;
}

/** Tag values keep to what PTN readers accept: no quotes or backslashes. */
function quote(value: string): string {
  return value.replace(/["\\\r\n]/g, '');
}

export function formatGame(g: LoggedGame): string {
  const d = g.startedAt;
  const tags: [string, string][] = [
    ['Site', g.site],
    ['Event', 'Online Play'],
    ['Date', `${d.getFullYear()}.${pad2(d.getMonth() + 1)}.${pad2(d.getDate())}`],
    ['Time', `${pad2(d.getHours())}:${pad2(d.getMinutes())}:${pad2(d.getSeconds())}`],
    ['Player1', g.white],
    ['Player2', g.black],
    ['Size', String(g.size)],
    ['Komi', String(g.halfKomi / 2)],
  ];
  const [stones, caps] = DEFAULT_RESERVES[g.size] ?? [g.stones, g.caps];
  if (g.stones !== stones || g.caps !== caps) tags.push(['Flats', String(g.stones)], ['Caps', String(g.caps)]);
  tags.push(['Clock', clockTag(g.timeSec, g.incSec)]);
  if (g.result !== undefined) tags.push(['Result', g.result]);
  tags.push(['playtak_id', String(g.gameNo)]);
  if (g.unrated) tags.push(['Rated', 'no']);
  if (g.clockMs !== undefined) tags.push(['ClockLeft', `${clockText(g.clockMs[0])} ${clockText(g.clockMs[1])}`]);
  if (g.termination !== undefined) tags.push(['Termination', g.termination]);
  const lines = tags.map(([k, v]) => `[${k} "${quote(v)}"]`);
  lines.push('');
  let line = '';
  g.moves.forEach((m, i) => {
    if (i % 2 === 0) {
      if (line !== '') lines.push(line);
      line = `${i / 2 + 1}.`;
    }
    line += ` ${formatMove(m.move, g.size)}${comment(m)}`;
  });
  if (line !== '') lines.push(line);
  if (g.result !== undefined) lines.push(g.result);
  return lines.join('\n') + '\n';
}

/** Appends a game to `path`, a blank line before it when the file is not new. */
export function appendGame(path: string, g: LoggedGame): void {
  const blank = existsSync(path) && statSync(path).size > 0 ? '\n' : '';
  appendFileSync(path, blank + formatGame(g));
}
