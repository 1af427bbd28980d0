// `bredon match`: a match between two TEI engines (see src/match/runner.ts). stdout gets the
// final report only; progress and diagnostics go to stderr.
//
// Binding options and names to engines: engines are numbered 1 and 2 in the order of their
// --engine; `--option 1:Hash=64` sets Hash on engine 1 only, `--option Hash=64` on both;
// `--name 2:Baseline` names engine 2 (default: its `id name`); `--tc 2:30+0.3` gives engine 2
// its own clock (time odds: a way to measure a stronger engine against a weaker one).

import { closeSync, openSync, writeSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { ScoringVariants } from '../core/scoring.js';
import { parseTimeControl, type TimeControl } from '../match/clock.js';
import { CommandLineError, splitCommandLine } from '../match/command-line.js';
import { killAllEngines } from '../match/engine-process.js';
import { MatchError } from '../match/errors.js';
import { EMPTY_OPENING, readOpenings, type Opening } from '../match/openings.js';
import { Progress, progressLine } from '../match/progress.js';
import { formatGamePtn } from '../match/ptn-writer.js';
import { formatReport } from '../match/report.js';
import { runMatch, type EngineSpec, type MatchConfig } from '../match/runner.js';
import { parseSprtWords, type SprtParams } from '../match/sprt.js';
import { DEFAULT_TIMEOUTS } from '../match/tei-engine.js';
import { intOption } from './args.js';
import { UsageError } from './errors.js';
import type { CommandHelp } from './help.js';

export const matchUsage =
  'bredon match --engine "<command>" --engine "<command>" [--size N] [--komi K] [--tc [1:|2:]SEC+INC]... [--nodes N] [--games N] ' +
  '[--openings FILE] [--concurrency N] [--ptn OUT.ptn] [--sprt [elo0=A] [elo1=B] [alpha=X] [beta=Y]] ' +
  '[--option [1:|2:]NAME=VALUE]... [--name 1:|2:NAME]... [--scoring area|downings,middletown,tarway] [--debug]';

export const matchHelp: CommandHelp = {
  about: 'Plays two TEI engines against each other and reports the result of the first against the second.',
  options: [
    '  --engine "<command>"   an engine command line, split like a shell does (quotes, backslashes;',
    '                         no variables or pipes); give it twice. The first is the one under test.',
    '  --size N               board size, 3 to 8 (default 6)',
    '  --komi K               komi in flats, whole or half (default 0); sent as HalfKomi 2K',
    '  --tc [1:|2:]SEC+INC    time control per player (default 60+0.6); a move past the clock loses;',
    '                         1: or 2: for one engine only (time odds), none for both',
    '  --nodes N              search N nodes per move (go nodes N) instead of playing on the clocks,',
    '                         which still run as a limit: compares evaluations whatever the load',
    '  --games N              games to play, in colour-swapped pairs (default 100; 20000 with --sprt)',
    '  --openings FILE        one opening per line (moves, or a TPS and moves), used in file order',
    '  --concurrency N        games at once, each with its own process of each engine (default 1)',
    '  --ptn OUT.ptn          write every game as PTN, with evals as comments',
    '  --sprt [elo0=0] [elo1=5] [alpha=0.05] [beta=0.05]   stop once the SPRT decides',
    '  --option [1:|2:]NAME=VALUE   set an engine option: 1: or 2: for one engine, none for both',
    '  --name 1:|2:NAME       the name to show for an engine (default: its id name)',
    '  --scoring area|downings,middletown,tarway   also score games by the final rules',
    '  --debug                print every TEI line on stderr',
  ],
  examples: [
    'bredon match --engine "node dist/bredon.js" --engine "./tiltak" --option 1:Hash=128 --size 5 --tc 60+0.6 --games 200 --ptn games.ptn',
    'bredon match --engine "node new/bredon.js" --engine "node old/bredon.js" --size 6 --komi 2 --tc 10+0.1 ' +
      '--openings ../shared/data/openings/6s_4ply_balanced_openings.txt --sprt elo0=0 elo1=10',
    'bredon match --engine "node dist/bredon.js" --engine "./taktician tei" --tc 10+0.1 --tc 2:30+0.3 --games 20   (time odds: engine 2 gets 3x the time)',
  ],
};

const MAX_PLIES = 1000;
const DEFAULT_GAMES = 100;
const DEFAULT_SPRT_GAMES = 20_000;

/** Takes `--sprt` and the `key=value` words after it out of argv (parseArgs cannot take several values). */
function extractSprt(argv: string[]): { rest: string[]; sprt: SprtParams | null } {
  const rest: string[] = [];
  let words: string[] | null = null;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--sprt') {
      if (words !== null) throw new UsageError('--sprt is given twice');
      words = [];
      while (i + 1 < argv.length && /^(elo0|elo1|alpha|beta)=/.test(argv[i + 1]!)) words.push(argv[++i]!);
      continue;
    }
    rest.push(argv[i]!);
  }
  return { rest, sprt: words === null ? null : parseSprtWords(words) };
}

