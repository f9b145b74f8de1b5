/**
 * The webhooks as the service sends them (https://dev.walleypay.com/docs/webhooks/overview and its
 * event pages), received by a merchant's endpoint on a local port that checks each request as
 * docs/webhooks.md tells a merchant to: the documented headers, the Walley-Signature verified
 * with the merchant's HMAC key by the algorithm written there (computed here with node:crypto,
 * not with the sandbox's code), and each body against the event's documented payload.
 */
import { NORDIC_PROD_CLIENT } from '../support/identity.js';
import { createHmac } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { openSandbox, useSandbox } from '../support/sandbox.js';
import { webhookBodySchema } from '../../src/routes/answers/webhooks.js';
import { admin, at } from '../support/checkout-requests.js';
import { ManageApi, bearerToken } from '../support/manage-api.js';
import { type Received, useReceiver } from '../support/receiver.js';

const KEY = 'whk-7d2c1f0e9b8a4c3d';
const HOOK = '/walley/webhooks';
/** .NET's form: 7 fractional digits and an offset; UTC, except the order events' Swedish local time (their page's +01:00). */
const NET_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{7}\+00:00$/;
const STOCKHOLM_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{7}\+0[12]:00$/;
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const sb = useSandbox({ now: '2026-11-02T10:00:00Z', frozen: true });
let api: ManageApi;
const shop = useReceiver();

beforeEach(async () => {
  api = new ManageApi(sb);
  const set = await admin(sb, '/uat/merchants/1001/callbacks', { webhookUri: `${shop.base}${HOOK}`, webhookHmacKey: KEY }, 'PUT');
  expect(set.body).toEqual({ merchantId: '1001', webhookUri: `${shop.base}${HOOK}`, webhookHmacKey: KEY, invoiceStatusUri: null });
});

/** The merchant's check of docs/webhooks.md: HMAC-SHA256 over `${Walley-Timestamp}.${raw body}`, lowercase hex. */
function verified(request: Received, key: string): boolean {
  const timestamp = String(request.headers['walley-timestamp']);
  const expected = createHmac('sha256', key).update(`${timestamp}.${request.body}`).digest('hex');
  return request.headers['walley-signature'] === expected;
}

type Hook = { Type: string; Timestamp: string; Payload: Record<string, unknown> };

/** Every webhook the shop got, each checked for its documented headers and shape. */
function webhooks(live = 'False'): (Hook & { request: Received })[] {
  return shop.on(HOOK).map((request) => {
    const body = JSON.parse(request.body) as Hook;
    expect(request.method).toBe('POST');
    expect(request.contentType).toContain('application/json');
    expect(request.headers['user-agent']).toBe('Walleybot 0.1 (+https://dev.walleypay.com)');
    expect(request.headers['walley-correlationid']).toMatch(GUID);
    expect(request.headers['walley-live']).toBe(live);
    // UNIX seconds of the event: the body's Timestamp.
    expect(Number(request.headers['walley-timestamp'])).toBe(Math.floor(Date.parse(body.Timestamp) / 1000));
    expect(body.Timestamp).toMatch(body.Type.startsWith('walley:order:') ? STOCKHOLM_INSTANT : NET_INSTANT);
    expect(webhookBodySchema.safeParse(body).error?.issues ?? []).toEqual([]);
    return { ...body, request };
  });
}

async function checkout(overrides: Record<string, unknown> = {}): Promise<string> {
  const init = await api.post('/checkouts', {
    storeId: '1234',
    countryCode: 'SE',
    reference: 'ORD-4711',
    merchantTermsUri: 'https://shop.example/terms',
    cart: { items: [{ id: 'TENT-2P', description: 'Two-person tent', unitPrice: '2499.00', quantity: 1, vat: 25 }] },
    fees: { shipping: { id: 'ship', description: 'Shipping', unitPrice: 49, vat: 25 } },
    ...overrides,
  });
  expect(init.status, init.text).toBe(200);
  return String(at(init.json, 'data', 'privateId'));
}

