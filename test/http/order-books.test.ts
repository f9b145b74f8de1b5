/**
 * Order books that add up, over HTTP: time rules applied in the order of their instants (a
 * credit check settling after the order expired fails, whatever was read in between), a
 * reauthorization that cannot take away what was invoiced, and amounts beyond what minor
 * units hold refused as more than the order allows.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '../../src/domain/model.js';
import { useSandboxShell } from '../support/sandbox.js';
import { ManageApi, expectAccepted, expectProblem } from '../support/manage-api.js';
import { tentOrder } from '../support/order-fixture.js';

const NOW = '2026-10-01T12:00:00.000Z';
const sb = useSandboxShell({ port: 0, now: NOW, frozen: true });
let api: ManageApi;

beforeEach(async () => {
  api = new ManageApi(sb);
});

let counter = 0;
/** Tent 2499.00 ×1, pegs 99.50 ×2, shipping 49.00 = 2747.00 SEK. */
async function placeOrder(overrides: Partial<Order> = {}): Promise<Order> {
  counter += 1;
  return sb.services.env('uat').orders.place(
    tentOrder('2026-10-01T11:00:00.000Z', {
      orderId: `0b0b0b0b-0000-4000-8000-${String(counter).padStart(12, '0')}`,
      reference: `BOOKS-${counter}`,
      ...overrides,
    }),
  );
}

const path = (order: Order, action = ''): string => `/manage/orders/${order.orderId}${action ? `/${action}` : ''}`;
const tent = { id: 'TENT-2P', description: 'Two-person tent', unitPrice: 2499, quantity: 1, vat: 25 };
const pegs = (quantity: number) => ({ id: 'PEG-10', description: 'Tent pegs (10)', unitPrice: 99.5, quantity, vat: 25 });
const shipping = { id: 'shipping', description: 'Standard delivery', unitPrice: 49, quantity: 1, vat: 25 };

describe('a credit check that settles after the order expired', () => {
  /** An increase requested 1.5 s before expiresAt: its check settles 1.5 s after it. */
  async function increaseBeforeExpiry(): Promise<{ order: Order; check: string }> {
    const order = await placeOrder({ expiresAt: new Date(Date.parse(NOW) + 1500).toISOString() });
    const answer = await api.post(path(order, 'reauthorize'), { amount: 2846.5, items: [tent, pegs(3), shipping] });
    expect(answer.status, answer.text).toBe(201);
    return { order, check: answer.headers.get('location') ?? '' };
  }

  async function expectFailedOnExpiredOrder(order: Order, check: string): Promise<void> {
    expect(((await api.get(check)).json.data as { status: string }).status).toBe('Failed');
    const data = await api.order(order.orderId);
    expect(data.status).toBe('Expired');
    expect(data.totalAmount).toBe(2747);
    expect((data.items as { articleNumber: string; quantity: number }[]).map((i) => `${i.articleNumber}×${i.quantity}`)).toEqual([
      'TENT-2P×1',
      'PEG-10×2',
      'shipping×1',
    ]);
  }

  it('fails when nothing was read between expiry and settlement', async () => {
    const { order, check } = await increaseBeforeExpiry();
    sb.clock.advance(3000);
    await expectFailedOnExpiredOrder(order, check);
  });

  it('fails when nothing was read, reading the check first', async () => {
    const { order, check } = await increaseBeforeExpiry();
    sb.clock.advance(3000);
    // The order is read with the check; the order's own rules still come first.
    expect(((await api.get(check)).json.data as { status: string }).status).toBe('Failed');
    await expectFailedOnExpiredOrder(order, check);
  });

  it('fails when the order was read between expiry and settlement', async () => {
    const { order, check } = await increaseBeforeExpiry();
    sb.clock.advance(1500);
    expect((await api.order(order.orderId)).status).toBe('Expired');
    expect(((await api.get(check)).json.data as { status: string }).status).toBe('Pending');
    sb.clock.advance(1500);
    await expectFailedOnExpiredOrder(order, check);
  });

  it('fails at the very instant the order expires, and completes an instant before', async () => {
    const atExpiry = await placeOrder({ expiresAt: new Date(Date.parse(NOW) + 3000).toISOString() });
    const before = await placeOrder({ expiresAt: new Date(Date.parse(NOW) + 3001).toISOString() });
    const checks = [];
    for (const order of [atExpiry, before]) {
      const answer = await api.post(path(order, 'reauthorize'), { amount: 2846.5, items: [tent, pegs(3), shipping] });
      expect(answer.status, answer.text).toBe(201);
      checks.push(answer.headers.get('location') ?? '');
    }
    sb.clock.advance(5000);
    expect(((await api.get(checks[0]!)).json.data as { status: string }).status).toBe('Failed');
    expect(((await api.get(checks[1]!)).json.data as { status: string }).status).toBe('Completed');
    expect(await api.order(before.orderId)).toMatchObject({ status: 'Expired', totalAmount: 2846.5 });
  });

  it('a write refused on the expired order still saves the failed check', async () => {
    const { order, check } = await increaseBeforeExpiry();
    sb.clock.advance(3000);
    expectProblem(await api.post(path(order, 'capture'), { amount: 10 }), 422, 'ORDER_EXPIRED');
    const stored = sb.snapshot().environments.uat.records.reauthorizations?.find((r) => check.endsWith(r.id));
    expect(stored).toMatchObject({ status: 'Failed' });
  });

  it('once settled, a new reauthorization is not told that the old one is in progress', async () => {
    const order = await placeOrder();
    expect((await api.post(path(order, 'reauthorize'), { amount: 2846.5, items: [tent, pegs(3), shipping] })).status).toBe(201);
    sb.clock.advance(3000);
    // The first call after settlement both settles the check and reauthorizes again.
    expectAccepted(await api.post(path(order, 'reauthorize'), { amount: 2747, items: [tent, pegs(2), shipping] }), order.orderId);
    expect((await api.order(order.orderId)).totalAmount).toBe(2747);
  });
});

