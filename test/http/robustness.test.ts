/**
 * Robustness, black-box through sandbox.fetch(): bad input thrown at every route of every
 * surface must never produce a 5xx, and every refusal must come in the surface's own error
 * shape with a non-empty message:
 *   checkout API (api, legacy, retired) {id, data: null, error: {code, message, errors: []}}
 *   /manage/orders                      application/problem+json {type, title, status, detail, instance}
 *   token endpoint and discovery        OAuth {error, error_description}
 *   /__admin                            {error: {status, message}}
 * Requests carry valid credentials (bearer token, SharedKey signed over the exact bytes sent)
 * so that the bad input reaches the handlers. The clock sits before the retired host's shutdown.
 *
 * Each test walks a table and collects every miss, so one run shows them all.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { sharedKeyHeaderValue } from '../../src/domain/sharedkey-signature.js';
import { useSandbox } from '../support/sandbox.js';
import { NORDIC, initPayload } from '../support/checkout-requests.js';
import { CREDENTIALS, UAT_SCOPE, UAT_TENANT, tokenFor } from '../support/identity.js';
import { type Auth, IMPLICIT, NEVER_WITH_KNOWN_IDS, ROUTES, type Route, type Shape, type Slot } from '../support/routes.js';

const MIB = 1024 * 1024;

// ---------------------------------------------------------------------------------------
// The world the routes run against.

const sb = useSandbox({ now: '2026-06-01T00:00:00Z' }, 'file');
let token: string;
let known: Record<Slot, string>;

beforeAll(async () => {
  token = await tokenFor(sb, 'uat');
  const init = initPayload({ notificationUri: undefined });
  const created = await sb.fetch('/uat/api/checkouts', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(init),
  });
  const privateId = ((await created.json()) as { data: { privateId: string } }).data.privateId;
  // A second checkout, purchased, for an order of the same merchant.
  const second = await sb.fetch('/uat/api/checkouts', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(init),
  });
  const bought = ((await second.json()) as { data: { privateId: string } }).data.privateId;
  const purchase = await sb.fetch(`/__admin/uat/checkouts/${bought}/purchase`, { method: 'POST', body: '{}' });
  const orderId = ((await purchase.json()) as { orderId: string }).orderId;
  known = {
    checkout: privateId,
    store: NORDIC.storeId,
    order: orderId,
    reauth: randomUUID(),
    merchant: CREDENTIALS.uat.merchantId,
    client: CREDENTIALS.uat.clientId,
    secret: 'no-such-secret',
    tenant: UAT_TENANT,
    env: 'uat',
  };
});

// ---------------------------------------------------------------------------------------
// Sending and judging.

interface Sent {
  contentType?: string;
  body?: string | Uint8Array;
}

function fill(path: string, ids: Partial<Record<Slot, string>>): string {
  return path.replace(/\{(\w+)\}/g, (_, slot: Slot) => ids[slot] ?? known[slot]);
}

/** The path and query as the surface receives them (URL normalisation applied), which is what a SharedKey client signs. */
function asReceived(path: string): string {
  const url = new URL(`http://sandbox.test${path}`);
  return `${url.pathname}${url.search}`;
}

async function send(route: Route, path: string, method: string, sent: Sent = {}): Promise<Response> {
  const headers: Record<string, string> = {};
  if (sent.contentType !== undefined) headers['content-type'] = sent.contentType;
  if (route.auth === 'bearer') headers.authorization = `Bearer ${token}`;
  if (route.auth === 'sharedkey') {
    headers.authorization = sharedKeyHeaderValue(NORDIC.username, NORDIC.key, asReceived(path), sent.body ?? '');
  }
  const init: RequestInit = { method, headers };
  if (sent.body !== undefined && method !== 'GET' && method !== 'HEAD') init.body = sent.body;
  return sb.fetch(`${route.prefix}${path}`, init);
}

function nonEmpty(value: unknown): boolean {
  return typeof value === 'string' && value.trim() !== '';
}

