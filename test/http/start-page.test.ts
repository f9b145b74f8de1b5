/**
 * GET / on the main port, where a newcomer looks first. A browser gets a page linking the dashboard, the API reference, the hosts and
 * every base URL; a program gets the same as JSON; and the links work.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ENVIRONMENTS, SURFACES } from '../../src/hosts.js';
import { useSandbox } from '../support/sandbox.js';

const sb = useSandbox({}, 'file');
let origin: string;
beforeAll(async () => {
  origin = (await sb.listen()).url;
});

describe('GET /', () => {
  it('answers a browser with a page that links the dashboard, the reference, the hosts and the base URLs', async () => {
    const response = await fetch(`${origin}/`, { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('vary')).toBe('accept');
    const page = await response.text();
    for (const href of [`${origin}/__admin/ui`, `${origin}/__admin/ui?demo=migration`, `${origin}/__admin/docs`, `${origin}/__admin/hosts`])
      expect(page).toContain(`<a href="${href}">`);
    for (const env of ENVIRONMENTS) for (const surface of SURFACES) expect(page).toContain(`<a href="${sb.baseUrl(env, surface)}">`);
    expect(page).toContain('api.checkout.uat.walleydev.com');
  });

  it('answers a program with the same links as JSON, and every link answers 200', async () => {
    const response = await fetch(`${origin}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const links = (await response.json()) as Record<string, unknown> & { baseUrls: Record<string, Record<string, string>> };
    expect(links).toMatchObject({
      name: 'checkout-sandbox',
      dashboard: `${origin}/__admin/ui`,
      migrationDemo: `${origin}/__admin/ui?demo=migration`,
      apiReference: `${origin}/__admin/docs`,
      hosts: `${origin}/__admin/hosts`,
      openapi: `${origin}/__admin/openapi.json`,
      health: `${origin}/__admin/health`,
    });
    expect(links.baseUrls.uat?.legacy).toBe(`${origin}/uat/legacy`);
    expect(links.baseUrls.prod?.api).toBe(`${origin}/prod/api`);
    for (const key of ['dashboard', 'migrationDemo', 'apiReference', 'hosts', 'openapi', 'health']) {
      expect((await fetch(String(links[key]))).status, key).toBe(200);
    }
  });

  it('answers HEAD without a body, and other methods and paths with the 404 that points here', async () => {
    const head = await fetch(`${origin}/`, { method: 'HEAD', headers: { accept: 'text/html' } });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const post = await fetch(`${origin}/`, { method: 'POST' });
    expect(post.status).toBe(404);
    const elsewhere = await fetch(`${origin}/checkouts`);
    expect(elsewhere.status).toBe(404);
    const body = (await elsewhere.json()) as { error: { message: string } };
    expect(body.error.message).toContain('/ in a browser links them and the dashboard');
    expect(body.error.message).not.toMatch(/docs\/|\.md\b/);
  });

  it('is the isolated world’s own under its prefix', async () => {
    const isolated = await sb.isolated();
    try {
      const links = (await (await fetch(`${origin}/sandboxes/${isolated.id}/`)).json()) as {
        dashboard: string;
        baseUrls: { uat: { api: string } };
      };
      expect(links.dashboard).toBe(`${origin}/sandboxes/${isolated.id}/__admin/ui`);
      expect(links.baseUrls.uat.api).toBe(isolated.baseUrl('uat', 'api'));
    } finally {
      await isolated.close();
    }
  });
});

describe('GET /favicon.ico', () => {
  it('answers an icon, so a browser on the dashboard or the start page logs no 404', async () => {
    const response = await fetch(`${origin}/favicon.ico`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(await response.text()).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    const head = await fetch(`${origin}/favicon.ico`, { method: 'HEAD' });
    expect([head.status, await head.text()]).toEqual([200, '']);
  });
});
