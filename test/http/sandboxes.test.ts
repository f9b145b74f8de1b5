/**
 * Isolated sandboxes for parallel CI: 50 workers, each in its own sandbox made
 * over HTTP on one listening sandbox, initialize checkouts, move their own clocks, buy and
 * capture; none may see another's data or clock. Then deletion, idle expiry, header
 * addressing, the admin guard on isolated admin paths, the limit, and sandbox.isolated().
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { openSandbox, useSandbox } from '../support/sandbox.js';

const WORKERS = 50;
const CLIENT = {
  grant_type: 'client_credentials',
  client_id: '6f1e2d3c-4b5a-4978-8a1b-2c3d4e5f6a01',
  client_secret: 'uat-secret-nordic-outdoor-0001',
  scope: '705798e0-8cef-427c-ae00-6023deba29af/.default',
};
const INIT = {
  storeId: '1234',
  countryCode: 'SE',
  merchantTermsUri: 'https://shop.example/terms',
  cart: { items: [{ id: 'TENT-2P', description: 'Two-person tent', unitPrice: '2499.00', quantity: 1, vat: 25 }] },
};

interface Made {
  id: string;
  baseUrls: { uat: Record<string, string>; prod: Record<string, string>; admin: string };
}

const json = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

async function expectJson<T>(response: Response, status: number): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as T;
}

async function token(authBase: string): Promise<string> {
  const response = await fetch(`${authBase}/oauth2/v2.0/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(CLIENT).toString(),
  });
  return (await expectJson<{ access_token: string }>(response, 200)).access_token;
}

describe('50 parallel workers, each in an isolated sandbox over HTTP', () => {
  const sb = useSandbox({ port: 0, now: '2026-01-01T00:00:00Z', frozen: true }, 'file');
  let url = '';
  beforeAll(async () => {
    ({ url } = await sb.listen());
  });

  interface Worker {
    made: Made;
    bearer: string;
    privateId: string;
    orderId: string;
    clock: string;
  }

  /** One worker: its own sandbox, a day of its own on the clock, a checkout, a purchase, a capture. */
  async function work(index: number): Promise<Worker> {
    const start = `2027-0${1 + (index % 9)}-${String(1 + (index % 28)).padStart(2, '0')}T${String(index % 24).padStart(2, '0')}:00:00.000Z`;
    const made = await expectJson<Made>(await fetch(`${url}/__admin/sandboxes`, json({ now: start, frozen: true })), 201);
    const bearer = `Bearer ${await token(made.baseUrls.uat.auth!)}`;
    const headers = { authorization: bearer, 'content-type': 'application/json' };
    const init = await fetch(`${made.baseUrls.uat.api}/checkouts`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ ...INIT, reference: `W-${index}` }),
    });
    const { privateId } = (await expectJson<{ data: { privateId: string } }>(init, 200)).data;
    const bought = await expectJson<{ orderId: string }>(
      await fetch(`${made.baseUrls.admin}/uat/checkouts/${privateId}/purchase`, json({})),
      200,
    );
    // Each worker moves its own clock by its own amount.
    await expectJson(await fetch(`${made.baseUrls.admin}/clock/advance`, json({ seconds: 60 * (index + 1) })), 200);
    const capture = await fetch(`${made.baseUrls.uat.api}/manage/orders/${bought.orderId}/capture`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ amount: '2499.00' }),
    });
    expect(capture.status, await capture.text()).toBe(202);
    const clock = new Date(Date.parse(start) + 60_000 * (index + 1)).toISOString();
    return { made, bearer, privateId, orderId: bought.orderId, clock };
  }

  it('never see each other’s data or clock', async () => {
    const started = performance.now();
    const workers = await Promise.all(Array.from({ length: WORKERS }, (_, i) => work(i)));
    const elapsed = performance.now() - started;
    // The figure the docs quote; generous bound so a loaded CI machine does not flake.
    console.info(`50 isolated sandboxes: created and exercised in ${Math.round(elapsed)} ms`);
    expect(new Set(workers.map((w) => w.made.id)).size).toBe(WORKERS);

    await Promise.all(
      workers.map(async (w, i) => {
        const other = workers[(i + 1) % WORKERS]!;
        // The clock stayed where this worker set it, whatever the other 49 did.
        expect(await expectJson(await fetch(`${w.made.baseUrls.admin}/clock`), 200)).toEqual({ now: w.clock, frozen: true });
        // Its own checkout and order, and only those.
        // (The scenario seeds a few checkouts of its own; the workers' references start with W-.)
        const list = await expectJson<{ checkouts: { privateId: string; reference: string | null }[] }>(
          await fetch(`${w.made.baseUrls.admin}/uat/checkouts`),
          200,
        );
        const ours = list.checkouts.filter((c) => (c.reference ?? '').startsWith('W-'));
        expect(ours).toEqual([expect.objectContaining({ privateId: w.privateId, reference: `W-${i}` })]);
        const order = await fetch(`${w.made.baseUrls.uat.api}/manage/orders/${w.orderId}`, { headers: { authorization: w.bearer } });
        expect((await expectJson<{ data: { status: string } }>(order, 200)).data.status).toBe('Activated');
        // Another worker's checkout and order do not exist here.
        const foreign = await fetch(`${w.made.baseUrls.uat.api}/checkouts/${other.privateId}`, { headers: { authorization: w.bearer } });
        expect(foreign.status).toBe(404);
        const foreignOrder = await fetch(`${w.made.baseUrls.uat.api}/manage/orders/${other.orderId}`, {
          headers: { authorization: w.bearer },
        });
        expect(foreignOrder.status).toBe(404);
      }),
    );

    // The main world saw none of it: no checkouts, and its frozen clock did not move.
    const main = await expectJson<{ checkouts: { reference: string | null }[] }>(await fetch(`${url}/__admin/uat/checkouts`), 200);
    expect(main.checkouts.filter((c) => (c.reference ?? '').startsWith('W-'))).toEqual([]);
    expect(sb.clock.iso()).toBe('2026-01-01T00:00:00.000Z');

    const listed = await expectJson<{
      sandboxes: { id: string; clock: { now: string }; scenario: string; created: string; lastUsed: string }[];
    }>(await fetch(`${url}/__admin/sandboxes`), 200);
    expect(listed.sandboxes).toHaveLength(WORKERS);
    const first = listed.sandboxes.find((s) => s.id === workers[0]!.made.id)!;
    expect(first).toMatchObject({ scenario: 'default', clock: { now: workers[0]!.clock, frozen: true } });
    expect(Date.parse(first.lastUsed)).toBeGreaterThanOrEqual(Date.parse(first.created));

    await Promise.all(
      workers.map(async (w) => expectJson(await fetch(`${url}/__admin/sandboxes/${w.made.id}`, { method: 'DELETE' }), 200)),
    );
  }, 60_000);

  it('gives base URLs for every environment and surface, and the admin base', async () => {
    const response = await fetch(`${url}/__admin/sandboxes`, json({}));
    const location = response.headers.get('location');
    const made = await expectJson<Made>(response, 201);
    expect(made.id).toMatch(/^sb-[0-9a-f]{16}$/);
    // The id without a JSON parser: the Location names the sandbox as DELETE takes it.
    expect(location).toBe(`/__admin/sandboxes/${made.id}`);
    for (const env of ['uat', 'prod'] as const) {
      for (const surface of ['auth', 'api', 'legacy', 'retired', 'frontend'])
        expect(made.baseUrls[env][surface]).toBe(`${url}/sandboxes/${made.id}/${env}/${surface}`);
    }
    expect(made.baseUrls.admin).toBe(`${url}/sandboxes/${made.id}/__admin`);
    // Answers of the isolated world point into it (the discovery document's token endpoint).
    const discovery = await expectJson<{ token_endpoint: string }>(
      await fetch(`${made.baseUrls.uat.auth}/b5e2c8a1-4f3d-4e6b-9a72-1d8c3f5e7a90/v2.0/.well-known/openid-configuration`),
      200,
    );
    expect(discovery.token_endpoint.startsWith(`${url}/sandboxes/${made.id}/uat/auth/`)).toBe(true);
    await fetch(`${url}/__admin/sandboxes/${made.id}`, { method: 'DELETE' });
  });

  it('answers 404 naming the id once deleted, on surfaces, admin and the header', async () => {
    const made = await expectJson<Made>(await fetch(`${url}/__admin/sandboxes`, json({ scenario: 'minimal' })), 201);
    expect(await expectJson(await fetch(`${made.baseUrls.admin}/health`), 200)).toMatchObject({ scenario: 'minimal' });
    await expectJson(await fetch(`${url}/__admin/sandboxes/${made.id}`, { method: 'DELETE' }), 200);

    const surface = await expectJson<{ error: { code: number; message: string } }>(
      await fetch(`${made.baseUrls.uat.api}/checkouts/x`),
      404,
    );
    expect(surface.error.message).toContain(`'${made.id}'`);
    const admin = await expectJson<{ error: { status: number; message: string } }>(await fetch(`${made.baseUrls.admin}/clock`), 404);
    expect(admin.error).toMatchObject({ status: 404 });
    expect(admin.error.message).toContain(made.id);
    const header = await fetch(`${url}/uat/api/checkouts/x`, { headers: { 'x-sandbox-id': made.id } });
    expect(header.status).toBe(404);
    expect(await header.text()).toContain(made.id);
    expect((await fetch(`${url}/__admin/sandboxes/${made.id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('addresses a sandbox by the X-Sandbox-Id header, with the prefix and Host-header forms', async () => {
    const made = await expectJson<Made>(await fetch(`${url}/__admin/sandboxes`, json({ now: '2030-05-05T05:05:05Z', frozen: true })), 201);
    const viaHeader = await fetch(`${url}/__admin/clock`, { headers: { 'x-sandbox-id': made.id } });
    expect(await expectJson(viaHeader, 200)).toEqual({ now: '2030-05-05T05:05:05.000Z', frozen: true });
    // The Date header is the isolated world's sandbox time.
    const issued = await fetch(`${url}/uat/auth/oauth2/v2.0/token`, {
      method: 'POST',
      headers: { 'x-sandbox-id': made.id, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(CLIENT).toString(),
    });
    expect(issued.status).toBe(200);
    expect(issued.headers.get('date')).toBe('Sun, 05 May 2030 05:05:05 GMT');
    const bearer = `Bearer ${((await issued.json()) as { access_token: string }).access_token}`;
    const created = await fetch(`${made.baseUrls.uat.api}/checkouts`, {
      method: 'POST',
      headers: { authorization: bearer, 'content-type': 'application/json' },
      body: JSON.stringify(INIT),
    });
    const { privateId } = (await expectJson<{ data: { privateId: string } }>(created, 200)).data;
    // Header + the prefix form finds it; without the header the main world does not.
    expect(
      (await fetch(`${url}/uat/api/checkouts/${privateId}`, { headers: { authorization: bearer, 'x-sandbox-id': made.id } })).status,
    ).toBe(200);
    const mainBearer = `Bearer ${await token(`${url}/uat/auth`)}`;
    expect((await fetch(`${url}/uat/api/checkouts/${privateId}`, { headers: { authorization: mainBearer } })).status).toBe(404);
    await fetch(`${url}/__admin/sandboxes/${made.id}`, { method: 'DELETE' });
  });

  it('takes only shipped scenario names and valid instants', async () => {
    const path = await expectJson<{ error: { message: string } }>(
      await fetch(`${url}/__admin/sandboxes`, json({ scenario: '../../etc/passwd' })),
      400,
    );
    expect(path.error.message).toContain('unknown scenario');
    await expectJson(await fetch(`${url}/__admin/sandboxes`, json({ now: 'tomorrow' })), 400);
    await expectJson(await fetch(`${url}/__admin/sandboxes`, json({ colour: 'red' })), 400);
  });

  it('does not nest: an isolated admin plane has no /__admin/sandboxes', async () => {
    const made = await expectJson<Made>(await fetch(`${url}/__admin/sandboxes`, json({})), 201);
    const nested = await expectJson<{ error: { message: string } }>(await fetch(`${made.baseUrls.admin}/sandboxes`, json({})), 404);
    expect(nested.error.message).toContain('do not nest');
    await fetch(`${url}/__admin/sandboxes/${made.id}`, { method: 'DELETE' });
  });
});

describe('limits, expiry and the guard', () => {
  it('expires idle sandboxes after the configured real-time period', async () => {
    // Idle time is real time by design, so this test waits in real time: two uses 600 ms apart
    // outlive a 1 s period only because each use restarts it, with room for a loaded machine.
    const sb = await openSandbox({ sandboxIdleMs: 1000 });
    const made = await expectJson<Made>(await sb.fetch('/__admin/sandboxes', json({})), 201);
    // Used within the period: it lives on.
    await new Promise((r) => setTimeout(r, 600));
    expect((await sb.fetch(`/sandboxes/${made.id}/__admin/health`)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 600));
    expect((await sb.fetch(`/sandboxes/${made.id}/__admin/health`)).status).toBe(200);
    // Idle past the period: gone, and no longer listed (the sweep removed it) once the sweep has run.
    const listed = async (): Promise<unknown[]> =>
      (await expectJson<{ sandboxes: unknown[] }>(await sb.fetch('/__admin/sandboxes'), 200)).sandboxes;
    await expect.poll(listed, { timeout: 10_000, interval: 100 }).toEqual([]);
    const gone = await expectJson<{ error: { message: string } }>(await sb.fetch(`/sandboxes/${made.id}/__admin/health`), 404);
    expect(gone.error.message).toContain(made.id);
  });

  it('refuses past the limit with 429, concurrent requests included', async () => {
    const sb = await openSandbox({ maxSandboxes: 3 });
    const answers = await Promise.all(Array.from({ length: 6 }, () => sb.fetch('/__admin/sandboxes', json({}))));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 201, 429, 429, 429]);
    const refused = (await answers.find((a) => a.status === 429)!.json()) as { error: { message: string } };
    expect(refused.error.message).toContain('DELETE /__admin/sandboxes/{id}');
  });

  it('applies the admin guard (token, cross-site) to isolated admin paths too', async () => {
    const sb = await openSandbox({ adminToken: 's3cret' });
    const auth = { authorization: 'Bearer s3cret', 'content-type': 'application/json' };
    expect((await sb.fetch('/__admin/sandboxes', json({}))).status).toBe(401);
    const made = await expectJson<Made>(await sb.fetch('/__admin/sandboxes', { method: 'POST', headers: auth, body: '{}' }), 201);
    expect((await sb.fetch(`/sandboxes/${made.id}/__admin/clock`)).status).toBe(401);
    expect((await sb.fetch('/__admin/clock', { headers: { 'x-sandbox-id': made.id } })).status).toBe(401);
    expect((await sb.fetch(`/sandboxes/${made.id}/__admin/clock`, { headers: auth })).status).toBe(200);
    const crossSite = await sb.fetch(`/sandboxes/${made.id}/__admin/reset`, {
      method: 'POST',
      headers: { ...auth, origin: 'https://evil.example' },
      body: '{}',
    });
    expect(crossSite.status).toBe(403);
  });
});

describe('sandbox.isolated() in-process', () => {
  it('has its own clock, state and fetch, and answers 404 once closed', async () => {
    const sb = await openSandbox({ now: '2026-03-01T00:00:00Z', frozen: true });
    const a = await sb.isolated({ now: '2031-01-01T00:00:00Z', frozen: true });
    const b = await sb.isolated({ scenario: 'minimal' });
    expect(a.clock.iso()).toBe('2031-01-01T00:00:00.000Z');
    a.clock.advance(3_600_000);
    expect(sb.clock.iso()).toBe('2026-03-01T00:00:00.000Z');
    expect(await expectJson(await a.fetch('/__admin/clock'), 200)).toEqual({ now: '2031-01-01T01:00:00.000Z', frozen: true });
    expect(await expectJson(await b.fetch('/__admin/health'), 200)).toMatchObject({ scenario: 'minimal' });
    expect(a.baseUrl('uat', 'api')).toBe(`${sb.listenUrl()}/sandboxes/${a.id}/uat/api`);
    // Its base URLs and an absolute URL to a real host name (header added) both reach it.
    const viaBase = await a.fetch(`${a.baseUrl('uat', 'auth')}/oauth2/v2.0/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(CLIENT).toString(),
    });
    expect(viaBase.headers.get('date')).toBe('Wed, 01 Jan 2031 01:00:00 GMT');
    expect((await a.fetch(`${a.adminUrl()}/health`)).status).toBe(200);
    await a.close();
    expect((await a.fetch('/__admin/health')).status).toBe(404);
    expect((await b.fetch('/__admin/health')).status).toBe(200);
  });

  it('ends its event stream when disposed of', async () => {
    const sb = await openSandbox();
    const a = await sb.isolated({ now: '2031-01-01T00:00:00Z', frozen: true });
    const stream = await a.fetch('/__admin/events');
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    let text = decoder.decode((await reader.read()).value);
    expect(text).toContain('stream.open');
    await a.close();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value);
    }
    expect(text).toContain('"type":"world.closed"');
  });
});
