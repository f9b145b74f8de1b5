/**
 * The built package on real Node binaries (the npm registry's `node` package ships the official
 * ones; they are kept in a cache outside the tree, as .ci/run keeps the supported lines, and
 * installed here when missing). On Node 20, a line engines no longer admits, `npm start`, the
 * bin, the CLI and the library each print the one-line version sentence first, instead of
 * crashing on something a newer Node has (on Node 20 `npm start` ended in
 * `module.enableCompileCache is not a function` before it). On the oldest release engines
 * admits (the first one it names of its oldest line) they run and say nothing of the version.
 * Without the registry the binaries cannot be had, and the tests say so and skip.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { linesOf } from '../../src/node-version.js';
import { MAIN, ROOT } from '../support/spawn.js';

const exec = promisify(execFile);
const CACHE = join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'checkout-sandbox');
const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const engines = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node;
const SENTENCE = (major: number, command: string): RegExp =>
  new RegExp(
    `^warning: checkout-sandbox needs Node\\.js ${escape(engines)} \\(package\\.json engines\\); this is v${major}\\.\\d+\\.\\d+\\. ` +
      `Run it on Node \\d+ without installing anything: npx -y -p node@\\d+ -- ${escape(command)}$`,
  );
/** The version sentence anywhere in a stream. */
const ANY_SENTENCE = /checkout-sandbox needs Node\.js/;

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

/** The folder of a real Node `version` ('20': the newest 20; '22.13.0': that release), installed from the registry when missing; or why it cannot be had. */
async function realNode(version: string): Promise<{ bin: string } | { missing: string }> {
  const prefix = join(CACHE, `node-${version}`);
  const bin = join(prefix, 'node_modules', '.bin');
  const node = join(bin, 'node');
  const installed = async (): Promise<boolean> => {
    if (!existsSync(node)) return false;
    const running = (await run(node, ['-p', 'process.versions.node'])).stdout.trim();
    return running === version || running.startsWith(`${version}.`);
  };
  if (await installed()) return { bin };
  const install = await run('npm', ['install', '--prefix', prefix, '--no-audit', '--no-fund', '--loglevel=error', `node@${version}`]);
  if (install.code === 0 && (await installed())) return { bin };
  return {
    missing: `node@${version} could not be installed from the npm registry into ${prefix}: ${install.stderr.trim().split('\n').at(-1) ?? `exit ${install.code}`}`,
  };
}

const oldest = linesOf(engines)![0]!.minimum.join('.');
for (const { version, admitted } of [
  { version: '20', admitted: false },
  { version: oldest, admitted: true },
]) {
  const major = Number(version.split('.')[0]);
  describe(`on a real Node ${version} (${admitted ? 'admitted' : 'not admitted'} by engines ${engines})`, () => {
    let found: { bin: string } | { missing: string };
    beforeAll(async () => {
      found = await realNode(version);
    }, 120_000);

    /** Runs `file args` with that Node first on PATH; skips the test, saying why, without it. */
    async function onNode(skip: (note: string) => void, file: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<Run> {
      if ('missing' in found) skip(found.missing);
      const bin = (found as { bin: string }).bin;
      return run(file === 'node' ? join(bin, 'node') : file, args, { PATH: `${bin}:${process.env.PATH ?? ''}`, ...env });
    }

    it(admitted ? 'npm start runs, saying nothing of the version' : 'npm start prints the sentence first, then runs', async ({ skip }) => {
      const { code, stdout, stderr } = await onNode(skip, 'npm', ['start', '--silent', '--', '--help']);
      expect(code, stderr).toBe(0);
      if (admitted) expect(stderr).not.toMatch(ANY_SENTENCE);
      else expect(stderr.split('\n')[0]).toMatch(SENTENCE(major, 'npm start -- --help'));
      expect(stdout).toContain('Usage');
    });

    it(admitted ? 'the bin and the CLI run, with nothing on stderr' : 'the bin and the CLI print it first, then run', async ({ skip }) => {
      for (const [entry, named] of [
        [join(ROOT, 'bin', 'checkout-sandbox.mjs'), 'node bin/checkout-sandbox.mjs --help'],
        [MAIN, 'node dist/main.js --help'],
      ] as const) {
        const { code, stdout, stderr } = await onNode(skip, 'node', [entry, '--help']);
        expect(code, stderr).toBe(0);
        if (admitted) expect(stderr).toBe('');
        else expect(stderr.trim().split('\n')).toEqual([expect.stringMatching(SENTENCE(major, named))]);
        expect(stdout).toContain('Usage');
      }
    });

    it(
      admitted
        ? 'the library makes a sandbox that answers, with nothing on stderr'
        : 'the library prints it once and makes a sandbox that answers',
      async ({ skip }) => {
        const script =
          "import { createSandbox } from './dist/index.js'; const s = await createSandbox({ logLevel: 'silent' }); " +
          "const r = await s.fetch('/__admin/health'); console.log(r.status); await s.close();";
        const { code, stdout, stderr } = await onNode(skip, 'node', ['--input-type=module', '-e', script]);
        expect(code, stderr).toBe(0);
        if (admitted) expect(stderr).toBe('');
        else expect(stderr.trim().split('\n')).toEqual([expect.stringMatching(SENTENCE(major, '<your command>'))]);
        expect(stdout.trim()).toBe('200');
      },
    );
  });
}