async function purchase(privateId: string, result: string, paymentName = 'DirectInvoice'): Promise<string> {
  const bought = await admin(sb, `/uat/checkouts/${privateId}/purchase`, { result, paymentName });
  expect(bought.status, JSON.stringify(bought.body)).toBe(200);
  return String(bought.body.orderId);
}

describe('walley:order:created when a customer completes a checkout', () => {
  it('carries OrderId, Reference, Amount, Currency and Status, nothing else, signed with the merchant’s key', async () => {
    const orderId = await purchase(await checkout(), 'Preliminary');
    await shop.until(HOOK, 1);
    const [created] = webhooks();
    // 10:00 UTC is 11:00 in Stockholm in November (CET), written as the orders page writes it.
    expect(created).toMatchObject({ Type: 'walley:order:created', Timestamp: '2026-11-02T11:00:00.0000000+01:00' });
    expect(created!.Payload).toEqual({ OrderId: orderId, Reference: 'ORD-4711', Amount: 2548, Currency: 'SEK', Status: 'Authorized' });
    expect(created!.request.headers['walley-timestamp']).toBe(String(Date.parse('2026-11-02T10:00:00Z') / 1000));
    expect(verified(created!.request, KEY)).toBe(true);
    // A changed body, or another key, does not verify.
    expect(verified({ ...created!.request, body: created!.request.body.replace('2548', '1') }, KEY)).toBe(false);
    expect(verified(created!.request, 'another-key')).toBe(false);
  });

  it('writes its Timestamp in Swedish local time, as the orders page does: +02:00 in summer', async () => {
    sb.clock.set({ now: '2026-07-01T10:00:00Z', frozen: true });
    await purchase(await checkout(), 'Preliminary');
    await shop.until(HOOK, 1);
    const [created] = webhooks();
    expect(created!.Timestamp).toBe('2026-07-01T12:00:00.0000000+02:00');
    expect(created!.request.headers['walley-timestamp']).toBe(String(Date.parse('2026-07-01T10:00:00Z') / 1000));
  });

  it('says Captured for an auto-activated purchase, and nothing for a rejected one (no order to announce)', async () => {
    await purchase(await checkout({ reference: 'ORD-1' }), 'Activated', 'Card');
    await purchase(await checkout({ reference: 'ORD-2' }), 'Rejected');
    await purchase(await checkout({ reference: 'ORD-3' }), 'Signing');
    await shop.until(HOOK, 2);
    await sb.deliveries.settled();
    expect(webhooks().map((w) => [w.Payload.Reference, w.Payload.Status])).toEqual([
      ['ORD-1', 'Captured'],
      ['ORD-3', 'RequiresSigning'],
    ]);
  });

  it('says OnHold, then walley:order:authorized or walley:order:rejected when the review ends', async () => {
    const held = await checkout({ reference: 'HOLD-1' });
    const orderId = await purchase(held, 'OnHold');
    const denied = await checkout({ reference: 'HOLD-2' });
    await purchase(denied, 'OnHold');
    expect((await admin(sb, `/uat/checkouts/${held}/invoice-status`, { invoiceStatus: 'Approved' })).status).toBe(200);
    expect((await admin(sb, `/uat/checkouts/${denied}/invoice-status`, { invoiceStatus: 'Rejected' })).status).toBe(200);
    await shop.until(HOOK, 4);
    const hooks = webhooks();
    expect(hooks.map((w) => [w.Type, w.Payload.Reference, w.Payload.Status ?? null])).toEqual([
      ['walley:order:created', 'HOLD-1', 'OnHold'],
      ['walley:order:created', 'HOLD-2', 'OnHold'],
      ['walley:order:authorized', 'HOLD-1', null],
      ['walley:order:rejected', 'HOLD-2', null],
    ]);
    expect(hooks[2]!.Payload).toEqual({ OrderId: orderId, Reference: 'HOLD-1', Amount: 2548, Currency: 'SEK' });
    for (const hook of hooks) expect(verified(hook.request, KEY)).toBe(true);
  });
});

