/**
 * Rows the sandbox made itself never make it refuse a call: each reauthorization by amount adds
 * an adjustment row of its own article (a new id once the order has one), so rows of one name
 * never differ in VAT or price and a shop can capture, refund or send back each of them. And the
 * rule for units refunded by items after a capture by amount alone (docs/orders.md, "What was
 * captured stays"): they were captured, so a reauthorization keeps them, and its refusal says so.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '../../src/domain/model.js';
import { useSandboxShell } from '../support/sandbox.js';
import { ManageApi, type OrderRow, expectAccepted, expectProblem } from '../support/manage-api.js';
import { tentOrder } from '../support/order-fixture.js';

const sb = useSandboxShell({ port: 0, now: '2026-10-01T12:00:00Z', frozen: true });
let api: ManageApi;
beforeEach(() => {
  api = new ManageApi(sb);
});

let counter = 0;
/** Tent 2499.00, pegs 99.50 ×2, shipping 49.00 (all 25 %) = 2747.00 SEK. */
function placeOrder(): Order {
  counter += 1;
  const order = tentOrder('2026-10-01T11:00:00.000Z', { orderId: `0a0d0a0d-0000-4000-8000-${String(counter).padStart(12, '0')}` });
  void sb.services.env('uat').orders.place(order);
  return order;
}

/** A row as a client sends it back from GET /manage/orders. */
const sent = (row: OrderRow, quantity = row.quantity) => ({
  id: row.articleNumber,
  description: row.description,
  unitPrice: row.price,
  quantity,
  vat: row.vatRate,
});
const sumOf = (rows: { unitPrice: number; quantity: number }[]): number =>
  Math.round(rows.reduce((n, r) => n + r.unitPrice * 100 * r.quantity, 0)) / 100;

/**
 * Two reauthorizations by amount of 47.00 each, the second after a 12 % article was put first:
 * the adjustments differ in VAT (each takes the first line's), not in price.
 */
async function twiceAdjusted(): Promise<Order> {
  const order = placeOrder();
  const path = `/manage/orders/${order.orderId}/reauthorize`;
  expectAccepted(await api.post(path, { amount: 2700 }), order.orderId);
  const rows = await api.rows(order.orderId);
  const food = { id: 'FOOD', description: 'Trail food', unitPrice: 10, quantity: 1, vat: 12 };
  const items = [food, ...rows.map((row) => sent(row, row.articleNumber === 'PEG-10' ? 1 : row.quantity))];
  expectAccepted(await api.post(path, { amount: sumOf(items), items }), order.orderId);
  expectAccepted(await api.post(path, { amount: sumOf(items) - 47 }), order.orderId);
  return order;
}

describe('adjustment rows of reauthorizations by amount', () => {
  it('are distinct articles: a second one gets an id of its own', async () => {
    const order = await twiceAdjusted();
    const adjustments = (await api.rows(order.orderId)).filter((row) => row.articleNumber.startsWith('reauthorization-adjustment'));
    expect(adjustments).toEqual([
      { articleNumber: 'reauthorization-adjustment', description: 'Reauthorization adjustment', quantity: 1, price: -47, vatRate: 25 },
      { articleNumber: 'reauthorization-adjustment-2', description: 'Reauthorization adjustment', quantity: 1, price: -47, vatRate: 12 },
    ]);
  });

  it('are captured one after the other, and the order’s rows sent back are taken', async () => {
    const order = await twiceAdjusted();
    const rows = await api.rows(order.orderId);
    const named = (id: string, vat = 25): OrderRow => rows.find((row) => row.articleNumber.startsWith(id) && row.vatRate === vat)!;
    const first = [sent(named('TENT-2P')), sent(named('reauthorization-adjustment'))];
    expectAccepted(await api.post(`/manage/orders/${order.orderId}/capture`, { amount: sumOf(first), items: first }), order.orderId);
    const second = [sent(named('shipping')), sent(named('reauthorization-adjustment', 12))];
    expectAccepted(await api.post(`/manage/orders/${order.orderId}/capture`, { amount: sumOf(second), items: second }), order.orderId);
    const back = (await api.rows(order.orderId)).map((row) => sent(row));
    expectAccepted(await api.post(`/manage/orders/${order.orderId}/reauthorize`, { amount: sumOf(back), items: back }), order.orderId);
  });
});

describe('units refunded by items after a capture by amount alone', () => {
  it('count as captured: a reauthorization that leaves them out is refused, saying they were refused because refunded', async () => {
    const order = placeOrder();
    const base = `/manage/orders/${order.orderId}`;
    expectAccepted(await api.post(`${base}/capture`, { amount: 1000 }), order.orderId);
    const peg = { id: 'PEG-10', description: 'Tent pegs (10)', unitPrice: 99.5, quantity: 1, vat: 25 };
    expectAccepted(await api.post(`${base}/refund`, { amount: 99.5, items: [peg] }), order.orderId);
    const tent = { id: 'TENT-2P', description: 'Two-person tent', unitPrice: 2499, quantity: 1, vat: 25 };
    const shipping = { id: 'shipping', description: 'Standard delivery', unitPrice: 49, quantity: 1, vat: 25 };
    const refused = await api.post(`${base}/reauthorize`, { amount: 2548, items: [tent, shipping] });
    expectProblem(refused, 422, 'ARTICLE_EXISTS_BUT_OTHER_INFORMATION');
    expect(refused.json.detail).toContain('1 refunded by items');
    expect(refused.json.detail).toContain('after a capture by amount alone');
    // Sent again with the refunded unit, the same reauthorization is taken.
    expectAccepted(await api.post(`${base}/reauthorize`, { amount: 2647.5, items: [tent, peg, shipping] }), order.orderId);
  });
});
