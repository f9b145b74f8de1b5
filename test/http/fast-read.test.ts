/**
 * The surfaces' fast read (src/http/fast-read.ts): the GETs of cached views answered before
 * Hono, compiled from the tables. Whatever it answers must be what the mounted route answers
 * (status, headers, body, and the journal's notes); whatever it cannot answer in full (a
 * refusal, a body, an encoded path, a token never verified, a read that must save first) it
 * leaves to the route.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedKeyHeaderValue } from '../../src/domain/sharedkey-signature.js';
import type { EnvName, SurfaceName } from '../../src/hosts.js';
import type { FastRequest } from '../../src/http/fast-read.js';
import type { RequestNotes } from '../../src/http/notes.js';
import type { Surface } from '../../src/http/types.js';
import { type Sandbox, createSandbox } from '../../src/sandbox.js';
import { createApiSurface } from '../../src/surfaces/api.js';
import { createLegacySurface } from '../../src/surfaces/legacy.js';
import { NORDIC } from '../support/checkout-requests.js';
import { tokenFor } from '../support/identity.js';

const CHECKOUT = '0b7d6a52-1f0e-4c1e-9a11-5d2a1c3e4f01';
const OLD_STYLE = `/merchants/${NORDIC.storeId}/checkouts/${CHECKOUT}`;

let sb: Sandbox;
let legacy: Surface;
let api: Surface;
let token: string;
let orderId: string;

beforeAll(async () => {
  sb = await createSandbox({ logLevel: 'silent', now: '2026-06-01T00:00:00Z' });
  legacy = createLegacySurface(sb.surfaceDeps('uat', 'legacy'));
  api = createApiSurface(sb.surfaceDeps('uat', 'api'));
  token = await tokenFor(sb, 'uat');
  const orders = (await (await sb.fetch('/__admin/uat/orders')).json()) as { orders: { orderId: string; merchantId: string }[] };
  orderId = orders.orders.find((order) => order.merchantId === '1001')!.orderId;
});
afterAll(() => sb.close());

const signed = (pathAndQuery: string, key = NORDIC.key): string => sharedKeyHeaderValue(NORDIC.username, key, pathAndQuery);

function fast(surface: Surface, pathAndQuery: string, authorization: string | undefined, more: Partial<FastRequest> = {}): { answer: Response | undefined; notes: RequestNotes } {
  const notes: RequestNotes = {};
  const answer = surface.read!({ method: 'GET', pathAndQuery, authorization, hasBody: false, ...more }, notes);
  return { answer, notes };
}

/** The same request through the mounted Hono route, with the notes it writes for the journal. */
async function routed(surface: Surface, pathAndQuery: string, authorization: string | undefined): Promise<{ answer: Response; notes: RequestNotes }> {
  const notes: RequestNotes = {};
  const answer = await surface.app.request(pathAndQuery, authorization ? { headers: { authorization } } : {}, { surfacePath: pathAndQuery, journal: notes });
  return { answer, notes };
}

/** The body with the checkout envelope's per-answer id taken out (it is a fresh UUID on every answer). */
async function comparable(answer: Response): Promise<{ status: number; type: string | null; body: unknown }> {
  const body = (await answer.json()) as Record<string, unknown>;
  if (typeof body.id === 'string' && 'error' in body) body.id = '(per answer)';
  return { status: answer.status, type: answer.headers.get('content-type'), body };
}

describe('the fast read answers what the route answers', () => {
  const cases: [string, () => Surface, () => string, (path: string) => string | undefined][] = [
    ['SharedKey, old path style', () => legacy, () => OLD_STYLE, (path) => signed(path)],
    ['SharedKey, new path style', () => legacy, () => `/checkouts/${CHECKOUT}`, (path) => signed(path)],
    ['SharedKey, trailing slash, as WooCommerce sends it', () => legacy, () => `${OLD_STYLE}/`, (path) => signed(path)],
    ['SharedKey, signed with a query', () => legacy, () => `/checkouts/${CHECKOUT}?expand=all`, (path) => signed(path)],
    ['bearer, a checkout', () => api, () => `/checkouts/${CHECKOUT}`, () => `Bearer ${token}`],
    ['bearer, an order', () => api, () => `/manage/orders/${orderId}`, () => `Bearer ${token}`],
    ['bearer, an order id in capitals', () => api, () => `/manage/orders/${orderId.toUpperCase()}`, () => `Bearer ${token}`],
  ];

  it.each(cases)('%s', async (_name, surface, path, authorization) => {
    const pathAndQuery = path();
    // The route first: a bearer token the route verified is what the fast read then knows.
    const viaRoute = await routed(surface(), pathAndQuery, authorization(pathAndQuery));
    const viaFastRead = fast(surface(), pathAndQuery, authorization(pathAndQuery));
    expect(viaFastRead.answer).toBeInstanceOf(Response);
    expect(viaRoute.answer.status).toBe(200);
    expect(await comparable(viaFastRead.answer!)).toEqual(await comparable(viaRoute.answer));
    const noted = ({ operation, auth, principal }: RequestNotes) => ({ operation, auth, principal });
    expect(noted(viaFastRead.notes)).toEqual(noted(viaRoute.notes));
    expect(viaFastRead.notes.operation).toMatch(/^get(Checkout|Order)/);
  });
});

