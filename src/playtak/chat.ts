// `--chat`: what Bredon says when someone asks how the game goes. A Tell (private) is always
// answered; a Shout (everyone's chat) only when it names the bot, so that the bot never talks over
// the room. The answer says how the game stands as a win chance (src/annotate/marks.ts, the words
// of the reviews and the PTN notes), in words a beginner reads, and nothing of the line Bredon
// plans or how deep it looked: the opponent is reading. Commands (`<bot>: level N`, `<bot>: help`)
// are read by ./commands.ts before this answer is given.

import { chancePoints, percentText } from '../annotate/marks.js';
import type { Position } from '../core/position.js';
import { winnerMoves } from '../search/expected-score.js';
import { MAX_LEVEL } from '../search/levels.js';
import type { SearchInfo } from '../search/types.js';
import type { SeekParams } from './protocol.js';

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Whether a Shout names the bot (a whole word, any case). */
export function mentions(name: string, text: string): boolean {
  if (name === '') return false;
  return new RegExp(`(^|[^A-Za-z0-9_])${escapeRegExp(name)}($|[^A-Za-z0-9_])`, 'i').test(text);
}

/** The latest evaluation of a game: a search's score and the position it searched. */
export interface Evaluation {
  info: Pick<SearchInfo, 'score' | 'mateIn'>;
  root: Position;
}

export interface ChatGame {
  no: number;
  opponent: string;
  /** Plies played so far. */
  plies: number;
  evaluation: Evaluation | undefined;
}

const SIDES = ['White', 'Black'] as const;

/**
 * How a game stands, from an evaluation of it `plies` plies into the game: "I give Black a 62%
 * win chance", or for a proven result "White wins in 2 moves, whatever Black plays" (the winner's
 * moves from now: the search may have been of the position before Bredon's last move).
 */
export function standingText(e: Evaluation, plies: number): string {
  const toMove = e.root.side;
  const { score, mateIn } = e.info;
  if (mateIn !== 0) {
    const winner = mateIn > 0 ? toMove : toMove ^ 1;
    const left = Math.max(1, Math.abs(mateIn) - Math.max(0, plies - e.root.ply));
    const n = winnerMoves(left);
    return `${SIDES[winner]} wins in ${n} ${n === 1 ? 'move' : 'moves'}, whatever ${SIDES[winner ^ 1]} plays`;
  }
  const white = chancePoints(toMove === 0 ? score : -score, e.root.size);
  if (Math.round(white) === 50) return 'I give both sides an even chance';
  const ahead = white > 50 ? 0 : 1;
  const chance = percentText(ahead === 0 ? white : 100 - white);
  // "an 8%", "an 80%", "an 11%", "an 18%": the article the number is read with.
  return `I give ${SIDES[ahead]} ${/^(8|11%|18%)/.test(chance) ? 'an' : 'a'} ${chance} win chance`;
}

/** The answer: how the game stands, or what the bot is waiting for. */
export function chatReply(game: ChatGame | undefined, seek: SeekParams, level = MAX_LEVEL): string {
  if (game === undefined) {
    const komi = seek.halfKomi === 0 ? '' : `, komi ${seek.halfKomi / 2}`;
    const strength = level >= MAX_LEVEL ? 'full strength' : `level ${level} of ${MAX_LEVEL}`;
    return `I am not playing right now: my seek is ${seek.size}x${seek.size}, ${seek.timeSec / 60} min + ${seek.incSec} s${komi}, and I would play you at ${strength}. Accept it to play me!`;
  }
  const head = `Game ${game.no} against ${game.opponent}, move ${Math.floor(game.plies / 2) + 1}`;
  const e = game.evaluation;
  if (e === undefined) return `${head}: I have not evaluated it yet.`;
  return `${head}: ${standingText(e, game.plies)}.`;
}
