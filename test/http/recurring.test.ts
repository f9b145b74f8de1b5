/**
 * Recurring payments: customer tokens from purchases on recurring profiles,
 * POST /purchase/authorizations (sync 200, scheduled 202, retries on the sandbox clock), token
 * cancellation, the UAT-only failure hook, and webhooks POSTed to a local endpoint.
 */
import { NORDIC_PROD_CLIENT } from '../support/identity.js';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSandbox } from '../support/sandbox.js';
import { admin, at } from '../support/checkout-requests.js';
import { type ReadResponse, ManageApi, bearerToken } from '../support/manage-api.js';
import { useReceiver } from '../support/receiver.js';

const sb = useSandbox({ now: '2026-11-02T10:00:00Z', frozen: true });
let api: ManageApi;
const shop = useReceiver();

beforeEach(async () => {
  api = new ManageApi(sb);
  expect((await admin(sb, '/uat/merchants/1001/callbacks', { webhookUri: `${shop.base}/walley/webhooks` }, 'PUT')).status).toBe(200);
});

/** A checkout on `profileName` through the current API, purchased by the simulated customer; returns its data. */
async function purchase(profileName: string | null): Promise<Record<string, unknown>> {
  const init = await api.post('/checkouts', {
    storeId: '1234',
    countryCode: 'SE',
    merchantTermsUri: 'https://shop.example/terms',
    ...(profileName ? { profileName } : {}),
    cart: { items: [{ id: 'BOX-1', description: 'Monthly coffee box', unitPrice: '199.00', quantity: 1, vat: 12 }] },
  });
  expect(init.status, init.text).toBe(200);
  const privateId = String(at(init.json, 'data', 'privateId'));
  expect((await admin(sb, `/uat/checkouts/${privateId}/purchase`, { result: 'Preliminary', paymentName: 'Card' })).status).toBe(200);
  const get = await api.get(`/checkouts/${privateId}`);
  return get.json.data as Record<string, unknown>;
}

async function recurringToken(): Promise<string> {
  return String(at(await purchase('Coffee-Recurring'), 'order', 'customerToken'));
}

function authorization(
  customerToken: string,
  overrides: Record<string, unknown> = {},
  order: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    customerToken,
    order: {
      reference: 'SUB-2026-11',
      currency: 'SEK',
      captureMode: 'Manual',
      // As the docs send them: numbers as strings; WooCommerce's PascalCase keys.
      items: [{ Id: 'BOX-1', Description: 'Monthly coffee box', UnitPrice: '199.00', Quantity: '2', Vat: '12' }],
      ...order,
    },
    ...overrides,
  };
}

function expectRefusal(answer: ReadResponse, status: number, reason?: string): void {
  expect(answer.status, answer.text).toBe(status);
  expect(answer.json).toMatchObject({ id: expect.any(String), error: { code: status, message: expect.any(String) } });
  expect('data' in answer.json).toBe(false);
  if (reason) expect(at(answer.json, 'error', 'errors', 0, 'reason')).toBe(reason);
}

async function webhookTypes(): Promise<string[]> {
  await sb.deliveries.settled();
  const listed = await admin(sb, '/uat/webhooks', undefined, 'GET');
  return (listed.body.webhooks as { type: string }[]).map((w) => w.type);
}

