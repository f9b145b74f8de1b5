import { defineConfig } from 'vitest/config';
import { runningNodeProblem } from './src/node-version.js';

// On a Node older than package.json's engines the suite stops before it starts, with the
// sentence the CLI and the library print (src/node-version.ts), instead of failing test by
// test on whatever that Node lacks.
const wrongNode = runningNodeProblem();
if (wrongNode !== null) {
  process.stderr.write(`${wrongNode}\n`);
  process.exit(1);
}

export default defineConfig({
  test: {
    // docs/examples: the examples of docs/writing-tests.md, run as written.
    include: ['test/**/*.test.ts', 'docs/examples/*.test.ts'],
    // Spawned servers run dist/ (what users run): build it first when src/ changed.
    // The clone is left as it was found (test/setup/clean-clone.ts).
    globalSetup: ['test/setup/clean-clone.ts', 'test/setup/build.ts', 'test/setup/example-sandbox.ts'],
    // Every JSON answer is held to its operation's declared answer (test/setup/answer-check.ts);
    // an order change that would break the books fails the test too (test/setup/books-check.ts),
    // and so does a name looked up on the network (test/setup/local-only.ts).
    env: { CHECKOUT_SANDBOX_CHECK_ANSWERS: '1' },
    // docs/examples get the example sandbox's admin token (test/setup/example-token.ts).
    setupFiles: ['test/setup/answer-check.ts', 'test/setup/books-check.ts', 'test/setup/example-token.ts', 'test/setup/local-only.ts'],
    // A passing test's console lines (timings, tallies) stay out of the output: npm test prints
    // the runner's lines, and a failing test's own lines with its failure.
    silent: 'passed-only',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Two cores here: spawned-server tests compete with in-process ones.
    maxWorkers: 2,
  },
});
