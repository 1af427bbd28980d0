// `bredon ptn check <file.ptn> [--size N] [--komi K] [--strict-repetition]`: replays every game
// of a PTN file and reports, one line per game, its result or the first ply that is wrong.

import { readTextOr } from '../notation/read-text.js';
import { parsePtnFile, PtnError, replayGame, tagValue } from '../notation/ptn-game.js';
import { halfKomiOption, intOption, parseCommandArgs } from './args.js';
import { UsageError } from './errors.js';
import type { CommandHelp } from './help.js';

export const ptnUsage = 'bredon ptn check <file.ptn> [--size N] [--komi K] [--strict-repetition]';

export const ptnHelp: CommandHelp = {
  about:
    'Replays every game of a PTN file, checking each move against the rules: one line per game (how it\n' +
    'ended, or the first ply that is wrong and why), then a summary. Exit status 1 when a game has an error.',
  options: [
    '  --size N              the board size, over a missing or wrong Size tag',
    '  --komi K              komi in flats, over the Komi tag',
    '  --strict-repetition   a third repetition ends the game (PlayTak did not enforce it: by default',
    "                        it ends a replay only at the game's last move, and is noted on its line)",
  ],
  examples: ['bredon ptn check data/games/playtak-6x6-1344.ptn', 'bredon ptn check games.ptn --size 6 --komi 2 --strict-repetition'],
};

const BOARD_RESULTS = ['R-0', '0-R', 'F-0', '0-F', '1/2-1/2'];

/**
 * Whether a claimed result (Result tag or result token) disagrees with the replayed one. A road,
 * flat or draw claim must match the board; on an unfinished board only 1-0, 0-1, 0-0 and an
 * agreed 1/2-1/2 (time, resignation, abort) fit.
 */
export function resultDisagrees(claimed: string, replayed: string): boolean {
  if (replayed !== 'unfinished') return claimed !== replayed;
  return BOARD_RESULTS.includes(claimed) && claimed !== '1/2-1/2';
}

function errorLine(index: number, e: PtnError): string {
  if (e.ply !== undefined) return `game ${index}: error at ply ${e.ply} (${e.token}): ${e.reason}`;
  return `game ${index}: error${e.line !== undefined ? ` at line ${e.line}` : ''}: ${e.reason}`;
}

export function runPtn(argv: string[], out: (line: string) => void): number {
  const { values, positionals } = parseCommandArgs({
    args: argv,
    options: {
      size: { type: 'string' },
      komi: { type: 'string' },
      'strict-repetition': { type: 'boolean', default: false },
    },
    strict: true,
    allowPositionals: true,
  });
  const [action, file, ...extra] = positionals;
  if (action !== 'check') throw new UsageError(action === undefined ? `usage: ${ptnUsage}` : `unknown ptn action '${action}': ${ptnUsage}`);
  if (file === undefined) throw new UsageError(`ptn check needs a file: ${ptnUsage}`);
  if (extra.length > 0) throw new UsageError(`unexpected argument '${extra[0]}': ${ptnUsage}`);
  const size = intOption('size', values.size, 3, 8);
  const komi = values.komi === undefined ? undefined : halfKomiOption(values.komi) / 2;
  const text = readTextOr(file, (why) => new UsageError(`cannot read '${file}': ${why}`));
  const parsed = parsePtnFile(text);
  if (parsed.length === 0) throw new UsageError(`'${file}' holds no PTN games`);

  let finished = 0;
  let unfinished = 0;
  let errors = 0;
  let mismatches = 0;
  for (const entry of parsed) {
    if ('error' in entry) {
      errors++;
      out(errorLine(entry.index, entry.error));
      continue;
    }
    const game = entry.game;
    try {
      const r = replayGame(game, { size, komi, strictRepetition: values['strict-repetition'] });
      if (r.resultText === 'unfinished') unfinished++;
      else finished++;
      const notes: string[] = [];
      const claims = new Set<string>();
      const tag = tagValue(game, 'Result');
      if (tag !== undefined && tag.trim() !== '') claims.add(tag.trim());
      if (game.result !== undefined) claims.add(game.result);
      const wrong = [...claims].filter((c) => resultDisagrees(c, r.resultText));
      if (wrong.length > 0) {
        mismatches++;
        notes.push(`tagged ${wrong.join(' and ')}`);
      }
      if (r.repetitionIgnoredAt !== undefined) notes.push(`third repetition at ply ${r.repetitionIgnoredAt} not enforced`);
      out(`game ${game.index}: ${r.resultText} after ${r.plies} plies${notes.length > 0 ? ` (${notes.join('; ')})` : ''}`);
    } catch (e) {
      if (!(e instanceof PtnError)) throw e;
      errors++;
      out(errorLine(game.index, e));
    }
  }
  out(`${parsed.length} games: ${finished} finished, ${unfinished} unfinished, ${errors} errors, ${mismatches} result mismatches`);
  return errors > 0 ? 1 : 0;
}
