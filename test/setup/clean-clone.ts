/**
 * vitest globalSetup: `npm test` leaves the clone as it found it. What a test makes where a
 * reader's commands make it (a page's walk-through writes `.sandbox/tls/` in the clone, as it
 * would in the reader's) is removed afterwards, but only what was not there before the run;
 * then anything else the run changed (`git status --porcelain`) fails the run, naming it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SANDBOX_DIR = join(ROOT, '.sandbox');

function porcelain(): string | null {
  const git = spawnSync('git', ['status', '--porcelain', '--untracked-files=all'], { cwd: ROOT, encoding: 'utf8' });
  return git.status === 0 ? git.stdout : null;
}

export default function setup(): () => void {
  const hadSandboxDir = existsSync(SANDBOX_DIR);
  const before = new Set(hadSandboxDir ? readdirSync(SANDBOX_DIR) : []);
  const status = porcelain();
  return () => {
    if (!hadSandboxDir) rmSync(SANDBOX_DIR, { recursive: true, force: true });
    else
      for (const entry of existsSync(SANDBOX_DIR) ? readdirSync(SANDBOX_DIR) : [])
        if (!before.has(entry)) rmSync(join(SANDBOX_DIR, entry), { recursive: true, force: true });
    // Not a git checkout (an unpacked tarball): nothing to compare.
    const after = porcelain();
    if (status === null || after === null || after === status) return;
    throw new Error(`npm test changed the clone (git status --porcelain before:\n${status || '(clean)\n'}after:\n${after})`);
  };
}