describe('a reauthorization cannot take away what was invoiced', () => {
  async function tentCaptured(): Promise<Order> {
    const order = await placeOrder();
    expectAccepted(await api.post(path(order, 'capture'), { amount: 2499, items: [tent] }), order.orderId);
    return order;
  }

  it('refuses items that leave a captured article out (ARTICLE_EXISTS_BUT_OTHER_INFORMATION), and the article stays refundable', async () => {
    const order = await tentCaptured();
    const answer = await api.post(path(order, 'reauthorize'), {
      amount: 2548,
      items: [pegs(1), shipping, { ...pegs(1), id: 'PEG-XL', unitPrice: 2399.5 }],
    });
    expectProblem(answer, 422, 'ARTICLE_EXISTS_BUT_OTHER_INFORMATION');
    expect(answer.json.detail).toContain('TENT-2P');
    const data = await api.order(order.orderId);
    expect(data.totalAmount).toBe(2747);
    expect((data.items as { articleNumber: string }[]).map((i) => i.articleNumber)).toEqual(['TENT-2P', 'PEG-10', 'shipping']);
    expectAccepted(await api.post(path(order, 'refund'), { amount: 2499, items: [tent] }), order.orderId);
  });

  it('refuses fewer units of a captured article than were captured', async () => {
    const order = await placeOrder();
    expectAccepted(await api.post(path(order, 'capture'), { amount: 199, items: [pegs(2)] }), order.orderId);
    expectProblem(
      await api.post(path(order, 'reauthorize'), { amount: 2647.5, items: [tent, pegs(1), shipping] }),
      422,
      'ARTICLE_EXISTS_BUT_OTHER_INFORMATION',
    );
    // More units, or the same, change only what is not captured.
    expectAccepted(await api.post(path(order, 'reauthorize'), { amount: 2698, items: [tent, pegs(2)] }), order.orderId);
    expect((await api.order(order.orderId)).totalAmount).toBe(2698);
  });

  it('fails a credit check when a capture meanwhile invoiced an article its items leave out', async () => {
    const order = await placeOrder();
    const answer = await api.post(path(order, 'reauthorize'), { amount: 2897, items: [tent, pegs(4)] });
    expect(answer.status, answer.text).toBe(201);
    expectAccepted(await api.post(path(order, 'capture'), { amount: 49, items: [shipping] }), order.orderId);
    sb.clock.advance(3000);
    expect(((await api.get(answer.headers.get('location') ?? '')).json.data as { status: string }).status).toBe('Failed');
    const data = await api.order(order.orderId);
    expect(data.totalAmount).toBe(2747);
    expectAccepted(await api.post(path(order, 'refund'), { amount: 49, items: [shipping] }), order.orderId);
  });
});

