/**
 * The sentence for an older Node (src/node-version.ts): one line, the range engines states, the
 * running version, and the command that runs the same thing on the right Node through npx.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type Invocation, commandOf, linesOf, nodeVersionProblem, runningNodeProblem } from '../../src/node-version.js';

const engines = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { engines: { node: string } }).engines
  .node;
const lines = linesOf(engines)!;
/** The newest line, the one the README names and the sentence suggests from another major. */
const newest = lines.at(-1)!.minimum[0];
const at = (env: Record<string, string>, argv: string[] = ['/usr/bin/node', '/repo/dist/main.js'], args?: string[]): Invocation => ({
  env,
  argv,
  cwd: '/repo',
  ...(args ? { args } : {}),
});

describe('the Node version engines names', () => {
  it('is read from package.json, and this Node satisfies it but Node 20 does not', () => {
    expect(lines.length).toBeGreaterThan(0);
    expect(runningNodeProblem()).toBeNull();
    expect(nodeVersionProblem('20.20.2', engines, at({}))).not.toBeNull();
  });

  it.each([
    ['20.20.2', false],
    ['22.12.0', false],
    ['22.13.0', true],
    ['v22.23.3', true],
    ['23.11.0', false],
    ['24.10.0', false],
    ['24.11.0', true],
    ['26.1.0', true],
  ])('under ^22.13 || >=24.11, Node %s is admitted: %s', (version, isAdmitted) => {
    expect(nodeVersionProblem(version, '^22.13 || >=24.11', at({})) === null).toBe(isAdmitted);
  });

  it.each([
    [
      '^22.13 || >=24.11',
      [
        { minimum: [22, 13, 0], below: 23 },
        { minimum: [24, 11, 0], below: null },
      ],
    ],
    ['>=24.11', [{ minimum: [24, 11, 0], below: null }]],
    [' >= v24 ', [{ minimum: [24, 0, 0], below: null }]],
    [
      '>=24.11 || ^22.13.1',
      [
        { minimum: [22, 13, 1], below: 23 },
        { minimum: [24, 11, 0], below: null },
      ],
    ],
  ])('reads %j as its lines, oldest first', (range, expected) => {
    expect(linesOf(range)).toEqual(expected);
  });

  it.each(['22 - 24', '~22.13', '>=22 <25', '^22 ||', ''])('says nothing for a range of another form: %j', (range) => {
    expect(linesOf(range)).toBeNull();
    expect(nodeVersionProblem('1.0.0', range, at({}))).toBeNull();
  });

  it.each([
    ['20.20.2', '^22.13 || >=24.11', 24],
    ['22.5.0', '^22.13 || >=24.11', 22],
    ['23.11.0', '^22.13 || >=24.11', 24],
    ['24.3.0', '^22.13 || >=24.11', 24],
    ['26.0.0', '^22.13 || >=24.11', null],
  ])('Node %s under %s: run it on Node %s', (version, range, suggested) => {
    const problem = nodeVersionProblem(version, range, at({}));
    expect(problem && /npx -y -p node@(\d+) /.exec(problem)![1]).toBe(suggested === null ? null : String(suggested));
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
        `Run it on Node ${newest} without installing anything: npx -y -p node@${newest} -- npm start -- --port 4011`,
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
