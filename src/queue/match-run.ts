// A match played by workers: the same pairs, tally, SPRT and outcome as src/match/runner.ts, the
// games arriving as results of pair jobs. Pair p is games 2p+1 and 2p+2 (Round tags), opening
// p (cycling through the book), the first engine White in game 2p+1, as in a local match. When
// the SPRT decides, the run stops and its remaining jobs are withdrawn.

import type { ScoringVariants } from '../core/scoring.js';
import type { TimeControl } from '../match/clock.js';
import type { GameRecord } from '../match/game.js';
import { gameOpening } from '../match/books.js';
import type { Opening } from '../match/openings.js';
import type { MatchOutcome } from '../match/runner.js';
import { sprtState, type SprtParams, type SprtState } from '../match/sprt.js';
import { Tally } from '../match/tally.js';
import { coordinate, type RunEnd } from './coordinator.js';
import type { QueueUrl } from './url.js';
import { gameFromWire, type ClockScaling, type EngineBuild, type PairJob, type PairResult } from './jobs.js';
import type { RunSpec } from './store.js';

/** Everything a queued match is, kept in Redis for --resume. */
export interface QueuedMatchSettings {
  /** The engine names workers offer: first (under test) and second. */
  engines: [string, string];
  options: [{ name: string; value: string }[], { name: string; value: string }[]];
  /** Display names given with --name. */
  names: [string | null, string | null];
  size: number;
  halfKomi: number;
  tcs: [TimeControl, TimeControl];
  games: number;
  openings: Opening[];
  openingsSource: string | null;
  /** The second game of each pair plays its opening turned half a turn (the default books). */
  turnSecond?: boolean;
  sprt: SprtParams | null;
  scoring: ScoringVariants | null;
  maxPlies: number;
  scaling: ClockScaling | null;
}

export interface QueuedMatchHooks {
  onStart?: (names: [string, string], builds: [EngineBuild, EngineBuild], runId: string, settings: QueuedMatchSettings) => void;
  /** A game counted; `tags` say where it was played (for the PTN); `replayed` on --resume. */
  onGame?: (game: GameRecord, tally: Tally, sprt: SprtState | null, tags: [string, string][], replayed: boolean) => void;
  log: (line: string) => void;
  /** Twice a second: for the status line. */
  onTick?: (tally: Tally, sprt: SprtState | null, workers: number, gamesPerMinute: number) => void;
}

export interface QueuedMatchOutcome {
  outcome: MatchOutcome;
  settings: QueuedMatchSettings;
  runId: string;
  /** Workers that played the counted games. */
  workers: number;
}

export function pairsOf(games: number): number {
  return Math.ceil(games / 2);
}

/** The display names: --name, else the build's id name, else the offered name; "(1)"/"(2)" when equal. */
export function matchNames(settings: QueuedMatchSettings, builds: readonly EngineBuild[]): [string, string] {
  const names = [0, 1].map((e) => {
    const build = builds.find((b) => b.name === settings.engines[e]);
    return settings.names[e] ?? (build?.idName || settings.engines[e]!);
  }) as [string, string];
  if (names[0] === names[1]) return [`${names[0]} (1)`, `${names[1]} (2)`];
  return names;
}

export function pairJob(runId: string, pair: number, settings: QueuedMatchSettings, names: [string, string]): PairJob {
  const rounds = [2 * pair + 1, 2 * pair + 2].filter((r) => r <= settings.games);
  return {
    kind: 'pair',
    run: runId,
    pair,
    rounds,
    engines: settings.engines,
    options: settings.options,
    names,
    opening: gameOpening(settings.openings, pair, false, false, settings.size),
    ...(settings.turnSecond === true && { secondOpening: gameOpening(settings.openings, pair, true, true, settings.size) }),
    size: settings.size,
    halfKomi: settings.halfKomi,
    tcs: settings.tcs,
    maxPlies: settings.maxPlies,
    scaling: settings.scaling,
  };
}

const STOPS: Record<RunEnd, MatchOutcome['stopped']> = { completed: 'completed', stopped: 'sprt', interrupted: 'interrupted', error: 'error' };

export async function runQueuedMatch(
  queue: QueueUrl,
  start: { settings: QueuedMatchSettings } | { resume: string },
  hooks: QueuedMatchHooks,
  signal: AbortSignal,
): Promise<QueuedMatchOutcome> {
  const t0 = performance.now();
  let settings: QueuedMatchSettings = 'settings' in start ? start.settings : (null as unknown as QueuedMatchSettings);
  let tally = new Tally(null);
  let sprt: SprtState | null = null;
  let names: [string, string] = ['engine 1', 'engine 2'];
  let created = Date.now();
  let liveGames = 0;
  const run = await coordinate<QueuedMatchSettings, PairResult['payload']>(
    {
      queue,
      kind: 'match',
      resume: 'resume' in start ? start.resume : null,
      engineNames: 'settings' in start ? start.settings.engines : [],
      settings,
      units: 'settings' in start ? pairsOf(start.settings.games) : 0,
      log: hooks.log,
    },
    {
      onStart: (spec: RunSpec<QueuedMatchSettings>) => {
        settings = spec.settings;
        created = Date.parse(spec.created);
        tally = new Tally(settings.scoring);
        sprt = settings.sprt === null ? null : sprtState(tally.pentanomial, settings.sprt);
        names = matchNames(settings, spec.engines);
        const builds = [0, 1].map((e) => spec.engines.find((b) => b.name === settings.engines[e])!) as [EngineBuild, EngineBuild];
        hooks.onStart?.(names, builds, spec.id, settings);
      },
      jobFor: (pair, spec) => pairJob(spec.id, pair, spec.settings, names),
      onResult: (result, replayed) => {
        const tags: [string, string][] = [['Worker', result.worker]];
        if (result.clockFactor !== 1) tags.push(['ClockFactor', String(result.clockFactor)]);
        const games = result.payload.map(gameFromWire).sort((a, b) => a.setup.round - b.setup.round);
        for (const game of games) {
          const completed = tally.add(game);
          if (completed !== null && settings.sprt !== null) sprt = sprtState(tally.pentanomial, settings.sprt);
          if (!replayed) liveGames++;
          hooks.onGame?.(game, tally, sprt, tags, replayed);
        }
        return Boolean(sprt?.verdict);
      },
      onTick: (workers) => {
        const minutes = (performance.now() - t0) / 60_000;
        hooks.onTick?.(tally, sprt, workers, minutes > 0 ? liveGames / minutes : 0);
      },
    },
    signal,
  );
  const outcome: MatchOutcome = {
    names,
    tally,
    sprt,
    stopped: STOPS[run.end],
    error: run.error,
    restarts: [0, 0],
    elapsedMs: Date.now() - created,
  };
  return { outcome, settings: run.spec.settings, runId: run.spec.id, workers: run.workers.size };
}
