/**
 * Fault injection over HTTP: each effect in the addressed surface's own
 * shape, two flat example rules as written, path patterns (shared with the journal filter), the bounds (count, seeded probability,
 * sandbox-time window), the identity outage with ext_expires_in, scenario-declared rules and
 * the admin call's refusals.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConnectionRefusedError } from '../../src/http/refuse.js';
import { type Sandbox, createSandbox } from '../../src/index.js';
import { openSandboxShell, useSandboxShell } from '../support/sandbox.js';
import { SCENARIO_DIR } from '../../src/store/scenario.js';
import { NORDIC, signedFetch } from '../support/checkout-requests.js';
import { clientCredentials, postForm, tokenFor } from '../support/identity.js';

const NOW = '2026-10-30T12:00:00Z';
const ORDER = '/uat/api/manage/orders/00000000-0000-4000-8000-000000000000';

const sb = useSandboxShell({ now: NOW, frozen: true });

type Json = Record<string, unknown>;

async function addFault(rule: Json, target: Sandbox = sb): Promise<Json> {
  const response = await target.fetch('/__admin/faults', {
    method: 'POST',
    body: JSON.stringify(rule),
    headers: { 'content-type': 'application/json' },
  });
  expect(response.status, JSON.stringify(await response.clone().json())).toBe(201);
  return (await response.json()) as Json;
}

async function listFaults(): Promise<Json[]> {
  return ((await (await sb.fetch('/__admin/faults')).json()) as { faults: Json[] }).faults;
}

async function getOrder(token: string): Promise<Response> {
  return sb.fetch(ORDER, { headers: { authorization: `Bearer ${token}` } });
}

describe('two flat example rules, verbatim', () => {
  it('answers one GET under /manage/orders with 503 in problem+json, then lets requests through', async () => {
    const token = await tokenFor(sb, 'uat');
    const rule = await addFault({
      env: 'uat',
      surface: 'api',
      method: 'GET',
      path: '/manage/orders/*',
      effect: 'status',
      status: 503,
      count: 1,
    });
    expect(rule).toMatchObject({
      id: expect.stringMatching(/^fault-\d+$/),
      effect: 'status',
      status: 503,
      count: 1,
      fired: 0,
      remaining: 1,
    });

    // Another method, another env, another surface: untouched.
    expect((await sb.fetch(`${ORDER}/capture`, { method: 'POST', headers: { authorization: `Bearer ${token}` } })).status).not.toBe(503);
    expect((await sb.fetch('/prod/api/manage/orders/x')).status).toBe(401);

    const faulted = await getOrder(token);
    expect(faulted.status).toBe(503);
    expect(faulted.headers.get('content-type')).toMatch(/application\/problem\+json/);
    expect(faulted.headers.get('x-sandbox-fault')).toBe(rule.id);
    const problem = (await faulted.json()) as Json;
    expect(problem).toMatchObject({
      title: 'INJECTED_FAULT',
      status: 503,
      instance: '/manage/orders/00000000-0000-4000-8000-000000000000',
    });
    expect(problem.detail).toMatch(/Injected fault/);

    expect((await getOrder(token)).status).toBe(404);
    expect(await listFaults()).toEqual([expect.objectContaining({ id: rule.id, fired: 1, remaining: 0 })]);
  });

  it('takes the identity provider down for two token requests, on the auth and the api host', async () => {
    const rule = await addFault({ env: 'uat', surface: 'auth', effect: 'identity-outage', count: 2 });
    const first = await postForm(sb, 'uat', clientCredentials('uat'));
    expect(first.status).toBe(503);
    expect(await first.json()).toMatchObject({ error: 'temporarily_unavailable', error_codes: [90033] });
    // The token endpoint on the api host is the same endpoint.
    const form = new URLSearchParams(clientCredentials('uat') as Record<string, string>).toString();
    const onApi = () =>
      sb.fetch('/uat/api/oauth2/v2.0/token', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
      });
    const second = await onApi();
    expect(second.status).toBe(503);
    expect(second.headers.get('x-sandbox-fault')).toBe(rule.id);
    expect((await onApi()).status).toBe(200);
    expect(await listFaults()).toEqual([expect.objectContaining({ id: rule.id, fired: 2, remaining: 0 })]);
  });
});

describe('identity outage and ext_expires_in', () => {
  async function expiredToken(extra: number): Promise<string> {
    const patched = await sb.fetch('/__admin/tokens', {
      method: 'PATCH',
      body: JSON.stringify({ lifetimeSeconds: 600, extLifetimeSeconds: 600 + extra }),
    });
    expect(patched.status).toBe(200);
    const issued = (await (await postForm(sb, 'uat', clientCredentials('uat'))).json()) as Json;
    expect(issued).toMatchObject({ expires_in: 600, ext_expires_in: 600 + extra });
    // Past exp and the 300 s of skew.
    await sb.fetch('/__admin/clock/advance', { method: 'POST', body: JSON.stringify({ seconds: 1200 }) });
    return issued.access_token as string;
  }

  it('accepts a token past exp within ext_expires_in while the outage lasts, and not after', async () => {
    const token = await expiredToken(3600);
    expect((await getOrder(token)).status).toBe(401);

    await addFault({ env: 'uat', surface: 'auth', effect: 'identity-outage', count: 2 });
    expect((await getOrder(token)).status).toBe(404);
    expect((await postForm(sb, 'uat', clientCredentials('uat'))).status).toBe(503);
    expect((await getOrder(token)).status).toBe(404);
    expect((await postForm(sb, 'uat', clientCredentials('uat'))).status).toBe(503);

    // Outage over (count spent): the token endpoint answers again and the old token is expired.
    expect((await postForm(sb, 'uat', clientCredentials('uat'))).status).toBe(200);
    const after = await getOrder(token);
    expect(after.status).toBe(401);
    expect(((await after.json()) as { error: { errors: { reason: string }[] } }).error.errors[0]!.reason).toBe('Token_Expired');
  });

  it('refuses a token past its extended lifetime even during an outage', async () => {
    const token = await expiredToken(600);
    await addFault({ env: 'uat', effect: 'identity-outage' });
    // iat = issue - 300; ext deadline = issue + 1200 (+300 skew); now = issue + 1200: within.
    expect((await getOrder(token)).status).toBe(404);
    await sb.fetch('/__admin/clock/advance', { method: 'POST', body: JSON.stringify({ seconds: 600 }) });
    expect((await getOrder(token)).status).toBe(401);
  });

  it('only counts for its environment', async () => {
    const token = await expiredToken(3600);
    await addFault({ env: 'prod', effect: 'identity-outage' });
    expect((await getOrder(token)).status).toBe(401);
    expect((await postForm(sb, 'uat', clientCredentials('uat'))).status).toBe(200);
  });
});

describe('path patterns', () => {
  it('* stays within a segment, ** crosses them, case counts, and the journal filter reads the same glob', async () => {
    await addFault({ surface: 'api', path: '/checkouts/*', effect: 'status', status: 503 });
    await addFault({ surface: 'api', path: '/manage/**', effect: 'status', status: 502 });
    expect((await sb.fetch('/uat/api/checkouts/abc')).status).toBe(503);
    expect((await sb.fetch('/uat/api/checkouts/abc/')).status).toBe(503);
    expect((await sb.fetch('/uat/api/checkouts/abc/cart', { method: 'PUT' })).status).not.toBe(503);
    expect((await sb.fetch('/uat/api/CHECKOUTS/abc')).status).not.toBe(503);
    expect((await sb.fetch('/uat/api/manage/orders/abc/capture', { method: 'POST' })).status).toBe(502);
    expect((await sb.fetch('/uat/api/manage')).status).toBe(502);

    const paths = async (query: string): Promise<string[]> =>
      ((await (await sb.fetch(`/__admin/requests?${query}`)).json()) as { requests: { path: string }[] }).requests
        .map((entry) => entry.path)
        .sort();
    expect(await paths('surface=api&path=/checkouts/*')).toEqual(['/checkouts/abc', '/checkouts/abc/']);
    expect(await paths('surface=api&path=/checkouts/**')).toEqual(['/checkouts/abc', '/checkouts/abc/', '/checkouts/abc/cart']);
    expect(await paths('surface=api&path=/manage/**')).toEqual(['/manage', '/manage/orders/abc/capture']);
  });
});

describe('effects', () => {
  it('latency delays the real answer by a fixed time (real time, not the sandbox clock)', async () => {
    await addFault({ env: 'uat', surface: 'auth', path: '/*/v2.0/.well-known/openid-configuration', effect: 'latency', latency: 150 });
    const started = performance.now();
    const response = await sb.fetch('/uat/auth/common/v2.0/.well-known/openid-configuration');
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    expect(response.status).toBe(200);
    expect(sb.clock.iso()).toBe('2026-10-30T12:00:00.000Z');
  });

  it('latency in a range stacks with a status rule after it', async () => {
    await addFault({ surface: 'frontend', effect: 'latency', latency: { min: 50, max: 80 }, seed: 3, probability: 1 });
    await addFault({ surface: 'frontend', effect: 'status', status: 500 });
    const started = performance.now();
    const response = await sb.fetch('/uat/frontend/walley-checkout-loader.js');
    expect(performance.now() - started).toBeGreaterThanOrEqual(45);
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: { status: 500, message: expect.stringMatching(/^Injected fault fault-2/) } });
  });

  it('status answers in the checkout envelope on the checkout API, or with the given body', async () => {
    await addFault({ surface: 'legacy', path: '/checkout', effect: 'status', status: 502, count: 1 });
    const enveloped = await signedFetch(sb, 'legacy', 'POST', '/checkout', '{}');
    expect(enveloped.status).toBe(502);
    expect(enveloped.body.error).toMatchObject({ code: 502, errors: [{ reason: 'Injected_Fault' }] });

    await addFault({ surface: 'api', path: '/checkouts', effect: 'status', status: 418, body: { teapot: true } });
    const given = await sb.fetch('/uat/api/checkouts', { method: 'POST' });
    expect(given.status).toBe(418);
    expect(await given.json()).toEqual({ teapot: true });

    await addFault({ surface: 'retired', effect: 'status', status: 900, body: 'plain words' });
    const text = await sb.fetch('/uat/retired/checkout', { method: 'POST' });
    expect(text.status).toBe(900);
    expect(await text.text()).toBe('plain words');
  });

  it("throttle answers 429 with Retry-After: the checkout envelope on the API, Entra's plain text on the token endpoint", async () => {
    await addFault({ env: 'uat', surface: 'api', path: '/checkouts*', effect: 'throttle', retryAfter: 7 });
    const api = await sb.fetch('/uat/api/checkouts', { method: 'POST' });
    expect(api.status).toBe(429);
    expect(api.headers.get('retry-after')).toBe('7');
    expect(((await api.json()) as Json).error).toMatchObject({ code: 429 });

    await addFault({ env: 'uat', surface: 'auth', effect: 'throttle' });
    const token = await postForm(sb, 'uat', clientCredentials('uat'));
    expect(token.status).toBe(429);
    expect(token.headers.get('retry-after')).toBe('1');
    expect(token.headers.get('content-type')).toMatch(/text\/plain/);
    expect(await token.text()).toBe('Too Many Requests');
  });

  it('refuse closes the connection: in-process fetch rejects, a socket client sees it reset', async () => {
    await addFault({ surface: 'api', path: '/checkouts', effect: 'refuse', count: 2 });
    await expect(sb.fetch('/uat/api/checkouts', { method: 'POST' })).rejects.toBeInstanceOf(ConnectionRefusedError);

    const listening = await openSandboxShell({ now: NOW, frozen: true, port: 0 });
    const { url } = await listening.listen();
    await addFault({ surface: 'api', path: '/checkouts', effect: 'refuse' }, listening);
    await expect(fetch(`${url}/uat/api/checkouts`, { method: 'POST' })).rejects.toThrow(/fetch failed/);
    // The rest of the surface still answers on the same listener.
    expect((await fetch(`${url}/uat/api/checkouts/x`)).status).toBe(401);
  });

  it("matches on the principal: a bearer token's client id, a SharedKey username", async () => {
    const token = await tokenFor(sb, 'uat');
    await addFault({ surface: 'api', principal: clientCredentials('uat').client_id!.toUpperCase(), effect: 'status', status: 503 });
    expect((await sb.fetch(ORDER)).status).toBe(401);
    expect((await getOrder(token)).status).toBe(503);

    await addFault({ surface: 'legacy', principal: NORDIC.username, effect: 'status', status: 500 });
    expect((await signedFetch(sb, 'legacy', 'POST', '/checkout', '{}')).status).toBe(500);
    expect((await sb.fetch('/uat/legacy/checkout', { method: 'POST' })).status).toBe(401);
  });

  it.each([
    ['api', '/manage/no-such-call'],
    ['api', '/Manage/orders/x'],
    ['api', '/MANAGE'],
    ['api', '/%6Danage/no-such-call'],
    ['api', '/no/such/path'],
    ['legacy', '/manage/orders/x'],
    ['auth', '/no/such/path'],
    ['frontend', '/no/such/path'],
  ] as const)('a status fault on %s %s answers in the dialect the surface answers that path in itself', async (surface, path) => {
    /** The shape of an answer: its media type and the keys of its body, one level down. */
    const shape = async (response: Response) => {
      const body = (await response.json()) as Json;
      const nested = Object.entries(body).map(([key, value]) => [
        key,
        value && typeof value === 'object' && !Array.isArray(value) ? Object.keys(value).sort() : typeof value,
      ]);
      return { type: response.headers.get('content-type')?.split(';')[0], body: Object.fromEntries(nested) };
    };
    await addFault({ env: 'uat', surface, effect: 'status', status: 503, count: 1 });
    const faulted = await sb.fetch(`/uat/${surface}${path}`);
    expect(faulted.status).toBe(503);
    const own = await sb.fetch(`/uat/${surface}${path}`);
    expect(own.status).toBe(404);
    expect(await shape(faulted)).toEqual(await shape(own));
  });
});

