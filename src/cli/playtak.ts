// `bredon playtak`: Bredon as a bot on PlayTak (src/playtak/). Results go to stdout (one line per
// game, then a summary), the running commentary to stderr. The password comes from the
// environment only, so that it shows neither in `ps` nor in the shell's history, and is never
// logged.

import { budgetText, REVIEW_BUDGET } from '../annotate/review.js';
import { DEFAULT_RESERVES } from '../core/sizes.js';
import { PlaytakBot, type BotOptions } from '../playtak/bot.js';
import { parseServerAddress } from '../playtak/connection.js';
import { Engine } from '../playtak/engine.js';
import { ReviewThread } from '../playtak/review-thread.js';
import { PASSWORD_RE, USER_NAME_RE, type SeekParams } from '../playtak/protocol.js';
import { MAX_LEVEL } from '../search/levels.js';
import { SearchPool } from '../search/worker.js';
import { halfKomiOption, intOption, parseCommandArgs } from './args.js';
import { UsageError } from './errors.js';
import type { CommandHelp } from './help.js';

export const PASSWORD_ENV = 'BREDON_PLAYTAK_PASSWORD';
export const DEFAULT_SERVER = 'wss://playtak.com/ws';
export const DEFAULT_PTN = 'playtak-games.ptn';
const DEFAULT_SEEK = { size: 6, timeSec: 600, incSec: 10 };

export const playtakUsage =
  'bredon playtak [--server URL] [--user NAME] [--seek SIZE TIME INC] [--komi K] [--pieces STONES CAPS] ' +
  '[--color white|black|any] [--rated|--unrated] [--threads N] [--hash MB] [--games N] [--movetime MS] ' +
  '[--level N] [--ptn FILE] [--chat [--no-review]] [--debug]';

export const playtakHelp: CommandHelp = {
  about:
    'Plays on PlayTak as a bot: logs in, posts a seek, plays every game to its end on the server\'s\n' +
    'clock and seeks again, reconnecting (and resuming the game) when the connection drops. Each\n' +
    `finished game is appended to a PTN file. A registered account's password is read from\n` +
    `${PASSWORD_ENV}; without --user Bredon plays as a guest. Ctrl-C once stops after the\n` +
    'current game, twice resigns it and quits.',
  options: [
    `  --server URL             ws:// or wss:// URL, or tcp://host:port (default ${DEFAULT_SERVER};`,
    '                           playtak.com:10000 is its plain TCP interface)',
    `  --user NAME              log in as NAME, password from ${PASSWORD_ENV} (default: a guest)`,
    `  --seek SIZE TIME INC     board size, seconds per player, increment in seconds (default ${DEFAULT_SEEK.size} ${DEFAULT_SEEK.timeSec} ${DEFAULT_SEEK.incSec})`,
    '  --komi K                 komi in flats, 0 to 4 in halves (default 0)',
    "  --pieces STONES CAPS     reserves per player, 10-80 stones and 0-5 capstones (default: the size's)",
    '  --color C                the colour to play: white, black or any (default any)',
    '  --rated, --unrated       whether the games count for rating (default rated; guests are never rated)',
    '  --threads N              search threads (default 1)',
    '  --hash MB                transposition table size (default 64)',
    '  --games N                stop after N finished games (default: play on)',
    '  --movetime MS            think at most MS per move, whatever the clock allows',
    `  --level N                playing level, 1 (a beginner) to ${MAX_LEVEL} (full strength, the default); below`,
    '                           full strength Bredon takes at least 2 s a move and accepts undo requests',
    `  --ptn FILE               append finished games to FILE (default ${DEFAULT_PTN})`,
    '  --chat                   answer Tell messages, and Shouts that name the bot, with the win chance;',
    "                           take the commands '<bot>: level N' (for that player's games) and",
    "                           '<bot>: help'; after each game, tell the opponent a review: their",
    `                           costliest moves by the full search (${budgetText(REVIEW_BUDGET)}), Bredon's`,
    '                           better moves, the tinues they missed, a PTN Ninja link to the game',
  '  --no-review              with --chat, no review after the games',
    '  --debug                  log every line sent (never the password) and received',
  ],
  examples: [
    'bredon playtak --seek 6 600 10 --komi 2 --games 5',
    `${PASSWORD_ENV}=secret bredon playtak --user MyBot --seek 5 300 5 --chat`,
    'bredon playtak --seek 5 600 10 --level 3 --chat --unrated',
    'bredon playtak --server tcp://playtak.com:10000 --seek 4 180 2 --unrated',
  ],
};