/** What is wrong with an answer, or null when it is a proper one. */
async function judge(response: Response, shape: Shape, method: string, auth: Auth = 'none'): Promise<string | null> {
  const status = response.status;
  // The credentials are valid: a 401 means the bad input never reached the handler.
  if (auth !== 'none' && status === 401) return `did not get past authentication: ${(await response.text()).slice(0, 200)}`;
  if (status >= 500 && status <= 599) return `status ${status}: ${(await response.text()).slice(0, 300)}`;
  const text = await response.text();
  if (method === 'HEAD') return text === '' ? null : `HEAD answered with a body: ${text.slice(0, 100)}`;
  if (status >= 200 && status < 300) {
    if (text === '') return shape === 'checkout' ? 'checkout API success without a body (clients need "error": null)' : null;
    const body = parse(text);
    if (body === undefined) return `success body is not JSON: ${text.slice(0, 100)}`;
    if (shape === 'checkout' && (!isRecord(body) || body.error !== null || !('id' in body)))
      return `success outside the envelope: ${text.slice(0, 200)}`;
    return null;
  }
  const contentType = response.headers.get('content-type') ?? '';
  const body = parse(text);
  if (!isRecord(body)) return `status ${status} with a non-JSON-object body (${contentType}): ${text.slice(0, 200)}`;
  switch (shape) {
    case 'checkout': {
      const error = body.error;
      if (!nonEmpty(body.id) || body.data !== null || !isRecord(error)) return `not the checkout envelope: ${text.slice(0, 200)}`;
      if (error.code !== status) return `error.code ${String(error.code)} differs from the status ${status}`;
      if (!Array.isArray(error.errors)) return 'error.errors is not an array';
      if (!nonEmpty(error.message)) return 'error.message is empty';
      return contentType.includes('json') ? null : `content-type ${contentType}`;
    }
    case 'problem': {
      if (!contentType.startsWith('application/problem+json'))
        return `content-type ${contentType}, not problem+json: ${text.slice(0, 200)}`;
      if (body.status !== status || !nonEmpty(body.title) || !nonEmpty(body.type)) return `not problem details: ${text.slice(0, 200)}`;
      return nonEmpty(body.detail) ? null : 'detail is empty';
    }
    case 'oauth':
      if (!nonEmpty(body.error) || !nonEmpty(body.error_description)) return `not an OAuth error: ${text.slice(0, 200)}`;
      return contentType.includes('json') ? null : `content-type ${contentType}`;
    case 'admin': {
      const error = body.error;
      if (!isRecord(error) || error.status !== status) return `not the admin error shape: ${text.slice(0, 200)}`;
      return nonEmpty(error.message) ? null : 'error.message is empty';
    }
  }
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function label(route: Route, method = route.method): string {
  return `${method} ${route.prefix}${route.path}`;
}

// ---------------------------------------------------------------------------------------
// The bad inputs.

const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
/** Nested far below fields every route stores or fingerprints: once accepted, JSON.stringify overflowed on every later read. */
const deepInFields = (() => {
  const nested = `${'['.repeat(20000)}${']'.repeat(20000)}`;
  return `{"metadata": ${nested}, "customer": {"email": ${nested}}, "amount": 1, "actionReference": "deep", "shippingProperties": ${nested}}`;
})();
const huge = `{"robustness":"${'x'.repeat(MIB + 16)}"}`;

const BAD_BODIES: [name: string, sent: Sent][] = [
  ['malformed JSON', { contentType: 'application/json', body: '{"cart": [' }],
  ['JSON array', { contentType: 'application/json', body: '[1, "two", null]' }],
  ['JSON string', { contentType: 'application/json', body: '"robustness"' }],
  ['JSON number', { contentType: 'application/json', body: '42' }],
  ['JSON null', { contentType: 'application/json', body: 'null' }],
  ['JSON object of unknown fields', { contentType: 'application/json', body: '{"robustness": true}' }],
  [
    'wrong types in known fields',
    {
      contentType: 'application/json',
      body: '{"amount": {}, "cart": 7, "items": "x", "storeId": [], "Reference": {}, "metadata": 1, "destination": 3}',
    },
  ],
  ['deeply nested JSON', { contentType: 'application/json', body: deep }],
  ['deeply nested JSON inside fields', { contentType: 'application/json', body: deepInFields }],
  ['JSON as text/plain', { contentType: 'text/plain', body: '{"robustness": true}' }],
  ['XML', { contentType: 'application/xml', body: '<checkout><robustness/></checkout>' }],
  ['form-encoded', { contentType: 'application/x-www-form-urlencoded', body: 'robustness=true&cart=1' }],
  ['multipart with a wrong boundary', { contentType: 'multipart/form-data; boundary=abc', body: '--xyz\r\nnot a part\r\n' }],
  ['no Content-Type', { body: new TextEncoder().encode('{"robustness": true}') }],
  ['invalid UTF-8', { contentType: 'application/json', body: new Uint8Array([0xff, 0xfe, 0x7b, 0x22, 0xc3]) }],
  ['garbage Content-Type', { contentType: ';;;=', body: '{"robustness": true}' }],
  ['body over 1 MiB', { contentType: 'application/json', body: huge }],
];

/** Token requests whose client id is odd: the form itself is well made. */
function tokenForm(clientId: string): Sent {
  const body = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: clientId,
    client_secret: 'x',
    scope: UAT_SCOPE,
  }).toString();
  return { contentType: 'application/x-www-form-urlencoded', body };
}

