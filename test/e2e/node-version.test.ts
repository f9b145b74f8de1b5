/**
 * On a Node that engines does not admit (a regression test: on Node 20 `npm test` ended in
 * seven cryptic failures) the test suite stops before it starts, with the sentence the CLI and
 * the library print (test/e2e/real-old-node.test.ts runs those on real Node binaries). The
 * suite's runner itself needs a newer Node, so the older one is faked here
 * (test/support/old-node.mjs).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/spawn.js';

const engines = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node;
const SENTENCE = new RegExp(
  `^checkout-sandbox needs Node\\.js ${engines.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(package\\.json engines\\); this is v20\\.0\\.0\\. ` +
    'Run it on Node (\\d+) without installing anything: npx -y -p node@\\1 -- (.+)$',
);

function run(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      env: { ...process.env, npm_command: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The sentences in a stream, with the command each names. */
const sentences = (text: string, prefix = ''): string[] =>
  text
    .split('\n')
    .flatMap((line) =>
      line.startsWith(prefix) && SENTENCE.test(line.slice(prefix.length)) ? [SENTENCE.exec(line.slice(prefix.length))![2]!] : [],
    );

describe('on a Node engines does not admit', () => {
  it('the test suite stops before any test, with the same sentence', async () => {
    const vitest = `${ROOT}/node_modules/vitest/vitest.mjs`;
    const { code, stdout, stderr } = await run([vitest, 'run', 'test/unit/clock.test.ts'], {
      npm_command: 'test',
      NODE_OPTIONS: `--import=${ROOT}/test/support/old-node.mjs`,
    });
    expect(code).toBe(1);
    expect(sentences(stderr)).toEqual(['npm test']);
    expect(stdout).not.toMatch(/clock\.test|Test Files/);
  }, 60_000);
});