describe('walley:order:reauthorized when the items of an order change', () => {
  it('carries the amount now and before, as the page’s example, at once or when the credit check completes', async () => {
    const orderId = await purchase(await checkout({ reference: 'ORD-R' }), 'Preliminary');
    const lower = await api.post(`/manage/orders/${orderId}/reauthorize`, { amount: 2000, actionReference: 'r-1' });
    expect(lower.status, lower.text).toBe(202);
    await shop.until(HOOK, 2);
    const [, reauthorized] = webhooks();
    expect(reauthorized).toMatchObject({ Type: 'walley:order:reauthorized', Timestamp: '2026-11-02T11:00:00.0000000+01:00' });
    expect(reauthorized!.Payload).toEqual({ OrderId: orderId, Amount: 2000, OriginalAmount: 2548, Currency: 'SEK' });
    expect(verified(reauthorized!.request, KEY)).toBe(true);

    // An increase needs a credit check (201): the webhook comes when it has completed.
    const higher = await api.post(`/manage/orders/${orderId}/reauthorize`, { amount: 2100, actionReference: 'r-2' });
    expect(higher.status, higher.text).toBe(201);
    await sb.deliveries.settled();
    expect(webhooks()).toHaveLength(2);
    sb.clock.set({ now: '2026-11-02T10:10:00Z', frozen: true });
    expect((await api.get(`/manage/orders/${orderId}`)).status).toBe(200);
    await shop.until(HOOK, 3);
    expect(webhooks()[2]!.Payload).toEqual({ OrderId: orderId, Amount: 2100, OriginalAmount: 2000, Currency: 'SEK' });
  });
});

describe('walley:order:captured whenever a capture is made on an order', () => {
  it('carries what each capture took, part and rest, and none for a refused or replayed capture', async () => {
    const orderId = await purchase(await checkout({ reference: 'ORD-C' }), 'Preliminary');
    const part = await api.post(`/manage/orders/${orderId}/capture`, {
      amount: 2499,
      items: [{ id: 'TENT-2P', description: 'Two-person tent', unitPrice: 2499, quantity: 1 }],
    });
    expect(part.status, part.text).toBe(202);
    const key = { 'X-idempotency': '5b0c2a4e-8d1f-4c3b-9a7e-6f5d4c3b2a10' };
    expect((await api.post(`/manage/orders/${orderId}/capture`, { amount: 49 }, key)).status).toBe(202);
    // The same request again is a replay; more than is left is refused: neither captures.
    expect((await api.post(`/manage/orders/${orderId}/capture`, { amount: 49 }, key)).headers.get('x-sandbox-idempotent-replay')).toBe(
      'true',
    );
    expect((await api.post(`/manage/orders/${orderId}/capture`, { amount: 1 })).status).toBe(422);
    await shop.until(HOOK, 3);
    await sb.deliveries.settled();
    const hooks = webhooks();
    expect(hooks.map((w) => w.Type)).toEqual(['walley:order:created', 'walley:order:captured', 'walley:order:captured']);
    expect(hooks[1]).toMatchObject({ Timestamp: '2026-11-02T11:00:00.0000000+01:00' });
    expect(hooks[1]!.Payload).toEqual({ OrderId: orderId, Amount: 2499, Currency: 'SEK' });
    expect(hooks[2]!.Payload).toEqual({ OrderId: orderId, Amount: 49, Currency: 'SEK' });
    for (const hook of hooks) expect(verified(hook.request, KEY)).toBe(true);
    // Each capture is its own action.
    expect(hooks[1]!.request.headers['walley-correlationid']).not.toBe(hooks[2]!.request.headers['walley-correlationid']);
  });

  it('is not sent for an order created captured: walley:order:created says Captured', async () => {
    await purchase(await checkout({ reference: 'ORD-CARD' }), 'Activated', 'Card');
    await shop.until(HOOK, 1);
    await sb.deliveries.settled();
    expect(webhooks().map((w) => [w.Type, w.Payload.Status])).toEqual([['walley:order:created', 'Captured']]);
  });
});

