// Chat commands, as PlayTak players know them from FriendlyBot: `<bot>: level N` sets the level
// of that player's games, `<bot>: level` says it, `<bot>: help` lists the commands. The bot's
// name comes first (any case, then `:` or `,` or a space); in a Tell it may be left out, since
// a Tell is already addressed to the bot. Anything else is not a command.

import { MAX_LEVEL } from '../search/levels.js';

export type ChatCommand =
  | { kind: 'level'; level: number }
  | { kind: 'level-query' }
  | { kind: 'bad-level'; text: string }
  | { kind: 'help' };

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The command in `text`, or undefined. `tell`: the text came in a Tell (the name may be left out). */
export function parseChatCommand(botName: string, text: string, tell: boolean): ChatCommand | undefined {
  let rest = text.trim();
  const named = botName === '' ? null : new RegExp(`^@?${escapeRegExp(botName)}(?:\\s*[:,]\\s*|\\s+)`, 'i').exec(rest);
  if (named !== null) rest = rest.slice(named[0].length);
  else if (!tell) return undefined;
  const words = rest.split(/\s+/).filter((w) => w !== '');
  const verb = words[0]?.toLowerCase().replace(/[.!?]+$/, '');
  if (verb === 'help' && words.length === 1) return { kind: 'help' };
  if (verb !== 'level') return undefined;
  if (words.length === 1) return { kind: 'level-query' };
  const arg = words.slice(1).join(' ');
  const level = /^[0-9]{1,2}$/.test(arg) ? Number(arg) : NaN;
  return level >= 1 && level <= MAX_LEVEL ? { kind: 'level', level } : { kind: 'bad-level', text: arg };
}

/** The commands in one chat line (with 16-letter names, 225 characters: a Shout's 256 has room). */
export function helpText(botName: string, level: number): string {
  return (
    `"${botName}: level N" sets my level for your games: 1 plays like a beginner, ${MAX_LEVEL} is my full strength (yours: ${level}). ` +
    `"${botName}: help" shows this. Below ${MAX_LEVEL} I accept undos. Anything else naming me: how I see our game.`
  );
}

export function levelQueryText(botName: string, level: number): string {
  const strength = level >= MAX_LEVEL ? ' (full strength)' : '';
  return `I play you at level ${level} of ${MAX_LEVEL}${strength}; "${botName}: level N" changes it, 1 (a beginner) to ${MAX_LEVEL}.`;
}

export function badLevelText(text: string): string {
  const shown = text.length > 20 ? `${text.slice(0, 20)}...` : text;
  return `Levels are whole numbers from 1 (a beginner) to ${MAX_LEVEL} (full strength): "${shown}" is not one.`;
}

/** The confirmation of a level; `current`: the level of a game running with that player. */
export function levelSetText(level: number, current: number | undefined): string {
  const what = level === MAX_LEVEL ? 'full strength' : `level ${level} of ${MAX_LEVEL}`;
  if (current === undefined) return `Done: I play you at ${what} from now on.`;
  return `Done: I play you at ${what} from your next game on (this one stays at level ${current}).`;
}
