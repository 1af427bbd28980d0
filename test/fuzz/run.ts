// Running a fuzz property and reporting a failure so that it can be replayed.

import fc from 'fast-check';
import type { FuzzProperty } from './properties.js';

/** The seed CI uses: the same inputs on every run, so that a red build is reproducible. */
export const CI_SEED = 20260113;

export interface Outcome {
  name: string;
  runs: number;
  ms: number;
  /** A report naming the seed, the path and the command to replay, when the property failed. */
  failure?: string;
}

/** Async properties (whole sessions) fail a run that takes longer than this: a hang. */
const ASYNC_TIMEOUT_MS = 60_000;

export async function runProperty(p: FuzzProperty, opts: { runs: number; seed: number; path?: string }): Promise<Outcome> {
  const t0 = performance.now();
  const property = p.property();
  const params: fc.Parameters<unknown> = { seed: opts.seed, numRuns: opts.runs, path: opts.path };
  if (property.isAsync()) params.timeout = ASYNC_TIMEOUT_MS;
  const details = await fc.check(property, params);
  const ms = performance.now() - t0;
  if (!details.failed) return { name: p.name, runs: details.numRuns, ms };
  const error = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  const failure = [
    `fuzz property '${p.name}' failed after ${details.numRuns} runs (${details.numShrinks} shrinks)`,
    `  seed ${details.seed} path ${details.counterexamplePath ?? '(none)'}`,
    `  replay: npm run fuzz -- --only ${p.name} --seed ${details.seed}${details.counterexamplePath ? ` --path ${details.counterexamplePath}` : ''}`,
    `  counterexample: ${details.counterexample === null ? '(none)' : fc.stringify(details.counterexample).slice(0, 4000)}`,
    `  error: ${error}`,
  ].join('\n');
  return { name: p.name, runs: details.numRuns, ms, failure };
}
