/**
 * vitest globalSetup: the spawned-server tests (test/e2e, test/support/spawn.ts) run the
 * built JavaScript, as `npm start`, the bin and the Docker image do, so dist/ is brought up
 * to date first (a no-op when nothing in src/ changed since the last build; incremental tsc
 * otherwise). In-process tests import src/ directly and need no build.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export default function setup(): void {
  const script = fileURLToPath(new URL('../../scripts/build.mjs', import.meta.url));
  const result = spawnSync(process.execPath, [script, '--if-stale'], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('build failed (node scripts/build.mjs): the spawned-server tests would run stale JavaScript');
}