/** `1:NAME=VALUE` or `NAME=VALUE` (both engines). */
function bindOption(text: string, specs: EngineSpec[]): void {
  const m = /^(?:([0-9]+):)?([^=]+)=(.*)$/.exec(text);
  if (!m || m[2]!.trim() === '') throw new UsageError(`--option takes [1:|2:]NAME=VALUE, got '${text}'`);
  const targets = m[1] === undefined ? [0, 1] : [Number(m[1]) - 1];
  if (targets.some((t) => t !== 0 && t !== 1)) throw new UsageError(`--option '${text}': engines are numbered 1 and 2`);
  for (const t of targets) specs[t]!.options.push({ name: m[2]!.trim(), value: m[3]!.trim() });
}

function bindName(text: string, specs: EngineSpec[]): void {
  const m = /^([12]):(.+)$/.exec(text);
  if (!m) throw new UsageError(`--name takes 1:NAME or 2:NAME, got '${text}'`);
  specs[Number(m[1]) - 1]!.name = m[2]!.trim();
}

/** The --tc values: unprefixed for both engines, `1:` or `2:` for one (the later wins). */
function bindTimeControls(texts: string[]): [TimeControl, TimeControl] {
  const tcs: [TimeControl, TimeControl] = [parseTimeControl('60+0.6'), parseTimeControl('60+0.6')];
  for (const text of texts) {
    const m = /^(?:([0-9]+):)?(.*)$/.exec(text)!;
    const targets = m[1] === undefined ? [0, 1] : [Number(m[1]) - 1];
    if (targets.some((t) => t !== 0 && t !== 1)) throw new UsageError(`--tc '${text}': engines are numbered 1 and 2`);
    const tc = parseTimeControl(m[2]!);
    for (const t of targets) tcs[t] = { ...tc };
  }
  return tcs;
}

function parseKomi(text: string | undefined): number {
  if (text === undefined) return 0;
  if (!/^-?[0-9]+(\.[05])?$/.test(text.trim())) throw new UsageError(`--komi must be a whole or half number (e.g. 2 or 2.5), got '${text}'`);
  const half = Math.round(Number(text) * 2);
  if (Math.abs(half) > 100) throw new UsageError(`--komi ${text} is out of range`);
  return half;
}

function parseScoring(text: string | undefined): ScoringVariants | null {
  if (text === undefined) return null;
  const variants: ScoringVariants = {};
  for (const word of text.split(',').map((w) => w.trim().toLowerCase())) {
    if (word === 'area') continue;
    if (word === 'downings' || word === 'middletown' || word === 'tarway') variants[word] = true;
    else throw new UsageError(`--scoring takes area or a list of downings, middletown, tarway; got '${word}'`);
  }
  return variants;
}

