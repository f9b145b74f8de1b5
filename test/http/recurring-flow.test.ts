/**
 * The scripted flow of docs/recurring-payments.md, step by step and in the same order:
 * purchase on a recurring profile → token → authorization (sync and scheduled) → webhooks at a
 * local endpoint → capture on /manage/orders → token cancelled → next authorization refused →
 * a failure through the UAT test hook, retried on the sandbox clock.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useSandbox } from '../support/sandbox.js';
import { admin, at } from '../support/checkout-requests.js';
import { type ReadResponse, ManageApi } from '../support/manage-api.js';
import { useReceiver } from '../support/receiver.js';

const sb = useSandbox({ now: '2026-11-02T10:00:00Z', frozen: true }, 'file');
let api: ManageApi;
const shop = useReceiver('file');

beforeAll(async () => {
  api = new ManageApi(sb);
});

async function recurringPurchase(profileName: string): Promise<string> {
  const init = await api.post('/checkouts', {
    storeId: 1234,
    countryCode: 'SE',
    merchantTermsUri: 'https://shop.example/terms',
    profileName,
    cart: { items: [{ id: 'BOX-1', description: 'Monthly coffee box', unitPrice: '199.00', quantity: 1, vat: 12 }] },
  });
  const privateId = String(at(init.json, 'data', 'privateId'));
  expect((await admin(sb, `/uat/checkouts/${privateId}/purchase`, { result: 'Preliminary', paymentName: 'Card' })).status).toBe(200);
  return String(at((await api.get(`/checkouts/${privateId}`)).json, 'data', 'order', 'customerToken'));
}

function charge(customerToken: string, attemptSchedule: unknown): Promise<ReadResponse> {
  return api.post('/purchase/authorizations', {
    customerToken,
    attemptSchedule,
    order: {
      reference: 'SUB-2026-11',
      currency: 'SEK',
      captureMode: 'Manual',
      items: [{ Id: 'BOX-1', Description: 'Monthly coffee box', UnitPrice: '199.00', Quantity: '1', Vat: '12' }],
    },
  });
}

describe('the recurring flow of docs/recurring-payments.md', () => {
  let customerToken = '';

  it('points the merchant at the local webhook endpoint', async () => {
    const answer = await admin(sb, '/uat/merchants/1001/callbacks', { webhookUri: `${shop.base}/walley/webhooks` }, 'PUT');
    expect(answer.body).toEqual({
      merchantId: '1001',
      webhookUri: `${shop.base}/walley/webhooks`,
      webhookHmacKey: expect.stringMatching(/^[0-9a-f]{32}$/),
      invoiceStatusUri: null,
    });
  });

  it('gets a customer token from a purchase on a recurring profile', async () => {
    customerToken = await recurringPurchase('Coffee-Recurring');
    expect(customerToken).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('charges it synchronously (200) and on a schedule (202), the scheduled attempt on the sandbox clock', async () => {
    const sync = await charge(customerToken, { preferSynchronous: true });
    expect(sync.status).toBe(200);
    expect(sync.json.data).toEqual({ authorizationId: expect.any(String), orderId: expect.any(String) });
    const scheduled = await charge(customerToken, { relative: ['00:10:00'] });
    expect(scheduled.status).toBe(202);
    expect(Object.keys(scheduled.json.data as object)).toEqual(['authorizationId']);
    await admin(sb, '/clock/advance', { duration: 'PT10M' });
    await shop.until('/walley/webhooks', 8);
    expect(shop.posted('/walley/webhooks').map((e) => e.Type)).toEqual([
      // The purchase that gave the token created an order too.
      'walley:order:created',
      'walley:customer-token:active',
      'walley:authorization:created',
      'walley:authorization:authorized',
      'walley:order:created',
      'walley:authorization:created',
      'walley:authorization:authorized',
      'walley:order:created',
    ]);
  });

  it('captures the scheduled authorization’s order on /manage/orders', async () => {
    const created = shop
      .posted('/walley/webhooks')
      .filter((e) => e.Type === 'walley:order:created')
      .at(-1)!;
    // An order event's Timestamp in Swedish local time, as the orders page writes it (10:10 UTC).
    expect(created.Timestamp).toBe('2026-11-02T11:10:00.0000000+01:00');
    const orderId = String(created.Payload.OrderId);
    const capture = await api.post(`/manage/orders/${orderId}/capture`, { amount: '199.00' });
    expect(capture.status).toBe(202);
    expect((await api.order(orderId)).status).toBe('Activated');
  });

  it('cancels the token (202), and the next authorization is refused (403)', async () => {
    const cancelled = await api.call('DELETE', `/purchase/customer-tokens/${customerToken}`);
    expect(cancelled.status).toBe(202);
    const refused = await charge(customerToken, { preferSynchronous: true });
    expect(refused.status).toBe(403);
    expect(at(refused.json, 'error', 'errors', 0, 'reason')).toBe('Customer_Token_Cancelled');
  });

  it('fails attempts with the UAT test hook’s reason, retrying on the clock', async () => {
    customerToken = await recurringPurchase('Recurring');
    const hook = await api.call('PUT', `/purchase/customer-tokens/${customerToken}`, {
      AuthorizationFailure: { Reason: 'PAYMENT_METHOD_NO_FUNDS' },
    });
    expect(hook.status).toBe(200);
    expect((await charge(customerToken, { relative: ['00:00:10', '1.00:00:00'] })).status).toBe(202);
    await admin(sb, '/clock/advance', { seconds: 10 });
    const listed = await admin(sb, '/uat/authorizations', undefined, 'GET');
    expect((listed.body.authorizations as unknown[]).at(-1)).toMatchObject({
      status: 'Retrying',
      attemptsMade: 1,
      reason: 'PAYMENT_METHOD_NO_FUNDS',
    });
  });
});