describe('the headers', () => {
  it('keep their timestamp, signature and correlation id on every retry; another action has its own correlation id', async () => {
    shop.answer(HOOK, 500, 200);
    await purchase(await checkout({ profileName: 'Recurring' }), 'Preliminary');
    await shop.until(HOOK, 2);
    await admin(sb, '/clock/advance', { seconds: 5 });
    await shop.until(HOOK, 3);
    await sb.deliveries.settled();
    const [first, second, retried] = webhooks();
    expect([first!.Type, second!.Type, retried!.Type]).toEqual([
      'walley:order:created',
      'walley:customer-token:active',
      'walley:order:created',
    ]);
    for (const name of ['walley-timestamp', 'walley-signature', 'walley-correlationid'])
      expect(retried!.request.headers[name]).toBe(first!.request.headers[name]);
    expect(verified(retried!.request, KEY)).toBe(true);
    // The token was issued by another action than the order's creation.
    expect(second!.request.headers['walley-correlationid']).not.toBe(first!.request.headers['walley-correlationid']);
  });

  it('are always signed: every seeded merchant has a signing key, shown by the admin API; it can be changed, never removed', async () => {
    const fresh = await openSandbox({ now: '2026-11-02T10:00:00Z', frozen: true });
    for (const env of ['uat', 'prod']) {
      const merchants = (await admin(fresh, `/${env}/merchants`, undefined, 'GET')).body.merchants as {
        id: string;
        webhookSigningKey: string | null;
      }[];
      expect(merchants.length).toBeGreaterThan(0);
      for (const m of merchants) expect(m.webhookSigningKey, `${env} ${m.id}`).toMatch(/^[0-9a-f]{32}$/);
    }
    const merchants = (await admin(fresh, '/uat/merchants', undefined, 'GET')).body.merchants as {
      id: string;
      webhookSigningKey: string;
    }[];
    const seededKey = merchants.find((m) => m.id === '1001')!.webhookSigningKey;
    // Only the webhook URL is set: the seeded key signs.
    expect((await admin(fresh, '/uat/merchants/1001/callbacks', { webhookUri: `${shop.base}${HOOK}` }, 'PUT')).body).toMatchObject({
      webhookHmacKey: seededKey,
    });
    const refused = await admin(fresh, '/uat/merchants/1001/callbacks', { webhookHmacKey: null }, 'PUT');
    expect(refused.status).toBe(400);
    const freshApi = new ManageApi(fresh);
    const init = await freshApi.post('/checkouts', {
      storeId: '1234',
      countryCode: 'SE',
      merchantTermsUri: 'https://shop.example/terms',
      cart: { items: [{ id: 'A', description: 'A', unitPrice: 10, quantity: 1, vat: 25 }] },
    });
    expect(
      (await admin(fresh, `/uat/checkouts/${String(at(init.json, 'data', 'privateId'))}/purchase`, { result: 'Preliminary' })).status,
    ).toBe(200);
    await shop.until(HOOK, 1);
    const [created] = webhooks();
    expect(verified(created!.request, seededKey)).toBe(true);
  });

  it('say Walley-Live: True in PROD', async () => {
    expect(
      (await admin(sb, '/prod/merchants/1001/callbacks', { webhookUri: `${shop.base}${HOOK}`, webhookHmacKey: KEY }, 'PUT')).status,
    ).toBe(200);
    const token = await bearerToken(sb, 'prod', NORDIC_PROD_CLIENT);
    const init = await sb.fetch('/prod/api/checkouts', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        storeId: 5234,
        countryCode: 'SE',
        merchantTermsUri: 'https://shop.example/terms',
        cart: { items: [{ id: 'A', description: 'A', unitPrice: 10, quantity: 1, vat: 25 }] },
      }),
    });
    expect(init.status).toBe(200);
    const privateId = ((await init.json()) as { data: { privateId: string } }).data.privateId;
    expect((await admin(sb, `/prod/checkouts/${privateId}/purchase`, { result: 'Preliminary' })).status).toBe(200);
    await shop.until(HOOK, 1);
    const [created] = webhooks('True');
    expect(verified(created!.request, KEY)).toBe(true);
  });

  it('are kept on the webhook’s record for the control plane', async () => {
    await purchase(await checkout(), 'Preliminary');
    await sb.deliveries.settled();
    const listed = await admin(sb, '/uat/webhooks', undefined, 'GET');
    const [hook] = listed.body.webhooks as { type: string; state: string; headers: Record<string, string>; body: Hook }[];
    expect(hook).toMatchObject({
      type: 'walley:order:created',
      state: 'delivered',
      headers: { 'User-Agent': 'Walleybot 0.1 (+https://dev.walleypay.com)', 'Walley-Live': 'False' },
    });
    expect(hook!.headers['Walley-Signature']).toBe(shop.on(HOOK)[0]!.headers['walley-signature']);
  });
});

