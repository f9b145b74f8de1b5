/**
 * The sandbox as a newcomer runs it: `npm start`, real sockets, real files.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli, type Spawned, spawnScope, startSandbox } from '../support/spawn.js';

const { dir, running } = spawnScope('sandbox-cli-');

async function start(args: string[], env?: NodeJS.ProcessEnv): Promise<Spawned> {
  const spawned = await startSandbox(args, env);
  running.push(spawned);
  return spawned;
}

describe('npm start', () => {
  it('serves health and prints a banner whose URLs work', async () => {
    // Before the retired host's shutdown, so every banner URL answers.
    const sandbox = await start(['--memory', '--now', '2026-06-01T00:00:00Z']);
    // Informational, never asserted: speed is measured in bench/.
    console.info(`spawn → banner: ${sandbox.readyMs.toFixed(0)} ms`);
    const health = await fetch(`${sandbox.url}/__admin/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', scenario: 'default' });

    const urls = [...sandbox.output().matchAll(/(http:\/\/[\d.]+:\d+\/(uat|prod)\/(auth|api|legacy|retired))/g)].map((m) => m[1]!);
    expect(urls).toHaveLength(8);
    for (const base of urls) {
      // Every banner URL reaches its surface: an unknown path answers that surface's 404 envelope.
      const response = await fetch(`${base}/no-such-path`);
      expect(response.status).toBe(404);
      const body = (await response.json()) as Record<string, unknown>;
      expect(JSON.stringify(body)).toContain('/no-such-path');
    }
  });

  it('keeps changed state across a restart with the state file, and not with --memory', async () => {
    const state = join(dir, 'state.json');
    const first = await start(['--state', state, '--reset']);
    const put = await fetch(`${first.url}/__admin/clock`, {
      method: 'PUT',
      body: JSON.stringify({ now: '2026-10-30T22:59:00Z', frozen: true }),
    });
    expect(put.status).toBe(200);
    const reset = await fetch(`${first.url}/__admin/reset`, { method: 'POST', body: JSON.stringify({ scenario: 'minimal' }) });
    expect(reset.status).toBe(200);
    await fetch(`${first.url}/__admin/clock`, { method: 'PUT', body: JSON.stringify({ now: '2026-10-30T22:59:00Z', frozen: true }) });
    expect(await first.stop('SIGTERM')).toBe(0);

    const second = await start(['--state', state]);
    expect(await (await fetch(`${second.url}/__admin/clock`)).json()).toEqual({ now: '2026-10-30T22:59:00.000Z', frozen: true });
    expect(await (await fetch(`${second.url}/__admin/health`)).json()).toMatchObject({ scenario: 'minimal' });
    expect(await second.stop('SIGINT')).toBe(0);

    const memory = await start(['--memory']);
    const clock = (await (await fetch(`${memory.url}/__admin/clock`)).json()) as { now: string; frozen: boolean };
    expect(clock.frozen).toBe(false);
    expect(clock.now).not.toBe('2026-10-30T22:59:00.000Z');
    expect(await (await fetch(`${memory.url}/__admin/health`)).json()).toMatchObject({ scenario: 'default' });
  });

  it('--memory writes nothing: a later start on a file does not see its changes', async () => {
    const state = join(dir, 'memory-check.json');
    const memory = await start(['--memory', '--state', state]);
    await fetch(`${memory.url}/__admin/clock`, { method: 'PUT', body: JSON.stringify({ now: '2030-01-01T00:00:00Z', frozen: true }) });
    expect(await memory.stop()).toBe(0);
    const file = await start(['--state', state]);
    const clock = (await (await fetch(`${file.url}/__admin/clock`)).json()) as { now: string };
    expect(clock.now.startsWith('2030')).toBe(false);
  });

  it('takes the clock from --now/--frozen and from SANDBOX_NOW', async () => {
    const flagged = await start(['--memory', '--now', '2026-10-30T22:59:00Z', '--frozen']);
    expect(await (await fetch(`${flagged.url}/__admin/clock`)).json()).toEqual({ now: '2026-10-30T22:59:00.000Z', frozen: true });
    const fromEnv = await start(['--memory', '--frozen'], { SANDBOX_NOW: '2026-01-02T03:04:05Z' });
    expect(await (await fetch(`${fromEnv.url}/__admin/clock`)).json()).toEqual({ now: '2026-01-02T03:04:05.000Z', frozen: true });
    const response = await fetch(`${fromEnv.url}/__admin/health`);
    expect(response.headers.get('date')).toBe('Fri, 02 Jan 2026 03:04:05 GMT');
  });

  it('bounds a shared sandbox from the command line: isolated sandboxes, their idle time, the journal', async () => {
    const flagged = await start(['--memory', '--max-sandboxes', '1', '--sandbox-idle-ms', '600000', '--journal-size', '2']);
    const made = await fetch(`${flagged.url}/__admin/sandboxes`, { method: 'POST', body: '{}' });
    expect(made.status).toBe(201);
    const another = await fetch(`${flagged.url}/__admin/sandboxes`, { method: 'POST', body: '{}' });
    expect(another.status).toBe(429);
    expect(await (await fetch(`${flagged.url}/__admin/sandboxes`)).json()).toMatchObject({ max: 1, idleMs: 600000 });
    for (let i = 0; i < 3; i += 1) await fetch(`${flagged.url}/__admin/clock`);
    expect(((await (await fetch(`${flagged.url}/__admin/requests`)).json()) as { requests: unknown[] }).requests).toHaveLength(2);

    // The same from the environment; a flag wins over its variable.
    const fromEnv = await start(['--memory', '--max-sandboxes', '3'], {
      SANDBOX_MAX_SANDBOXES: '1',
      SANDBOX_IDLE_MS: '1000',
      SANDBOX_JOURNAL_SIZE: '5',
    });
    expect(await (await fetch(`${fromEnv.url}/__admin/sandboxes`)).json()).toMatchObject({ max: 3, idleMs: 1000 });

    const bad = await runCli(['--memory', '--journal-size', '0']);
    expect(bad.code).toBe(2);
    expect(bad.output).toContain(
      "--journal-size: '0' is not a whole number from 1 to 1000000. Write digits only, e.g. --journal-size 200.",
    );
    const badEnv = await runCli(['--memory'], { SANDBOX_IDLE_MS: '30m' });
    expect(badEnv.code).toBe(2);
    expect(badEnv.output).toContain("env SANDBOX_IDLE_MS: '30m' is not a whole number");
  });

  it('stops with a precise message when a scenario file is malformed', async () => {
    const bad = join(dir, 'bad.yaml');
    writeFileSync(
      bad,
      [
        'name: bad',
        'environments:',
        '  uat:',
        '    merchants:',
        '      - id: 1',
        '        name: Broken',
        '        stores: [{ id: 1, countryCode: SE, currency: 12 }]',
        '        sharedKey: { username: u }',
      ].join('\n'),
    );
    const { code, output } = await runCli(['--memory', '--scenario', bad]);
    expect(code).not.toBe(0);
    expect(output).toContain(bad);
    expect(output).toContain('environments.uat.merchants[0].stores[0].currency');
    expect(output).toContain('environments.uat.merchants[0].sharedKey.key');
  });

  it('rejects an unknown scenario name, listing the known ones, as a usage error (exit 2)', async () => {
    const { code, output } = await runCli(['--memory', '--scenario', 'no-such-scenario']);
    expect(code).toBe(2);
    expect(output).toMatch(/unknown scenario 'no-such-scenario'\. Known scenarios: .*default/);
  });

  it('prints help', async () => {
    const { code, output } = await runCli(['--help']);
    expect(code).toBe(0);
    expect(output).toContain('--port-per-host');
  });
});

describe('npx checkout-sandbox', () => {
  it('runs the same CLI through the package bin', async () => {
    const { spawn } = await import('node:child_process');
    const child = spawn(process.execPath, ['bin/checkout-sandbox.mjs', '--help'], { cwd: ROOT });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(0);
    expect(output).toContain('checkout-sandbox');
    expect(output).toContain('--scenario');
  });
});

describe('request log', () => {
  it('writes one pino line per request with env, surface, method, path, status and ms', async () => {
    const sandbox = await start(['--memory', '--log-level', 'info', '--now', '2026-06-01T00:00:00Z', '--frozen']);
    await fetch(`${sandbox.url}/uat/legacy/nothing`);
    // pino writes asynchronously: wait (bounded) for the line rather than for a fixed time.
    const find = (): Record<string, unknown> | undefined =>
      sandbox
        .output()
        .split('\n')
        .filter((l) => l.startsWith('{') && l.endsWith('}')) // a chunk may end mid-line
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .find((entry) => entry.path === '/nothing');
    let line = find();
    for (let i = 0; i < 100 && !line; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      line = find();
    }
    expect(line).toMatchObject({ env: 'uat', surface: 'legacy', method: 'GET', path: '/nothing', status: 404, msg: 'request' });
    expect(typeof line?.ms).toBe('number');
    expect(line?.time).toBe('2026-06-01T00:00:00.000Z');
  });
});