const ODD_IDS: [name: string, value: string][] = [
  ['unknown', 'f00dfeed-0000-4000-8000-000000000404'],
  ['NUL byte', '%00'],
  ['very long', 'a'.repeat(4000)],
  ['unicode', encodeURIComponent('åäö✓漢字🙂')],
  ['broken percent-encoding', '%E0%A4%A'],
  ['spaces and quotes', '%20%22%27%3C%3E'],
];

const UNKNOWN_NUMERIC: Partial<Record<Slot, string>> = { store: '9999', merchant: '9999', env: 'staging' };

// ---------------------------------------------------------------------------------------

describe('robustness: bad bodies never produce a 5xx, and errors keep the surface shape', () => {
  const withBody = ROUTES.filter((r) => r.body && !NEVER_WITH_KNOWN_IDS(r));

  it.each(withBody.map((r) => [label(r), r] as const))('%s', async (_name, route) => {
    const misses: string[] = [];
    for (const [name, sent] of BAD_BODIES) {
      const miss = await judge(await send(route, fill(route.path, {}), route.method, sent), route.shape, route.method, route.auth);
      if (miss) misses.push(`${name}: ${miss}`);
    }
    expect(misses).toEqual([]);
  });

  it('answers a body over 1 MiB with 413 on every surface that limits bodies', async () => {
    const statuses = new Set<number>();
    for (const route of withBody.filter((r) => r.shape !== 'admin')) {
      const response = await send(route, fill(route.path, {}), route.method, { contentType: 'application/json', body: huge });
      statuses.add(response.status);
    }
    expect([...statuses]).toEqual([413]);
  });

  it('reads odd client ids on the token endpoint as unknown clients (400 unauthorized_client)', async () => {
    const misses: string[] = [];
    for (const route of ROUTES.filter((r) => r.path.startsWith('/oauth2'))) {
      for (const [name, value] of [...ODD_IDS, ['raw NUL', '\u0000'], ['raw unicode', 'åäö✓漢字🙂']] as [string, string][]) {
        const response = await send(route, route.path, 'POST', tokenForm(decodeOrKeep(value)));
        const body = (await response.clone().json()) as { error?: string };
        if (response.status !== 400 || body.error !== 'unauthorized_client')
          misses.push(`${label(route)} ${name}: ${response.status} ${body.error}`);
        const miss = await judge(response, 'oauth', 'POST');
        if (miss) misses.push(`${label(route)} ${name}: ${miss}`);
      }
    }
    expect(misses).toEqual([]);
  });
});

function decodeOrKeep(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

describe('robustness: unknown and odd ids never produce a 5xx', () => {
  const withIds = ROUTES.filter((r) => /\{\w+\}/.test(r.path));

  it.each(withIds.map((r) => [label(r), r] as const))('%s', async (_name, route) => {
    const misses: string[] = [];
    const slots = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as Slot);
    for (const slot of slots) {
      const odd: [string, string][] = [
        ...ODD_IDS,
        ...(UNKNOWN_NUMERIC[slot] ? [['unknown number', UNKNOWN_NUMERIC[slot]] as [string, string]] : []),
      ];
      for (const [name, value] of odd) {
        const path = fill(route.path, { [slot]: value });
        // A body the route would accept, so that the id is what gets judged.
        const sent: Sent = route.body ? { contentType: 'application/json', body: '{}' } : {};
        const response = await send(route, path, route.method, sent);
        if (response.status >= 200 && response.status < 300) {
          misses.push(`${slot} ${name}: answered ${response.status} for an id that does not exist`);
          continue;
        }
        const miss = await judge(response, route.shape, route.method, route.auth);
        if (miss) misses.push(`${slot} ${name}: ${miss}`);
      }
    }
    expect(misses).toEqual([]);
  });
});

