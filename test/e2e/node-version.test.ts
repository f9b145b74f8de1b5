/**
 * On a Node older than engines (a regression test: on Node 20 `npm start` ran as if all were well and
 * `npm test` ended in seven cryptic failures), the CLI and the library warn once, in one line,
 * and the test suite stops before it starts, all with the same sentence. The older Node is
 * faked (test/support/old-node.mjs), so this runs wherever the suite does.
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { MAIN, ROOT } from '../support/spawn.js';

const OLD_NODE = ['--import', `${ROOT}/test/support/old-node.mjs`];
const SENTENCE = /^checkout-sandbox needs Node\.js >=\d+[.\d]* \(package\.json engines\); this is v20\.0\.0\. Run it on Node (\d+) without installing anything: npx -y -p node@\1 -- (.+)$/;

function run(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, npm_command: '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The sentences in a stream, with the command each names. */
const sentences = (text: string, prefix = ''): string[] =>
  text.split('\n').flatMap((line) => (line.startsWith(prefix) && SENTENCE.test(line.slice(prefix.length)) ? [SENTENCE.exec(line.slice(prefix.length))![2]!] : []));

describe('on a Node older than engines', () => {
  it('the CLI warns once, first, naming the command with its flags, and still runs', async () => {
    const { code, stdout, stderr } = await run([...OLD_NODE, MAIN, '--help'], { npm_command: 'start' });
    expect(code).toBe(0);
    expect(stdout).toContain('Usage');
    expect(stderr.split('\n')[0]).toMatch(/^warning: /);
    expect(sentences(stderr, 'warning: ')).toEqual(['npm start -- --help']);
  });

  it('the library warns once however many sandboxes it makes', async () => {
    const script = "import { createSandbox } from './dist/index.js'; for (let i = 0; i < 2; i++) await (await createSandbox({ logLevel: 'silent' })).close();";
    const { code, stderr } = await run([...OLD_NODE, '--input-type=module', '-e', script]);
    expect(code).toBe(0);
    expect(sentences(stderr, 'warning: ')).toEqual(['<your command>']);
    expect(stderr.trim().split('\n')).toHaveLength(1);
  });

  it('the test suite stops before any test, with the same sentence', async () => {
    const vitest = `${ROOT}/node_modules/vitest/vitest.mjs`;
    const { code, stdout, stderr } = await run([vitest, 'run', 'test/unit/clock.test.ts'], { npm_command: 'test', NODE_OPTIONS: `--import=${ROOT}/test/support/old-node.mjs` });
    expect(code).toBe(1);
    expect(sentences(stderr)).toEqual(['npm test']);
    expect(stdout).not.toMatch(/clock\.test|Test Files/);
  }, 60_000);
});