describe('customer tokens', () => {
  it('are issued by purchases on Recurring and <profile>-Recurring profiles only', async () => {
    expect(at(await purchase('Recurring'), 'order', 'customerToken')).toMatch(/^[0-9a-f-]{36}$/);
    expect(at(await purchase('Coffee-Recurring'), 'order', 'customerToken')).toMatch(/^[0-9a-f-]{36}$/);
    expect(at(await purchase(null), 'order', 'customerToken')).toBeNull();
    expect(at(await purchase('Delivery'), 'order', 'customerToken')).toBeNull();
  });

  it('are Active until cancelled: DELETE 202, again 403, unknown 404, and GET shows the cancellation', async () => {
    const token = await recurringToken();
    // Token details: paymentMethod always, with its type (a card, masked as the page's example).
    const card = { type: 'Card', maskedCardNumber: expect.stringMatching(/^516020\*{6}\d{4}$/) };
    expect((await api.get(`/purchase/customer-tokens/${token}`)).json.data).toEqual({ status: 'Active', paymentMethod: card });
    const cancelled = await api.call('DELETE', `/purchase/customer-tokens/${token}`);
    expect(cancelled.status, cancelled.text).toBe(202);
    expect(cancelled.json).toEqual({ id: expect.any(String) });
    expect((await api.get(`/purchase/customer-tokens/${token}`)).json.data).toEqual({
      status: 'Cancelled',
      cancellationDate: '2026-11-02T10:00:00.000Z',
      paymentMethod: card,
    });
    expectRefusal(await api.call('DELETE', `/purchase/customer-tokens/${token}`), 403, 'Customer_Token_Cancelled');
    const unknown = await api.call('DELETE', '/purchase/customer-tokens/00000000-0000-4000-8000-000000000000');
    expectRefusal(unknown, 404);
    expect(at(unknown.json, 'error', 'errors')).toEqual([]);
    // The purchase that issued the token created an order (walley:order:created) before the token.
    expect(await webhookTypes()).toEqual(['walley:order:created', 'walley:customer-token:active', 'walley:customer-token:cancelled']);
  });

  it('are not served on the legacy SharedKey host, and need a bearer token', async () => {
    const token = await recurringToken();
    expect((await sb.fetch(`/uat/legacy/purchase/customer-tokens/${token}`)).status).toBe(404);
    const anonymous = await sb.fetch('/uat/api/purchase/authorizations', { method: 'POST', body: JSON.stringify(authorization(token)) });
    expect(anonymous.status).toBe(401);
  });
});

