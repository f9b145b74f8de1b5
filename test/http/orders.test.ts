/**
 * Order administration over HTTP on the api surface, with real bearer tokens: reads, every
 * write, lenient bodies as WC and the SDK send them, idempotency, expiry on the sandbox
 * clock, the reauthorize credit check, and every refusal with its status and business code.
 */
import { serviceInstant } from '../../src/routes/checkout-view.js';
import { connect } from 'node:net';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Order, OrderStatus } from '../../src/domain/model.js';
import { useSandboxShell } from '../support/sandbox.js';
import { ManageApi, bearerToken, expectAccepted, expectProblem } from '../support/manage-api.js';
import { tentOrder } from '../support/order-fixture.js';

const sb = useSandboxShell({ port: 0, now: '2026-10-01T12:00:00Z', frozen: true });
let api: ManageApi;

beforeEach(async () => {
  api = new ManageApi(sb);
});

const orders = (): Order[] => sb.snapshot().environments.uat.orders;

function seeded(status: OrderStatus, merchantId = '1001'): Order {
  const order = orders().find((o) => o.status === status && o.merchantId === merchantId);
  if (!order) throw new Error(`the default scenario has no ${status} order of merchant ${merchantId}`);
  return order;
}

let counter = 0;
/** Tent 2499.00 ×1, pegs 99.50 ×2, shipping 49.00 = 2747.00 SEK; expires 28 days after placement. */
function placeOrder(overrides: Partial<Order> = {}): Order {
  counter += 1;
  const order = tentOrder('2026-10-01T11:00:00.000Z', {
    orderId: `0f0e0d0c-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    reference: `TEST-${counter}`,
    ...overrides,
  });
  // In memory the order is in place as soon as the call returns.
  void sb.services.env('uat').orders.place(order);
  return order;
}

const path = (order: Order, action = ''): string => `/manage/orders/${order.orderId}${action ? `/${action}` : ''}`;

describe('GET /manage/orders/{orderId}', () => {
  it('answers {data, links, metaData} with amounts in major units, for any case of the id', async () => {
    const seededOrder = seeded('NotActivated');
    const answer = await api.get(`/manage/orders/${seededOrder.orderId.toUpperCase()}/`);
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.json)).toEqual(['data', 'links', 'metaData']);
    const data = answer.json.data as Record<string, unknown>;
    expect(data).toMatchObject({
      id: seededOrder.orderId,
      reference: seededOrder.reference,
      paymentMethod: 'DirectInvoice',
      totalAmount: seededOrder.totalAmount / 100,
      currency: 'SEK',
      status: 'NotActivated',
      salesSegment: 'B2C',
      countryCode: 'SE',
      // Instants in the service's .NET form (7 fractional digits, +00:00), as its documentation shows them.
      placedAt: serviceInstant(seededOrder.placedAt),
      expiresAt: serviceInstant(seededOrder.expiresAt),
      invoices: [],
    });
    for (const key of ['customer', 'deliveryAddress', 'invoiceAddress', 'items']) expect(data[key]).toBeTruthy();
    expect((data.items as unknown[])[0]).toMatchObject({
      articleNumber: seededOrder.items[0]?.id,
      price: (seededOrder.items[0]?.unitPrice ?? 0) / 100,
    });
    expect(answer.json.links).toEqual({ self: { href: `/manage/orders/${seededOrder.orderId}` } });
  });

  it("does not show another merchant's order, an unknown id or an order of the other environment (404)", async () => {
    expectProblem(await api.get(path(seeded('NotActivated', '1002'))), 404, 'ORDER_NOT_FOUND');
    expectProblem(await api.get('/manage/orders/00000000-0000-4000-8000-000000000000'), 404, 'ORDER_NOT_FOUND');
    const prodOrder = sb.snapshot().environments.prod.orders.find((o) => o.merchantId === '1001');
    expectProblem(await api.get(`/manage/orders/${prodOrder?.orderId}`), 404, 'ORDER_NOT_FOUND');
  });

  it('needs a bearer token: 401 in the checkout envelope from the bearer middleware', async () => {
    const response = await sb.fetch(`/uat/api${path(seeded('NotActivated'))}`);
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: { code: number } }).error.code).toBe(401);
  });
});

describe('GET /manage/orders/', () => {
  it("lists the 10 most recent orders of the caller's merchant, newest first", async () => {
    for (let i = 0; i < 12; i += 1) placeOrder({ placedAt: `2026-10-01T0${Math.floor(i / 2)}:${i % 2 ? '30' : '00'}:00.000Z` });
    const newest = placeOrder({ placedAt: '2026-10-01T11:59:00.000Z' });
    const answer = await api.get('/manage/orders/');
    expect(answer.status).toBe(200);
    const data = answer.json.data as { id: string; placedAt: string }[];
    expect(data).toHaveLength(10);
    expect(data[0]?.id).toBe(newest.orderId);
    const mine = new Set(
      orders()
        .filter((o) => o.merchantId === '1001')
        .map((o) => o.orderId),
    );
    expect(data.every((o) => mine.has(o.id))).toBe(true);
    expect(data.map((o) => o.placedAt)).toEqual([...data.map((o) => o.placedAt)].sort().reverse());
    expect(answer.json.metaData).toEqual({ count: 10, limit: 10 });
    expect((await api.get('/manage/orders')).status).toBe(200);
  });
});

describe('capture', () => {
  it("part-captures with WC's body (mixed case, strings), then captures the rest: 202, Location, no body", async () => {
    const order = placeOrder();
    const wcItems = [{ ArticleId: 'TENT-2P', Description: 'Two-person tent', Quantity: 1, UnitPrice: '2499.00', vat: '25' }];
    expectAccepted(await api.post(path(order, 'capture'), { amount: '2499.00', items: wcItems }), order.orderId);
    let data = await api.order(order.orderId);
    expect(data.status).toBe('PartActivated');
    expect(data.invoices).toEqual([
      expect.objectContaining({
        type: 'Invoice',
        amount: 2499,
        items: [expect.objectContaining({ articleNumber: 'TENT-2P', quantity: 1, price: 2499 })],
      }),
    ]);
    expectAccepted(
      await api.post(path(order, 'capture'), { amount: 248.0, description: 'Second parcel', actionReference: 'cap-2' }),
      order.orderId,
    );
    data = await api.order(order.orderId);
    expect(data.status).toBe('Activated');
    expect(data.expiresAt).toBeNull();
    expect(data.invoices[1]).toMatchObject({ amount: 248, description: 'Second parcel', actionReference: 'cap-2' });
  });

  it('answers 422 CAPTURE_ORDER_ALREADY_CAPTURED on an activated order (WC ignores exactly this)', async () => {
    const answer = await api.post(path(seeded('Activated'), 'capture'), { amount: '10.00' });
    expectProblem(answer, 422, 'CAPTURE_ORDER_ALREADY_CAPTURED');
    expect(answer.json.instance).toBe(path(seeded('Activated'), 'capture'));
  });
});

describe('refund and cancel', () => {
  it('refunds by amount as WC does (credit entries), down to Returned', async () => {
    const order = placeOrder();
    expectAccepted(await api.post(path(order, 'capture'), { amount: 2747 }), order.orderId);
    expectAccepted(
      await api.post(path(order, 'refund'), { amount: '100.50', description: 'Scratched', actionReference: '4711' }),
      order.orderId,
    );
    let data = await api.order(order.orderId);
    expect(data.status).toBe('Activated');
    expect(data.invoices[1]).toMatchObject({ type: 'Credit', amount: 100.5, description: 'Scratched', actionReference: '4711' });
    expectAccepted(await api.post(path(order, 'refund'), { amount: '2646.50', actionReference: '4712' }), order.orderId);
    data = await api.order(order.orderId);
    expect(data.status).toBe('Returned');
  });

  it('refunds by items with a return fee (SDK/M2 shape with type)', async () => {
    const order = placeOrder();
    expectAccepted(await api.post(path(order, 'capture'), { amount: 2747 }), order.orderId);
    const items = [
      { id: 'PEG-10', description: 'Tent pegs (10)', quantity: 2, unitPrice: 99.5, type: 'purchase', vat: 25 },
      { id: 'Fee', description: 'Fee', quantity: 1, unitPrice: -15, type: 'fee', vat: 25 },
    ];
    expectAccepted(await api.post(path(order, 'refund'), { amount: 184, actionReference: '65f1c2', items }), order.orderId);
    const credit = (await api.order(order.orderId)).invoices[1] as { amount: number; items: unknown[] };
    expect(credit.amount).toBe(184);
    expect(credit.items).toHaveLength(2);
  });

  it('cancels, ignoring the amount and items the SDK sends along', async () => {
    const order = placeOrder();
    expectAccepted(await api.post(path(order, 'cancel'), { amount: 2747, actionReference: 'c-1', items: [] }), order.orderId);
    expect((await api.order(order.orderId)).status).toBe('Cancelled');
    // No body at all, as the docs show it.
    const bare = placeOrder();
    expectAccepted(await api.post(path(bare, 'cancel')), bare.orderId);
  });
});

describe('extend and expiry on the sandbox clock', () => {
  it('expires when the clock passes expiresAt; an expired order can be cancelled but not captured or extended', async () => {
    const order = placeOrder();
    expect((await api.order(order.orderId)).status).toBe('NotActivated');
    sb.clock.advance(28 * 86400 * 1000);
    expect((await api.order(order.orderId)).status).toBe('Expired');
    expectProblem(await api.post(path(order, 'capture'), { amount: 2747 }), 422, 'ORDER_EXPIRED');
    expectProblem(await api.post(path(order, 'extend')), 422, 'ORDER_EXPIRED');
    expectAccepted(await api.post(path(order, 'cancel')), order.orderId);
    expect((await api.order(order.orderId)).status).toBe('Cancelled');
  });

  it("extend pushes expiresAt by the scenario's order lifetime, so the order no longer expires then", async () => {
    const order = placeOrder();
    expectAccepted(await api.post(path(order, 'extend')), order.orderId);
    // In the service's .NET form, as its documentation shows order instants.
    expect((await api.order(order.orderId)).expiresAt).toBe('2026-11-26T11:00:00.0000000+00:00');
    sb.clock.advance(28 * 86400 * 1000);
    expect((await api.order(order.orderId)).status).toBe('NotActivated');
  });
});

describe('reauthorize', () => {
  const items = (pegs: number): Record<string, unknown>[] => [
    { id: 'TENT-2P', description: 'Two-person tent', unitPrice: '2499.00', quantity: 1, vat: 25 },
    { id: 'PEG-10', description: 'Tent pegs (10)', unitPrice: '99.50', quantity: pegs, vat: 25 },
  ];

  it('applies a lower total at once: 202 and the new items', async () => {
    const order = placeOrder();
    expectAccepted(await api.post(path(order, 'reauthorize'), { amount: '2598.50', items: items(1) }), order.orderId);
    const data = await api.order(order.orderId);
    expect(data.totalAmount).toBe(2598.5);
    expect(data.items).toHaveLength(2);
  });

  it('an increase needs a credit check: 201 + Location, Pending, then Completed on the clock', async () => {
    const order = placeOrder();
    const answer = await api.post(path(order, 'reauthorize'), { amount: '2797.50', items: items(3) });
    expect(answer.status).toBe(201);
    expect(answer.text).toBe('');
    const location = answer.headers.get('location') ?? '';
    expect(location).toMatch(new RegExp(`^/manage/orders/${order.orderId}/reauthorize/[0-9a-f-]{36}$`));
    expect((await api.get(location)).json).toEqual({ data: { id: location.split('/').pop(), status: 'Pending' } });
    expect((await api.order(order.orderId)).totalAmount).toBe(2747);
    expectProblem(await api.post(path(order, 'reauthorize'), { amount: 2500 }), 409, 'REAUTHORIZATION_IN_PROGRESS');
    sb.clock.advance(3000);
    expect(((await api.get(location)).json.data as { status: string }).status).toBe('Completed');
    expect((await api.order(order.orderId)).totalAmount).toBe(2797.5);
  });

  it('a credit check above twice the total fails and changes nothing', async () => {
    const order = placeOrder();
    const answer = await api.post(path(order, 'reauthorize'), { amount: 6000 });
    expect(answer.status).toBe(201);
    sb.clock.advance(3000);
    expect(((await api.get(answer.headers.get('location') ?? '')).json.data as { status: string }).status).toBe('Failed');
    expect((await api.order(order.orderId)).totalAmount).toBe(2747);
  });

  it('an unknown reauthorization id is 404 REAUTHORIZATION_NOT_FOUND', async () => {
    expectProblem(
      await api.get(`${path(placeOrder())}/reauthorize/00000000-0000-4000-8000-000000000000`),
      404,
      'REAUTHORIZATION_NOT_FOUND',
    );
  });
});

describe('idempotency', () => {
  it('the same X-idempotency key and body act once and replay the answer; another body is 409', async () => {
    const order = placeOrder();
    const key = { 'X-idempotency': '03304b06-cb33-4f78-bcea-86cb4b202ba0' };
    const body = { amount: 1000, description: 'Part' };
    expectAccepted(await api.post(path(order, 'capture'), body, key), order.orderId);
    const replay = await api.post(path(order, 'capture'), JSON.stringify(body, null, 2), key);
    expectAccepted(replay, order.orderId);
    expect(replay.headers.get('x-sandbox-idempotent-replay')).toBe('true');
    expect((await api.order(order.orderId)).invoices).toHaveLength(1);
    expectProblem(await api.post(path(order, 'capture'), { amount: 2000 }, key), 409, 'IDEMPOTENCY_KEY_REUSED');
    expectProblem(await api.post(path(order, 'refund'), body, key), 409, 'IDEMPOTENCY_KEY_REUSED');
  });

  it('actionReference names one action per order and operation', async () => {
    const order = placeOrder();
    const body = { amount: 2747, actionReference: 'test-captureref-123' };
    expectAccepted(await api.post(path(order, 'capture'), body), order.orderId);
    expectAccepted(await api.post(path(order, 'capture'), body), order.orderId);
    expect((await api.order(order.orderId)).invoices).toHaveLength(1);
    expectProblem(await api.post(path(order, 'capture'), { ...body, amount: 1 }), 409, 'IDEMPOTENCY_KEY_REUSED');
    // The docs reuse one reference across operations: that is not a conflict.
    expectAccepted(await api.post(path(order, 'refund'), { amount: 10, actionReference: 'test-captureref-123' }), order.orderId);
  });

  it('a header key is the merchant’s: one request, whatever the order; another merchant has its own keys', async () => {
    const key = { 'X-idempotency': '7a1e4c2b-9d3f-4b6a-8c5e-2f1d0a9b8c7d' };
    const first = placeOrder();
    expectAccepted(await api.post(path(first, 'capture'), { amount: 100 }, key), first.orderId);
    // The same body on another order of the merchant is another request.
    expectProblem(await api.post(path(placeOrder(), 'capture'), { amount: 100 }, key), 409, 'IDEMPOTENCY_KEY_REUSED');
    // Fjord Books (merchant 1002) has keys of its own: the same key acts on its order.
    const fjordToken = await bearerToken(sb, 'uat', {
      client_id: '6f1e2d3c-4b5a-4978-8a1b-2c3d4e5f6a02',
      client_secret: 'uat-secret-fjord-books-0002',
      grant_type: 'client_credentials',
      scope: '705798e0-8cef-427c-ae00-6023deba29af/.default',
    });
    const theirs = placeOrder({ merchantId: '1002', storeId: '2234', currency: 'NOK' });
    const answer = await api.post(path(theirs, 'capture'), { amount: 100 }, { ...key, authorization: `Bearer ${fjordToken}` });
    expectAccepted(answer, theirs.orderId);
    expect(answer.headers.get('x-sandbox-idempotent-replay')).toBeNull();
  });

  it('keeps a header key a day and its answer an hour of sandbox time (the idempotent requests page)', async () => {
    const order = placeOrder();
    const key = { 'X-idempotency': '0b9c8d7e-6f5a-4b3c-9d2e-1f0a9b8c7d6e' };
    const body = { amount: 100 };
    expectAccepted(await api.post(path(order, 'capture'), body, key), order.orderId);
    sb.clock.advance(3600 * 1000 - 1000);
    expect((await api.post(path(order, 'capture'), body, key)).headers.get('x-sandbox-idempotent-replay')).toBe('true');
    sb.clock.advance(1000);
    const expired = await api.post(path(order, 'capture'), body, key);
    expectProblem(expired, 409, 'IDEMPOTENCY_RESPONSE_EXPIRED');
    expect((await api.order(order.orderId)).invoices).toHaveLength(1);
    // Another request is still refused for the key while the day lasts…
    expectProblem(await api.post(path(order, 'capture'), { amount: 200 }, key), 409, 'IDEMPOTENCY_KEY_REUSED');
    // …after it the key is new: the capture is made again.
    sb.clock.advance(23 * 3600 * 1000);
    expectAccepted(await api.post(path(order, 'capture'), body, key), order.orderId);
    expect((await api.order(order.orderId)).invoices).toHaveLength(2);
  });

  it('a refused call is not stored: repeating it is evaluated again', async () => {
    const order = placeOrder();
    const body = { amount: 3000, actionReference: 'too-much' };
    expectProblem(await api.post(path(order, 'capture'), body), 422, 'CAPTURE_AMOUNT_EXCEEDS_REMAINING');
    expectProblem(await api.post(path(order, 'capture'), body), 422, 'CAPTURE_AMOUNT_EXCEEDS_REMAINING');
  });
});

/** Every refusal: setup → request → status and business code. */
type Case = [string, () => Order | Promise<Order>, string, unknown, number, string];

const captureRest = async (order: Order): Promise<Order> => {
  expectAccepted(await api.post(path(order, 'capture'), { amount: 2747 }), order.orderId);
  return order;
};
const captureTent = async (order: Order): Promise<Order> => {
  expectAccepted(
    await api.post(path(order, 'capture'), { amount: 2499, items: [{ id: 'TENT-2P', unitPrice: 2499, quantity: 1 }] }),
    order.orderId,
  );
  return order;
};
const pegs = (quantity: number, unitPrice: number | string = 99.5): Record<string, unknown> => ({ id: 'PEG-10', unitPrice, quantity });
const tent = (patch: Record<string, unknown> = {}): Record<string, unknown> => ({
  id: 'TENT-2P',
  description: 'Two-person tent',
  unitPrice: 2499,
  quantity: 1,
  vat: 25,
  ...patch,
});
const twins = (): Order =>
  placeOrder({
    totalAmount: 2000,
    items: [
      { id: 'GIFT', description: 'Red wrapping', unitPrice: 1000, quantity: 1, vat: 25 },
      { id: 'GIFT', description: 'Blue wrapping', unitPrice: 1000, quantity: 1, vat: 25 },
    ],
  });

const CASES: Case[] = [
  ['capture on Returned', () => seeded('Returned'), 'capture', { amount: 1 }, 422, 'CAPTURE_ORDER_ALREADY_CAPTURED'],
  ['capture on Cancelled', () => seeded('Cancelled'), 'capture', { amount: 1 }, 422, 'ORDER_CANCELLED'],
  ['capture one cent too much', () => placeOrder(), 'capture', { amount: '2747.01' }, 422, 'CAPTURE_AMOUNT_EXCEEDS_REMAINING'],
  [
    'capture amount ≠ Σ items',
    () => placeOrder(),
    'capture',
    { amount: 100, items: [pegs(1)] },
    422,
    'CAPTURE_AMOUNT_MUST_MATCH_SUM_OF_ARTICLES',
  ],
  ['capture too many units', () => placeOrder(), 'capture', { amount: 298.5, items: [pegs(3)] }, 422, 'CAPTURE_QUANTITY_EXCEEDS_REMAINING'],
  [
    'capture an unknown article',
    () => placeOrder(),
    'capture',
    { amount: 10, items: [{ id: 'NOPE', unitPrice: 10, quantity: 1 }] },
    422,
    'ARTICLE_NOT_FOUND_ON_ORDER',
  ],
  [
    'capture at a price one cent off',
    () => placeOrder(),
    'capture',
    { amount: 99.51, items: [pegs(1, '99.51')] },
    422,
    'ARTICLE_NOT_FOUND_ON_ORDER',
  ],
  [
    'capture an ambiguous article',
    twins,
    'capture',
    { amount: 10, items: [{ id: 'GIFT', unitPrice: 10, quantity: 1 }] },
    422,
    'ARTICLE_NOT_UNIQUE_ON_ORDER',
  ],
  ['refund on NotActivated', () => placeOrder(), 'refund', { amount: 1 }, 422, 'ORDER_NOT_CAPTURED'],
  ['refund on Returned', () => seeded('Returned'), 'refund', { amount: 1 }, 422, 'ORDER_ALREADY_REFUNDED'],
  ['refund on Cancelled without captures', () => seeded('Cancelled'), 'refund', { amount: 1 }, 422, 'ORDER_CANCELLED'],
  ['refund more than captured', () => captureTent(placeOrder()), 'refund', { amount: '2499.01' }, 422, 'REFUND_AMOUNT_EXCEEDS_CAPTURED'],
  [
    'refund uncaptured units',
    () => captureTent(placeOrder()),
    'refund',
    { amount: 99.5, items: [pegs(1)] },
    422,
    'REFUND_QUANTITY_EXCEEDS_CAPTURED',
  ],
  [
    'refund amount ≠ Σ items',
    () => captureRest(placeOrder()),
    'refund',
    { amount: 100, items: [pegs(1)] },
    422,
    'REFUND_AMOUNT_MUST_MATCH_SUM_OF_ARTICLES',
  ],
  [
    'refund with a fee above the articles',
    () => captureRest(placeOrder()),
    'refund',
    {
      amount: 49.5,
      items: [
        pegs(1),
        { id: 'Fee', unitPrice: -200, quantity: 1, type: 'fee' },
        { id: 'Discount', unitPrice: 150, quantity: 1, type: 'discount' },
      ],
    },
    422,
    'REFUND_FEE_EXCEEDS_RETURNED_ARTICLES',
  ],
  [
    'refund an unknown article',
    () => captureRest(placeOrder()),
    'refund',
    { amount: 10, items: [{ id: 'NOPE', unitPrice: 10, quantity: 1 }] },
    422,
    'ARTICLE_NOT_FOUND_ON_ORDER',
  ],
  ['cancel on Activated', () => seeded('Activated'), 'cancel', undefined, 422, 'ORDER_ALREADY_CAPTURED'],
  ['cancel on Cancelled', () => seeded('Cancelled'), 'cancel', undefined, 422, 'ORDER_ALREADY_CANCELLED'],
  ['extend on Activated', () => seeded('Activated'), 'extend', undefined, 422, 'ORDER_ALREADY_CAPTURED'],
  ['extend on Cancelled', () => seeded('Cancelled'), 'extend', undefined, 422, 'ORDER_CANCELLED'],
  ['reauthorize on Activated', () => seeded('Activated'), 'reauthorize', { amount: 1 }, 422, 'ORDER_ALREADY_CAPTURED'],
  ['reauthorize on Cancelled', () => seeded('Cancelled'), 'reauthorize', { amount: 1 }, 422, 'ORDER_CANCELLED'],
  [
    'reauthorize amount ≠ Σ items',
    () => placeOrder(),
    'reauthorize',
    { amount: 2600, items: [tent(), pegs(1)] },
    422,
    'REAUTHORIZE_AMOUNT_MUST_MATCH_SUM_OF_ARTICLES',
  ],
  [
    'reauthorize an increase on a prepaid order',
    () => placeOrder({ paymentMethod: 'Card' }),
    'reauthorize',
    { amount: 3000 },
    422,
    'REAUTHORIZE_ORDER_INCREASE_ABOVE_CURRENT_TOTAL_AMOUNT_IS_NOT_ALLOWED',
  ],
  [
    'reauthorize a captured article with another VAT',
    () => captureTent(placeOrder()),
    'reauthorize',
    { amount: 2499, items: [tent({ vat: 12 })] },
    422,
    'MATCHING_ARTICLES_WITH_DIFFERENT_VAT',
  ],
  [
    'reauthorize a captured article at another price',
    () => captureTent(placeOrder()),
    'reauthorize',
    { amount: 2399, items: [tent({ unitPrice: 2399 })] },
    422,
    'ARTICLE_EXISTS_BUT_OTHER_INFORMATION',
  ],
  // Rows of one request that contradict each other (the Payments API's error table, the reauthorize page's codes).
  [
    'capture two rows of one article at two prices',
    () => placeOrder(),
    'capture',
    { amount: 2499, items: [tent({ unitPrice: 1249 }), tent({ unitPrice: 1250 })] },
    422,
    'ARTICLE_EXISTS_BUT_OTHER_INFORMATION',
  ],
  [
    'refund two rows of one article with two VATs',
    () => captureRest(placeOrder()),
    'refund',
    { amount: 4998, items: [tent(), tent({ vat: 12 })] },
    422,
    'MATCHING_ARTICLES_WITH_DIFFERENT_VAT',
  ],
  [
    'reauthorize two rows of one article at two prices',
    () => placeOrder(),
    'reauthorize',
    { amount: 4898, items: [tent(), tent({ unitPrice: 2399 })] },
    422,
    'ARTICLE_EXISTS_BUT_OTHER_INFORMATION',
  ],
  [
    'reauthorize two rows of one article with two VATs',
    () => placeOrder(),
    'reauthorize',
    { amount: 4998, items: [tent(), tent({ vat: 12 })] },
    422,
    'MATCHING_ARTICLES_WITH_DIFFERENT_VAT',
  ],
  [
    'reauthorize below the captured amount',
    () => captureTent(placeOrder()),
    'reauthorize',
    { amount: 2000 },
    422,
    'REAUTHORIZE_AMOUNT_BELOW_CAPTURED_AMOUNT',
  ],
  ['malformed JSON', () => placeOrder(), 'capture', '{"amount": 10,', 400, 'INVALID_JSON'],
  ['a body that is not an object', () => placeOrder(), 'capture', [1, 2], 400, 'VALIDATION_ERROR'],
  ['no amount', () => placeOrder(), 'refund', { description: 'x' }, 400, 'VALIDATION_ERROR'],
  ['amount 0', () => placeOrder(), 'capture', { amount: '0.00' }, 400, 'VALIDATION_ERROR'],
  ['amount not a number', () => placeOrder(), 'capture', { amount: 'ten' }, 400, 'VALIDATION_ERROR'],
  ['items not an array', () => placeOrder(), 'capture', { amount: 10, items: 'all' }, 400, 'VALIDATION_ERROR'],
  [
    'an item without unitPrice',
    () => placeOrder(),
    'capture',
    { amount: 10, items: [{ id: 'PEG-10', quantity: 1 }] },
    400,
    'VALIDATION_ERROR',
  ],
  ['an item with quantity 0', () => placeOrder(), 'capture', { amount: 10, items: [pegs(0)] }, 400, 'VALIDATION_ERROR'],
  ['an item with half a unit', () => placeOrder(), 'capture', { amount: 10, items: [pegs(1.5)] }, 400, 'VALIDATION_ERROR'],
  ["a write on another merchant's order", () => seeded('NotActivated', '1002'), 'capture', { amount: 1 }, 404, 'ORDER_NOT_FOUND'],
];

describe('every refusal answers its status and business code', () => {
  it.each(CASES)('%s', async (_name, setup, action, body, status, code) => {
    const order = await setup();
    const before = JSON.stringify(orders().find((o) => o.orderId === order.orderId));
    expectProblem(await api.post(path(order, action), body), status, code);
    // A refusal changes nothing.
    expect(JSON.stringify(orders().find((o) => o.orderId === order.orderId))).toBe(before);
  });
});

describe('legacy and retired hosts', () => {
  it.each(['legacy', 'retired'])('the %s host answers /manage/* with 404 pointing at the current API', async (surface) => {
    const response = await sb.fetch(`/uat/${surface}/manage/orders/${seeded('NotActivated').orderId}`);
    expect(response.status).toBe(404);
    const body = (await response.json()) as { error: { message: string } };
    expect(body.error.message).toContain('only served by the current API with a bearer token');
  });
});

describe('on a real socket', () => {
  it('answers the status line the SDK looks for, "HTTP/1.1 202 Accepted", with a relative Location', async () => {
    const order = placeOrder();
    const token = await bearerToken(sb);
    const { port } = await sb.listen();
    const body = JSON.stringify({ amount: 2747 });
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(
          `POST /uat/api/manage/orders/${order.orderId}/capture HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
            `Authorization:Bearer ${token}\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
        );
      });
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString('latin1')));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(raw.split('\r\n')[0]).toBe('HTTP/1.1 202 Accepted');
    expect(raw.toLowerCase()).toContain(`\r\nlocation: /manage/orders/${order.orderId}\r\n`);
    expect(raw.endsWith('\r\n\r\n')).toBe(true);
  });
});
