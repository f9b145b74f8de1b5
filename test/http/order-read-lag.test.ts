/**
 * Eventual consistency of order reads, as https://payments.collectorbank.se/docs/manage/orders/get
 * describes it, for a merchant that asks for it (orderReadLagSeconds): a read shortly after a
 * write shows the order as it was (on the sandbox clock), a new order is not found yet, and a
 * read with the correlationId its webhook carries shows the action applied. A shop can test
 * that it waits for the right thing: the webhook's correlation id, or a retry after 3 seconds.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { useSandbox } from '../support/sandbox.js';
import { admin, at } from '../support/checkout-requests.js';
import { ManageApi, expectProblem } from '../support/manage-api.js';
import { useReceiver } from '../support/receiver.js';

const HOOK = '/walley/webhooks';
const sb = useSandbox({ now: '2026-11-02T10:00:00Z', frozen: true });
let api: ManageApi;
const shop = useReceiver();

beforeEach(async () => {
  api = new ManageApi(sb);
  expect((await admin(sb, '/uat/merchants/1001/callbacks', { webhookUri: `${shop.base}${HOOK}` }, 'PUT')).status).toBe(200);
});

const lag = (seconds: number | null) => admin(sb, '/uat/merchants/1001/order-read-lag', { orderReadLagSeconds: seconds }, 'PUT');

/** A checkout of 2499 + 49 SEK bought (Preliminary); its order id. */
async function bought(): Promise<string> {
  const init = await api.post('/checkouts', {
    storeId: '1234',
    countryCode: 'SE',
    reference: 'ORD-LAG',
    merchantTermsUri: 'https://shop.example/terms',
    cart: { items: [{ id: 'TENT-2P', description: 'Two-person tent', unitPrice: '2499.00', quantity: 1, vat: 25 }] },
    fees: { shipping: { id: 'ship', description: 'Shipping', unitPrice: 49, vat: 25 } },
  });
  expect(init.status, init.text).toBe(200);
  const purchase = await admin(sb, `/uat/checkouts/${String(at(init.json, 'data', 'privateId'))}/purchase`, {
    result: 'Preliminary',
    paymentName: 'DirectInvoice',
  });
  expect(purchase.status).toBe(200);
  return String(purchase.body.orderId);
}

/** The Walley-CorrelationId of the latest webhook of `type`, once the shop got `count` webhooks. */
async function correlationOf(type: string, count: number): Promise<string> {
  await shop.until(HOOK, count);
  await sb.deliveries.settled();
  const hooks = shop.on(HOOK).filter((r) => (JSON.parse(r.body) as { Type: string }).Type === type);
  return String(hooks.at(-1)!.headers['walley-correlationid']);
}

const statusOf = async (orderId: string, query = ''): Promise<unknown> => {
  const answer = await api.get(`/manage/orders/${orderId}${query}`);
  expect(answer.status, answer.text).toBe(200);
  return at(answer.json, 'data', 'status');
};

