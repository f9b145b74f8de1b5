/**
 * The admin plane's guard: without it, a cross-site "simple" request from any page could
 * reset the world, a DNS-rebinding page could read every SharedKey, and `--host 0.0.0.0`
 * would open /__admin to the LAN. The emulated surfaces stay open.
 */
import { describe, expect, it } from 'vitest';
import type { Sandbox, SandboxOptions } from '../../src/index.js';
import { openSandbox } from '../support/sandbox.js';
import { postForm, clientCredentials } from '../support/identity.js';

function sandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  return openSandbox({ now: '2026-06-01T00:00:00Z', ...options });
}

async function expectAdminError(response: Response, status: number, text: RegExp): Promise<void> {
  expect(response.status).toBe(status);
  const body = (await response.json()) as { error: { status: number; message: string } };
  expect(body.error.status).toBe(status);
  expect(body.error.message).toMatch(text);
}

describe('cross-site requests', () => {
  it('refuses the reset a page at another origin sends as text/plain, and nothing is reset', async () => {
    const s = await sandbox();
    await s.fetch('/__admin/clock', { method: 'PUT', body: '{"now": "2027-01-01T00:00:00Z", "frozen": true}' });
    const response = await s.fetch('/__admin/reset', {
      method: 'POST',
      headers: { 'content-type': 'text/plain', origin: 'http://evil.example' },
      body: '{}',
    });
    await expectAdminError(response, 403, /origin 'http:\/\/evil\.example'/);
    expect(s.clock.iso()).toBe('2027-01-01T00:00:00.000Z');
  });

  it.each([
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site (another port on localhost)', { 'sec-fetch-site': 'same-site' }],
    ['Origin: null (a sandboxed frame)', { origin: 'null' }],
    ['Origin of another port', { origin: 'http://127.0.0.1:3000' }],
    ['a Referer of another site and no Origin (older browsers)', { referer: 'http://evil.example/page.html' }],
  ])('refuses a read marked %s', async (_name, headers) => {
    const s = await sandbox();
    await expectAdminError(await s.fetch('/__admin/uat/merchants', { headers }), 403, /refused/);
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])(
    "refuses a browser's state change in the simple content type %s, even same-origin",
    async (contentType) => {
      const s = await sandbox();
      const response = await s.fetch('/__admin/clock/advance', {
        method: 'POST',
        headers: { 'content-type': contentType, 'sec-fetch-site': 'same-origin' },
        body: '{"seconds": 60}',
      });
      await expectAdminError(response, 403, /send application\/json/);
    },
  );

  it('accepts a same-origin JSON call, and curl-style calls without browser headers in any content type', async () => {
    const s = await sandbox();
    const origin = new URL(s.baseUrl('uat', 'api')).origin;
    const json = await s.fetch('/__admin/clock/advance', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin, 'sec-fetch-site': 'same-origin' },
      body: '{"seconds": 60}',
    });
    expect(json.status).toBe(200);
    // curl -d sends application/x-www-form-urlencoded; the README's examples rely on it.
    const curl = await s.fetch('/__admin/clock/advance', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '{"seconds": 60}',
    });
    expect(curl.status).toBe(200);
  });
});

describe('Host names (DNS rebinding)', () => {
  it('refuses a host name that is not the sandbox', async () => {
    const s = await sandbox();
    await expectAdminError(
      await s.fetch('http://rebind.evil.example:4010/__admin/uat/merchants'),
      403,
      /host name 'rebind\.evil\.example'/,
    );
  });

  it.each([
    'http://127.0.0.1:4010',
    'http://localhost:4010',
    'http://[::1]:4010',
    'http://api.uat.walleydev.com',
    'http://checkout-api.collector.se',
  ])('answers under %s', async (base) => {
    const s = await sandbox();
    expect((await s.fetch(`${base}/__admin/uat/merchants`)).status).toBe(200);
  });
});