describe('bounds', () => {
  it('count: fires that many times, then the rule stays listed with none remaining', async () => {
    const rule = await addFault({ surface: 'api', path: '/checkouts', effect: 'status', status: 500, count: 2 });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await sb.fetch('/uat/api/checkouts', { method: 'POST' })).status);
    expect(statuses).toEqual([500, 500, 401, 401]);
    expect(await listFaults()).toEqual([expect.objectContaining({ id: rule.id, fired: 2, remaining: 2 - 2 })]);
  });

  it('probability with a seed: the same seed gives the same sequence', async () => {
    const run = async (seed: number): Promise<number[]> => {
      await sb.fetch('/__admin/faults', { method: 'DELETE' });
      await addFault({ surface: 'api', path: '/checkouts', effect: 'status', status: 503, probability: 0.5, seed });
      const out: number[] = [];
      for (let i = 0; i < 20; i++) out.push((await sb.fetch('/uat/api/checkouts', { method: 'POST' })).status);
      return out;
    };
    const first = await run(42);
    expect(first).toContain(503);
    expect(first).toContain(401);
    expect(await run(42)).toEqual(first);
    expect(await run(7)).not.toEqual(first);
    const [listed] = await listFaults();
    expect(listed).toMatchObject({ probability: 0.5, seed: 7, remaining: null });
  });

  it('a sandbox-time window: only between from and until on the sandbox clock', async () => {
    await addFault({
      surface: 'api',
      path: '/checkouts',
      effect: 'status',
      status: 503,
      from: '2026-10-30T13:00:00Z',
      until: '2026-10-30T14:00:00Z',
    });
    const at = async (now: string): Promise<number> => {
      await sb.fetch('/__admin/clock', { method: 'PUT', body: JSON.stringify({ now }) });
      return (await sb.fetch('/uat/api/checkouts', { method: 'POST' })).status;
    };
    expect(await at('2026-10-30T12:59:59Z')).toBe(401);
    expect(await at('2026-10-30T13:00:00Z')).toBe(503);
    expect(await at('2026-10-30T13:59:59Z')).toBe(503);
    expect(await at('2026-10-30T14:00:00Z')).toBe(401);
  });
});