describe('amounts beyond what minor units hold', () => {
  // 2^53 minor units are 90071992547409.92 in major units.
  const beyond: [string, unknown][] = [
    ['a string just above 2^53 minor units', '90071992547409.93'],
    ['a number far above it', 1e17],
    ['a number JSON cannot hold', '1e400'],
  ];

  it.each(beyond)('capture of %s: CAPTURE_AMOUNT_EXCEEDS_REMAINING', async (_label, amount) => {
    const order = await placeOrder();
    const body = typeof amount === 'string' && amount.startsWith('1e') ? `{"amount": ${amount}}` : { amount };
    expectProblem(await api.post(path(order, 'capture'), body), 422, 'CAPTURE_AMOUNT_EXCEEDS_REMAINING');
    expectProblem(
      await api.post(
        path(order, 'capture'),
        typeof body === 'string'
          ? `{"amount": ${amount}, "items": [{"id": "TENT-2P", "unitPrice": 2499, "quantity": 1}]}`
          : { amount, items: [tent] },
      ),
      422,
      'CAPTURE_AMOUNT_EXCEEDS_REMAINING',
    );
  });

  it.each(beyond)('refund of %s: REFUND_AMOUNT_EXCEEDS_CAPTURED', async (_label, amount) => {
    const order = await placeOrder();
    expectAccepted(await api.post(path(order, 'capture'), { amount: 2747 }), order.orderId);
    const body = typeof amount === 'string' && amount.startsWith('1e') ? `{"amount": ${amount}}` : { amount };
    expectProblem(await api.post(path(order, 'refund'), body), 422, 'REFUND_AMOUNT_EXCEEDS_CAPTURED');
  });

  it.each(beyond)('reauthorize to %s: REAUTHORIZE_ORDER_INCREASE_ABOVE_CURRENT_TOTAL_AMOUNT_IS_NOT_ALLOWED', async (_label, amount) => {
    const order = await placeOrder();
    const body = typeof amount === 'string' && amount.startsWith('1e') ? `{"amount": ${amount}}` : { amount };
    expectProblem(
      await api.post(path(order, 'reauthorize'), body),
      422,
      'REAUTHORIZE_ORDER_INCREASE_ABOVE_CURRENT_TOTAL_AMOUNT_IS_NOT_ALLOWED',
    );
  });

  it('an item priced beyond them matches no article; quantities past them are more than is left', async () => {
    const order = await placeOrder();
    expectProblem(
      await api.post(path(order, 'capture'), { amount: 1, items: [{ ...tent, unitPrice: '90071992547409.93' }] }),
      422,
      'ARTICLE_NOT_FOUND_ON_ORDER',
    );
    expectProblem(
      await api.post(path(order, 'capture'), { amount: 1, items: [{ ...tent, quantity: 1e300 }] }),
      422,
      'CAPTURE_QUANTITY_EXCEEDS_REMAINING',
    );
    expectProblem(
      await api.post(path(order, 'reauthorize'), { amount: 1e17, items: [{ ...tent, unitPrice: 1e17 }] }),
      422,
      'REAUTHORIZE_ORDER_INCREASE_ABOVE_CURRENT_TOTAL_AMOUNT_IS_NOT_ALLOWED',
    );
    expect((await api.order(order.orderId)).invoices).toEqual([]);
  });

  it('a negative amount beyond them is still one that must be greater than 0 (400)', async () => {
    const order = await placeOrder();
    expectProblem(await api.post(path(order, 'capture'), { amount: '-90071992547409.93' }), 400, 'VALIDATION_ERROR');
  });
});