/**
 * Takes the options that have several values (`--seek SIZE TIME INC`, `--pieces STONES CAPS`)
 * out of argv, which node:util's parseArgs cannot read.
 */
function takeMultiValued(argv: string[]): { rest: string[]; seek?: string[]; pieces?: string[] } {
  const rest: string[] = [];
  const out: { rest: string[]; seek?: string[]; pieces?: string[] } = { rest };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') {
      rest.push(...argv.slice(i));
      break;
    }
    const n = arg === '--seek' ? 3 : arg === '--pieces' ? 2 : 0;
    if (n === 0) {
      rest.push(arg);
      continue;
    }
    const values = argv.slice(i + 1, i + 1 + n);
    if (values.length < n || values.some((v) => v.startsWith('--'))) {
      throw new UsageError(arg === '--seek' ? '--seek takes three values: SIZE TIME INC (e.g. --seek 6 600 10)' : '--pieces takes two values: STONES CAPS (e.g. --pieces 30 1)');
    }
    if (arg === '--seek') out.seek = values;
    else out.pieces = values;
    i += n;
  }
  return out;
}

function timestamp(): string {
  const d = new Date();
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

/** The bot's settings from the command line and the environment (exported for the tests). */
export function playtakSettings(argv: string[], env: NodeJS.ProcessEnv): Omit<BotOptions, 'engine' | 'reviewer' | 'version' | 'log' | 'out'> & { threads: number; hashMb: number; review: boolean } {
  const { rest, seek, pieces } = takeMultiValued(argv);
  const { values, positionals } = parseCommandArgs({
    args: rest,
    options: {
      server: { type: 'string' },
      user: { type: 'string' },
      komi: { type: 'string' },
      color: { type: 'string' },
      rated: { type: 'boolean' },
      unrated: { type: 'boolean' },
      threads: { type: 'string' },
      hash: { type: 'string' },
      games: { type: 'string' },
      movetime: { type: 'string' },
      level: { type: 'string' },
      ptn: { type: 'string' },
      chat: { type: 'boolean' },
      'no-review': { type: 'boolean' },
      debug: { type: 'boolean' },
    },
    strict: true,
    allowPositionals: true,
  });
  if (positionals.length > 0) throw new UsageError(`unexpected '${positionals[0]}': ${playtakUsage}`);
  let address;
  try {
    address = parseServerAddress(values.server ?? DEFAULT_SERVER);
  } catch (e) {
    throw new UsageError(`--server: ${(e as Error).message}`);
  }

  const size = intOption('seek SIZE', seek?.[0], 3, 8) ?? DEFAULT_SEEK.size;
  const timeSec = intOption('seek TIME', seek?.[1], 1, 86_400) ?? DEFAULT_SEEK.timeSec;
  const incSec = intOption('seek INC', seek?.[2], 0, 3_600) ?? DEFAULT_SEEK.incSec;
  // The server's limits (source: Seek.java clamps komi to 8 half flats, stones to 10-80 and
  // capstones to 5, and its seek pattern has no sign): refuse rather than be clamped silently.
  const halfKomi = halfKomiOption(values.komi);
  if (halfKomi < 0 || halfKomi > 8) throw new UsageError(`--komi must be from 0 to 4 (PlayTak's range), got ${values.komi}`);
  const [defStones, defCaps] = DEFAULT_RESERVES[size]!;
  const stones = intOption('pieces STONES', pieces?.[0], 10, 80) ?? defStones;
  const caps = intOption('pieces CAPS', pieces?.[1], 0, 5) ?? defCaps;
  const colourText = (values.color ?? 'any').toLowerCase();
  const colours: Record<string, SeekParams['colour']> = { white: 'W', w: 'W', black: 'B', b: 'B', any: 'A', a: 'A' };
  const colour = colours[colourText];
  if (colour === undefined) throw new UsageError(`--color must be white, black or any, got '${values.color}'`);
  if (values.rated && values.unrated) throw new UsageError('--rated and --unrated contradict each other');
  if (values['no-review'] && !values.chat) throw new UsageError('--no-review goes with --chat: without chat there is no review');

  let user = values.user;
  let password: string | undefined;
  if (user !== undefined && user.toLowerCase() === 'guest') user = undefined;
  if (user !== undefined) {
    if (!USER_NAME_RE.test(user)) throw new UsageError(`--user '${user}' is not a PlayTak name (4 to 16 letters, digits or _, starting with a letter)`);
    password = env[PASSWORD_ENV];
    if (password === undefined || password === '') throw new UsageError(`--user ${user} needs its password in the environment variable ${PASSWORD_ENV}`);
    // Never echo the password, not even in an error.
    if (!PASSWORD_RE.test(password)) throw new UsageError(`${PASSWORD_ENV} must be 6 to 50 characters without spaces (PlayTak's rule)`);
  }

  const settings: ReturnType<typeof playtakSettings> = {
    address,
    seek: { size, timeSec, incSec, colour, halfKomi, stones, caps, unrated: values.unrated === true, tournament: false },
    chat: values.chat === true,
    debug: values.debug === true,
    ptnPath: values.ptn ?? DEFAULT_PTN,
    threads: intOption('threads', values.threads, 1, 64) ?? 1,
    hashMb: intOption('hash', values.hash, 1, 4096) ?? 64,
    review: values['no-review'] !== true,
  };
  if (user !== undefined) {
    settings.user = user;
    settings.password = password!;
  }
  const games = intOption('games', values.games, 1, 1_000_000);
  if (games !== undefined) settings.games = games;
  const movetime = intOption('movetime', values.movetime, 1, 86_400_000);
  if (movetime !== undefined) settings.maxMoveMs = movetime;
  const level = intOption('level', values.level, 1, MAX_LEVEL);
  if (level !== undefined) settings.level = level;
  return settings;
}

export async function runPlaytak(argv: string[], out: (line: string) => void, version: string): Promise<number> {
  const { threads, hashMb, review, ...settings } = playtakSettings(argv, process.env);
  const log = (line: string) => process.stderr.write(`[${timestamp()}] ${line}\n`);
  let pool: SearchPool;
  try {
    pool = new SearchPool({ hashMb, threads, log });
  } catch (e) {
    throw new RangeError(`cannot start the search: ${(e as Error).message}`);
  }
  // The review's thread starts with the first review (src/playtak/review-thread.ts).
  const reviewer = settings.chat && review ? new ReviewThread({ budget: REVIEW_BUDGET, log }) : undefined;
  const bot = new PlaytakBot({ ...settings, engine: new Engine(pool, log), reviewer, version, log, out });
  let interrupts = 0;
  const onSignal = () => {
    interrupts++;
    if (interrupts === 1) log('stopping: no more seeks; the current game is played to its end (Ctrl-C again to resign it and quit)');
    bot.stop(interrupts > 1);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    const summary = await bot.run();
    if (summary.reason === 'fatal') {
      process.stderr.write(`bredon playtak: ${summary.error ?? 'stopped by an error'}\n`);
      return 1;
    }
    return 0;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}
