// `bredon selfplay --queue URL`: the games are played by `bredon worker` processes on any number
// of machines (src/queue/selfplay-run.ts); this process writes the PTN and training files as the
// games arrive and prints the usual summary. `--resume ID` continues a run whose coordinator died
// (the files are then written again from every game Redis holds).

import { QueueAccessError } from '../queue/connection.js';
import { RunError } from '../queue/coordinator.js';
import { describeBuild } from '../queue/jobs.js';
import { runQueuedSelfplay, type QueuedSelfplaySettings } from '../queue/selfplay-run.js';
import type { QueueUrl } from '../queue/url.js';
import { UsageError } from './errors.js';
import { catchInterrupts } from './interrupts.js';
import type { SelfplayOutput } from './selfplay-output.js';

export async function runSelfplayOnQueue(
  queue: QueueUrl,
  start: { settings: QueuedSelfplaySettings } | { resume: string },
  output: SelfplayOutput,
  out: (line: string) => void,
): Promise<number> {
  // Ctrl-C: withdraw the jobs and print the summary so far; after a second one (quits at once)
  // the run can still be resumed.
  const interrupts = catchInterrupts((line) => output.log(line), 'withdrawing the jobs (Ctrl-C again quits at once)');
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
      interrupts.signal,
    );
  } catch (e) {
    if (e instanceof RunError || e instanceof QueueAccessError) throw new UsageError(e.message);
    throw e;
  } finally {
    output.close();
    interrupts.release();
  }
  for (const line of output.summary(run.end === 'interrupted', `over ${run.workers} worker${run.workers === 1 ? '' : 's'} (run ${run.runId})`)) out(line);
  if (run.error !== undefined) throw new UsageError(run.error);
  return run.end === 'interrupted' ? 130 : 0;
}