export async function runMatchCommand(argv: string[], out: (line: string) => void): Promise<void> {
  const { rest, sprt } = extractSprt(argv);
  const { values, positionals } = parseArgs({
    args: rest,
    options: {
      engine: { type: 'string', multiple: true },
      name: { type: 'string', multiple: true },
      option: { type: 'string', multiple: true },
      size: { type: 'string' },
      komi: { type: 'string' },
      tc: { type: 'string', multiple: true },
      nodes: { type: 'string' },
      games: { type: 'string' },
      openings: { type: 'string' },
      concurrency: { type: 'string' },
      ptn: { type: 'string' },
      scoring: { type: 'string' },
      debug: { type: 'boolean', default: false },
    },
    strict: true,
    allowPositionals: true,
  });
  if (positionals.length > 0) throw new UsageError(`unexpected '${positionals[0]}': ${matchUsage}`);
  const commands = values.engine ?? [];
  if (commands.length !== 2) throw new UsageError(`give exactly two --engine command lines (got ${commands.length}): ${matchUsage}`);
  const specs: EngineSpec[] = commands.map((command) => {
    try {
      return { command, argv: splitCommandLine(command), options: [] };
    } catch (e) {
      if (e instanceof CommandLineError) throw new UsageError(`--engine: ${e.message}`);
      throw e;
    }
  });
  for (const o of values.option ?? []) bindOption(o, specs);
  for (const n of values.name ?? []) bindName(n, specs);
  const size = intOption('size', values.size, 3, 8) ?? 6;
  const halfKomi = parseKomi(values.komi);
  const [tc, tc2] = bindTimeControls(values.tc ?? []);
  const nodes = intOption('nodes', values.nodes, 1, 1_000_000_000);
  if (nodes !== undefined) tc.nodes = tc2.nodes = nodes;
  const games = intOption('games', values.games, 1, 10_000_000) ?? (sprt === null ? DEFAULT_GAMES : DEFAULT_SPRT_GAMES);
  const concurrency = intOption('concurrency', values.concurrency, 1, 256) ?? 1;
  const scoring = parseScoring(values.scoring);
  let openings: Opening[] = [EMPTY_OPENING];
  let openingsSource: string | null = null;
  if (values.openings !== undefined) {
    openings = readOpenings(values.openings, size);
    openingsSource = `${values.openings} (${openings.length})`;
  }

  let ptnFd: number | null = null;
  if (values.ptn !== undefined) {
    try {
      ptnFd = openSync(values.ptn, 'w');
    } catch (e) {
      throw new UsageError(`cannot write PTN file '${values.ptn}': ${(e as Error).message}`);
    }
  }

  const config: MatchConfig = {
    engines: [specs[0]!, specs[1]!],
    size,
    halfKomi,
    tc,
    tc2,
    games,
    openings,
    concurrency,
    sprt,
    scoring,
    maxPlies: MAX_PLIES,
    timeouts: DEFAULT_TIMEOUTS,
  };
  const progress = new Progress(process.stderr);
  const controller = new AbortController();
  let interrupts = 0;
  // Ctrl-C (or a SIGTERM/SIGHUP from a CI job or a closed terminal): stop the games, shut the
  // engines down and print the report so far. The engines run in their own process groups, so
  // the runner is the one that must end them. A second Ctrl-C quits at once (the engines are
  // SIGKILLed and reaped first).
  const onSignal = (signal: NodeJS.Signals) => {
    interrupts++;
    if (interrupts === 1) {
      progress.log(`${signal === 'SIGINT' ? 'interrupted' : `got ${signal}`}: stopping the engines (Ctrl-C again quits at once)`);
      controller.abort();
    } else {
      void killAllEngines().then(() => process.exit(130));
    }
  };
  const signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  for (const s of signals) process.on(s, onSignal);
  const t0 = performance.now();
  let ptnGames = 0;
  try {
    const outcome = await runMatch(
      config,
      {
        onStart: (names, identities) => {
          for (const e of [0, 1]) {
            const author = identities[e]!.author;
            progress.log(`engine ${e + 1}: ${names[e]}${author ? ` by ${author}` : ''} ('${specs[e]!.command}')`);
          }
        },
        onGame: (game, tally, sprtState) => {
          if (ptnFd !== null) {
            try {
              writeSync(ptnFd, (ptnGames++ > 0 ? '\n' : '') + formatGamePtn(game));
            } catch (e) {
              progress.log(`cannot write to '${values.ptn}': ${(e as Error).message}`);
              closeSync(ptnFd);
              ptnFd = null;
            }
          }
          const status = progressLine(tally, games, performance.now() - t0, sprtState);
          if (process.stderr.isTTY) progress.status(status);
          else progress.status(`game ${game.setup.round}: ${game.result} ${game.detail} | ${status}`);
        },
        log: (message) => progress.log(message),
        trace: values.debug ? (e, s, d, l) => progress.log(`${d} ${e + 1}${concurrency > 1 ? `.${s + 1}` : ''} ${l}`) : undefined,
      },
      controller.signal,
    );
    progress.finish();
    for (const line of formatReport(outcome, { config, openingsSource })) out(line);
    if (outcome.error !== undefined) throw new MatchError(outcome.error);
  } finally {
    progress.finish();
    for (const s of signals) process.off(s, onSignal);
    if (ptnFd !== null) closeSync(ptnFd);
  }
}