describe('tokenization webhooks', () => {
  async function recurringToken(): Promise<string> {
    const privateId = await checkout({ profileName: 'Coffee-Recurring' });
    await purchase(privateId, 'Preliminary', 'Card');
    return String(at((await api.get(`/checkouts/${privateId}`)).json, 'data', 'order', 'customerToken'));
  }

  it('authorization events carry the page’s fields with CreatedOn in the service’s form; the order they create names them', async () => {
    const token = await recurringToken();
    const sync = await api.post('/purchase/authorizations', {
      customerToken: token,
      attemptSchedule: { preferSynchronous: true },
      order: {
        reference: 'SUB-1',
        actionReference: 'Action 1234',
        currency: 'SEK',
        captureMode: 'Manual',
        items: [{ id: 'BOX', description: 'Box', unitPrice: '199', quantity: '1', vat: '12' }],
      },
    });
    expect(sync.status, sync.text).toBe(200);
    const { authorizationId, orderId } = sync.json.data as { authorizationId: string; orderId: string };
    await shop.until(HOOK, 5);
    const hooks = webhooks().filter((w) => w.Payload.AuthorizationId === authorizationId);
    expect(hooks.map((w) => w.Type)).toEqual(['walley:authorization:created', 'walley:authorization:authorized', 'walley:order:created']);
    expect(hooks[0]!.Payload).toEqual({
      CustomerToken: token,
      AuthorizationId: authorizationId,
      Reference: 'SUB-1',
      ActionReference: 'Action 1234',
      CreatedOn: '2026-11-02T10:00:00.0000000+00:00',
    });
    expect(hooks[1]!.Payload).toEqual(hooks[0]!.Payload);
    expect(hooks[2]!.Payload).toEqual({
      OrderId: orderId,
      Reference: 'SUB-1',
      Amount: 199,
      Currency: 'SEK',
      Status: 'Authorized',
      AuthorizationId: authorizationId,
      CustomerToken: token,
    });
    for (const hook of hooks) expect(verified(hook.request, KEY)).toBe(true);
  });

  it('customer-token events carry PreviousStatus', async () => {
    const token = await recurringToken();
    expect((await api.call('DELETE', `/purchase/customer-tokens/${token}`)).status).toBe(202);
    await shop.until(HOOK, 3);
    const tokens = webhooks().filter((w) => w.Type.startsWith('walley:customer-token:'));
    expect(tokens.map((w) => [w.Type, w.Payload])).toEqual([
      ['walley:customer-token:active', { CustomerToken: token, PreviousStatus: null }],
      ['walley:customer-token:cancelled', { CustomerToken: token, PreviousStatus: 'Active' }],
    ]);
  });
});