describe('robustness: methods a route does not have', () => {
  // One entry per distinct path: the methods it serves, listed or implicit (GET implies HEAD).
  const byPath = new Map<string, { route: Route; methods: Set<string> }>();
  for (const route of ROUTES) {
    // /checkouts/{id}/ and /checkouts/{id} are one route (non-strict routing).
    const key = `${route.prefix}${route.path.replace(/\/$/, '')}`;
    const entry = byPath.get(key) ?? { route, methods: new Set(IMPLICIT[route.path] ?? []) };
    entry.methods.add(route.method);
    byPath.set(key, entry);
  }
  const cases = [...byPath.values()];

  it.each(cases.map((c) => [label(c.route, '*'), c] as const))('%s', async (_name, { route, methods }) => {
    const misses: string[] = [];
    for (const method of ['HEAD', 'OPTIONS', 'DELETE', 'PATCH', 'PUT', 'POST'].filter((m) => !methods.has(m))) {
      const sent: Sent = method === 'HEAD' ? {} : { contentType: 'application/json', body: '{}' };
      const response = await send(route, fill(route.path, {}), method, sent);
      // HEAD on a GET route is that GET without its body; anywhere else the method must be refused.
      if (method !== 'HEAD' && response.status < 400) misses.push(`${method}: answered ${response.status}`);
      const miss = await judge(response, route.shape, method, route.auth);
      if (miss) misses.push(`${method}: ${miss}`);
    }
    expect(misses).toEqual([]);
  });
});

describe('robustness: exact answers where the shape used to slip', () => {
  const orderRoute = (path: string): Route => ROUTES.find((r) => r.path === path)!;

  it('/manage/orders: a body over 1 MiB is 413 PAYLOAD_TOO_LARGE as problem details', async () => {
    const response = await send(orderRoute('/manage/orders/{order}/capture'), `/manage/orders/${known.order}/capture`, 'POST', {
      contentType: 'application/json',
      body: huge,
    });
    expect(response.status).toBe(413);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await response.json()).toMatchObject({
      title: 'PAYLOAD_TOO_LARGE',
      status: 413,
      instance: `/manage/orders/${known.order}/capture`,
    });
  });

  it('/manage/orders: a method a path does not serve is 405 with Allow; an unknown path is 404, both as problem details', async () => {
    const route = orderRoute('/manage/orders/{order}');
    const deleted = await send(route, `/manage/orders/${known.order}`, 'DELETE');
    expect(deleted.status).toBe(405);
    expect(deleted.headers.get('allow')).toBe('GET');
    expect(await deleted.json()).toMatchObject({ title: 'METHOD_NOT_ALLOWED', status: 405 });
    const got = await send(route, `/manage/orders/${known.order}/capture`, 'GET');
    expect(got.status).toBe(405);
    expect(got.headers.get('allow')).toBe('POST');
    const unknown = await send(route, `/manage/orders/${known.order}/ship`, 'POST', { contentType: 'application/json', body: '{}' });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await unknown.json()).toMatchObject({ title: 'NOT_FOUND', status: 404 });
  });

  it('token endpoint on the api host: a body over 1 MiB is 413 in the OAuth shape with no-store headers', async () => {
    const response = await sb.fetch('/uat/api/oauth2/v2.0/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `grant_type=client_credentials&junk=${'x'.repeat(MIB)}`,
    });
    expect(response.status).toBe(413);
    expect(response.headers.get('cache-control')).toBe('no-store, no-cache');
    expect(await response.json()).toMatchObject({ error: 'invalid_request', error_description: expect.stringContaining('1048576') });
  });

  it('discovery on either host: OPTIONS is a CORS preflight, other methods 405 in the OAuth shape', async () => {
    for (const surface of ['auth', 'api']) {
      const path = `/uat/${surface}/${UAT_TENANT}/discovery/v2.0/keys`;
      const preflight = await sb.fetch(path, { method: 'OPTIONS' });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, OPTIONS');
      const posted = await sb.fetch(path, { method: 'POST', body: '{}' });
      expect(posted.status).toBe(405);
      expect(posted.headers.get('allow')).toBe('GET, OPTIONS');
      expect(await posted.json()).toMatchObject({ error: 'invalid_request' });
    }
  });
});

