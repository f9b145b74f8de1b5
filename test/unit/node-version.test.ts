/**
 * The sentence for an older Node (src/node-version.ts): one line, the range engines states, the
 * running version, and the command that runs the same thing on the right Node through npx.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type Invocation, commandOf, minimumOf, nodeVersionProblem, runningNodeProblem } from '../../src/node-version.js';

const engines = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { engines: { node: string } }).engines
  .node;
const major = minimumOf(engines)![0];
const at = (env: Record<string, string>, argv: string[] = ['/usr/bin/node', '/repo/dist/main.js'], args?: string[]): Invocation => ({
  env,
  argv,
  cwd: '/repo',
  ...(args ? { args } : {}),
});

describe('the Node version engines names', () => {
  it('is read from package.json, and this Node satisfies it', () => {
    expect(minimumOf(engines)).not.toBeNull();
    expect(runningNodeProblem()).toBeNull();
  });

  it.each([
    ['20.20.2', true],
    [`${major}.0.0`, minimumOf(engines)![1] > 0],
    [`${major}.${minimumOf(engines)![1]}.0`, false],
    [`${major + 1}.0.0`, false],
  ])('Node %s is older: %s', (version, isOlder) => {
    expect(nodeVersionProblem(version, engines, at({})) !== null).toBe(isOlder);
  });

  it('says it in one line: the range, this version, and npx -p node@<major> before the command that was run', () => {
    const problem = nodeVersionProblem(
      '20.20.2',
      engines,
      at({ npm_command: 'start', npm_lifecycle_event: 'start' }, undefined, ['--port', '4011']),
    )!;
    expect(problem).not.toContain('\n');
    expect(problem).toBe(
      `checkout-sandbox needs Node.js ${engines} (package.json engines); this is v20.20.2. ` +
        `Run it on Node ${major} without installing anything: npx -y -p node@${major} -- npm start -- --port 4011`,
    );
  });
});

describe('the command it names is the one that was run', () => {
  it.each([
    [at({ npm_command: 'start' }), 'npm start'],
    [at({ npm_command: 'test' }), 'npm test'],
    [at({ npm_command: 'run-script', npm_lifecycle_event: 'bench' }), 'npm run bench'],
    [at({ npm_command: 'exec', npm_lifecycle_script: "'checkout-sandbox'" }, undefined, ['--memory']), 'npx checkout-sandbox --memory'],
    [at({}, undefined, ['--scenario', 'my scenario.yaml']), "node dist/main.js --scenario 'my scenario.yaml'"],
    [at({}, ['/usr/bin/node']), '<your command>'],
  ])('%j → %s', (invocation, command) => {
    expect(commandOf(invocation)).toBe(command);
  });
});

describe('the README', () => {
  it('shows, beside the two set-up commands, the commands the sentence names for them', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const blocks = [...readme.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
    expect(blocks[0]).toContain('npm install && npm start');
    for (const command of ['npm start', 'npm test']) {
      const named = /npx -y -p \S+ -- .*$/.exec(nodeVersionProblem('20.0.0', engines, at({ npm_command: command.split(' ')[1]! }))!)![0];
      expect(blocks[1]).toMatch(new RegExp(`^${named.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} +#`, 'm'));
    }
  });
});
