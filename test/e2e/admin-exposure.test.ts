/**
 * `npm start -- --host 0.0.0.0` must not open /__admin to the network without a word: it
 * refuses to start without an admin token, and with one the token is asked for.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { type Spawned, runCli, startSandbox } from '../support/spawn.js';

const running: Spawned[] = [];
afterAll(async () => {
  await Promise.all(running.map((s) => s.stop()));
});

describe('npm start on a non-loopback address', () => {
  it('refuses to start without an admin token, naming the flag, the variable and the way out', async () => {
    const { code, output } = await runCli(['--host', '0.0.0.0', '--port', '0', '--memory', '--log-level', 'silent']);
    expect(code).toBe(1);
    expect(output).toContain('--admin-token');
    expect(output).toContain('SANDBOX_ADMIN_TOKEN');
    expect(output).toContain('--insecure-admin');
  });

  it('starts with SANDBOX_ADMIN_TOKEN and asks for it on /__admin, not on the surfaces', async () => {
    const sandbox = await startSandbox(['--host', '0.0.0.0', '--memory'], { SANDBOX_ADMIN_TOKEN: 'e2e-admin-secret' });
    running.push(sandbox);
    const url = sandbox.url.replace('0.0.0.0', '127.0.0.1');
    expect((await fetch(`${url}/__admin/uat/merchants`)).status).toBe(401);
    expect((await fetch(`${url}/__admin/uat/merchants`, { headers: { authorization: 'Bearer e2e-admin-secret' } })).status).toBe(200);
    expect((await fetch(`${url}/__admin/health`)).status).toBe(200);
    expect((await fetch(`${url}/uat/api/no-such-path`)).status).toBe(404);
  });
});
