/**
 * The current API ({base_url}): new path style with bearer tokens only, and one world with
 * the legacy and retired hosts. Tokens come from the identity provider's token endpoint with
 * the default scenario's API clients.
 */
import { describe, expect, it } from 'vitest';
import { useSandboxShell } from '../support/sandbox.js';
import { FJORD, admin, at, initPayload, initializeOldStyle, read, signedFetch, type Sent } from '../support/checkout-requests.js';

const UAT_SCOPE = '705798e0-8cef-427c-ae00-6023deba29af/.default';
const NORDIC_CLIENT = { id: '6f1e2d3c-4b5a-4978-8a1b-2c3d4e5f6a01', secret: 'uat-secret-nordic-outdoor-0001' };
const FJORD_CLIENT = { id: '6f1e2d3c-4b5a-4978-8a1b-2c3d4e5f6a02', secret: 'uat-secret-fjord-books-0002' };

const sb = useSandboxShell({ now: '2026-10-01T10:00:00Z', frozen: true });

async function token(client = NORDIC_CLIENT): Promise<string> {
  const response = await sb.fetch('/uat/api/oauth2/v2.0/token', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: client.id, client_secret: client.secret, scope: UAT_SCOPE }),
  });
  expect(response.status).toBe(200);
  return String(((await response.json()) as { access_token: string }).access_token);
}

