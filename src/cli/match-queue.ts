// `bredon match --queue URL`: the match's games are played by `bredon worker` processes on any
// number of machines (src/queue/match-run.ts); this process queues them, counts the results and
// prints the same progress, report and PTN as a local match. `--resume ID` continues a match
// whose coordinator died.

import { MatchError } from '../match/errors.js';
import { Progress, progressLine } from '../match/progress.js';
import { formatGamePtn } from '../match/ptn-writer.js';
import { formatReport } from '../match/report.js';
import type { MatchConfig } from '../match/runner.js';
import type { SprtParams } from '../match/sprt.js';
import { DEFAULT_TIMEOUTS } from '../match/tei-engine.js';
import { QueueAccessError } from '../queue/connection.js';
import { RunError } from '../queue/coordinator.js';
import { describeBuild } from '../queue/jobs.js';
import { runQueuedMatch, type QueuedMatchSettings } from '../queue/match-run.js';
import { intOption, queueOption } from './args.js';
import { UsageError } from './errors.js';
import { catchInterrupts } from './interrupts.js';
import { bindName, bindOption, matchTerms, MAX_PLIES } from './match-options.js';
import { PtnFile } from './ptn-file.js';

/** `bredon bench --depth 5` nodes per second on the developers' 2-core machine (2026): a worker this fast plays the clock as given. */
export const REFERENCE_NPS = 700_000;

const NAME_RE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export interface QueueMatchValues {
  queue: string;
  resume?: string;
  'reference-nps'?: string;
  engine?: string[];
  name?: string[];
  option?: string[];
  size?: string;
  komi?: string;
  tc?: string[];
  nodes?: string[];
  games?: string;
  openings?: string;
  concurrency?: string;
  ptn?: string;
  scoring?: string;
  debug?: boolean;
}

function settingsFrom(values: QueueMatchValues, sprt: SprtParams | null): QueuedMatchSettings {
  const names = values.engine ?? [];
  if (names.length !== 2) throw new UsageError(`give exactly two --engine names that workers offer (got ${names.length})`);
  for (const n of names) {
    if (!NAME_RE.test(n)) throw new UsageError(`with --queue, --engine takes the NAME a worker offers (bredon worker --engine NAME=COMMAND), not '${n}'`);
  }
  if (values.concurrency !== undefined) throw new UsageError('--concurrency is for local matches: with --queue, each worker has its own (bredon worker --concurrency N)');
  if (values.debug) throw new UsageError('--debug is for local matches: with --queue, the TEI lines stay on the workers');
  const specs = names.map((n) => ({ command: n, argv: [n], options: [] as { name: string; value: string }[], name: undefined as string | undefined }));
  for (const o of values.option ?? []) bindOption(o, specs);
  for (const n of values.name ?? []) bindName(n, specs);
  const terms = matchTerms(values, sprt);
  const referenceNps = intOption('reference-nps', values['reference-nps'], 1, 1_000_000_000) ?? REFERENCE_NPS;
  return {
    engines: [names[0]!, names[1]!],
    options: [specs[0]!.options, specs[1]!.options],
    names: [specs[0]!.name ?? null, specs[1]!.name ?? null],
    size: terms.size,
    halfKomi: terms.halfKomi,
    tcs: [terms.tc, terms.tc2],
    games: terms.games,
    openings: terms.openings,
    openingsSource: terms.openingsSource,
    turnSecond: terms.turnSecond,
    sprt,
    scoring: terms.scoring,
    maxPlies: MAX_PLIES,
    // Node budgets make games independent of the machine: no scaling then.
    scaling: terms.tc.nodes !== undefined || terms.tc2.nodes !== undefined ? null : { referenceNps },
  };
}

/** The MatchConfig that src/match/report.ts reads. */
function reportConfig(s: QueuedMatchSettings): MatchConfig {
  const spec = (e: number) => ({ command: s.engines[e]!, argv: [s.engines[e]!], options: s.options[e]! });
  return {
    engines: [spec(0), spec(1)],
    size: s.size,
    halfKomi: s.halfKomi,
    tc: s.tcs[0],
    tc2: s.tcs[1],
    games: s.games,
    openings: s.openings,
    concurrency: 1,
    sprt: s.sprt,
    scoring: s.scoring,
    maxPlies: s.maxPlies,
    timeouts: DEFAULT_TIMEOUTS,
  };
}

