/**
 * Order totals under concurrency: captures and refunds sent all at once on one
 * order never take more than there is. Each write is checked against the order as it stands
 * when it runs, so the loser of a race is refused (422), never double-booked.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { useSandbox } from '../support/sandbox.js';
import { initPayload } from '../support/checkout-requests.js';
import { ManageApi } from '../support/manage-api.js';
import { tokenFor } from '../support/identity.js';

const sb = useSandbox({ now: '2026-10-01T12:00:00Z', frozen: true });
let api: ManageApi;
beforeEach(async () => {
  api = new ManageApi(sb, 'uat');
});

/** A purchased order of 2747.00 SEK (tent 2499.00, pegs 2 × 99.50, shipping 49.00). */
async function order(): Promise<string> {
  const token = await tokenFor(sb, 'uat');
  const created = await sb.fetch('/uat/api/checkouts', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(initPayload({ notificationUri: undefined })),
  });
  const privateId = ((await created.json()) as { data: { privateId: string } }).data.privateId;
  const purchase = await sb.fetch(`/__admin/uat/checkouts/${privateId}/purchase`, { method: 'POST', body: '{}' });
  return ((await purchase.json()) as { orderId: string }).orderId;
}

const sum = (values: number[]): number => Math.round(values.reduce((a, b) => a + b, 0) * 100) / 100;

describe('parallel writes on one order', () => {
  it('40 parallel captures of 100.00 on a 2747.00 order: 27 accepted, 13 refused, never over-captured', async () => {
    const orderId = await order();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        api.post(`/manage/orders/${orderId}/capture`, { amount: '100.00', actionReference: `cap-${i}` }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 202)).toHaveLength(27);
    expect(statuses.filter((s) => s === 422)).toHaveLength(13);
    const after = await api.order(orderId);
    const captured = sum(after.invoices.filter((i) => i.type === 'Invoice').map((i) => i.amount as number));
    expect(captured).toBe(2700);
    expect(captured).toBeLessThanOrEqual(after.totalAmount);
  });

  it('40 parallel captures of the whole amount: exactly one is booked', async () => {
    const orderId = await order();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        api.post(`/manage/orders/${orderId}/capture`, { amount: '2747.00', actionReference: `all-${i}` }),
      ),
    );
    expect(answers.filter((a) => a.status === 202)).toHaveLength(1);
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    const after = await api.order(orderId);
    expect(after.invoices.filter((i) => i.type === 'Invoice')).toHaveLength(1);
    expect(after.status).toBe('Activated');
  });

  it('parallel refunds never exceed what was captured', async () => {
    const orderId = await order();
    expect((await api.post(`/manage/orders/${orderId}/capture`, { amount: '1000.00' })).status).toBe(202);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => api.post(`/manage/orders/${orderId}/refund`, { amount: '75.00', actionReference: `ref-${i}` })),
    );
    expect(answers.filter((a) => a.status === 202)).toHaveLength(13);
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    const after = await api.order(orderId);
    const captured = sum(after.invoices.filter((i) => i.type === 'Invoice').map((i) => i.amount as number));
    const refunded = sum(after.invoices.filter((i) => i.type === 'Credit').map((i) => i.amount as number));
    expect(captured).toBe(1000);
    expect(refunded).toBe(975);
    expect(refunded).toBeLessThanOrEqual(captured);
  });

  it('captures and refunds interleaved: refunds never run ahead of captures', async () => {
    const orderId = await order();
    const calls = Array.from({ length: 40 }, (_, i) =>
      i % 2 === 0
        ? api.post(`/manage/orders/${orderId}/capture`, { amount: '150.00', actionReference: `c-${i}` })
        : api.post(`/manage/orders/${orderId}/refund`, { amount: '100.00', actionReference: `r-${i}` }),
    );
    const answers = await Promise.all(calls);
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    const after = await api.order(orderId);
    const captured = sum(after.invoices.filter((i) => i.type === 'Invoice').map((i) => i.amount as number));
    const refunded = sum(after.invoices.filter((i) => i.type === 'Credit').map((i) => i.amount as number));
    expect(captured).toBeLessThanOrEqual(2747);
    expect(refunded).toBeLessThanOrEqual(captured);
    // Every accepted write is on the order, every refused one is not.
    expect(after.invoices).toHaveLength(answers.filter((a) => a.status === 202).length);
  });
});
