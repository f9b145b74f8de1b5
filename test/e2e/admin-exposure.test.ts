/**
 * `npm start -- --host 0.0.0.0` must not open /__admin to the network without a word, and
 * the Dockerfile's own `docker run` line must start: the CLI makes a token for the start and
 * prints it, as Jupyter does. The emulated API answers at once, /__admin asks for the token.
 * An empty token is a usage error (exit 2); the library, which has no banner to print a token
 * in, refuses the bind with an OptionError.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { openSandbox } from '../support/sandbox.js';
import { OptionError } from '../../src/config.js';
import { type Spawned, runCli, startSandbox } from '../support/spawn.js';

const running: Spawned[] = [];
afterAll(async () => {
  await Promise.all(running.map((s) => s.stop()));
});

const local = (sandbox: Spawned): string => sandbox.url.replace('0.0.0.0', '127.0.0.1');

describe('npm start on a non-loopback address', () => {
  it('without a token: makes one, prints it with how to choose one, and asks for it on /__admin only', async () => {
    const sandbox = await startSandbox(['--host', '0.0.0.0', '--memory'], { SANDBOX_ADMIN_TOKEN: '' });
    running.push(sandbox);
    const token = /admin: {4}\/__admin needs 'Authorization: Bearer ([A-Za-z0-9_-]{32})'/.exec(sandbox.output())?.[1];
    expect(token, sandbox.output()).toBeDefined();
    expect(sandbox.output()).toContain('choose your own with --admin-token <secret> or SANDBOX_ADMIN_TOKEN=<secret>');
    const url = local(sandbox);
    // The emulated API works at once; the control plane needs the printed token.
    expect((await fetch(`${url}/uat/api/no-such-path`)).status).toBe(404);
    expect((await fetch(`${url}/__admin/uat/merchants`)).status).toBe(401);
    expect((await fetch(`${url}/__admin/uat/merchants`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    expect((await fetch(`${url}/__admin/health`)).status).toBe(200);
  });

  it('makes a new token every start', async () => {
    const tokens = [];
    for (let i = 0; i < 2; i++) {
      const sandbox = await startSandbox(['--host', '0.0.0.0', '--memory'], { SANDBOX_ADMIN_TOKEN: '' });
      tokens.push(/Bearer ([A-Za-z0-9_-]{32})/.exec(sandbox.output())?.[1]);
      await sandbox.stop();
    }
    expect(tokens[0]).toBeDefined();
    expect(tokens[0]).not.toBe(tokens[1]);
  });

  it('with SANDBOX_ADMIN_TOKEN: uses it, and prints no token', async () => {
    const sandbox = await startSandbox(['--host', '0.0.0.0', '--memory'], { SANDBOX_ADMIN_TOKEN: 'e2e-admin-secret' });
    running.push(sandbox);
    expect(sandbox.output()).not.toContain('e2e-admin-secret');
    const url = local(sandbox);
    expect((await fetch(`${url}/__admin/uat/merchants`)).status).toBe(401);
    expect((await fetch(`${url}/__admin/uat/merchants`, { headers: { authorization: 'Bearer e2e-admin-secret' } })).status).toBe(200);
    expect((await fetch(`${url}/uat/api/no-such-path`)).status).toBe(404);
  });

  it('with --insecure-admin: no token', async () => {
    const sandbox = await startSandbox(['--host', '0.0.0.0', '--memory', '--insecure-admin'], { SANDBOX_ADMIN_TOKEN: '' });
    running.push(sandbox);
    expect(sandbox.output()).not.toContain('Bearer');
    expect((await fetch(`${local(sandbox)}/__admin/uat/merchants`)).status).toBe(200);
  });

  it('on loopback: no token', async () => {
    const sandbox = await startSandbox(['--memory'], { SANDBOX_ADMIN_TOKEN: '' });
    running.push(sandbox);
    expect(sandbox.output()).not.toContain('admin:');
  });

  it('an empty --admin-token is a usage error: exit 2, naming it', async () => {
    const { code, output } = await runCli(['--host', '0.0.0.0', '--port', '0', '--memory', '--admin-token', '']);
    expect(code).toBe(2);
    expect(output).toContain("option adminToken: '' is not accepted: an empty admin token would let anyone in");
  });
});

describe('the library on a non-loopback address', () => {
  it('refuses to listen without a token: an OptionError naming adminToken and insecureAdmin', async () => {
    const sandbox = await openSandbox({ host: '0.0.0.0' });
    const refused = await sandbox.listen().then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(OptionError);
    expect((refused as Error).message).toMatch(
      /^option host: '0\.0\.0\.0' opens the admin plane .* adminToken: '<secret>' .* insecureAdmin: true \(the CLI's --insecure-admin\)\.$/,
    );
  });
});
