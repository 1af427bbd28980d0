import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Perft and whole-archive replays take seconds; speed is judged in `npm run bench`, not here.
    testTimeout: 300_000,
    hookTimeout: 120_000,
    // Vitest's default is one worker fewer than the cores: a single worker on CI's two cores,
    // which ran the files one at a time. Two workers keep both cores busy.
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'bredon', include: ['test/**/*.test.ts'], exclude: ['**/node_modules/**', 'test/queue/**'] } },
      // The queue tests start Redis, workers and their engines: a dozen processes at a time. They
      // run after the rest and one file at a time, so that they never starve the tests that watch
      // an engine's clock, nor each other.
      { extends: true, test: { name: 'queue', include: ['test/queue/**/*.test.ts'], fileParallelism: false, sequence: { groupOrder: 1 } } },
    ],
  },
});