describe('what the fast read leaves to the route', () => {
  it('a refusal: bad signature, unknown username, wrong store, unknown or foreign checkout, missing header', async () => {
    const foreignStore = `/merchants/2234/checkouts/${CHECKOUT}`;
    const unknown = `/checkouts/00000000-0000-4000-8000-000000000000`;
    const refusals: [string, string | undefined, number][] = [
      [OLD_STYLE, signed(OLD_STYLE, 'not-the-key'), 401],
      [OLD_STYLE, sharedKeyHeaderValue('nobody', NORDIC.key, OLD_STYLE), 401],
      [OLD_STYLE, undefined, 401],
      [foreignStore, signed(foreignStore), 403],
      [unknown, signed(unknown), 404],
    ];
    for (const [path, authorization, status] of refusals) {
      const { answer, notes } = fast(legacy, path, authorization);
      expect(answer, path).toBeUndefined();
      // Nothing noted: the route notes the failure itself.
      expect(notes).toEqual({});
      expect((await routed(legacy, path, authorization)).answer.status, path).toBe(status);
    }
  });

  it('anything but a plain GET: other methods, a GET with a body, a percent-encoded path, a path no read serves', () => {
    const path = `/checkouts/${CHECKOUT}`;
    expect(fast(legacy, path, signed(path), { method: 'HEAD' }).answer).toBeUndefined();
    expect(fast(legacy, path, signed(path), { method: 'PUT' }).answer).toBeUndefined();
    expect(fast(legacy, path, signed(path), { hasBody: true }).answer).toBeUndefined();
    const encoded = `/checkouts/${CHECKOUT.replace('-', '%2D')}`;
    expect(fast(legacy, encoded, signed(encoded)).answer).toBeUndefined();
    expect(fast(legacy, '/checkouts', signed('/checkouts')).answer).toBeUndefined();
    expect(fast(api, '/manage/orders', `Bearer ${token}`).answer).toBeUndefined();
  });

  it('a token no route has verified yet, then the same token once one has', async () => {
    const fresh = await tokenFor(sb, 'uat');
    const path = `/checkouts/${CHECKOUT}`;
    expect(fast(api, path, `Bearer ${fresh}`).answer).toBeUndefined();
    expect((await routed(api, path, `Bearer ${fresh}`)).answer.status).toBe(200);
    expect(fast(api, path, `Bearer ${fresh}`).answer?.status).toBe(200);
  });

  it('a revoked client, then an expired checkout and an order whose expiry is due (the route saves it first)', async () => {
    const world = await createSandbox({ logLevel: 'silent', now: '2026-06-01T00:00:00Z' });
    try {
      const surface = createApiSurface(world.surfaceDeps('uat', 'api'));
      const bearer = `Bearer ${await tokenFor(world, 'uat')}`;
      const checkoutPath = `/checkouts/${CHECKOUT}`;
      const orderPath = `/manage/orders/${orderId}`;
      expect((await routed(surface, orderPath, bearer)).answer.status).toBe(200);
      expect(fast(surface, orderPath, bearer).answer?.status).toBe(200);

      // Past the checkout's lifetime and the order's expiry, within the token's.
      world.clock.set({ now: '2026-06-30T00:00:00Z' });
      const late = `Bearer ${await tokenFor(world, 'uat')}`;
      // The route verifies the new token, then refuses the expired checkout; the fast read leaves it to the route.
      expect((await routed(surface, checkoutPath, late)).answer.status).toBe(404);
      expect(fast(surface, checkoutPath, late).answer).toBeUndefined();
      expect(fast(surface, orderPath, late).answer).toBeUndefined();
      const expired = await routed(surface, orderPath, late);
      expect(((await expired.answer.json()) as { data: { status: string } }).data.status).toBe('Expired');
      // Saved: the next read changes nothing, so the fast read answers it.
      expect(fast(surface, orderPath, late).answer?.status).toBe(200);

      const revoked = await world.fetch('/__admin/uat/merchants/1001/api-clients/6f1e2d3c-4b5a-4978-8a1b-2c3d4e5f6a01', { method: 'DELETE' });
      expect(revoked.status).toBe(200);
      expect(fast(surface, orderPath, late).answer).toBeUndefined();
      expect((await routed(surface, orderPath, late)).answer.status).toBe(401);
    } finally {
      await world.close();
    }
  });
});

describe('through the gateway', () => {
  const address = (env: EnvName, surface: SurfaceName, path: string): string => `/${env}/${surface}${path}`;

  it('journals a fast read with the operation, the auth outcome and the principal', async () => {
    const answer = await sb.fetch(address('uat', 'legacy', OLD_STYLE), { headers: { authorization: signed(OLD_STYLE) } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('date')).toBe(sb.clock.httpDate());
    const journal = (await (await sb.fetch('/__admin/requests?limit=1')).json()) as { requests: Record<string, unknown>[] };
    expect(journal.requests[0]).toMatchObject({
      method: 'GET',
      path: OLD_STYLE,
      status: 200,
      operation: 'getCheckoutOldStyle',
      auth: 'sharedkey:ok',
      principal: { username: NORDIC.username, merchantId: '1001' },
    });
  });
});
