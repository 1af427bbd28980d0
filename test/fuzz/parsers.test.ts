// Every parser fuzzed with a fixed seed and a bounded count (the long campaign is `npm run fuzz`):
// TPS, PTN moves, PTN files, TEI lines and option values, with round trips on random legal
// positions of every size. A failure prints the seed and path that replay it.
import { describe, expect, it } from 'vitest';
import { PROPERTIES } from './properties.js';
import { CI_SEED, runProperty } from './run.js';

describe('fuzzed parsers (fixed seed)', () => {
  for (const p of PROPERTIES.filter((q) => !q.name.startsWith('session-'))) {
    it(`${p.name}: ${p.about}`, async () => {
      const outcome = await runProperty(p, { runs: p.ciRuns, seed: CI_SEED });
      expect(outcome.failure, outcome.failure).toBeUndefined();
    });
  }
});