describe('robustness: values at the edges', () => {
  it('refuses JSON nested deeper than 64 levels (as ASP.NET does) with 400, on the checkout API, /manage/orders and /__admin', async () => {
    const nested = (depth: number): string => `{"metadata": ${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;
    const put = (body: string): Promise<Response> =>
      send(
        ROUTES.find((r) => r.prefix === '/uat/api' && r.path === '/checkouts/{checkout}/metadata')!,
        `/checkouts/${known.checkout}/metadata`,
        'PUT',
        {
          contentType: 'application/json',
          body,
        },
      );
    expect((await put(nested(64))).status).toBe(200);
    const refused = await put(nested(65));
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { errors: { message: string }[] } }).error.errors[0]?.message).toContain('64 levels');
    const capture = await send(
      ROUTES.find((r) => r.path === '/manage/orders/{order}/capture')!,
      `/manage/orders/${known.order}/capture`,
      'POST',
      {
        contentType: 'application/json',
        body: `{"amount": 1, "junk": ${nested(100)}}`,
      },
    );
    expect(capture.status).toBe(400);
    expect(await capture.json()).toMatchObject({ title: 'INVALID_JSON' });
    const customer = await sb.fetch(`/__admin/uat/checkouts/${known.checkout}/customer`, {
      method: 'POST',
      body: `{"customer": ${nested(100)}}`,
    });
    expect(customer.status).toBe(400);
    expect(await customer.json()).toMatchObject({ error: { status: 400, message: expect.stringContaining('64 levels') } });
  });

  it('refuses admin durations past the calendar (clock advance, secret lifetimes) with 400 instead of wedging the clock', async () => {
    const before = ((await (await sb.fetch('/__admin/clock')).json()) as { now: string }).now;
    const calls: [string, string, string][] = [
      ['POST', '/__admin/clock/advance', '{"seconds": 1e308}'],
      ['POST', '/__admin/clock/advance', '{"seconds": 1e14}'],
      ['POST', '/__admin/clock/advance', '{"seconds": -1e14}'],
      ['POST', '/__admin/clock/advance', '{"duration": "P99999999Y"}'],
      ['POST', `/__admin/uat/merchants/1001/api-clients`, '{"secretExpiresIn": "P99999999Y"}'],
      ['POST', `/__admin/uat/merchants/1001/api-clients/${known.client}/secrets`, '{"expiresIn": "P99999999Y"}'],
    ];
    for (const [method, path, body] of calls) {
      const response = await sb.fetch(path, { method, body });
      expect(response.status, `${path} ${body}`).toBe(400);
      expect(await judge(response, 'admin', method)).toBeNull();
    }
    const after = (await (await sb.fetch('/__admin/clock')).json()) as { now: string };
    expect(Date.parse(after.now) - Date.parse(before)).toBeLessThan(60_000);
  });
});

describe('robustness: the world is intact after the onslaught', () => {
  it('still serves the checkout, the order and a token', async () => {
    const checkout = await send(
      ROUTES.find((r) => r.prefix === '/uat/api' && r.path === '/checkouts/{checkout}')!,
      `/checkouts/${known.checkout}`,
      'GET',
    );
    expect(checkout.status).toBe(200);
    const order = await send(
      ROUTES.find((r) => r.path === '/manage/orders/{order}')!,
      `/manage/orders/${known.order}`,
      'GET',
    );
    expect(order.status).toBe(200);
    expect((await sb.fetch(`/__admin/uat/checkouts/${known.checkout}`)).status).toBe(200);
    expect(await tokenFor(sb, 'uat')).toMatch(/^ey/);
  });
});
