// A selfplay game as PTN. src/match/ptn-writer.ts does not fit: its comments give the mover's
// view and the thinking time, and its tags describe a match (clock, engines, round pairs). Here
// every searched move carries `{+0.35/12}`: the score in flats from White's view (so a column of
// comments reads as one evaluation curve) and the depth completed. A proven result shows as about
// ±300 flats (e.g. +299.97 is a road in 3 plies). Book moves carry `{book}`, random plies
// `{random}`; the closing comment says how the game ended and what it started from.

import { komiText, numberedMoveLines } from '../match/ptn-writer.js';
import type { SelfplayGame, SelfplayMove } from './game.js';

export const SELFPLAY_SITE = 'bredon selfplay';

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

function moveComment(m: SelfplayMove): string {
  if (m.kind !== 'search') return `{${m.kind}}`;
  const flats = (m.score ?? 0) / 100;
  return `{${flats >= 0 ? '+' : ''}${flats.toFixed(2)}/${m.depth ?? 0}}`;
}

function endText(game: SelfplayGame): string {
  switch (game.termination) {
    case 'road':
      return `${game.whiteScore === 1 ? 'White' : 'Black'} wins by road`;
    case 'flats':
      return `${game.whiteScore === 1 ? 'White' : 'Black'} wins on flats`;
    case 'draw':
      return 'drawn on flats';
    case 'repetition':
      return 'drawn by the third repetition';
    case 'max plies':
      return `drawn at the ply limit (${game.job.maxPlies})`;
  }
}

/** `tags` come after the standard ones (e.g. the worker that played the game). */
export function formatSelfplayPtn(game: SelfplayGame, tags: readonly (readonly [string, string])[] = []): string {
  const { job } = game;
  const d = game.startedAt;
  const all: (readonly [string, string])[] = [
    ['Site', SELFPLAY_SITE],
    ['Event', `Bredon selfplay, ${job.nodes} nodes per move, seed ${job.seed}`],
    ['Date', `${d.getFullYear()}.${pad2(d.getMonth() + 1)}.${pad2(d.getDate())}`],
    ['Time', `${pad2(d.getHours())}:${pad2(d.getMinutes())}:${pad2(d.getSeconds())}`],
    ['Round', String(job.index + 1)],
    ['Player1', 'Bredon'],
    ['Player2', 'Bredon'],
    ['Size', String(job.size)],
    ['Komi', komiText(job.halfKomi)],
    ['Result', game.result],
  ];
  if (job.opening.tps !== null) all.push(['TPS', job.opening.tps]);
  if (game.termination === 'max plies') all.push(['Termination', 'adjudication']);
  all.push(...tags);
  const lines = all.map(([k, v]) => `[${k} "${v.replace(/["\\]/g, '')}"]`);
  lines.push('');

  lines.push(...numberedMoveLines(job.opening.tps, game.moves.map((m) => `${m.text} ${moveComment(m)}`)));
  const from = job.opening.line === 0 ? 'the empty board' : `opening line ${job.opening.line}`;
  lines.push(`{${endText(game)}; from ${from} and ${game.randomPlies} random plies} ${game.result}`);
  return lines.join('\n') + '\n';
}
