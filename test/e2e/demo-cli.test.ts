/**
 * `checkout-sandbox demo` as a person runs it in a terminal: the built command in its own
 * process against a spawned sandbox, printing each step of the migration demo in order with
 * the readiness items it changed, and its exit codes for a sandbox that is not there and for a
 * bad flag.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { DemoRunAnswer } from '../../src/admin/answers/demo.js';
import { MAX_PAUSE_MS } from '../../src/admin/demo-pace.js';
import { freePort, runCli, spawnScope, startSandbox } from '../support/spawn.js';

const { running } = spawnScope('sandbox-demo-cli-');

let url: string;
beforeAll(async () => {
  const sandbox = await startSandbox(['--memory']);
  running.push(sandbox);
  url = sandbox.url;
});

const run = async (): Promise<DemoRunAnswer> => (await (await fetch(`${url}/__admin/demo/migration`)).json()) as DemoRunAnswer;

/** The printed steps: each numbered title with the lines under it, in the order printed. */
function printedSteps(output: string): { number: number; title: string; lines: string[] }[] {
  const steps: { number: number; title: string; lines: string[] }[] = [];
  for (const line of output.split('\n')) {
    const head = /^ ?(\d+)\. (.*)$/.exec(line);
    if (head) steps.push({ number: Number(head[1]), title: head[2]!, lines: [] });
    else if (line.startsWith('    ')) steps.at(-1)?.lines.push(line.trim());
  }
  return steps;
}

describe('demo in a process of its own', () => {
  it('prints each step as the sandbox plays it, with its readiness changes, and exits 0 when it finished', async () => {
    const { code, output } = await runCli(['demo', '--url', url, '--pause', '0']);
    expect(code, output).toBe(0);
    const played = await run();
    expect(played.state).toBe('finished');

    const steps = printedSteps(output);
    expect(steps.map((s) => s.number)).toEqual(Array.from({ length: played.of }, (_, i) => i + 1));
    expect(steps.map((s) => s.title)).toEqual(played.steps.map((s) => s.title));
    // The story's order: the retired host, then the legacy host, then the current API.
    const first = (words: string): number => steps.findIndex((s) => s.title.includes(words));
    expect(first('on the retired host')).toBeGreaterThan(-1);
    expect(first('legacy host')).toBeGreaterThan(first('on the retired host'));
    expect(first('The clock crosses the shutdown')).toBeGreaterThan(first('legacy host'));
    expect(first('current API')).toBeGreaterThan(first('The clock crosses the shutdown'));
    expect(steps[first('A call left on the old host name fails')]!.lines[0]).toContain('the connection is closed with no answer');

    // Each step's readiness changes under it, as the sandbox recorded them.
    const { sharedKeyUsername, clientId } = played.merchant;
    for (const [index, step] of played.steps.entries())
      expect(steps[index]!.lines.filter((line) => line.startsWith('readiness: '))).toHaveLength(step.readiness.length);
    const changes = steps.flatMap((s) => s.lines.filter((line) => line.startsWith('readiness: ')));
    // On the retired host the SharedKey user is on the old API; the current API's first call meets the item for the API client.
    expect(steps[first('on the retired host')]!.lines).toContain(`readiness: SharedKey user ${sharedKeyUsername}: current-api not met`);
    expect(changes).toContain(`readiness: API client ${clientId}: current-api not seen → met`);
    expect(changes).toContain(`readiness: API client ${clientId}: token-reuse not seen → met`);

    expect(output.trimEnd().split('\n').at(-1)).toMatch(
      new RegExp(`^Finished: ${played.of} of ${played.of} steps, sandbox time ${played.finishedAt!.replace(/\./g, '\\.')}\\.`),
    );
  });

  it('follows a run that is already playing instead of starting another', async () => {
    const started = await fetch(`${url}/__admin/demo/migration`, { method: 'POST', body: JSON.stringify({ pauseMs: 150 }) });
    expect(started.status).toBe(202);
    const { code, output } = await runCli(['demo', '--url', url]);
    expect(code, output).toBe(0);
    expect(output).toContain(`The migration demo is already playing on ${url}; following it.`);
    const played = await run();
    expect(played.pauseMs).toBe(150);
    expect(printedSteps(output).map((s) => s.title)).toEqual(played.steps.map((s) => s.title));
  });

  it('exits 3 when nothing answers at the URL', async () => {
    const port = await freePort();
    const { code, output } = await runCli(['demo', '--url', `http://127.0.0.1:${port}`]);
    expect(code).toBe(3);
    expect(output).toContain(`demo: no sandbox answered at http://127.0.0.1:${port} (ECONNREFUSED).`);
  });

  it.each([
    [['--pause', 'soon'], `demo: --pause: 'soon' is not a whole number from 0 to ${MAX_PAUSE_MS}. Write digits only, e.g. --pause 0.`],
    [['--paus', '0'], 'demo: unknown flag --paus. Did you mean --pause? Run checkout-sandbox demo --help for every flag.'],
  ])('%j exits 2 naming the flag, with the usage', async (args, message) => {
    const { code, output } = await runCli(['demo', '--url', url, ...args]);
    expect(code).toBe(2);
    expect(output).toContain(message);
    expect(output).toContain('Usage: checkout-sandbox demo [--url URL] [--pause <ms>] [--admin-token TOKEN]');
  });
});
