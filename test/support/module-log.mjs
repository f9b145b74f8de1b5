// Preloaded with --import by the start-up test (test/e2e/start-loads.test.ts): appends the
// URL of every module the process loads to the file named by MODULE_LOG, as it loads, so a
// test can ask what a start loaded and what the first token added.
import { appendFileSync } from 'node:fs';
import { registerHooks } from 'node:module';

const log = process.env.MODULE_LOG;
if (log) {
  registerHooks({
    load(url, context, nextLoad) {
      appendFileSync(log, `${url}\n`);
      return nextLoad(url, context);
    },
  });
}