describe('a reauthorization that contradicts what was refunded or captured', () => {
  /** 4 × SOCK 49.00 and 2 × BOOK 199.00 = 594.00 SEK; 517.39 captured by amount alone. */
  const sock = (quantity: number) => ({ id: 'SOCK', description: 'Wool socks', unitPrice: '49.00', quantity, vat: 25 });
  const book = (quantity: number, unitPrice = '199.00') => ({ id: 'BOOK', description: 'Trail guide', unitPrice, quantity, vat: 25 });
  async function capturedByAmount(): Promise<Order> {
    const order = await placeOrder({
      totalAmount: 59400,
      items: [
        { id: 'SOCK', description: 'Wool socks', unitPrice: 4900, quantity: 4, vat: 25 },
        { id: 'BOOK', description: 'Trail guide', unitPrice: 19900, quantity: 2, vat: 25 },
      ],
    });
    expectAccepted(await api.post(path(order, 'capture'), { amount: '517.39' }), order.orderId);
    return order;
  }
  /** 3 × SOCK and 4 × BOOK at a new price: 147.00 + 876.00, an increase with a credit check. */
  const fewerSocks = { amount: '1023.00', items: [sock(3), book(4, '219.00')] };

  it('is refused at the request when it sends fewer units than were refunded, and the order stays readable', async () => {
    const order = await capturedByAmount();
    expectAccepted(await api.post(path(order, 'refund'), { amount: '196.00', items: [sock(4)] }), order.orderId);
    const answer = await api.post(path(order, 'reauthorize'), fewerSocks);
    expectProblem(answer, 422, 'ARTICLE_EXISTS_BUT_OTHER_INFORMATION');
    expect(answer.json.detail).toContain('SOCK');
    sb.clock.advance(3000);
    const data = await api.order(order.orderId);
    expect(data).toMatchObject({ status: 'PartActivated', totalAmount: 594 });
  });

  it('fails when refunds made while its credit check was pending contradict it, with the reason on its GET', async () => {
    const order = await capturedByAmount();
    const answer = await api.post(path(order, 'reauthorize'), fewerSocks);
    expect(answer.status, answer.text).toBe(201);
    expectAccepted(await api.post(path(order, 'refund'), { amount: '196.00', items: [sock(4)] }), order.orderId);
    sb.clock.advance(3000);
    const check = await api.get(answer.headers.get('location') ?? '');
    expect(check.status, check.text).toBe(200);
    expect(check.json.data).toMatchObject({ status: 'Failed', reason: expect.stringContaining('ARTICLE_EXISTS_BUT_OTHER_INFORMATION') });
    const data = await api.order(order.orderId);
    expect(data).toMatchObject({ status: 'PartActivated', totalAmount: 594 });
    expect((data.items as { articleNumber: string; quantity: number }[]).map((i) => `${i.articleNumber}×${i.quantity}`)).toEqual([
      'SOCK×4',
      'BOOK×2',
    ]);
  });

  it('fails when a capture made while it was pending takes units it leaves out', async () => {
    const order = await placeOrder();
    const answer = await api.post(path(order, 'reauthorize'), {
      amount: 2845.5,
      items: [tent, pegs(1), shipping, { id: 'MAT', description: 'Sleeping mat', unitPrice: 198, quantity: 1, vat: 25 }],
    });
    expect(answer.status, answer.text).toBe(201);
    expectAccepted(await api.post(path(order, 'capture'), { amount: 199, items: [pegs(2)] }), order.orderId);
    sb.clock.advance(3000);
    expect((await api.get(answer.headers.get('location') ?? '')).json.data).toMatchObject({
      status: 'Failed',
      reason: expect.stringContaining('PEG-10'),
    });
    expect(await api.order(order.orderId)).toMatchObject({ status: 'PartActivated', totalAmount: 2747 });
  });

  it('a declined credit check says so; a completed one shows no reason', async () => {
    const declined = await placeOrder();
    const over = await api.post(path(declined, 'reauthorize'), { amount: 6000 });
    const fits = await api.post(path(await placeOrder(), 'reauthorize'), { amount: 3000 });
    sb.clock.advance(3000);
    expect((await api.get(over.headers.get('location') ?? '')).json.data).toMatchObject({
      status: 'Failed',
      reason: expect.stringContaining('credit limit'),
    });
    expect(Object.keys((await api.get(fits.headers.get('location') ?? '')).json.data as object)).toEqual(['id', 'status']);
  });
});
