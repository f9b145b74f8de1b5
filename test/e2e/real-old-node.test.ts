/**
 * The built package on real Node 20 and 22 binaries (the npm registry's `node` package ships
 * the official ones; they are kept in a cache outside the tree, as .ci/run keeps the supported
 * line, and installed here when missing): `npm start`, the bin, the CLI and the library each
 * print the one-line version sentence first, instead of crashing on something a newer Node has
 * (on Node 20 `npm start` ended in `module.enableCompileCache is not a function` before it).
 * Without the registry the binaries cannot be had, and the tests say so and skip.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAIN, ROOT } from '../support/spawn.js';

const exec = promisify(execFile);
const CACHE = join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'checkout-sandbox');
const SENTENCE = (major: number, command: string): RegExp =>
  new RegExp(
    `^warning: checkout-sandbox needs Node\\.js >=[\\d.]+ \\(package\\.json engines\\); this is v${major}\\.\\d+\\.\\d+\\. ` +
      `Run it on Node \\d+ without installing anything: npx -y -p node@\\d+ -- ${command.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`,
  );

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

async function run(file: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<Run> {
  try {
    const { stdout, stderr } = await exec(file, args, { cwd: ROOT, env: { ...process.env, npm_command: '', ...env }, timeout: 60_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof failed.code === 'number' ? failed.code : 1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

/** The folder of a real Node `major` (…/node_modules/.bin/node), installed from the registry when missing; or why it cannot be had. */
async function realNode(major: number): Promise<{ bin: string } | { missing: string }> {
  const prefix = join(CACHE, `node-${major}`);
  const bin = join(prefix, 'node_modules', '.bin');
  const node = join(bin, 'node');
  const installed = async (): Promise<boolean> =>
    existsSync(node) && (await run(node, ['-p', 'process.versions.node.split(".")[0]'])).stdout.trim() === String(major);
  if (await installed()) return { bin };
  const install = await run('npm', ['install', '--prefix', prefix, '--no-audit', '--no-fund', '--loglevel=error', `node@${major}`]);
  if (install.code === 0 && (await installed())) return { bin };
  return {
    missing: `node@${major} could not be installed from the npm registry into ${prefix}: ${install.stderr.trim().split('\n').at(-1) ?? `exit ${install.code}`}`,
  };
}

for (const major of [20, 22]) {
  describe(`on a real Node ${major}`, () => {
    let found: { bin: string } | { missing: string };
    beforeAll(async () => {
      found = await realNode(major);
    }, 120_000);

    /** Runs `file args` with that Node first on PATH; skips the test, saying why, without it. */
    async function onOldNode(skip: (note: string) => void, file: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<Run> {
      if ('missing' in found) skip(found.missing);
      const bin = (found as { bin: string }).bin;
      return run(file === 'node' ? join(bin, 'node') : file, args, { PATH: `${bin}:${process.env.PATH ?? ''}`, ...env });
    }

    it('npm start prints the sentence first, then runs', async ({ skip }) => {
      const { code, stdout, stderr } = await onOldNode(skip, 'npm', ['start', '--silent', '--', '--help']);
      expect(code, stderr).toBe(0);
      expect(stderr.split('\n')[0]).toMatch(SENTENCE(major, 'npm start -- --help'));
      expect(stdout).toContain('Usage');
    });

    it('the bin and the CLI print it first, then run', async ({ skip }) => {
      for (const [entry, named] of [
        [join(ROOT, 'bin', 'checkout-sandbox.mjs'), 'node bin/checkout-sandbox.mjs --help'],
        [MAIN, 'node dist/main.js --help'],
      ] as const) {
        const { code, stdout, stderr } = await onOldNode(skip, 'node', [entry, '--help']);
        expect(code, stderr).toBe(0);
        expect(stderr.trim().split('\n')).toEqual([expect.stringMatching(SENTENCE(major, named))]);
        expect(stdout).toContain('Usage');
      }
    });

    it('the library prints it once and makes a sandbox that answers', async ({ skip }) => {
      const script =
        "import { createSandbox } from './dist/index.js'; const s = await createSandbox({ logLevel: 'silent' }); " +
        "const r = await s.fetch('/__admin/health'); console.log(r.status); await s.close();";
      const { code, stdout, stderr } = await onOldNode(skip, 'node', ['--input-type=module', '-e', script]);
      expect(code, stderr).toBe(0);
      expect(stderr.trim().split('\n')).toEqual([expect.stringMatching(SENTENCE(major, '<your command>'))]);
      expect(stdout.trim()).toBe('200');
    });
  });
}
