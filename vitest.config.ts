import { defineConfig } from 'vitest/config';

// Two sets of tests. `npm test` (plain `vitest run`) runs every test file but the long ones: the
// projects 'bredon' and 'isolated'. The project 'long' exists only in mode 'all': `npm run
// test:all` (`vitest run --mode all`) runs all three projects, `npm run test:long` (`--mode all
// --project long`) the long ones alone (CI runs it after npm test). One long file:
// `npx vitest run --mode all test/queue/faults.test.ts`.
//
// The long tests: the Redis queue tests, which start redis-server, `bredon worker` processes and
// their engines and play whole matches and selfplay runs over the queue (test/queue/jobs.test.ts,
// the queue's pure parts, stays in npm test); the soak in miniature (test/cli/soak.test.ts:
// matches sampled for memory growth through scripts/soak.ts); and the npm package as a user
// installs it (test/lib/package.test.ts: npm pack, npm install into a new project, tsc), whose
// time is npm's. A new long test file is named here.
const LONG = ['test/queue/match.test.ts', 'test/queue/faults.test.ts', 'test/queue/selfplay.test.ts', 'test/cli/soak.test.ts', 'test/lib/package.test.ts'];

// Test files that replace a module (vi.mock) get modules of their own; the others share each
// worker's modules, file after file (isolate: false): a fresh worker process and fresh imports
// for every file were a sixth of the run's CPU time. A file that mocks a module belongs here.
const ISOLATED = ['test/search/static-score.test.ts'];

export default defineConfig(({ mode }) => ({
  test: {
    // Perft and whole-archive replays take seconds; speed is judged in `npm run bench`, not here.
    testTimeout: 300_000,
    hookTimeout: 120_000,
    // Vitest's default is one worker fewer than the cores: a single worker on CI's two cores,
    // which ran the files one at a time. Many files wait on other processes (engines thinking on
    // a clock, a browser, fakes that hang, a level's 2 s pace), so a third worker keeps the two
    // cores busier: npm test took 160-161 s with three on two cores, 175-184 s with two, 176 s
    // with four (2026-12-06).
    maxWorkers: 3,
    projects: [
      { extends: true, test: { name: 'bredon', include: ['test/**/*.test.ts'], exclude: ['**/node_modules/**', ...LONG, ...ISOLATED], isolate: false } },
      { extends: true, test: { name: 'isolated', include: ISOLATED } },
      // The queue tests start Redis, workers and their engines: a dozen processes at a time. They
      // run after the rest and one file at a time, so that they never starve the tests that watch
      // an engine's clock, nor each other.
      ...(mode === 'all' ? [{ extends: true as const, test: { name: 'long', include: LONG, fileParallelism: false, sequence: { groupOrder: 1 } } }] : []),
    ],
  },
}));
