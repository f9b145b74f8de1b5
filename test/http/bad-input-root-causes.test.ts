/**
 * Three 5xx that fuzzing found, each pinned at its root cause:
 *   - TRACE/TRACK on a surface path: the Fetch API refuses to build such a Request, which the
 *     gateway did when it stripped the path prefix → 500 with an empty body;
 *   - a cart amount, quantity or VAT sent as an object with a `toString` key: the binding
 *     called String(value), which calls into the client's object → 500;
 *   - a correctly signed token with nbf 1e300 or exp -1e300: the message printed an Invalid
 *     Date → 500 "Invalid time value".
 * Each answer must be a 4xx in the surface's own envelope.
 */
import { request as httpRequest } from 'node:http';
import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSandboxShell } from '../support/sandbox.js';
import { initPayload, signedFetch } from '../support/checkout-requests.js';
import { CREDENTIALS, UAT_TENANT, tokenFor } from '../support/identity.js';

const sb = useSandboxShell({ now: '2026-06-01T00:00:00Z', port: 0 }, 'file');
let port: number;
let token: string;
let checkoutId: string;

beforeAll(async () => {
  port = (await sb.listen()).port;
  token = await tokenFor(sb, 'uat');
  const created = await sb.fetch('/uat/api/checkouts', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(initPayload()),
  });
  checkoutId = ((await created.json()) as { data: { privateId: string } }).data.privateId;
});

/** A raw HTTP/1.1 request: fetch() refuses TRACE, so this goes over the socket as curl would send it. */
function raw(
  method: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, unknown>; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end();
  });
}

// TRACK and CONNECT never get this far: Node's HTTP parser refuses the first, and CONNECT is a tunnel request.
describe('a method the Fetch API cannot carry (TRACE)', () => {
  const paths: [string, 'checkout' | 'problem' | 'oauth' | 'admin'][] = [
    ['/uat/api/checkouts', 'checkout'],
    ['/uat/legacy/checkout', 'checkout'],
    ['/uat/retired/checkout', 'checkout'],
    ['/prod/api/manage/orders/x', 'problem'],
    ['/uat/auth/oauth2/v2.0/token', 'oauth'],
    ['/uat/api/oauth2/v2.0/token', 'oauth'],
    ['/__admin/health', 'admin'],
  ];

  it.each(paths)('TRACE %s → 4xx in the surface envelope', async (path, shape) => {
    const res = await raw('TRACE', path);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    const body = JSON.parse(res.text) as Record<string, unknown>;
    if (shape === 'checkout') expect(body).toMatchObject({ data: null, error: { code: res.status } });
    if (shape === 'problem') expect(body).toMatchObject({ status: res.status, title: expect.any(String) });
    if (shape === 'oauth') expect(body).toMatchObject({ error: expect.any(String), error_description: expect.any(String) });
    if (shape === 'admin') expect(body).toMatchObject({ error: { status: res.status, message: expect.any(String) } });
  });

  it('TRACE on a checkout route by Host header is 405, not the data of a GET', async () => {
    const res = await raw('TRACE', `/checkouts/${checkoutId}`, { host: 'api.uat.walleydev.com' });
    expect(res.status).toBe(405);
    expect(res.text).not.toContain(checkoutId.slice(0, 8) + '"');
  });
});

describe('values that are objects with a toString key', () => {
  const odd = { toString: 1, valueOf: 'x' };
  const item = (over: Record<string, unknown>): Record<string, unknown> => ({
    id: 'A',
    description: 'A',
    unitPrice: 10,
    quantity: 1,
    vat: 25,
    ...over,
  });

  for (const key of ['unitPrice', 'quantity', 'vat']) {
    const cart = { items: [item({ [key]: odd })] };

    it(`${key}: 400 on init, cart update and whole update, on the api and the legacy host`, async () => {
      const bearer = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const statuses: number[] = [];
      const init = await sb.fetch('/uat/api/checkouts', { method: 'POST', headers: bearer, body: JSON.stringify(initPayload({ cart })) });
      statuses.push(init.status);
      const put = await sb.fetch(`/uat/api/checkouts/${checkoutId}/cart`, { method: 'PUT', headers: bearer, body: JSON.stringify(cart) });
      statuses.push(put.status);
      const whole = await sb.fetch(`/uat/api/checkouts/${checkoutId}`, { method: 'PUT', headers: bearer, body: JSON.stringify({ cart }) });
      statuses.push(whole.status);
      const legacy = await signedFetch(sb, 'legacy', 'POST', '/checkout', JSON.stringify(initPayload({ cart })));
      statuses.push(legacy.status);
      expect(statuses).toEqual([400, 400, 400, 400]);
      const body = (await init.json()) as { error: { errors: { message: string }[] } };
      expect(body.error.errors.map((e) => e.message).join(' ')).toContain(key);
    });
  }

  it('order capture with an amount object: 400 problem details', async () => {
    const res = await sb.fetch('/uat/api/manage/orders/00000000-0000-4000-8000-000000000000/capture', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: odd, items: [{ id: 'A', unitPrice: odd, quantity: odd, vat: odd }] }),
    });
    expect(res.status).toBe(400);
  });
});

describe('time claims out of the representable range', () => {
  const NOW_S = Math.floor(Date.parse('2026-06-01T00:00:00Z') / 1000);

  async function signed(claims: Record<string, unknown>): Promise<string> {
    const ring = await sb.surfaceDeps('uat', 'api').identity.keyRing('uat');
    return new SignJWT(claims).setProtectedHeader({ typ: 'JWT', alg: 'RS256', kid: ring.signing.kid }).sign(ring.signing.privateKey);
  }

  const good = {
    aud: '705798e0-8cef-427c-ae00-6023deba29af',
    iss: `https://sts.windows.net/${UAT_TENANT}/`,
    iat: NOW_S,
    nbf: NOW_S,
    exp: NOW_S + 3600,
    azp: CREDENTIALS.uat.clientId,
    tid: UAT_TENANT,
  };

  it.each([
    ['nbf 1e300', { nbf: 1e300 }],
    ['exp -1e300', { exp: -1e300 }],
    ['exp 1e300', { exp: 1e300 }],
    ['iat 1e300', { iat: 1e300 }],
    ['nbf -1e300', { nbf: -1e300 }],
  ])('%s → 401 invalid_token in the checkout envelope', async (_name, claims) => {
    const jwt = await signed({ ...good, ...claims });
    const res = await sb.fetch('/uat/api/checkouts/x', { headers: { authorization: `Bearer ${jwt}` } });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toContain('invalid_token');
    expect(await res.json()).toMatchObject({ data: null, error: { code: 401 } });
  });
});

describe('HEAD on a path no surface serves (found by the fuzz suite)', () => {
  it('answers 404 without a body in-process, as over a socket', async () => {
    const res = await sb.fetch('/uat/api/../nowhere', { method: 'HEAD' });
    expect(res.status).toBe(404);
    expect(await res.text()).toBe('');
  });
});