describe('scenario-declared faults', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'faults-scenario-'));
    copyFileSync(join(SCENARIO_DIR, 'default.yaml'), join(dir, 'default.yaml'));
    const yaml = readFileSync(join(SCENARIO_DIR, 'default.yaml'), 'utf8').replace(/^name: .*$/m, 'name: flaky');
    writeFileSync(
      join(dir, 'flaky.yaml'),
      `${yaml}\nfaults:\n  - { env: uat, surface: api, method: POST, path: /checkouts, effect: status, status: 503, count: 1 }\n  - { env: uat, surface: auth, effect: identity-outage, count: 1 }\n`,
    );
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('arms them at seed and again at reset, replacing rules added since', async () => {
    const flaky = await openSandboxShell({ now: NOW, frozen: true, scenario: 'flaky', scenarioDir: dir });
    const listed = ((await (await flaky.fetch('/__admin/faults')).json()) as { faults: Json[] }).faults;
    expect(listed).toEqual([
      expect.objectContaining({ origin: 'scenario', effect: 'status', remaining: 1 }),
      expect.objectContaining({ origin: 'scenario', effect: 'identity-outage', remaining: 1 }),
    ]);
    expect((await flaky.fetch('/uat/api/checkouts', { method: 'POST' })).status).toBe(503);
    expect((await flaky.fetch('/uat/api/checkouts', { method: 'POST' })).status).toBe(401);
    await addFault({ surface: 'frontend', effect: 'refuse' }, flaky);

    expect((await flaky.fetch('/__admin/reset', { method: 'POST', body: '{}' })).status).toBe(200);
    const after = ((await (await flaky.fetch('/__admin/faults')).json()) as { faults: Json[] }).faults;
    expect(after.map((f) => [f.origin, f.effect, f.fired])).toEqual([
      ['scenario', 'status', 0],
      ['scenario', 'identity-outage', 0],
    ]);
  });

  it('a bad rule in a scenario stops start-up naming the field', async () => {
    writeFileSync(
      join(dir, 'bad.yaml'),
      `${readFileSync(join(dir, 'default.yaml'), 'utf8').replace(/^name: .*$/m, 'name: bad')}\nfaults:\n  - { effect: explode }\n`,
    );
    await expect(createSandbox({ logLevel: 'silent', scenario: 'bad', scenarioDir: dir })).rejects.toThrow(
      /faults\.0\.effect|faults\[0\]\.effect/,
    );
  });
});