describe('admin token', () => {
  const TOKEN = 'admin-secret-for-tests';

  it('is required on every admin call once configured, whatever the bind address', async () => {
    const s = await sandbox({ adminToken: TOKEN });
    await expectAdminError(await s.fetch('/__admin/uat/merchants'), 401, /Authorization: Bearer <token>/);
    await expectAdminError(await s.fetch('/__admin/uat/merchants', { headers: { authorization: 'Bearer wrong' } }), 401, /does not match/);
    await expectAdminError(await s.fetch('/__admin/no-such-call'), 401, /token/);
    const ok = await s.fetch('/__admin/uat/merchants', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('cache-control')).toBe('no-store');
  });

  it('leaves GET /__admin/health open for container health checks', async () => {
    const s = await sandbox({ adminToken: TOKEN });
    expect((await s.fetch('/__admin/health')).status).toBe(200);
    expect((await s.fetch('/__admin/health', { method: 'POST', body: '{}' })).status).toBe(401);
  });

  it('answers a probe of GET /__admin/health under any Host (a pod address, a node name), and nothing else there', async () => {
    for (const options of [{ adminToken: TOKEN }, {}]) {
      const s = await sandbox(options);
      for (const host of ['10.244.0.7:4010', 'node-3.cluster.internal', 'attacker.example']) {
        const health = await s.fetch(`http://${host}/__admin/health`);
        expect(health.status, host).toBe(200);
        expect(Object.keys((await health.json()) as object).sort()).toEqual(['clock', 'scenario', 'status']);
      }
      await expectAdminError(await s.fetch('http://10.244.0.7:4010/__admin/clock'), options.adminToken ? 401 : 403, /token|host name/);
    }
  });

  it('lets a token holder call under any host name (a LAN address, a container name)', async () => {
    const s = await sandbox({ adminToken: TOKEN });
    const response = await s.fetch('http://checkout-sandbox:4010/__admin/clock', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
  });

  it('leaves the emulated surfaces open: a token request needs no admin token', async () => {
    const s = await sandbox({ adminToken: TOKEN });
    expect((await postForm(s, 'uat', clientCredentials('uat'))).status).toBe(200);
  });
});

describe('the admin token in a browser (?token= once, then a cookie)', () => {
  const TOKEN = 'browser-admin-secret';

  it('a page opened with the right token: the cookie, and the same page without the token', async () => {
    const s = await sandbox({ adminToken: TOKEN });
    const response = await s.fetch(`/__admin/ui?token=${TOKEN}&tab=orders`);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/__admin/ui?tab=orders');
    expect(response.headers.get('set-cookie')).toBe(`checkout-sandbox-admin=${TOKEN}; Path=/__admin; HttpOnly; SameSite=Strict`);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('with the cookie, the control plane answers; with a wrong one, or none, it asks for the token', async () => {
    const s = await sandbox({ adminToken: TOKEN });
    expect((await s.fetch('/__admin/uat/merchants', { headers: { cookie: `theme=dark; checkout-sandbox-admin=${TOKEN}` } })).status).toBe(
      200,
    );
    await expectAdminError(
      await s.fetch('/__admin/uat/merchants', { headers: { cookie: 'checkout-sandbox-admin=guess' } }),
      401,
      /needs its token.*in a browser, open \/__admin\/ui\?token=<token> once/,
    );
    await expectAdminError(await s.fetch(`/__admin/ui?token=guess`), 401, /token in the URL does not match/);
  });

  it('an isolated sandbox keeps the cookie to its own control plane', async () => {
    const s = await sandbox({ adminToken: TOKEN });
    const isolated = await s.isolated();
    const response = await s.fetch(`/sandboxes/${isolated.id}/__admin/ui?token=${TOKEN}`);
    expect(response.status).toBe(303);
    expect(response.headers.get('set-cookie')).toContain(`; Path=/sandboxes/${isolated.id}/__admin;`);
  });

  it('a cross-site page cannot plant or use it', async () => {
    const s = await sandbox({ adminToken: TOKEN });
    await expectAdminError(await s.fetch(`/__admin/ui?token=${TOKEN}`, { headers: { 'sec-fetch-site': 'cross-site' } }), 403, /refused/);
    await expectAdminError(
      await s.fetch('/__admin/uat/merchants', { headers: { cookie: `checkout-sandbox-admin=${TOKEN}`, origin: 'http://evil.example' } }),
      403,
      /refused/,
    );
  });
});

describe('binding a non-loopback address', () => {
  it('refuses to listen on 0.0.0.0 without a token, naming the fix', async () => {
    const s = await sandbox({ host: '0.0.0.0', port: 0 });
    await expect(s.listen()).rejects.toThrow(/--admin-token .*SANDBOX_ADMIN_TOKEN.*--insecure-admin/);
  });

  it('listens on 0.0.0.0 with a token, or with --insecure-admin', async () => {
    const withToken = await sandbox({ host: '0.0.0.0', port: 0, adminToken: 'x-secret' });
    expect((await withToken.listen()).port).toBeGreaterThan(0);
    await withToken.close();
    const insecure = await sandbox({ host: '0.0.0.0', port: 0, insecureAdmin: true });
    expect((await insecure.listen()).port).toBeGreaterThan(0);
  });

  it('refuses an empty token', async () => {
    await expect(sandbox({ adminToken: '' })).rejects.toThrow(/adminToken/);
  });
});
