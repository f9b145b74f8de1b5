/**
 * The shipping row of an order. Order administration names it by the service's article number
 * ("Frakt" for a Swedish store), which Walley's Magento 2 module looks for in
 * GET /manage/orders/{id} and sends back to capture and refund the shipping; the checkout's own
 * order lines keep the shop's id, which WooCommerce reads there and captures, refunds and
 * reauthorizes by. Either name means the one row.
 */
import { describe, expect, it } from 'vitest';
import { useSandbox } from '../support/sandbox.js';
import { initPayload } from '../support/checkout-requests.js';
import { ManageApi, type OrderRow, bearerToken, expectAccepted } from '../support/manage-api.js';

const sb = useSandbox({ now: '2026-10-01T12:00:00Z', frozen: true });

// The fee id as WooCommerce sends it; Magento sends its shipping method code (flatrate_flatrate).
const INIT = initPayload({
  storeId: '1234',
  fees: { shipping: { id: 'shipping|flat_rate:1', description: 'Flat rate', unitPrice: '49.00', vat: 25 } },
});

/** A purchased Swedish order: its id, and the checkout's order lines as the shop reads them. */
async function purchased(): Promise<{ orderId: string; checkoutLines: { id: string }[]; api: ManageApi }> {
  const token = await bearerToken(sb);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const init = (await (await sb.fetch('/uat/api/checkouts', { method: 'POST', headers, body: JSON.stringify(INIT) })).json()) as {
    data: { privateId: string };
  };
  const privateId = init.data.privateId;
  const purchase = await sb.fetch(`/__admin/uat/checkouts/${privateId}/purchase`, { method: 'POST', body: '{}' });
  expect(purchase.status, await purchase.clone().text()).toBe(200);
  const checkout = (await (await sb.fetch(`/uat/api/checkouts/${privateId}`, { headers })).json()) as {
    data: { order: { orderId: string; items: { id: string }[] } };
  };
  return { orderId: checkout.data.order.orderId.toLowerCase(), checkoutLines: checkout.data.order.items, api: new ManageApi(sb) };
}

describe('the shipping row of an order', () => {
  it('is "Frakt" in GET /manage/orders of a Swedish order, and the shop’s id on the checkout', async () => {
    const { orderId, checkoutLines, api } = await purchased();
    expect(await api.rows(orderId)).toEqual([
      { articleNumber: 'TENT-2P', description: 'Two-person tent', quantity: 1, price: 2499, vatRate: 25 },
      { articleNumber: 'PEG-10', description: 'Tent pegs (10)', quantity: 2, price: 99.5, vatRate: 25 },
      { articleNumber: 'Frakt', description: 'Flat rate', quantity: 1, price: 49, vatRate: 25 },
    ]);
    // WooCommerce keeps the row whose id contains "shipping|" as its shipping reference.
    expect(checkoutLines.map((line) => line.id)).toEqual(['TENT-2P', 'PEG-10', 'shipping|flat_rate:1']);
  });

  it('is captured and refunded by "Frakt" as the Magento module sends it back, and the invoice row says Frakt', async () => {
    const { orderId, api } = await purchased();
    const frakt = { id: 'Frakt', description: 'Flat rate', quantity: 1, unitPrice: 49, type: 'purchase', vat: 25 };
    const tent = { id: 'TENT-2P', description: 'Two-person tent', quantity: 1, unitPrice: 2499, type: 'purchase', vat: 25 };
    expectAccepted(await api.post(`/manage/orders/${orderId}/capture`, { amount: 2548, items: [tent, frakt] }), orderId);
    let order = await api.order(orderId);
    expect(order.status).toBe('PartActivated');
    expect((order.invoices[0]?.items as OrderRow[]).map((row) => row.articleNumber)).toEqual(['TENT-2P', 'Frakt']);
    // The shipping is captured: a second capture of it is refused, whichever name it is sent by.
    const twice = await api.post(`/manage/orders/${orderId}/capture`, { amount: 49, items: [{ ...frakt, id: 'shipping|flat_rate:1' }] });
    expect(twice.status, twice.text).toBe(422);
    expect(twice.text).toContain('CAPTURE_QUANTITY_EXCEEDS_REMAINING');
    expectAccepted(await api.post(`/manage/orders/${orderId}/refund`, { amount: 49, items: [frakt] }), orderId);
    order = await api.order(orderId);
    expect(order.invoices.map((entry) => [entry.type, entry.amount])).toEqual([
      ['Invoice', 2548],
      ['Credit', 49],
    ]);
  });

  it('is captured and reauthorized by the shop’s id as WooCommerce sends it, and keeps its name', async () => {
    const { orderId, api } = await purchased();
    const shipping = { id: 'shipping|flat_rate:1', Description: 'Flat rate', Quantity: 1, UnitPrice: '49.00', vat: 25 };
    expectAccepted(await api.post(`/manage/orders/${orderId}/capture`, { amount: '49.00', items: [shipping] }), orderId);
    const lines = [
      { id: 'TENT-2P', Description: 'Two-person tent', Quantity: 1, UnitPrice: '2499.00', vat: 25 },
      { id: 'PEG-10', Description: 'Tent pegs (10)', Quantity: 1, UnitPrice: '99.50', vat: 25 },
      shipping,
    ];
    expectAccepted(await api.post(`/manage/orders/${orderId}/reauthorize`, { amount: '2647.50', items: lines }), orderId);
    expect((await api.rows(orderId)).map((row) => [row.articleNumber, row.quantity])).toEqual([
      ['TENT-2P', 1],
      ['PEG-10', 1],
      ['Frakt', 1],
    ]);
  });
});
