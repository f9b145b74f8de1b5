/**
 * Orders of nothing: WooCommerce's free-trial flow (a 0-amount subscription order whose purchase
 * registers a customer token; the shop saves the token, marks the order paid and charges later
 * by recurring authorization) and a fully discounted cart. The books accept such an order, and
 * every order action answers as for any order with nothing left to capture.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { useSandbox } from '../support/sandbox.js';
import { admin, at } from '../support/checkout-requests.js';
import { ManageApi, expectProblem } from '../support/manage-api.js';

const sb = useSandbox({ now: '2026-11-02T10:00:00Z', frozen: true });
let api: ManageApi;

beforeEach(async () => {
  api = new ManageApi(sb);
});

async function purchased(
  cart: unknown[],
  result: string,
  profileName: string | null = 'Coffee-Recurring',
): Promise<Record<string, unknown>> {
  const init = await api.post('/checkouts', {
    storeId: 1234,
    countryCode: 'SE',
    merchantTermsUri: 'https://shop.example/terms',
    profileName,
    cart: { items: cart },
  });
  expect(init.status, init.text).toBe(200);
  const privateId = String(at(init.json, 'data', 'privateId'));
  const purchase = await admin(sb, `/uat/checkouts/${privateId}/purchase`, { result, paymentName: 'Card' });
  expect(purchase.status, JSON.stringify(purchase.body)).toBe(200);
  const read = await api.get(`/checkouts/${privateId}`);
  expect(read.status, read.text).toBe(200);
  return read.json.data as Record<string, unknown>;
}

const trial = [{ id: 'BOX-1', description: 'Monthly coffee box, first month free', unitPrice: '0.00', quantity: 1, vat: 12 }];

describe("WooCommerce's free trial: a 0-amount subscription order", () => {
  for (const result of ['Completed', 'Preliminary']) {
    it(`purchased as ${result}: token saved, the order paid with nothing to capture, then charged by token`, async () => {
      const checkout = await purchased(trial, result);
      // WooCommerce handles a free-trial purchase by its result Completed: the order is paid.
      expect(at(checkout, 'purchase', 'result')).toBe('Completed');
      expect(at(checkout, 'purchase', 'amountToPay')).toBe(0);
      const customerToken = String(at(checkout, 'order', 'customerToken'));
      expect(customerToken).toMatch(/^[0-9a-f-]{36}$/);
      const orderId = String(at(checkout, 'order', 'orderId'));

      const order = await api.get(`/manage/orders/${orderId}`);
      expect(order.status, order.text).toBe(200);
      expect(order.json.data).toMatchObject({ status: 'Activated', totalAmount: 0, invoices: [], expiresAt: null });

      // Every action answers as for an order with nothing left to capture.
      expectProblem(await api.post(`/manage/orders/${orderId}/capture`, { amount: '1.00' }), 422, 'CAPTURE_ORDER_ALREADY_CAPTURED');
      expectProblem(await api.post(`/manage/orders/${orderId}/capture`, { amount: '0.00' }), 400, 'VALIDATION_ERROR');
      expectProblem(await api.post(`/manage/orders/${orderId}/cancel`, {}), 422, 'ORDER_ALREADY_CAPTURED');
      expectProblem(await api.post(`/manage/orders/${orderId}/refund`, { amount: '1.00' }), 422, 'REFUND_AMOUNT_EXCEEDS_CAPTURED');
      expectProblem(await api.post(`/manage/orders/${orderId}/reauthorize`, { amount: '199.00' }), 422, 'ORDER_ALREADY_CAPTURED');
      expect((await api.get(`/manage/orders/${orderId}`)).status).toBe(200);

      // The month after: the first real charge, by token.
      const charge = await api.post('/purchase/authorizations', {
        customerToken,
        attemptSchedule: { preferSynchronous: true },
        order: {
          reference: 'SUB-1',
          currency: 'SEK',
          captureMode: 'Auto',
          items: [{ Id: 'BOX-1', Description: 'Monthly coffee box', UnitPrice: '199.00', Quantity: '1', Vat: '12' }],
        },
      });
      expect(charge.status, charge.text).toBe(200);
      const charged = await api.get(`/manage/orders/${String(at(charge.json, 'data', 'orderId'))}`);
      expect(charged.json.data).toMatchObject({ status: 'Activated', totalAmount: 199 });
    });
  }

  it('a rejected free trial leaves a cancelled order of nothing and no token', async () => {
    const checkout = await purchased(trial, 'Rejected');
    expect(at(checkout, 'order', 'customerToken') ?? null).toBeNull();
    const order = await api.get(`/manage/orders/${String(at(checkout, 'order', 'orderId'))}`);
    expect(order.status, order.text).toBe(200);
    expect(order.json.data).toMatchObject({ status: 'Cancelled', totalAmount: 0, invoices: [] });
  });

  it('a free trial on hold waits with nothing to capture; cancelling it works', async () => {
    const checkout = await purchased(trial, 'OnHold');
    const orderId = String(at(checkout, 'order', 'orderId'));
    expect((await api.get(`/manage/orders/${orderId}`)).json.data).toMatchObject({ status: 'NotActivated', totalAmount: 0 });
    expectProblem(await api.post(`/manage/orders/${orderId}/capture`, { amount: '0.01' }), 422, 'CAPTURE_AMOUNT_EXCEEDS_REMAINING');
    expect((await api.post(`/manage/orders/${orderId}/cancel`, {})).status).toBe(202);
    expect((await api.get(`/manage/orders/${orderId}`)).json.data).toMatchObject({ status: 'Cancelled', totalAmount: 0 });
  });
});

describe('a fully discounted cart', () => {
  it('is an order of nothing: paid, no invoice, its lines as bought', async () => {
    const checkout = await purchased(
      [
        { id: 'MUG-1', description: 'Enamel mug', unitPrice: '149.00', quantity: 1, vat: 25 },
        { id: 'WELCOME100', description: 'Welcome gift', unitPrice: '-149.00', quantity: 1, vat: 25 },
      ],
      'Activated',
      null,
    );
    const order = await api.get(`/manage/orders/${String(at(checkout, 'order', 'orderId'))}`);
    expect(order.status, order.text).toBe(200);
    expect(order.json.data).toMatchObject({ status: 'Activated', totalAmount: 0, invoices: [] });
    expect((order.json.data as { items: unknown[] }).items).toHaveLength(2);
  });
});
