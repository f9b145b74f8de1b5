import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Spawned servers run dist/ (what users run): build it first when src/ changed.
    globalSetup: ['test/setup/build.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Two cores here: spawned-server tests compete with in-process ones.
    maxWorkers: 2,
  },
});
