/**
 * Addressing: path prefix, Host header and dedicated ports reach the same surface; each
 * surface's app is made on its first request.
 */
import { request as httpRequest } from 'node:http';
import { Hono } from 'hono';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENVIRONMENTS, SURFACES } from '../../src/hosts.js';
import type { SurfaceEnv } from '../../src/http/types.js';
import { openSandbox, openSandboxShell, useSandbox } from '../support/sandbox.js';

// Before the retired host's shutdown, so that every surface answers.
const sb = useSandbox({ port: 0, portPerHost: 'random', now: '2026-06-01T00:00:00Z' }, 'file');
beforeAll(async () => {
  await sb.listen();
});

/** The surface an unknown path landed on, read from its 404 message. */
async function landedOn(response: Response): Promise<string> {
  expect(response.status).toBe(404);
  const body = (await response.json()) as { error: { message?: string; error_description?: string } | string; error_description?: string };
  const text = JSON.stringify(body);
  const match = /on the (UAT|PROD) (auth|api|legacy|retired|frontend) surface/.exec(text);
  return match ? `${match[1]!.toLowerCase()}/${match[2]}` : text;
}

/** node:http, because fetch() may not let a caller choose the Host header. */
function getWithHost(port: number, host: string, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('gateway', () => {
  it.each(ENVIRONMENTS.flatMap((env) => SURFACES.filter((s) => s !== 'auth').map((surface) => [env, surface] as const)))(
    '%s/%s is reached the same way by prefix, Host header and dedicated port',
    async (env, surface) => {
      const byPrefix = await landedOn(await sb.fetch(`/${env}/${surface}/no/such/path`));
      expect(byPrefix).toBe(`${env}/${surface}`);

      const host = sb.hosts[env][surface].host;
      const port = Number(new URL(sb.baseUrl(env, surface)).port);
      const viaHost = await getWithHost(port, host, '/no/such/path');
      expect(viaHost.status).toBe(404);
      expect(viaHost.body).toContain(`on the ${env.toUpperCase()} ${surface} surface`);

      const dedicated = sb.dedicatedUrl(env, surface);
      expect(dedicated).not.toBeNull();
      const byPort = await landedOn(await fetch(`${dedicated}/no/such/path`));
      expect(byPort).toBe(`${env}/${surface}`);
    },
  );

  it('routes the shared api/auth host name to the api surface, which also serves the token path', async () => {
    expect(await landedOn(await sb.fetch('http://api.uat.walleydev.com/nope'))).toBe('uat/api');
    expect(sb.dedicatedUrl('uat', 'auth')).toBe(sb.dedicatedUrl('uat', 'api'));
  });

  it("routes the old loader's host name (an alias) to the frontend surface", async () => {
    const port = Number(new URL(sb.baseUrl('uat', 'frontend')).port);
    const response = await getWithHost(port, 'checkout-uat.collector.se', '/collector-checkout-loader.js');
    expect(response.status).toBe(200);
    expect(response.body).toContain('window.collector.checkout.api');
  });

  it('matches host names case-insensitively and ignores the port in the Host header', async () => {
    const port = Number(new URL(sb.baseUrl('prod', 'legacy')).port);
    const response = await getWithHost(port, 'API.Checkout.WalleyPay.com:443', '/nope');
    expect(response.body).toContain('on the PROD legacy surface');
  });

  it('strips the prefix, so the surface sees the real path', async () => {
    const response = await sb.fetch('/uat/legacy/merchants/1234/checkouts/abc/nothing-here');
    const text = await response.text();
    expect(text).toContain('/merchants/1234/checkouts/abc/nothing-here');
    expect(text).not.toContain('/uat/legacy/');
  });

  it('answers an unknown path in the surface envelope, naming env, surface and path', async () => {
    const response = await sb.fetch('/prod/api/does-not-exist');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    const body = (await response.json()) as {
      id: string;
      data: null;
      error: { code: number; message: string; errors: { reason: string }[] };
    };
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.data).toBeNull();
    expect(body.error.code).toBe(404);
    expect(body.error.message).toContain('PROD api surface');
    expect(body.error.message).toContain('/does-not-exist');
    expect(body.error.errors[0]?.reason).toBe('Resource_Not_Found');
  });

  it('explains how to address a surface when nothing matches', async () => {
    const response = await sb.fetch('/checkouts');
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('/__admin/hosts');
  });

  it('stamps every response with a Date header in sandbox time', async () => {
    sb.clock.set({ now: '2026-10-30T22:59:00Z', frozen: true });
    const response = await sb.fetch('/uat/api/nope');
    expect(response.headers.get('date')).toBe('Fri, 30 Oct 2026 22:59:00 GMT');
    sb.clock.set({ now: '2026-06-01T00:00:00Z', frozen: false });
  });

  it('lists every host with its local base URLs', async () => {
    const response = await sb.fetch('/__admin/hosts');
    expect(response.status).toBe(200);
    const { hosts } = (await response.json()) as {
      hosts: { env: string; surface: string; realHost: string; baseUrl: string; dedicatedUrl: string; placeholder: string }[];
    };
    expect(hosts).toHaveLength(10);
    expect(hosts.find((h) => h.env === 'uat' && h.surface === 'frontend')).toMatchObject({
      realHost: 'checkout.uat.walleydev.com',
      aliases: ['checkout-uat.collector.se'],
      baseUrl: sb.baseUrl('uat', 'frontend'),
    });
    expect(hosts.find((h) => h.env === 'uat' && h.surface === 'retired')).toMatchObject({
      realHost: 'checkout-api-uat.collector.se',
      placeholder: '{deprecated_base_url}',
      baseUrl: sb.baseUrl('uat', 'retired'),
      dedicatedUrl: sb.dedicatedUrl('uat', 'retired'),
    });
  });
});

describe('two sandboxes in one process', () => {
  it('share nothing: clock, state and configuration are per instance', async () => {
    const a = await openSandbox();
    const b = await openSandbox({ scenario: 'minimal' });
    a.clock.set({ now: '2026-01-01T00:00:00Z', frozen: true });
    expect(b.clock.isFrozen()).toBe(false);
    expect((await (await a.fetch('/__admin/health')).json()) as object).toMatchObject({ scenario: 'default' });
    expect((await (await b.fetch('/__admin/health')).json()) as object).toMatchObject({ scenario: 'minimal' });
    expect(a.snapshot().environments.uat.merchants.length).not.toBe(b.snapshot().environments.uat.merchants.length);
  });
});

describe('surface apps', () => {
  it('are made on their first request, once each: a start makes none', async () => {
    const made: string[] = [];
    const lazy = await openSandboxShell(
      { now: '2026-06-01T00:00:00Z' },
      {
        surfaces: (deps) => {
          made.push(`${deps.env}/${deps.surface}`);
          const app = new Hono<SurfaceEnv>();
          app.all('*', (c) => c.json({ surface: `${deps.env}/${deps.surface}` }));
          return app;
        },
      },
    );
    expect((await lazy.fetch('/__admin/health')).status).toBe(200);
    expect(made).toEqual([]);
    expect(await (await lazy.fetch('/prod/legacy/anything')).json()).toEqual({ surface: 'prod/legacy' });
    expect(await (await lazy.fetch('/prod/legacy/else')).json()).toEqual({ surface: 'prod/legacy' });
    expect(made).toEqual(['prod/legacy']);
  });
});
