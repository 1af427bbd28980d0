import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Perft and whole-archive replays take seconds; speed is judged in `npm run bench`, not here.
    testTimeout: 300_000,
    hookTimeout: 120_000,
  },
});