describe('the admin calls', () => {
  async function refused(rule: unknown): Promise<string> {
    const response = await sb.fetch('/__admin/faults', { method: 'POST', body: JSON.stringify(rule) });
    expect(response.status).toBe(400);
    return ((await response.json()) as { error: { status: number; message: string } }).error.message;
  }

  it('names the accepted values and what an effect needs', async () => {
    expect(await refused({ effect: 'explode' })).toMatch(/effect: .*latency.*status.*refuse.*throttle.*identity-outage/);
    expect(await refused({ effect: 'status', surface: 'admin' })).toMatch(/surface: .*auth.*api.*legacy.*retired.*frontend/);
    expect(await refused({ effect: 'status' })).toMatch(/^status: effect "status" needs a status/);
    expect(await refused({ effect: 'latency' })).toMatch(/^latency: /);
    expect(await refused({ effect: 'refuse', colour: 'red' })).toMatch(/accepted keys: env, surface, method, path, principal, effect/);
    expect(await refused({ effect: 'refuse', path: 'manage/orders' })).toMatch(/^path: expected a path/);
    expect(await refused({ effect: 'refuse', from: 'tomorrow' })).toMatch(/^from: expected an ISO-8601 instant/);
    expect(await refused({ effect: 'identity-outage', surface: 'api' })).toMatch(/^surface: /);
    expect(await refused({ effect: 'refuse', probability: 2 })).toMatch(/^probability: /);
  });

  it('deletes one rule by id, or all of them', async () => {
    const a = await addFault({ effect: 'refuse', surface: 'frontend' });
    const b = await addFault({ effect: 'throttle', surface: 'frontend' });
    expect((await sb.fetch(`/__admin/faults/${a.id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await listFaults()).map((f) => f.id)).toEqual([b.id]);

    const missing = await sb.fetch(`/__admin/faults/${a.id}`, { method: 'DELETE' });
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: { message: string } }).error.message).toMatch(
      new RegExp(`No fault rule '${a.id}'.*${b.id}`),
    );

    expect(await (await sb.fetch('/__admin/faults', { method: 'DELETE' })).json()).toEqual({ removed: 1 });
    expect(await listFaults()).toEqual([]);
    expect(sb.faults.armed).toBe(false);
  });
});

describe('in-process', () => {
  it('sandbox.faults.add takes the same rule, normalised and validated', async () => {
    const rule = sb.faults.add({ surface: 'api', method: 'post', path: '/checkouts', effect: 'status', status: 503, count: 1 });
    expect(rule).toMatchObject({ method: 'POST', origin: 'admin', remaining: 1 });
    expect((await sb.fetch('/uat/api/checkouts', { method: 'POST' })).status).toBe(503);
    expect(() => sb.faults.add({ effect: 'status' })).toThrow(/needs a status/);
  });
});
