// `bredon match`: a match between two TEI engines (see src/match/runner.ts). stdout gets the
// final report only; progress and diagnostics go to stderr.
//
// Binding options and names to engines: engines are numbered 1 and 2 in the order of their
// --engine; `--option 1:Hash=64` sets Hash on engine 1 only, `--option Hash=64` on both;
// `--name 2:Baseline` names engine 2 (default: its `id name`); `--tc 2:30+0.3` gives engine 2
// its own clock (time odds: a way to measure a stronger engine against a weaker one).

import { resolve } from 'node:path';
import { CommandLineError, splitCommandLine } from '../match/command-line.js';
import { joinEarlierGames, parseEarlierGames, type EarlierGames } from '../match/earlier-games.js';
import { killAllEngines } from '../match/engine-process.js';
import { MatchError } from '../match/errors.js';
import { Progress, progressLine } from '../match/progress.js';
import { formatGamePtn } from '../match/ptn-writer.js';
import { formatReport } from '../match/report.js';
import { runMatch, type EngineSpec, type MatchConfig } from '../match/runner.js';
import { DEFAULT_TIMEOUTS } from '../match/tei-engine.js';
import { readTextOr } from '../notation/read-text.js';
import { intOption, parseCommandArgs } from './args.js';
import { UsageError } from './errors.js';
import { catchInterrupts } from './interrupts.js';
import type { CommandHelp } from './help.js';
import { PtnFile } from './ptn-file.js';
import { bindName, bindOption, extractSprt, matchTerms, MAX_PLIES } from './match-options.js';

export const matchUsage =
  'bredon match --engine "<command>" --engine "<command>" [--size N] [--komi K] [--tc [1:|2:]SEC+INC]... [--nodes [1:|2:]N]... [--games N] ' +
  '[--openings FILE] [--concurrency N] [--ptn OUT.ptn] [--sprt [elo0=A] [elo1=B] [alpha=X] [beta=Y]] ' +
  '[--option [1:|2:]NAME=VALUE]... [--name 1:|2:NAME]... [--scoring area|downings,middletown,tarway] [--continue EARLIER.ptn]... [--debug]; ' +
  'on workers: bredon match --queue URL --engine NAME --engine NAME [the same options but --concurrency, --debug] [--reference-nps N] | --queue URL --resume ID [--ptn OUT.ptn]';

export const matchHelp: CommandHelp = {
  about: 'Plays two TEI engines against each other and reports the result of the first against the second.',
  options: [
    '  --engine "<command>"   an engine command line, split like a shell does (quotes, backslashes;',
    '                         no variables or pipes); give it twice. The first is the one under test.',
    '  --size N               board size, 3 to 8 (default 6)',
    '  --komi K               komi in flats, whole or half (default 0); sent as HalfKomi 2K',
    '  --tc [1:|2:]SEC+INC    time control per player (default 60+0.6); a move past the clock loses;',
    '                         1: or 2: for one engine only (time odds), none for both',
    '  --nodes [1:|2:]N       search N nodes per move (go nodes N) instead of playing on the clocks,',
    '                         which still run as a limit: compares evaluations whatever the load;',
    '                         1: or 2: for one engine only (node odds, or another engine\'s kind of node)',
    '  --games N              games to play, in colour-swapped pairs (default 100; 20000 with --sprt)',
    '  --openings FILE        one opening per line (moves, or a TPS and moves), used in file order;',
    '                         default: the size\'s test book, built in (data/openings/<N>s_4ply_test.txt;',
    '                         every two-ply opening on 3x3 and 4x4), each pair\'s second game turned',
    '                         half a turn so that engines that search alike do not replay the first game',
    '  --concurrency N        games at once, each with its own process of each engine (default 1)',
    '  --ptn OUT.ptn          write every game as PTN, with evals as comments',
    '  --sprt [elo0=0] [elo1=5] [alpha=0.05] [beta=0.05]   stop once the SPRT decides',
    '  --option [1:|2:]NAME=VALUE   set an engine option: 1: or 2: for one engine, none for both',
    '  --name 1:|2:NAME       the name to show for an engine (default: its id name)',
    '  --scoring area|downings,middletown,tarway   also score games by the final rules',
    '  --continue EARLIER.ptn count first the complete opening pairs of an earlier run\'s --ptn file (the same',
    '                         engines, in the same order): a stopped SPRT goes on where it was; give new openings',
    '  --debug                print every TEI line on stderr',
    '  --queue URL            play on the workers of a Redis (bredon worker): each --engine is then a NAME',
    '                         that workers offer; redis://[:PASSWORD@]HOST[:PORT][/DB] or rediss:// (TLS)',
    '  --resume ID            (with --queue) continue the run ID printed at its start, after its coordinator died',
    '  --reference-nps N      (with --queue, on clocks) scale each worker\'s clock by N / its bench speed',
    '                         (default 700000, bredon bench --depth 5 on the developers\' machine)',
  ],
  examples: [
    'bredon match --engine "node dist/bredon.js" --engine "./tiltak" --option 1:Hash=128 --size 5 --tc 60+0.6 --games 200 --ptn games.ptn',
    'bredon match --engine "node new/bredon.js" --engine "node old/bredon.js" --size 6 --komi 2 --tc 10+0.1 ' +
      '--openings data/openings/6s_4ply_balanced_openings.txt --sprt elo0=0 elo1=10',
    'bredon match --engine "node dist/bredon.js" --engine "./taktician tei" --tc 10+0.1 --tc 2:30+0.3 --games 20   (time odds: engine 2 gets 3x the time)',
    'bredon match --engine "node new/bredon.js" --engine "node old/bredon.js" --size 6 --komi 2 --tc 10+0.1 ' +
      '--openings later-lines.txt --sprt elo0=0 elo1=10 --ptn more.ptn --continue games.ptn   (an SPRT stopped for time goes on)',
    'bredon match --queue redis://10.0.0.5:6379 --engine new --engine old --size 6 --tc 10+0.1 --sprt --ptn games.ptn   (on bredon worker machines)',
  ],
};