describe('POST /purchase/authorizations', () => {
  it('answers 200 with the orderId when synchronous; captureMode Auto gives an activated order', async () => {
    const token = await recurringToken();
    const sync = await api.post(
      '/purchase/authorizations',
      authorization(token, { attemptSchedule: { preferSynchronous: true } }, { captureMode: 'Auto' }),
    );
    expect(sync.status, sync.text).toBe(200);
    expect(sync.json.data).toEqual({ authorizationId: expect.any(String), orderId: expect.any(String) });
    const order = await api.order(String(at(sync.json, 'data', 'orderId')));
    expect(order).toMatchObject({
      status: 'Activated',
      totalAmount: 398,
      currency: 'SEK',
      reference: 'SUB-2026-11',
      paymentMethod: 'Card',
    });
    expect(order.items).toEqual([{ articleNumber: 'BOX-1', description: 'Monthly coffee box', price: 199, quantity: 2, vatRate: 12 }]);
  });

  it('answers 202 when scheduled; the attempt is made on the sandbox clock and announced by webhooks', async () => {
    const token = await recurringToken();
    const scheduled = await api.post('/purchase/authorizations', authorization(token));
    expect(scheduled.status, scheduled.text).toBe(202);
    expect(scheduled.json.data).toEqual({ authorizationId: expect.any(String) });
    const authorizationId = String(at(scheduled.json, 'data', 'authorizationId'));
    await shop.until('/walley/webhooks', 5);
    const events = shop.posted('/walley/webhooks').filter((e) => e.Payload.AuthorizationId === authorizationId);
    expect(events.map((e) => e.Type)).toEqual(['walley:authorization:created', 'walley:authorization:authorized', 'walley:order:created']);
    const created = events[2]!;
    expect(created.Payload).toMatchObject({
      CustomerToken: token,
      AuthorizationId: authorizationId,
      Reference: 'SUB-2026-11',
      OrderId: expect.any(String),
    });
    expect(shop.on('/walley/webhooks')[0]!.contentType).toContain('application/json');
    // Manual capture: a normal order to capture on /manage/orders.
    expect((await api.order(String(created.Payload.OrderId))).status).toBe('NotActivated');
  });

  it('makes relative attempts on the clock: retrying while the token has no funds, authorized once it has', async () => {
    const token = await recurringToken();
    const hook = await api.call('PUT', `/purchase/customer-tokens/${token}`, {
      AuthorizationFailure: { Reason: 'PAYMENT_METHOD_NO_FUNDS' },
    });
    expect(hook.status, hook.text).toBe(200);
    const answer = await api.post(
      '/purchase/authorizations',
      authorization(token, { attemptSchedule: { relative: ['00:00:10', '1.00:00:00', '1.00:00:00'] } }),
    );
    expect(answer.status).toBe(202);
    expect(await webhookTypes()).toEqual(['walley:order:created', 'walley:customer-token:active', 'walley:authorization:created']);

    await admin(sb, '/clock/advance', { seconds: 10 });
    await sb.deliveries.settled();
    const retrying = (await admin(sb, '/uat/webhooks', undefined, 'GET')).body.webhooks as {
      type: string;
      body: { Payload: Record<string, unknown> };
    }[];
    expect(retrying.at(-1)).toMatchObject({
      type: 'walley:authorization:retrying',
      body: {
        Timestamp: '2026-11-02T10:00:10.0000000+00:00',
        Payload: { CurrentAttempt: 1, MaxAttempt: 3, Reason: 'PAYMENT_METHOD_NO_FUNDS' },
      },
    });

    expect((await api.call('PUT', `/purchase/customer-tokens/${token}`, { AuthorizationFailure: null })).status).toBe(200);
    await admin(sb, '/clock/advance', { duration: 'P1D' });
    expect((await webhookTypes()).slice(-2)).toEqual(['walley:authorization:authorized', 'walley:order:created']);
    const listed = await admin(sb, '/uat/authorizations', undefined, 'GET');
    expect(at(listed.body, 'authorizations', 0)).toMatchObject({ status: 'Authorized', attemptsMade: 2, reason: null });
  });

  it("retries SERVICE_UNAVAILABLE on the authorization page's relative schedule, counting attempts, and ends failed when they run out", async () => {
    const token = await recurringToken();
    expect(
      (await api.call('PUT', `/purchase/customer-tokens/${token}`, { AuthorizationFailure: { Reason: 'SERVICE_UNAVAILABLE' } })).status,
    ).toBe(200);
    // The page's example: four attempts ten seconds apart, then one a day and ten seconds later.
    const schedule = { relative: ['00:00:10', '00:00:10', '00:00:10', '00:00:10', '1.00:00:10'] };
    expect((await api.post('/purchase/authorizations', authorization(token, { attemptSchedule: schedule }))).status).toBe(202);
    type Sent = { type: string; body: { Timestamp: string; Payload: Record<string, unknown> } };
    const sent = async (): Promise<Sent[]> =>
      ((await admin(sb, '/uat/webhooks', undefined, 'GET')).body.webhooks as Sent[]).filter(
        (w) => w.type.startsWith('walley:authorization:') && w.type !== 'walley:authorization:created',
      );
    // Nothing is attempted before the first attempt falls due on the sandbox clock.
    await admin(sb, '/clock/advance', { seconds: 9 });
    expect(await sent()).toEqual([]);
    await admin(sb, '/clock/advance', { seconds: 31 });
    expect((await sent()).map((w) => [w.type, w.body.Payload.CurrentAttempt, w.body.Payload.MaxAttempt, w.body.Payload.Reason])).toEqual(
      [1, 2, 3, 4].map((n) => ['walley:authorization:retrying', n, 5, 'SERVICE_UNAVAILABLE']),
    );
    expect((await sent()).map((w) => w.body.Timestamp)).toEqual(['10', '20', '30', '40'].map((s) => `2026-11-02T10:00:${s}.0000000+00:00`));
    await admin(sb, '/clock/advance', { duration: 'P1D' });
    expect((await sent()).length).toBe(4);
    await admin(sb, '/clock/advance', { seconds: 10 });
    expect((await sent()).at(-1)).toMatchObject({
      type: 'walley:authorization:failed',
      body: {
        Timestamp: '2026-11-03T10:00:50.0000000+00:00',
        Payload: { CurrentAttempt: 5, MaxAttempt: 5, Reason: 'SERVICE_UNAVAILABLE' },
      },
    });
    expect(at((await admin(sb, '/uat/authorizations', undefined, 'GET')).body, 'authorizations', 0)).toMatchObject({
      status: 'Failed',
      attemptsMade: 5,
    });
  });

  it('fails at once on PAYMENT_METHOD_EXPIRED, and when the retries run out', async () => {
    const token = await recurringToken();
    await api.call('PUT', `/purchase/customer-tokens/${token}`, { AuthorizationFailure: { Reason: 'PAYMENT_METHOD_EXPIRED' } });
    await api.post('/purchase/authorizations', authorization(token, { attemptSchedule: { relative: ['00:00:10', '00:00:10'] } }));
    await admin(sb, '/clock/advance', { seconds: 10 });
    await sb.deliveries.settled();
    const failed = (await admin(sb, '/uat/webhooks', undefined, 'GET')).body.webhooks as {
      type: string;
      body: { Payload: Record<string, unknown> };
    }[];
    expect(failed.at(-1)).toMatchObject({
      type: 'walley:authorization:failed',
      body: { Payload: { CurrentAttempt: 1, MaxAttempt: 2, Reason: 'PAYMENT_METHOD_EXPIRED' } },
    });

    await api.call('PUT', `/purchase/customer-tokens/${token}`, { AuthorizationFailure: { Reason: 'PAYMENT_METHOD_DECLINED' } });
    await api.post(
      '/purchase/authorizations',
      authorization(token, { attemptSchedule: { absolute: ['2026-11-02T10:01:00', '2026-11-02T10:02:00Z'] } }),
    );
    await admin(sb, '/clock/advance', { seconds: 120 });
    expect((await webhookTypes()).slice(-2)).toEqual(['walley:authorization:retrying', 'walley:authorization:failed']);
  });

  it('refuses a cancelled token with 403, an unknown one with 404, and bad bodies with 400 listing every problem', async () => {
    const token = await recurringToken();
    expectRefusal(await api.post('/purchase/authorizations', authorization('00000000-0000-4000-8000-000000000000')), 404);
    const bad = await api.post('/purchase/authorizations', {
      customerToken: token,
      order: { currency: 'SEK', captureMode: 'Later', items: [{ id: 'X', unitPrice: 'ten', quantity: 0, vat: 25 }] },
      attemptSchedule: { relative: ['10s'] },
    });
    expectRefusal(bad, 400, 'Validation_Error');
    const messages = (at(bad.json, 'error', 'errors') as { message: string }[]).map((e) => e.message).join('\n');
    for (const fragment of ['captureMode', 'items[0].description', 'items[0].unitPrice', 'items[0].quantity', 'relative[0]'])
      expect(messages).toContain(fragment);
    expectRefusal(await api.post('/purchase/authorizations', authorization(token, {}, { currency: 'EUR' })), 400, 'Validation_Error');
    expectRefusal(await api.post('/purchase/authorizations', '{"customerToken":'), 400, 'Validation_Error');
    expectRefusal(
      await api.post('/purchase/authorizations', authorization(token, { attemptSchedule: { relative: ['99999999.00:00:00'] } })),
      400,
      'Validation_Error',
    );
    expectRefusal(
      await api.post(
        '/purchase/authorizations',
        authorization(token, { attemptSchedule: { relative: ['00:00:10'], absolute: ['2026-12-01T00:00:00Z'] } }),
      ),
      400,
      'Validation_Error',
    );
    expectRefusal(
      await api.post(
        '/purchase/authorizations',
        authorization(token, {}, { items: [{ id: 'GIFT', description: 'Gift card', unitPrice: '-10', quantity: 1, vat: 0 }] }),
      ),
      400,
      'Validation_Error',
    );

    await api.call('DELETE', `/purchase/customer-tokens/${token}`);
    expectRefusal(await api.post('/purchase/authorizations', authorization(token)), 403, 'Customer_Token_Cancelled');
  });

  it('replays the answer for a repeated Walley-Idempotency-Key, and refuses the key for another body', async () => {
    const token = await recurringToken();
    const body = authorization(token, { attemptSchedule: { preferSynchronous: true } });
    const first = await api.post('/purchase/authorizations', body, { 'Walley-Idempotency-Key': 'renewal-2026-11' });
    const again = await api.post('/purchase/authorizations', body, { 'Walley-Idempotency-Key': 'renewal-2026-11' });
    expect(again.status).toBe(200);
    expect(again.json.data).toEqual(first.json.data);
    expect((await admin(sb, '/uat/authorizations', undefined, 'GET')).body.authorizations).toHaveLength(1);
    expectRefusal(
      await api.post('/purchase/authorizations', authorization(token, {}, { reference: 'other' }), {
        'Walley-Idempotency-Key': 'renewal-2026-11',
      }),
      409,
    );
  });
});

