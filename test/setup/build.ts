/**
 * vitest globalSetup: the spawned-server tests (test/e2e, test/support/spawn.ts) run the
 * built JavaScript, as `npm start`, the bin and the Docker image do, so dist/ is brought up
 * to date first (a no-op when nothing in src/ changed since the last build; incremental tsc
 * otherwise). In-process tests import src/ directly; of dist/ they read only the dashboard's
 * script, which src/admin/ui.ts serves from there (docs/development.md, "The build").
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export default function setup(): void {
  const script = fileURLToPath(new URL('../../scripts/build.mjs', import.meta.url));
  // Quiet when it works: the test run prints the runner's lines only.
  const result = spawnSync(process.execPath, [script, '--if-stale'], { encoding: 'utf8' });
  if (result.status === 0) return;
  process.stderr.write(`${result.stdout}${result.stderr}`);
  // tsc still emits on type errors (npm run typecheck reports them), so the JavaScript is
  // current and the tests can run; only a build that emitted nothing stops them.
  if (!existsSync(fileURLToPath(new URL('../../dist/main.js', import.meta.url)))) {
    throw new Error('build failed (node scripts/build.mjs) and dist/main.js is missing: the spawned-server tests cannot run');
  }
  process.stderr.write('warning: the build reported errors (above); spawned-server tests run what tsc emitted\n');
}