export async function runMatchCommand(argv: string[], out: (line: string) => void): Promise<void> {
  const { rest, sprt } = extractSprt(argv);
  const { values, positionals } = parseCommandArgs({
    args: rest,
    options: {
      engine: { type: 'string', multiple: true },
      name: { type: 'string', multiple: true },
      option: { type: 'string', multiple: true },
      size: { type: 'string' },
      komi: { type: 'string' },
      tc: { type: 'string', multiple: true },
      nodes: { type: 'string', multiple: true },
      games: { type: 'string' },
      openings: { type: 'string' },
      concurrency: { type: 'string' },
      ptn: { type: 'string' },
      scoring: { type: 'string' },
      continue: { type: 'string', multiple: true },
      debug: { type: 'boolean', default: false },
      queue: { type: 'string' },
      resume: { type: 'string' },
      'reference-nps': { type: 'string' },
    },
    strict: true,
    allowPositionals: true,
  });
  if (positionals.length > 0) throw new UsageError(`unexpected '${positionals[0]}': ${matchUsage}`);
  if (values.continue !== undefined && (values.queue !== undefined || values.scoring !== undefined)) {
    throw new UsageError(`--continue goes with a local match without --scoring (a queue run resumes with --resume ID): ${matchUsage}`);
  }
  if (values.ptn !== undefined && (values.continue ?? []).some((f) => resolve(f) === resolve(values.ptn!))) {
    throw new UsageError(`--ptn ${values.ptn} would overwrite the earlier games --continue reads from it: write the new games to another file`);
  }
  if (values.queue !== undefined) {
    // Loaded only here: BullMQ and ioredis are most of the bundle, and every engine start would parse them.
    const { runMatchOnQueue } = await import('./match-queue.js');
    return runMatchOnQueue({ ...values, queue: values.queue }, sprt, out);
  }
  if (values.resume !== undefined || values['reference-nps'] !== undefined) {
    throw new UsageError(`--resume and --reference-nps belong to a match on a queue (--queue URL): ${matchUsage}`);
  }
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
  const { size, halfKomi, tc, tc2, games, scoring, openings, openingsSource, turnSecond } = matchTerms(values, sprt);
  const concurrency = intOption('concurrency', values.concurrency, 1, 256) ?? 1;

  const config: MatchConfig = {
    engines: [specs[0]!, specs[1]!],
    size,
    halfKomi,
    tc,
    tc2,
    games,
    openings,
    turnSecond,
    concurrency,
    sprt,
    scoring,
    maxPlies: MAX_PLIES,
    timeouts: DEFAULT_TIMEOUTS,
    earlier: values.continue === undefined ? undefined : readEarlierGames(values.continue),
  };
  const progress = new Progress(process.stderr);
  const ptn = values.ptn === undefined ? null : new PtnFile(values.ptn, (line) => progress.log(line));
  // Ctrl-C: stop the games, shut the engines down and print the report so far. The engines run
  // in their own process groups, so the runner is the one that must end them. A second Ctrl-C
  // quits at once (the engines are SIGKILLed and reaped first).
  const interrupts = catchInterrupts(
    (line) => progress.log(line),
    'stopping the engines (Ctrl-C again quits at once)',
    () => void killAllEngines().then(() => process.exit(130)),
  );
  const t0 = performance.now();
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
          ptn?.write(formatGamePtn(game));
          const status = progressLine(tally, games, performance.now() - t0, sprtState);
          if (process.stderr.isTTY) progress.status(status);
          else progress.status(`game ${game.setup.round}: ${game.result} ${game.detail} | ${status}`);
        },
        log: (message) => progress.log(message),
        trace: values.debug ? (e, s, d, l) => progress.log(`${d} ${e + 1}${concurrency > 1 ? `.${s + 1}` : ''} ${l}`) : undefined,
      },
      interrupts.signal,
    );
    progress.finish();
    for (const line of formatReport(outcome, { config, openingsSource })) out(line);
    if (outcome.error !== undefined) throw new MatchError(outcome.error);
  } finally {
    progress.finish();
    interrupts.release();
    ptn?.close();
  }
}

function readEarlierGames(files: string[]): EarlierGames {
  return joinEarlierGames(
    files.map((file) => parseEarlierGames(readTextOr(file, (why) => new UsageError(`--continue: cannot read ${file}: ${why}`)), file)),
  );
}
