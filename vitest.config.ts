import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Two cores here: spawned-server tests compete with in-process ones.
    maxWorkers: 2,
  },
});
