import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // docs/examples: the testing-in-CI page's examples, run as written (docs/testing-in-ci.md).
    include: ['test/**/*.test.ts', 'docs/examples/*.test.ts'],
    // Spawned servers run dist/ (what users run): build it first when src/ changed.
    globalSetup: ['test/setup/build.ts', 'test/setup/example-sandbox.ts'],
    // Every JSON answer is held to its operation's declared answer (test/setup/answer-check.ts);
    // an order change that would break the books fails the test too (test/setup/books-check.ts).
    env: { CHECKOUT_SANDBOX_CHECK_ANSWERS: '1' },
    setupFiles: ['test/setup/answer-check.ts', 'test/setup/books-check.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Two cores here: spawned-server tests compete with in-process ones.
    maxWorkers: 2,
  },
});