describe('the UAT-only failure hook', () => {
  it('is refused on PROD, and rejects unknown reasons', async () => {
    const token = await recurringToken();
    expectRefusal(
      await api.call('PUT', `/purchase/customer-tokens/${token}`, { AuthorizationFailure: { Reason: 'OUT_OF_LUCK' } }),
      400,
      'Validation_Error',
    );
    const prodToken = await bearerToken(sb, 'prod', NORDIC_PROD_CLIENT);
    const response = await sb.fetch(`/prod/api/purchase/customer-tokens/${token}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${prodToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ AuthorizationFailure: { Reason: 'PAYMENT_METHOD_EXPIRED' } }),
    });
    const text = await response.text();
    expectRefusal(
      { status: response.status, headers: response.headers, text, json: JSON.parse(text) as ReadResponse['json'] },
      403,
      'Forbidden',
    );
    expect(text).toContain('only available in the test environment (UAT)');
  });
});

describe('webhook delivery', () => {
  it('retries a webhook the shop refused, on the notification schedule of the sandbox clock', async () => {
    shop.answer('/walley/webhooks', 500, 200);
    await recurringToken();
    await sb.deliveries.settled();
    let [webhook] = (await admin(sb, '/uat/webhooks', undefined, 'GET')).body.webhooks as {
      state: string;
      attempts: { status: number }[];
      nextAttemptAt: string;
    }[];
    expect(webhook).toMatchObject({ state: 'pending', nextAttemptAt: '2026-11-02T10:00:05.000Z', attempts: [{ status: 500 }] });
    await admin(sb, '/clock/advance', { seconds: 5 });
    await sb.deliveries.settled();
    [webhook] = (await admin(sb, '/uat/webhooks', undefined, 'GET')).body.webhooks as (typeof webhook)[];
    expect(webhook).toMatchObject({ state: 'delivered', attempts: [{ status: 500 }, { status: 200 }] });
  });

  it('is configured per merchant: unknown merchants 404, bad URLs 400, null stops webhooks', async () => {
    expect((await admin(sb, '/uat/merchants/9999/callbacks', { webhookUri: 'https://shop.example/hooks' }, 'PUT')).status).toBe(404);
    expect((await admin(sb, '/uat/merchants/1001/callbacks', { webhookUri: 'not a url' }, 'PUT')).status).toBe(400);
    const off = await admin(sb, '/uat/merchants/1001/callbacks', { webhookUri: null }, 'PUT');
    expect(off.body).toMatchObject({ merchantId: '1001', webhookUri: null });
    await recurringToken();
    expect(await webhookTypes()).toEqual([]);
  });
});
