// `bredon selfplay --queue URL`: the games are played by `bredon worker` processes on any number
// of machines (src/queue/selfplay-run.ts); this process writes the PTN and training files as the
// games arrive and prints the usual summary. `--resume ID` continues a run whose coordinator died
// (the files are then written again from every game Redis holds).

import { RunError } from '../queue/coordinator.js';
import { describeBuild } from '../queue/jobs.js';
import { runQueuedSelfplay, type QueuedSelfplaySettings } from '../queue/selfplay-run.js';
import type { QueueUrl } from '../queue/url.js';
import { UsageError } from './errors.js';
import type { SelfplayOutput } from './selfplay-output.js';

export async function runSelfplayOnQueue(
  queue: QueueUrl,
  start: { settings: QueuedSelfplaySettings } | { resume: string },
  output: SelfplayOutput,
  out: (line: string) => void,
): Promise<number> {
  const controller = new AbortController();
  let interrupts = 0;
  // Ctrl-C: withdraw the jobs and print the summary so far; a second one quits at once (the run
  // can then still be resumed).
  const onSignal = (signal: NodeJS.Signals) => {
    interrupts++;
    if (interrupts === 1) {
      output.log(`${signal === 'SIGINT' ? 'interrupted' : `got ${signal}`}: withdrawing the jobs (Ctrl-C again quits at once)`);
      controller.abort();
    } else {
      process.exit(130);
    }
  };
  const signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  for (const s of signals) process.on(s, onSignal);
  let run;
  try {
    run = await runQueuedSelfplay(
      queue,
      start,
      {
        onStart: (s, build, runId) => {
          output.start(s.games);
          output.log(`selfplay on ${queue.shown}, run ${runId}: ${s.size}x${s.size} komi ${s.halfKomi / 2}, ${s.games} games at ${s.nodes} nodes per move, seed ${s.seed}, played by ${describeBuild(build)}`);
          output.log(`openings: ${s.openingsText}, from opening ${s.firstOpening}, then ${s.randomPlies} random plies`);
        },
        onGame: (game, tags) => output.add(game, tags),
        log: (line) => output.log(line),
      },
      controller.signal,
    );
  } catch (e) {
    if (e instanceof RunError) throw new UsageError(e.message);
    throw e;
  } finally {
    output.close();
    for (const s of signals) process.off(s, onSignal);
  }
  for (const line of output.summary(run.end === 'interrupted', `over ${run.workers} worker${run.workers === 1 ? '' : 's'} (run ${run.runId})`)) out(line);
  if (run.error !== undefined) throw new UsageError(run.error);
  return run.end === 'interrupted' ? 130 : 0;
}
