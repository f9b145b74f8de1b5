/**
 * The post-migration check (docs/real-service.md, "Migration off the retired host"), end to end on UAT:
 * get a token, initialize a checkout, complete the purchase as the customer would (admin
 * API), read the order, part-capture, capture the rest, refund part, refund the rest —
 * and see every status and amount change on the way.
 */
import { describe, expect, it } from 'vitest';
import { useSandbox } from '../support/sandbox.js';
import { ManageApi, bearerToken, expectAccepted } from '../support/manage-api.js';

const sb = useSandbox({ now: '2026-10-01T12:00:00Z', frozen: true });

/** As WooCommerce initializes a checkout in new-API mode: string prices, fees object, empty reference. */
const INIT = {
  storeId: '1234',
  countryCode: 'SE',
  reference: 'WC-2001',
  merchantTermsUri: 'https://shop.example/terms',
  redirectPageUri: 'https://shop.example/thanks?token={checkout.publictoken}',
  cart: {
    items: [
      { id: 'TENT-2P', description: 'Two-person tent', unitPrice: '2499.00', quantity: 1, vat: 25 },
      { id: 'PEG-10', description: 'Tent pegs (10)', unitPrice: '99.50', quantity: 2, vat: 25 },
    ],
  },
  fees: { shipping: { id: 'shipping|flat_rate:1', description: 'Standard delivery', unitPrice: '49.00', vat: 25 } },
};

describe('post-migration check on UAT', () => {
  it('token → checkout → purchase → order → part capture → capture rest → part refund → refund rest', async () => {
    // 1. A token from the current API's host, as WC requests it.
    const token = await bearerToken(sb, 'uat');
    const bearer = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

    // 2. Initialize a checkout with the bearer token.
    const init = await sb.fetch('/uat/api/checkouts', { method: 'POST', headers: bearer, body: JSON.stringify(INIT) });
    const initBody = (await init.json()) as { data: { privateId: string; publicToken: string }; error: unknown };
    expect(init.status, JSON.stringify(initBody)).toBe(200);
    expect(initBody.error).toBeNull();
    const { privateId } = initBody.data;

    // 3. The customer completes the purchase (admin API stands in for the checkout page).
    const purchase = await sb.fetch(`/__admin/uat/checkouts/${privateId}/purchase`, { method: 'POST', body: '{}' });
    expect(purchase.status, await purchase.clone().text()).toBe(200);

    // 4. The order id, as clients read it from the checkout (WC stores it lower-cased).
    const checkout = await sb.fetch(`/uat/api/checkouts/${privateId}`, { headers: { authorization: `Bearer ${token}` } });
    const checkoutBody = (await checkout.json()) as { data: { status: string; order: { orderId: string; totalAmount: number } } };
    expect(checkoutBody.data.status).toBe('PurchaseCompleted');
    const orderId = checkoutBody.data.order.orderId.toLowerCase();

    // 5. Read the order: cart + fees to the cent, nothing captured.
    const api = new ManageApi(sb, 'uat');
    let order = await api.order(orderId);
    expect(order).toMatchObject({
      id: orderId,
      reference: 'WC-2001',
      currency: 'SEK',
      countryCode: 'SE',
      status: 'NotActivated',
      totalAmount: 2747,
    });
    expect(checkoutBody.data.order.totalAmount).toBe(2747);
    expect(order.items).toHaveLength(3);
    expect(order.invoices).toEqual([]);

    // 6. Part capture: the tent ships first (WC's mixed-case item keys, string amounts).
    const tent = { id: 'TENT-2P', Description: 'Two-person tent', Quantity: 1, UnitPrice: '2499.00', vat: '25' };
    expectAccepted(await api.post(`/manage/orders/${orderId}/capture`, { amount: '2499.00', items: [tent] }), orderId);
    order = await api.order(orderId);
    expect(order.status).toBe('PartActivated');
    expect(order.invoices.map((i) => [i.type, i.amount])).toEqual([['Invoice', 2499]]);

    // 7. Capture the rest by amount: pegs and shipping.
    expectAccepted(await api.post(`/manage/orders/${orderId}/capture`, { amount: '248.00', actionReference: 'ship-2' }), orderId);
    order = await api.order(orderId);
    expect(order.status).toBe('Activated');
    expect(order.invoices.map((i) => [i.type, i.amount])).toEqual([
      ['Invoice', 2499],
      ['Invoice', 248],
    ]);

    // 8. Refund part: one pack of pegs comes back (by items, SDK shape).
    const peg = { id: 'PEG-10', description: 'Tent pegs (10)', quantity: 1, unitPrice: 99.5, type: 'purchase', vat: 25 };
    expectAccepted(await api.post(`/manage/orders/${orderId}/refund`, { amount: 99.5, actionReference: 'ret-1', items: [peg] }), orderId);
    order = await api.order(orderId);
    expect(order.status).toBe('Activated');
    expect(order.invoices.map((i) => [i.type, i.amount])).toEqual([
      ['Invoice', 2499],
      ['Invoice', 248],
      ['Credit', 99.5],
    ]);

    // 9. Refund the rest by amount, as WC's "refund by amount" does.
    expectAccepted(
      await api.post(`/manage/orders/${orderId}/refund`, { amount: '2647.50', description: 'Returned', actionReference: '2002' }),
      orderId,
    );
    order = await api.order(orderId);
    expect(order.status).toBe('Returned');
    expect(order.totalAmount).toBe(2747);
    expect(order.invoices.map((i) => [i.type, i.amount])).toEqual([
      ['Invoice', 2499],
      ['Invoice', 248],
      ['Credit', 99.5],
      ['Credit', 2647.5],
    ]);

    // Nothing is left: a further capture is the one refusal WC tolerates.
    const again = await api.post(`/manage/orders/${orderId}/capture`, { amount: '1.00' });
    expect(again.status).toBe(422);
    expect(again.text).toContain('CAPTURE_ORDER_ALREADY_CAPTURED');

    // The order also heads the merchant's latest orders.
    const latest = await api.get('/manage/orders/');
    expect((latest.json.data as { id: string }[])[0]?.id).toBe(orderId);
  });
});
