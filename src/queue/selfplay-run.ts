// A self-play run played by workers: one job per game, each game the one a local run would play
// with the same seed and options (src/selfplay/game.ts), played by a worker's own Bredon (the
// engine every worker offers as 'self', so one run holds one build's games). Results are handed
// to the caller as they are counted, for the PTN and training files.

import { selfplayJob, type SelfplayGame, type SelfplayTerms } from '../selfplay/game.js';
import { coordinate, type RunEnd } from './coordinator.js';
import { selfplayGameFromWire, type EngineBuild, type SelfplayResult } from './jobs.js';
import type { QueueUrl } from './url.js';
import { SELF } from './worker.js';

export interface QueuedSelfplaySettings extends SelfplayTerms {
  games: number;
  /** How the openings were chosen, for the log. */
  openingsText: string;
}

export interface QueuedSelfplayHooks {
  onStart: (settings: QueuedSelfplaySettings, build: EngineBuild, runId: string, resumed: boolean) => void;
  onGame: (game: SelfplayGame, tags: [string, string][], replayed: boolean) => void;
  log: (line: string) => void;
}

export async function runQueuedSelfplay(
  queue: QueueUrl,
  start: { settings: QueuedSelfplaySettings } | { resume: string },
  hooks: QueuedSelfplayHooks,
  signal: AbortSignal,
): Promise<{ end: RunEnd; error?: string; runId: string; workers: number }> {
  const run = await coordinate<QueuedSelfplaySettings, SelfplayResult['payload']>(
    {
      queue,
      kind: 'selfplay',
      resume: 'resume' in start ? start.resume : null,
      engineNames: [SELF],
      settings: 'settings' in start ? start.settings : (null as unknown as QueuedSelfplaySettings),
      units: 'settings' in start ? start.settings.games : 0,
      log: hooks.log,
    },
    {
      onStart: (spec, resumed) => hooks.onStart(spec.settings, spec.engines[0]!, spec.id, resumed),
      jobFor: (index, spec) => ({ kind: 'selfplay', run: spec.id, job: selfplayJob(spec.settings, index) }),
      onResult: (result, replayed) => {
        hooks.onGame(selfplayGameFromWire(result.payload), [['Worker', result.worker]], replayed);
        return false;
      },
      onTick: () => {},
    },
    signal,
  );
  return { end: run.end, error: run.error, runId: run.spec.id, workers: run.workers.size };
}
