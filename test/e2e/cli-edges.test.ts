/**
 * The CLI's edges as a newcomer meets them: bad flag values, a busy port, a restart that
 * resumes an old experiment, and a sandbox that must be reached under another name.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SUBCOMMAND_NAMES } from '../../src/cli/commands.js';
import { runCli, type Spawned, spawnScope, startSandbox } from '../support/spawn.js';

const { dir, running } = spawnScope('sandbox-cli-edges-');

async function start(args: string[], env?: NodeJS.ProcessEnv): Promise<Spawned> {
  const spawned = await startSandbox(args, env);
  running.push(spawned);
  return spawned;
}

describe('bad flag values', () => {
  it.each([
    [['--port', 'abc'], "--port: 'abc' is not a port number. Use a whole number from 0 to 65535, e.g. --port 4010 (0 = any free port)."],
    [['--port', ''], "--port: '' is not a port number."],
    [['--port', '0x10'], "--port: '0x10' is not a port number."],
    [['--port', '70000'], "--port: '70000' is not a port number."],
    [
      ['--now', '2026-02-30T00:00:00Z'],
      "--now: '2026-02-30T00:00:00Z' is not an instant on the calendar. Use ISO-8601 with a day that exists, e.g. --now 2026-10-30T22:59:00Z.",
    ],
    [['--log-level', 'loud'], "--log-level: 'loud' is not a log level. Use one of: fatal, error, warn, info, debug, trace, silent"],
    [['--public-url', 'sandbox:4010'], "--public-url: 'sandbox:4010' is not an http(s) origin."],
    [['--log-level', 'warning'], "--log-level: 'warning' is not a log level. Did you mean 'warn'? Use one of: fatal,"],
    // In the CLI's words, with a suggestion, not parseArgs' own.
    [['--prot', '4011'], 'unknown flag --prot. Did you mean --port? Run with --help for every flag.'],
    [['--memroy'], 'unknown flag --memroy. Did you mean --memory? Run with --help for every flag.'],
    [['--frozen', 'yes'], "--frozen is a switch and takes no value: write --frozen alone, without 'yes'. Run with --help for every flag."],
    [['--reset=true'], '--reset is a switch and takes no value: write --reset alone. Run with --help for every flag.'],
    [['--port'], '--port needs a value, e.g. --port <value>. Run with --help for every flag.'],
    [['--scenario', 'minimla'], "unknown scenario 'minimla'. Did you mean 'minimal'? Known scenarios: default, minimal,"],
    [['--tls-port', '1'], '--tls-port only applies with HTTPS on; add --tls (or SANDBOX_TLS=1) to serve it.'],
  ])('%j exits 2 naming the flag, the accepted values and the fix', async (args, message) => {
    const { code, output } = await runCli(['--memory', ...args]);
    expect(code).toBe(2);
    expect(output).toContain(`checkout-sandbox: ${message}`);
    expect(output).not.toContain('received NaN');
    expect(output).not.toMatch(/Unexpected argument|positional arguments|Unknown option/);
  });

  it.each([
    [['sing'], `checkout-sandbox: unknown command 'sing'. Did you mean 'sign'? Commands: ${SUBCOMMAND_NAMES.join(', ')};`],
    [['start'], `checkout-sandbox: unknown command 'start'. Commands: ${SUBCOMMAND_NAMES.join(', ')}; without one it starts the sandbox`],
    [['sign', '--pth', '/checkout'], 'sign: unknown flag --pth. Did you mean --path? Run checkout-sandbox sign --help for every flag.'],
    [
      ['hosts', '--adress', '10.0.0.1'],
      'hosts: unknown flag --adress. Did you mean --address? Run checkout-sandbox hosts --help for every flag.',
    ],
  ])('%j: a mistyped command or subcommand flag exits 2 with a suggestion', async (args, message) => {
    const { code, output } = await runCli(args);
    expect(code).toBe(2);
    expect(output).toContain(message);
  });
});

describe('a busy port', () => {
  it('names the port and suggests --port 0', async () => {
    const first = await start(['--memory']);
    const port = new URL(first.url).port;
    const { code, output } = await runCli(['--memory', '--port', port, '--log-level', 'warn']);
    expect(code).toBe(1);
    expect(output).toContain(`checkout-sandbox: port ${port} on 127.0.0.1 is already in use (another sandbox?).`);
    expect(output).toContain('or --port 0 for a free port');
    expect(output).not.toMatch(/^Error: listen EADDRINUSE/m);
  });
});

describe('resumed state in the banner', () => {
  it('says the state was resumed, what differs from the scenario and how to start clean', async () => {
    const state = join(dir, 'resume.json');
    const fresh = await start(['--state', state]);
    expect(fresh.output()).not.toContain('resumed:');
    expect((await fetch(`${fresh.url}/__admin/tokens`, { method: 'PATCH', body: '{"lifetimeSeconds":300}' })).status).toBe(200);
    await fetch(`${fresh.url}/__admin/clock`, { method: 'PUT', body: '{"now":"2026-10-30T22:59:00Z","frozen":true}' });
    expect(await fresh.stop()).toBe(0);

    const resumed = await start(['--state', state]);
    const output = resumed.output();
    expect(output).toContain(`resumed:  saved state from ${state}, clock included; start clean with --reset (or --memory)`);
    expect(output).toContain('changed:  tokens.lifetimeSeconds: 3599 in the scenario, 300 now');
    expect(output).toContain('clock:    2026-10-30T22:59:00.000Z (frozen)');
    expect(await resumed.stop()).toBe(0);

    const clean = await start(['--state', state, '--reset']);
    expect(clean.output()).not.toContain('resumed:');
    expect(await (await fetch(`${clean.url}/__admin/tokens`)).json()).toMatchObject({ lifetimeSeconds: 3599 });
  });
});

describe('--public-url', () => {
  it('writes the public origin into discovery, hints, /__admin/hosts and the banner', async () => {
    const sandbox = await start(['--memory', '--public-url', 'http://sandbox.test:4010/']);
    expect(sandbox.output()).toContain('public:   http://sandbox.test:4010 (written into answers instead of the listen address)');
    expect(sandbox.output()).toContain('{base_url}            http://sandbox.test:4010/uat/api');

    const discovery = await fetch(`${sandbox.url}/uat/auth/b5e2c8a1-4f3d-4e6b-9a72-1d8c3f5e7a90/v2.0/.well-known/openid-configuration`);
    expect(discovery.status).toBe(200);
    const document = (await discovery.json()) as Record<string, string>;
    expect(document.token_endpoint).toBe('http://sandbox.test:4010/uat/auth/oauth2/v2.0/token');
    expect(document.jwks_uri?.startsWith('http://sandbox.test:4010/uat/auth/')).toBe(true);

    const unauthorised = await fetch(`${sandbox.url}/uat/api/checkouts/0b7d6a52-1f0e-4c1e-9a11-5d2a1c3e4f01`);
    expect(unauthorised.status).toBe(401);
    expect(await unauthorised.text()).toContain('http://sandbox.test:4010/uat/auth/oauth2/v2.0/token');

    const hosts = (await (await fetch(`${sandbox.url}/__admin/hosts`)).json()) as {
      hosts: { env: string; surface: string; baseUrl: string }[];
    };
    expect(hosts.hosts.find((h) => h.env === 'prod' && h.surface === 'legacy')?.baseUrl).toBe('http://sandbox.test:4010/prod/legacy');
  });

  it('is read from SANDBOX_PUBLIC_URL too', async () => {
    const sandbox = await start(['--memory'], { SANDBOX_PUBLIC_URL: 'https://checkout.internal' });
    const hosts = (await (await fetch(`${sandbox.url}/__admin/hosts`)).json()) as { hosts: { baseUrl: string }[] };
    expect(hosts.hosts[0]?.baseUrl).toBe('https://checkout.internal/uat/auth');
  });
});
