// Whole TEI sessions fuzzed with a fixed seed: random command sequences (`go` in every state,
// `stop` and `isready` anywhere, `quit`, the end of input) against a scripted search on a fake
// clock, against the real search threads, and against the built program. Never a crash or a
// hang, every `isready` answered, every `bestmove` legal by the rules core, every error one line.
import { describe, expect, it } from 'vitest';
import { PROPERTIES } from './properties.js';
import { CI_SEED, runProperty } from './run.js';

describe('fuzzed TEI sessions (fixed seed)', () => {
  for (const p of PROPERTIES.filter((q) => q.name.startsWith('session-'))) {
    it(`${p.name}: ${p.about}`, async () => {
      const outcome = await runProperty(p, { runs: p.ciRuns, seed: CI_SEED });
      expect(outcome.failure, outcome.failure).toBeUndefined();
    });
  }
});