async function api(method: string, path: string, body?: unknown, bearer?: string): Promise<Sent> {
  const init: RequestInit = {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer ?? (await token())}` },
  };
  if (body !== undefined) init.body = typeof body === 'string' ? body : JSON.stringify(body);
  return read(await sb.fetch(`/uat/api${path}`, init));
}

describe('new path style with a bearer token', () => {
  it('serves initialize, GET, the whole update and every sub-resource in the envelope', async () => {
    const bearer = await token();
    const init = await api('POST', '/checkouts', initPayload({ storeId: '1234' }), bearer);
    expect(init.status).toBe(200);
    expect(init.body).toMatchObject({
      error: null,
      data: { privateId: expect.any(String), publicToken: expect.stringMatching(/^public-SE-/) },
    });
    const privateId = String(at(init.body, 'data', 'privateId'));

    const whole = await api(
      'PUT',
      `/checkouts/${privateId}/`,
      { cart: [{ id: 'X', description: 'X', unitPrice: '12.34', quantity: 2, vat: 25 }], fees: { shipping: null } },
      bearer,
    );
    expect([whole.status, whole.body.data, whole.body.error]).toEqual([200, null, null]);
    for (const [method, suffix, body] of [
      ['PUT', '/cart', { items: [{ id: 'Y', description: 'Y', unitPrice: 1.5, quantity: 2, vat: 25 }] }],
      ['PUT', '/fees', { shipping: { id: 'ship', description: 'Ship', unitPrice: '39', vat: 25 } }],
      ['PUT', '/reference', { Reference: 'API-1' }],
      ['PUT', '/metadata', { metadata: { a: 1 } }],
      ['POST', '/paylink', { destination: { mobilePhoneNumber: '0701234567' } }],
    ] as const) {
      const sent = await api(method, `/checkouts/${privateId}${suffix}`, body, bearer);
      expect([suffix, sent.status, sent.body.error]).toEqual([suffix, 200, null]);
    }
    const get = await api('GET', `/checkouts/${privateId}`, undefined, bearer);
    expect(get.body.data).toMatchObject({
      reference: 'API-1',
      cart: { totalAmount: 3, items: [{ id: 'Y' }] },
      fees: { shipping: { unitPrice: 39 } },
    });

    const widget = await api('POST', '/widgets', { storeId: 1235 }, bearer);
    expect(widget.body.data).toMatchObject({ widgetToken: expect.stringMatching(/^widget-NO-/) });
  });

  it('serves only the new style and only bearer tokens', async () => {
    expect((await api('POST', '/checkout', initPayload())).status).toBe(404);
    expect((await api('GET', '/merchants/1234/checkouts/0b7d6a52-1f0e-4c1e-9a11-5d2a1c3e4f01')).status).toBe(404);
    const sharedKey = await signedFetch(sb, 'api', 'GET', '/checkouts/0b7d6a52-1f0e-4c1e-9a11-5d2a1c3e4f01');
    expect(sharedKey.status).toBe(401);
    expect(sharedKey.body.error?.code).toBe(401);
  });

  it('answers 900 Purchase_Commitment_Found while committed, 900 Purchase_Completed after completion and 404 once expired', async () => {
    const bearer = await token();
    const privateId = String(at((await api('POST', '/checkouts', initPayload(), bearer)).body, 'data', 'privateId'));
    await admin(sb, `/uat/checkouts/${privateId}/commit`);
    const locked = await api(
      'PUT',
      `/checkouts/${privateId}/`,
      { cart: [{ id: 'Z', description: 'Z', unitPrice: 1, quantity: 1, vat: 25 }] },
      bearer,
    );
    expect(locked.status).toBe(900);
    expect(locked.body.error).toMatchObject({ code: 900, errors: [{ reason: 'Purchase_Commitment_Found' }] });
    // The reference is not locked: shops set it while the customer completes the purchase.
    expect((await api('PUT', `/checkouts/${privateId}/reference`, { Reference: 'WC-1' }, bearer)).status).toBe(200);
    await admin(sb, `/uat/checkouts/${privateId}/purchase`, { result: 'Activated', paymentName: 'Card' });
    const completed = await api(
      'PUT',
      `/checkouts/${privateId}/cart`,
      [{ id: 'Z', description: 'Z', unitPrice: 1, quantity: 1, vat: 25 }],
      bearer,
    );
    expect(completed.status).toBe(900);
    expect(completed.body.error?.errors[0]?.reason).toBe('Purchase_Completed');

    const open = String(at((await api('POST', '/checkouts', initPayload(), bearer)).body, 'data', 'privateId'));
    // Unpurchased sessions live 90 days: the newest initialize page (https://payments.collectorbank.se/docs/checkout/initcheckout) says expiresAt is 90 days from creation (it was 7 days, from older revisions of the get checkout page).
    sb.clock.advance(91 * 24 * 3600 * 1000);
    const fresh = await token();
    expect((await api('GET', `/checkouts/${open}`, undefined, fresh)).status).toBe(404);
    // A completed purchase stays readable.
    expect(at((await api('GET', `/checkouts/${privateId}`, undefined, fresh)).body, 'data', 'status')).toBe('PurchaseCompleted');
  });
});

describe('one modifying request at a time', () => {
  it('refuses a second change of the checkout while the first is being saved (423 Resource_Locked), and takes it after', async () => {
    const privateId = String(at((await api('POST', '/checkouts', initPayload())).body, 'data', 'privateId'));
    const checkouts = sb.services.env('uat').checkouts;
    const checkout = checkouts.find(privateId)!;
    const first = checkouts.modify(checkout, 'cart', () => ({ metadata: { first: true } }));
    await expect(checkouts.modify(checkout, 'fees', () => ({ metadata: { second: true } }))).rejects.toMatchObject({
      kind: 'locked',
      code: 'Resource_Locked',
    });
    await first;
    await checkouts.modify(checkout, 'fees', () => ({ metadata: { second: true } }));
    expect(at((await api('GET', `/checkouts/${privateId}`)).body, 'data', 'metadata')).toEqual({ second: true });
  });
});

describe('one world behind every host', () => {
  it('shows a checkout created on the retired host to a bearer token of the same merchant, and vice versa', async () => {
    const onRetired = await initializeOldStyle(sb, 'retired');
    await signedFetch(sb, 'retired', 'PUT', `/merchants/1234/checkouts/${onRetired.privateId}/reference`, '{"Reference":"R-1"}');
    const viaApi = await api('GET', `/checkouts/${onRetired.privateId}`);
    expect(viaApi.status).toBe(200);
    expect(viaApi.body.data).toMatchObject({ reference: 'R-1', status: 'Initialized' });

    const onApi = await api('POST', '/checkouts', initPayload());
    const privateId = String(at(onApi.body, 'data', 'privateId'));
    await api('PUT', `/checkouts/${privateId}/cart`, { items: [{ id: 'Q', description: 'Q', unitPrice: 7, quantity: 1, vat: 25 }] });
    for (const surface of ['retired', 'legacy'] as const) {
      const seen = await signedFetch(sb, surface, 'GET', `/merchants/1234/checkouts/${privateId}`);
      expect([surface, seen.status, at(seen.body, 'data', 'cart', 'totalAmount')]).toEqual([surface, 200, 7]);
    }
  });
});

describe('store isolation for bearer callers', () => {
  it("answers 404 for another merchant's checkout and 403 for another merchant's store", async () => {
    const nordic = await initializeOldStyle(sb, 'legacy');
    const fjord = await token(FJORD_CLIENT);
    expect((await api('GET', `/checkouts/${nordic.privateId}`, undefined, fjord)).status).toBe(404);
    expect((await api('PUT', `/checkouts/${nordic.privateId}/reference`, { Reference: 'x' }, fjord)).status).toBe(404);
    const foreign = await api('POST', '/checkouts', initPayload({ storeId: 1234 }), fjord);
    expect(foreign.status).toBe(403);
    expect(foreign.body.error?.message).toContain('Wrong StoreId');
    const own = await api('POST', '/checkouts', initPayload({ storeId: FJORD.storeId, countryCode: 'NO' }), fjord);
    expect(own.status).toBe(200);
    // …and Fjord's SharedKey reaches the checkout its token created.
    const seen = await signedFetch(sb, 'legacy', 'GET', `/checkouts/${String(at(own.body, 'data', 'privateId'))}`, undefined, FJORD);
    expect(seen.status).toBe(200);
  });
});

describe('the order reference after the purchase (the update order reference page)', () => {
  /** A checkout bought with `result`; its privateId and orderId. */
  async function bought(
    bearer: string,
    result = 'Preliminary',
    paymentName = 'DirectInvoice',
  ): Promise<{ privateId: string; orderId: string }> {
    const privateId = String(at((await api('POST', '/checkouts', initPayload({ storeId: '1234' }), bearer)).body, 'data', 'privateId'));
    const purchase = await admin(sb, `/uat/checkouts/${privateId}/purchase`, { result, paymentName });
    expect(purchase.status).toBe(200);
    return { privateId, orderId: String(purchase.body.orderId) };
  }
  const referenceOf = async (privateId: string, bearer: string): Promise<unknown> =>
    at((await api('GET', `/checkouts/${privateId}`, undefined, bearer)).body, 'data', 'reference');

  it('takes any number of changes before the purchase, the page’s example once after it, and refuses a second with 900', async () => {
    const bearer = await token();
    const privateId = String(at((await api('POST', '/checkouts', initPayload({ storeId: '1234' }), bearer)).body, 'data', 'privateId'));
    for (const reference of ['R-1', 'R-2'])
      expect((await api('PUT', `/checkouts/${privateId}/reference`, { Reference: reference }, bearer)).status).toBe(200);
    const purchase = await admin(sb, `/uat/checkouts/${privateId}/purchase`, { result: 'Preliminary', paymentName: 'DirectInvoice' });
    const orderId = String(purchase.body.orderId);

    const once = await api('PUT', `/checkouts/${privateId}/reference`, { Reference: 'ABCDEFGHJIKLMNOP' }, bearer);
    expect(once.status).toBe(200);
    expect(once.body).toEqual({ id: expect.any(String), data: null, error: null });
    expect(await referenceOf(privateId, bearer)).toBe('ABCDEFGHJIKLMNOP');
    const order = await api('GET', `/manage/orders/${orderId}`, undefined, bearer);
    expect(at(order.body, 'data', 'reference')).toBe('ABCDEFGHJIKLMNOP');

    const twice = await api('PUT', `/checkouts/${privateId}/reference`, { Reference: 'ABCDEFGHJIKLMNOQ' }, bearer);
    expect(twice.status).toBe(900);
    expect(twice.body.error).toMatchObject({ code: 900, errors: [{ reason: 'Purchase_Completed' }] });
    expect(twice.body.error?.errors[0]?.message).toContain('only once after the purchase');
    expect(await referenceOf(privateId, bearer)).toBe('ABCDEFGHJIKLMNOP');
  });

  it('refuses the change once the order is captured, in part or in full, and on a purchase captured at once', async () => {
    const bearer = await token();
    const part = await bought(bearer);
    const capture = await api('POST', `/manage/orders/${part.orderId}/capture`, { amount: 1 }, bearer);
    expect(capture.status).toBe(202);
    const refused = await api('PUT', `/checkouts/${part.privateId}/reference`, { Reference: 'LATE-1' }, bearer);
    expect(refused.status).toBe(900);
    expect(refused.body.error).toMatchObject({ code: 900, errors: [{ reason: 'Purchase_Completed' }] });
    expect(refused.body.error?.errors[0]?.message).toContain('before the order is captured');

    const card = await bought(bearer, 'Activated', 'Card');
    expect((await api('PUT', `/checkouts/${card.privateId}/reference`, { Reference: 'LATE-2' }, bearer)).status).toBe(900);
    expect(await referenceOf(card.privateId, bearer)).not.toBe('LATE-2');
  });

  it('holds on the legacy SharedKey host too (the older set order reference page: one time after the purchase)', async () => {
    const { privateId } = await initializeOldStyle(sb, 'legacy');
    await admin(sb, `/uat/checkouts/${privateId}/purchase`, { result: 'Preliminary', paymentName: 'DirectInvoice' });
    const path = `/merchants/1234/checkouts/${privateId}/reference`;
    expect((await signedFetch(sb, 'legacy', 'PUT', path, '{"Reference":"OC-100045"}')).status).toBe(200);
    const again = await signedFetch(sb, 'legacy', 'PUT', path, '{"Reference":"OC-100046"}');
    expect(again.status).toBe(900);
    expect(again.body.error?.errors[0]?.reason).toBe('Purchase_Completed');
  });
});