export async function runMatchOnQueue(values: QueueMatchValues, sprt: SprtParams | null, out: (line: string) => void): Promise<void> {
  const queue = queueOption(values.queue);
  let start: { settings: QueuedMatchSettings } | { resume: string };
  if (values.resume !== undefined) {
    const others = Object.keys(values).filter((k) => !['queue', 'resume', 'ptn', 'debug', 'tc', 'engine', 'name', 'option'].includes(k));
    const lists = (['engine', 'name', 'option', 'tc'] as const).filter((k) => (values[k] ?? []).length > 0);
    if (others.length + lists.length > 0 || sprt !== null) {
      throw new UsageError(`--resume continues a match as it was set up: give only --queue, --resume and --ptn (not --${[...others, ...lists][0] ?? 'sprt'})`);
    }
    start = { resume: values.resume.trim() };
  } else {
    start = { settings: settingsFrom(values, sprt) };
  }

  const progress = new Progress(process.stderr);
  const ptn = values.ptn === undefined ? null : new PtnFile(values.ptn, (line) => progress.log(line));
  // Ctrl-C: withdraw the jobs (workers drop the games they are playing) and print the report so
  // far; after a second one (quits at once) the run can still be resumed.
  const interrupts = catchInterrupts((line) => progress.log(line), 'withdrawing the jobs (Ctrl-C again quits at once)');
  let games = 0;
  let lastStatus = '';
  let workersNow = 0;
  let gpmNow = 0;
  const t0 = performance.now();
  try {
    const result = await runQueuedMatch(
      queue,
      start,
      {
        onStart: (names, builds, _runId, settings) => {
          games = settings.games;
          for (const e of [0, 1]) progress.log(`engine ${e + 1}: ${names[e]} (${settings.engines[e]}: ${describeBuild(builds[e]!)})`);
        },
        onGame: (game, tally, sprtState, tags, replayed) => {
          ptn?.write(formatGamePtn(game, { tags }));
          if (replayed) return;
          const where = tags.map(([k, v]) => `${k.toLowerCase()} ${v}`).join(', ');
          if (!process.stderr.isTTY) {
            const line = progressLine(tally, games, performance.now() - t0, sprtState);
            progress.status(`game ${game.setup.round}: ${game.result} ${game.detail} (${where}) | ${line}  workers ${workersNow}  ${gpmNow.toFixed(1)} games/min`);
          }
        },
        log: (line) => progress.log(line),
        onTick: (tally, sprtState, workers, gpm) => {
          workersNow = workers;
          gpmNow = gpm;
          const status = `${progressLine(tally, games, performance.now() - t0, sprtState)}  workers ${workers}  ${gpm.toFixed(1)} games/min`;
          if (process.stderr.isTTY) progress.status(status);
          else if (status !== lastStatus && tally.games === 0) progress.status(status);
          lastStatus = status;
        },
      },
      interrupts.signal,
    );
    progress.finish();
    // Nothing played: the match could not start (as a local match, an error line and no report).
    if (result.outcome.error !== undefined && result.outcome.tally.games === 0) throw new MatchError(result.outcome.error);
    const placement = `on the queue ${queue.shown} (run ${result.runId}, ${result.workers} worker${result.workers === 1 ? '' : 's'})`;
    for (const line of formatReport(result.outcome, { config: reportConfig(result.settings), openingsSource: result.settings.openingsSource, placement })) out(line);
    if (result.outcome.error !== undefined) throw new MatchError(result.outcome.error);
  } catch (e) {
    if (e instanceof RunError || e instanceof QueueAccessError) throw new MatchError(e.message);
    throw e;
  } finally {
    progress.finish();
    interrupts.release();
    ptn?.close();
  }
}
