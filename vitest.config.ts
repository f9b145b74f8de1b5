import { defineConfig } from 'vitest/config';
import { runningNodeProblem } from './src/node-version.js';

// On a Node that package.json's engines does not admit, the suite stops before it starts, with
// the sentence the CLI and the library print (src/node-version.ts), instead of failing test by
// test on whatever that Node lacks.
const wrongNode = runningNodeProblem();
if (wrongNode !== null) {
  process.stderr.write(`${wrongNode}\n`);
  process.exit(1);
}

/** What every project's tests share. */
const shared = {
  // Every JSON answer is held to its operation's declared answer (test/setup/answer-check.ts);
  // an order change that would break the books fails the test too (test/setup/books-check.ts),
  // and so does a name looked up on the network (test/setup/local-only.ts).
  env: { CHECKOUT_SANDBOX_CHECK_ANSWERS: '1' },
  // docs/examples get the example sandbox's admin token (test/setup/example-token.ts).
  setupFiles: ['test/setup/answer-check.ts', 'test/setup/books-check.ts', 'test/setup/example-token.ts', 'test/setup/local-only.ts'],
  testTimeout: 20_000,
  hookTimeout: 30_000,
};

export default defineConfig({
  test: {
    // Spawned servers run dist/ (what users run): build it first when src/ changed.
    // The clone is left as it was found (test/setup/clean-clone.ts).
    globalSetup: ['test/setup/clean-clone.ts', 'test/setup/build.ts', 'test/setup/example-sandbox.ts'],
    projects: [
      {
        // The tests that run the sandbox in their own process (docs/examples: the examples of
        // docs/writing-tests.md, run as written) share worker threads, which start faster than
        // child processes; the few that start a helper process do it from the thread.
        test: {
          ...shared,
          name: 'in-process',
          include: ['test/{unit,http,state,fidelity}/**/*.test.ts', 'docs/examples/*.test.ts'],
          pool: 'threads',
        },
      },
      {
        // Tests that spawn the built server or the CLI and wait on it, each file in a child
        // process of its own.
        test: { ...shared, name: 'spawned', include: ['test/e2e/**/*.test.ts'], pool: 'forks' },
      },
      {
        // The browser tests share one Chromium for the run (test/setup/chromium.ts), each file
        // with its own contexts.
        test: {
          ...shared,
          name: 'browser',
          include: ['test/browser/**/*.test.ts'],
          pool: 'forks',
          globalSetup: ['test/setup/chromium.ts'],
        },
      },
    ],
    // A passing test's console lines (timings, tallies) stay out of the output: npm test prints
    // the runner's lines, and a failing test's own lines with its failure.
    silent: 'passed-only',
    // Two cores here: spawned-server tests compete with in-process ones.
    maxWorkers: 2,
  },
});