describe('a merchant whose order reads lag 3 seconds', () => {
  beforeEach(async () => {
    const set = await lag(3);
    expect(set.body).toEqual({ merchantId: '1001', orderReadLagSeconds: 3 });
  });

  it('does not find a new order for 3 s, for reads and writes, unless the read names the walley:order:created correlation id', async () => {
    const orderId = await bought();
    const created = await correlationOf('walley:order:created', 1);
    const missing = await api.get(`/manage/orders/${orderId}`);
    expectProblem(missing, 404, 'ORDER_NOT_FOUND');
    expect(String(missing.json.detail)).toContain('Retry after at least 3 seconds');
    expectProblem(await api.post(`/manage/orders/${orderId}/capture`, { amount: 2548 }), 404, 'ORDER_NOT_FOUND');
    expect(await statusOf(orderId, `?correlationId=${created}`)).toBe('NotActivated');

    sb.clock.advance(3000);
    expect(await statusOf(orderId)).toBe('NotActivated');
  });

  it('shows the order as it was before a write for 3 s; the write’s correlation id shows it applied at once', async () => {
    const orderId = await bought();
    const created = await correlationOf('walley:order:created', 1);
    sb.clock.advance(3000);
    const capture = await api.post(`/manage/orders/${orderId}/capture`, {
      amount: 2499,
      items: [{ id: 'TENT-2P', description: 'Two-person tent', unitPrice: 2499, quantity: 1 }],
    });
    expect(capture.status, capture.text).toBe(202);
    const captured = await correlationOf('walley:order:captured', 2);

    // A read right after the write: the previous state.
    const stale = await api.get(`/manage/orders/${orderId}`);
    expect(at(stale.json, 'data', 'status')).toBe('NotActivated');
    expect(at(stale.json, 'data', 'invoices')).toEqual([]);
    // The capture's webhook names it: applied.
    const fresh = await api.get(`/manage/orders/${orderId}?correlationId=${captured.toUpperCase()}`);
    expect(at(fresh.json, 'data', 'status')).toBe('PartActivated');
    expect(at(fresh.json, 'data', 'invoices')).toHaveLength(1);
    // Waiting for the wrong thing (the creation's id) is what a stale read shows.
    expect(await statusOf(orderId, `?correlationId=${created}`)).toBe('NotActivated');
    // An id the order has no action of shows it as it is.
    expect(await statusOf(orderId, '?correlationId=00000000-0000-4000-8000-000000000000')).toBe('PartActivated');

    sb.clock.advance(2999);
    expect(await statusOf(orderId)).toBe('NotActivated');
    sb.clock.advance(1);
    expect(await statusOf(orderId)).toBe('PartActivated');
  });

  it('with two writes in the window, a read with the first one’s id shows the first applied and not the second', async () => {
    const orderId = await bought();
    sb.clock.advance(3000);
    const tent = { id: 'TENT-2P', description: 'Two-person tent', unitPrice: 2499, quantity: 1 };
    expect((await api.post(`/manage/orders/${orderId}/capture`, { amount: 2499, items: [tent] })).status).toBe(202);
    const first = await correlationOf('walley:order:captured', 2);
    sb.clock.advance(1000);
    expect((await api.post(`/manage/orders/${orderId}/capture`, { amount: 49 })).status).toBe(202);
    const second = await correlationOf('walley:order:captured', 3);
    expect(second).not.toBe(first);

    expect(await statusOf(orderId)).toBe('NotActivated');
    expect(await statusOf(orderId, `?correlationId=${first}`)).toBe('PartActivated');
    expect(await statusOf(orderId, `?correlationId=${second}`)).toBe('Activated');
    sb.clock.advance(2000);
    expect(await statusOf(orderId)).toBe('PartActivated');
    sb.clock.advance(1000);
    expect(await statusOf(orderId)).toBe('Activated');
  });

  it('lets a shop test its waiting: reading once after the capture misses it, waiting on the webhook’s id or retrying after 3 s does not', async () => {
    const orderId = await bought();
    sb.clock.advance(3000);
    expect((await api.post(`/manage/orders/${orderId}/capture`, { amount: 2548 })).status).toBe(202);
    const captured = await correlationOf('walley:order:captured', 2);

    /** A shop that marks its order paid from one read right after the capture. */
    const readOnce = async (): Promise<boolean> => (await statusOf(orderId)) === 'Activated';
    /** A shop that reads with the capture webhook's correlation id. */
    const readApplied = async (): Promise<boolean> => (await statusOf(orderId, `?correlationId=${captured}`)) === 'Activated';
    /** A shop that retries after 3 s, as the page says, up to five times (the sandbox clock stands in for its sleep). */
    const retry = async (): Promise<number> => {
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        if ((await statusOf(orderId)) === 'Activated') return attempt;
        sb.clock.advance(3000);
      }
      return 0;
    };

    expect(await readOnce()).toBe(false);
    expect(await readApplied()).toBe(true);
    expect(await retry()).toBe(2);
  });
});

describe('off by default', () => {
  it('reads every write at once, with or without a correlation id, and again once the lag is set back to null', async () => {
    const orderId = await bought();
    expect(await statusOf(orderId)).toBe('NotActivated');
    expect((await api.post(`/manage/orders/${orderId}/capture`, { amount: 2548 })).status).toBe(202);
    expect(await statusOf(orderId)).toBe('Activated');
    expect(await statusOf(orderId, '?correlationId=00000000-0000-4000-8000-000000000000')).toBe('Activated');

    expect((await lag(3)).status).toBe(200);
    const later = await bought();
    expectProblem(await api.get(`/manage/orders/${later}`), 404, 'ORDER_NOT_FOUND');
    expect((await lag(null)).body).toEqual({ merchantId: '1001', orderReadLagSeconds: null });
    expect(await statusOf(later)).toBe('NotActivated');
    const merchants = (await admin(sb, '/uat/merchants', undefined, 'GET')).body.merchants as {
      id: string;
      orderReadLagSeconds: unknown;
    }[];
    expect(merchants.find((m) => m.id === '1001')?.orderReadLagSeconds).toBeNull();
  });

  it('refuses a lag that is not whole seconds from 1 to 3600', async () => {
    for (const value of [0, 1.5, 3601, '3']) expect((await lag(value as number)).status, String(value)).toBe(400);
    expect((await admin(sb, '/uat/merchants/9999/order-read-lag', { orderReadLagSeconds: 3 }, 'PUT')).status).toBe(404);
  });
});
