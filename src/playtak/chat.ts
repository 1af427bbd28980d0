// `--chat`: what Bredon says when someone asks. A Tell (private) is always answered; a Shout
// (everyone's chat) only when it names the bot, so that the bot never talks over the room. The
// answer is the evaluation of the game in words, as `bredon analyze` words it (the describer is
// passed in: src/cli/analyze.ts has it). Commands (`<bot>: level N`, `<bot>: help`) are read by
// ./commands.ts before this answer is given.

import type { Position } from '../core/position.js';
import { formatMove } from '../notation/ptn-move.js';
import { MAX_LEVEL } from '../search/levels.js';
import type { SearchInfo } from '../search/types.js';
import type { SeekParams } from './protocol.js';

export type Describer = (info: Pick<SearchInfo, 'score' | 'mateIn' | 'pv'>, root: Position, halfKomi: number) => string;

/** A plain describer: the score in flats from the side to move's view. */
export const plainDescriber: Describer = (info) => (info.mateIn !== 0 ? `a proven result in ${Math.abs(info.mateIn)} plies` : `${info.score >= 0 ? '+' : ''}${(info.score / 100).toFixed(2)} flats for the side to move`);

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Whether a Shout names the bot (a whole word, any case). */
export function mentions(name: string, text: string): boolean {
  if (name === '') return false;
  return new RegExp(`(^|[^A-Za-z0-9_])${escapeRegExp(name)}($|[^A-Za-z0-9_])`, 'i').test(text);
}

/** The latest evaluation of a game: a search's report and the position it searched. */
export interface Evaluation {
  info: Pick<SearchInfo, 'score' | 'mateIn' | 'pv' | 'depth'>;
  root: Position;
}

export interface ChatGame {
  no: number;
  opponent: string;
  halfKomi: number;
  /** Plies played so far. */
  plies: number;
  evaluation: Evaluation | undefined;
}

/** The answer: the game's evaluation in words, or what the bot is waiting for. */
export function chatReply(game: ChatGame | undefined, seek: SeekParams, describe: Describer, level = MAX_LEVEL): string {
  if (game === undefined) {
    const komi = seek.halfKomi === 0 ? '' : `, komi ${seek.halfKomi / 2}`;
    const strength = level >= MAX_LEVEL ? 'full strength' : `level ${level} of ${MAX_LEVEL}`;
    return `I am not playing right now: my seek is ${seek.size}x${seek.size}, ${seek.timeSec / 60} min + ${seek.incSec} s${komi}, and I would play you at ${strength}. Accept it to play me!`;
  }
  const head = `Game ${game.no} against ${game.opponent}, move ${Math.floor(game.plies / 2) + 1}`;
  const e = game.evaluation;
  if (e === undefined) return `${head}: I have not evaluated it yet.`;
  const line = e.info.pv.slice(0, 4).map((m) => formatMove(m, e.root.size)).join(' ');
  return `${head}: ${describe(e.info, e.root, game.halfKomi)} at depth ${e.info.depth}${line === '' ? '' : `, expecting ${line}`}.`;
}
