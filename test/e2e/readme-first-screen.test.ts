/**
 * The README's first screen names who each path is for, with the page each one starts on, and
 * keeps its two commands; its Host-header example answers 200 against a running sandbox.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, type Spawned, startSandbox } from '../support/spawn.js';

const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const firstScreen = readme.slice(0, readme.indexOf('\n## '));

describe("the README's first screen", () => {
  it('keeps the two commands: start and test', () => {
    expect(firstScreen).toContain('npm install && npm start');
    expect(firstScreen).toContain('npm ci && npm test');
  });

  it.each([
    ['A Node project', 'docs/writing-tests.md'],
    ['A PHP shop', 'docs/php-and-woocommerce.md'],
    ['CI in any language', 'docs/ci-pipelines.md'],
    ['A demo or a first look', '#quickstart-five-minutes'],
  ])('names the path for %s, with %s', (who, target) => {
    const line = firstScreen.split('\n- ').find((item) => item.startsWith(`**${who}**`));
    expect(line).toBeDefined();
    expect(line).toContain(`](${target})`);
    if (!target.startsWith('#')) expect(existsSync(join(ROOT, target))).toBe(true);
    else
      expect(readme).toContain(
        `\n## ${target
          .slice(1)
          .replace(/-/g, ' ')
          .replace(/^quickstart five minutes$/, 'Quickstart: five minutes')}`,
      );
  });
});

describe.skipIf(spawnSync('curl', ['--version']).error !== undefined)("the README's Host-header example", () => {
  let sandbox: Spawned | undefined;
  beforeAll(async () => {
    sandbox = await startSandbox(['--memory']);
  });
  afterAll(async () => {
    await sandbox?.stop();
  });

  it('answers 200 as written, on the sandbox’s own port', () => {
    const example = /`(curl --connect-to [^`]+)`/.exec(readme)?.[1];
    expect(example).toBeDefined();
    const port = new URL(sandbox!.url).port;
    const args = example!.replace(':4010', `:${port}`).split(' ').slice(1);
    const status = execFileSync('curl', ['-s', '-o', '/dev/null', '-w', '%{http_code}', ...args], { encoding: 'utf8' });
    expect(status).toBe('200');
  });
});
