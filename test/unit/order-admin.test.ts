/**
 * The pure rules of order administration: lifecycle, amounts to the cent, item matching,
 * and every refusal with its business code.
 */
import { describe, expect, it } from 'vitest';
import type { Order, OrderStatus } from '../../src/domain/model.js';
import { type AmountCommand, type ActionContext, cancel, capture, expireIfDue, extend, refund } from '../../src/domain/order-admin.js';
import {
  type RequestedItem,
  capturedAmount,
  contradictingRows,
  formatMoney,
  refundableAmount,
  remainingToCapture,
} from '../../src/domain/order-ledger.js';
import { type Reauthorization, newReauthorization, planReauthorize, settleIfDue } from '../../src/domain/order-reauthorize.js';
import { OrderViolation } from '../../src/domain/order-violation.js';
import { tentOrder } from '../support/order-fixture.js';

const NOW = Date.parse('2026-10-01T12:00:00Z');
let invoiceCounter = 0;
const ctx: ActionContext = { nowMs: NOW, newInvoiceNumber: () => String(++invoiceCounter) };

/** Tent 2499.00 ×1, pegs 99.50 ×2, shipping 49.00 ×1 = 2747.00 SEK. */
function order(status: OrderStatus = 'NotActivated', overrides: Partial<Order> = {}): Order {
  return tentOrder('2026-09-30T12:00:00.000Z', { status, ...overrides });
}

function item(id: string | null, unitPrice: number, quantity: number, extra: Partial<RequestedItem> = {}): RequestedItem {
  return { id, description: null, unitPrice, quantity, vat: null, type: null, ...extra };
}

function byAmount(amount: number, extra: Partial<AmountCommand> = {}): AmountCommand {
  return { amount, description: null, actionReference: null, items: null, ...extra };
}

function byItems(amount: number, items: RequestedItem[]): AmountCommand {
  return byAmount(amount, { items });
}

function refusal(action: () => unknown): OrderViolation {
  try {
    action();
  } catch (error) {
    if (error instanceof OrderViolation) return error;
    throw error;
  }
  throw new Error('expected the action to be refused');
}

const captured = (o: Order = order()): Order => capture(o, byAmount(remainingToCapture(o)), ctx);
const partCaptured = (): Order => capture(order(), byItems(249900, [item('TENT-2P', 249900, 1)]), ctx);

describe('capture', () => {
  it('captures in full by amount: Activated, one invoice with every line', () => {
    const after = captured();
    expect(after.status).toBe('Activated');
    expect(after.invoices).toHaveLength(1);
    expect(after.invoices[0]).toMatchObject({
      type: 'Invoice',
      amount: 274700,
      description: 'Capture',
      createdAt: '2026-10-01T12:00:00.000Z',
    });
    expect(after.invoices[0]?.items.map((i) => [i.id, i.quantity])).toEqual([
      ['TENT-2P', 1],
      ['PEG-10', 2],
      ['shipping', 1],
    ]);
  });

  it('part-captures by items, then captures the rest by amount with the remaining lines', () => {
    const part = capture(order(), byItems(259850, [item('TENT-2P', 249900, 1), item('PEG-10', 9950, 1)]), ctx);
    expect(part.status).toBe('PartActivated');
    expect(remainingToCapture(part)).toBe(14850);
    const rest = capture(part, byAmount(14850, { actionReference: 'cap-2', description: 'Rest' }), ctx);
    expect(rest.status).toBe('Activated');
    expect(rest.invoices[1]).toMatchObject({ amount: 14850, actionReference: 'cap-2', description: 'Rest' });
    expect(rest.invoices[1]?.items.map((i) => [i.id, i.quantity])).toEqual([
      ['PEG-10', 1],
      ['shipping', 1],
    ]);
  });

  it('part-captures by amount alone (an invoice without rows)', () => {
    const part = capture(order(), byAmount(100000), ctx);
    expect(part.status).toBe('PartActivated');
    expect(part.invoices[0]?.items).toEqual([]);
    expect(capture(part, byAmount(174700), ctx).status).toBe('Activated');
  });

  it('matches by description when no id is sent, and narrows same-id lines by description', () => {
    expect(
      capture(order(), byItems(4900, [item(null, 4900, 1, { description: 'standard DELIVERY' })]), ctx).invoices[0]?.items[0]?.id,
    ).toBe('shipping');
    const twins = order('NotActivated', {
      totalAmount: 2000,
      items: [
        { id: 'GIFT', description: 'Red wrapping', unitPrice: 1000, quantity: 1, vat: 25 },
        { id: 'GIFT', description: 'Blue wrapping', unitPrice: 1000, quantity: 1, vat: 25 },
      ],
    });
    expect(
      capture(twins, byItems(1000, [item('GIFT', 1000, 1, { description: 'Blue wrapping' })]), ctx).invoices[0]?.items[0]?.description,
    ).toBe('Blue wrapping');
    expect(refusal(() => capture(twins, byItems(1000, [item('GIFT', 1000, 1)]), ctx)).code).toBe('ARTICLE_NOT_UNIQUE_ON_ORDER');
  });

  it.each<[OrderStatus, string]>([
    ['Activated', 'CAPTURE_ORDER_ALREADY_CAPTURED'],
    ['Returned', 'CAPTURE_ORDER_ALREADY_CAPTURED'],
    ['Cancelled', 'ORDER_CANCELLED'],
    ['Expired', 'ORDER_EXPIRED'],
  ])('refuses a capture on %s with %s', (status, code) => {
    const violation = refusal(() => capture(order(status), byAmount(1000), ctx));
    expect(violation.kind).toBe('rule');
    expect(violation.code).toBe(code);
  });

  it('refuses one cent more than what is left (CAPTURE_AMOUNT_EXCEEDS_REMAINING)', () => {
    const violation = refusal(() => capture(order(), byAmount(274701), ctx));
    expect(violation.code).toBe('CAPTURE_AMOUNT_EXCEEDS_REMAINING');
    expect(violation.message).toContain('2747.00 SEK');
    expect(refusal(() => capture(partCaptured(), byAmount(24801), ctx)).code).toBe('CAPTURE_AMOUNT_EXCEEDS_REMAINING');
  });

  it('refuses an amount that is not the sum of the items', () => {
    expect(refusal(() => capture(order(), byItems(249901, [item('TENT-2P', 249900, 1)]), ctx)).code).toBe(
      'CAPTURE_AMOUNT_MUST_MATCH_SUM_OF_ARTICLES',
    );
  });

  it('refuses more units than are left on a line, counting earlier captures', () => {
    expect(refusal(() => capture(order(), byItems(29850, [item('PEG-10', 9950, 3)]), ctx)).code).toBe('CAPTURE_QUANTITY_EXCEEDS_REMAINING');
    const one = capture(order(), byItems(9950, [item('PEG-10', 9950, 1)]), ctx);
    // The same line sent twice adds up.
    const twice = refusal(() => capture(one, byItems(19900, [item('PEG-10', 9950, 1), item('PEG-10', 9950, 1)]), ctx));
    expect(twice.code).toBe('CAPTURE_QUANTITY_EXCEEDS_REMAINING');
  });

  it('refuses items that are not on the order, to the cent (ARTICLE_NOT_FOUND_ON_ORDER)', () => {
    expect(refusal(() => capture(order(), byItems(1000, [item('NOPE', 1000, 1)]), ctx)).code).toBe('ARTICLE_NOT_FOUND_ON_ORDER');
    const wrongPrice = refusal(() => capture(order(), byItems(249901, [item('TENT-2P', 249901, 1)]), ctx));
    expect(wrongPrice.code).toBe('ARTICLE_NOT_FOUND_ON_ORDER');
    expect(wrongPrice.message).toContain('TENT-2P "Two-person tent" at 2499.00 SEK');
  });
});

describe('refund', () => {
  it('refunds part by amount (credit entry, still Activated), then the rest (Returned)', () => {
    const part = refund(captured(), byAmount(50000, { description: 'Goodwill', actionReference: '77' }), ctx);
    expect(part.status).toBe('Activated');
    expect(part.invoices[1]).toMatchObject({ type: 'Credit', amount: 50000, items: [], description: 'Goodwill', actionReference: '77' });
    expect(refundableAmount(part)).toBe(224700);
    const rest = refund(part, byAmount(224700), ctx);
    expect(rest.status).toBe('Returned');
    expect(refundableAmount(rest)).toBe(0);
  });

  it('refunds by items and a return fee smaller than the articles', () => {
    const after = refund(
      captured(),
      byItems(18400, [item('PEG-10', 9950, 2), item('fee', -1500, 1, { type: 'fee', description: 'Return fee' })]),
      ctx,
    );
    expect(after.invoices[1]?.items.map((i) => [i.id, i.unitPrice, i.quantity])).toEqual([
      ['PEG-10', 9950, 2],
      ['fee', -1500, 1],
    ]);
    expect(after.status).toBe('Activated');
  });

  it('a fully refunded part-activated order stays PartActivated: the rest can still be captured', () => {
    expect(refund(partCaptured(), byAmount(249900), ctx).status).toBe('PartActivated');
  });

  it('lets the captured part of a cancelled order be refunded', () => {
    const closed = cancel(partCaptured());
    expect(closed.status).toBe('Cancelled');
    expect(refund(closed, byAmount(249900), ctx).status).toBe('Returned');
  });

  it.each<[OrderStatus, string]>([
    ['NotActivated', 'ORDER_NOT_CAPTURED'],
    ['Returned', 'ORDER_ALREADY_REFUNDED'],
    ['Cancelled', 'ORDER_CANCELLED'],
    ['Expired', 'ORDER_EXPIRED'],
  ])('refuses a refund on %s (nothing captured) with %s', (status, code) => {
    expect(refusal(() => refund(order(status), byAmount(1000), ctx)).code).toBe(code);
  });

  it('refuses one cent more than captured minus refunded (REFUND_AMOUNT_EXCEEDS_CAPTURED)', () => {
    expect(refusal(() => refund(partCaptured(), byAmount(249901), ctx)).code).toBe('REFUND_AMOUNT_EXCEEDS_CAPTURED');
    const part = refund(captured(), byAmount(274000), ctx);
    expect(refusal(() => refund(part, byAmount(701), ctx)).code).toBe('REFUND_AMOUNT_EXCEEDS_CAPTURED');
  });

  it('refuses more units than were captured on a line (REFUND_QUANTITY_EXCEEDS_CAPTURED)', () => {
    expect(refusal(() => refund(partCaptured(), byItems(9950, [item('PEG-10', 9950, 1)]), ctx)).code).toBe(
      'REFUND_QUANTITY_EXCEEDS_CAPTURED',
    );
    const once = refund(captured(), byItems(19900, [item('PEG-10', 9950, 2)]), ctx);
    expect(refusal(() => refund(once, byItems(9950, [item('PEG-10', 9950, 1)]), ctx)).code).toBe('REFUND_QUANTITY_EXCEEDS_CAPTURED');
  });

  it('refuses an amount that is not the sum of items and fees', () => {
    expect(refusal(() => refund(captured(), byItems(9951, [item('PEG-10', 9950, 1)]), ctx)).code).toBe(
      'REFUND_AMOUNT_MUST_MATCH_SUM_OF_ARTICLES',
    );
  });

  it('refuses a return fee larger than the returned articles', () => {
    const fee = item('fee', -20000, 1, { type: 'fee' });
    expect(refusal(() => refund(captured(), byItems(-10050, [item('PEG-10', 9950, 1), fee]), ctx)).code).toBe(
      'REFUND_FEE_EXCEEDS_RETURNED_ARTICLES',
    );
  });

  it('refuses items that are not on the order', () => {
    expect(refusal(() => refund(captured(), byItems(1000, [item('NOPE', 1000, 1)]), ctx)).code).toBe('ARTICLE_NOT_FOUND_ON_ORDER');
  });
});

describe('cancel, extend and expiry', () => {
  it.each<OrderStatus>(['NotActivated', 'PartActivated', 'Expired'])('cancels a %s order', (status) => {
    expect(cancel(order(status)).status).toBe('Cancelled');
  });

  it.each<[OrderStatus, string]>([
    ['Activated', 'ORDER_ALREADY_CAPTURED'],
    ['Returned', 'ORDER_ALREADY_CAPTURED'],
    ['Cancelled', 'ORDER_ALREADY_CANCELLED'],
  ])('refuses to cancel a %s order with %s', (status, code) => {
    expect(refusal(() => cancel(order(status))).code).toBe(code);
  });

  it('extends by one order lifetime from the later of now and expiresAt', () => {
    expect(extend(order(), NOW, 86400).expiresAt).toBe('2026-10-29T12:00:00.000Z');
    expect(extend(order(), Date.parse('2026-11-01T00:00:00Z'), 86400).expiresAt).toBe('2026-11-02T00:00:00.000Z');
  });

  it.each<[OrderStatus, string]>([
    ['Activated', 'ORDER_ALREADY_CAPTURED'],
    ['Cancelled', 'ORDER_CANCELLED'],
    ['Expired', 'ORDER_EXPIRED'],
  ])('refuses to extend a %s order with %s', (status, code) => {
    expect(refusal(() => extend(order(status), NOW, 86400)).code).toBe(code);
  });

  it('expires NotActivated and PartActivated orders once expiresAt has passed, and nothing else', () => {
    const at = Date.parse('2026-10-28T12:00:00Z');
    expect(expireIfDue(order(), at - 1)).toBeNull();
    expect(expireIfDue(order(), at)?.status).toBe('Expired');
    expect(expireIfDue(partCaptured(), at)?.status).toBe('Expired');
    expect(expireIfDue(order('Activated'), at)).toBeNull();
  });
});

describe('reauthorize', () => {
  const lower = [
    item('TENT-2P', 249900, 1, { description: 'Two-person tent' }),
    item('PEG-10', 9950, 1, { description: 'Tent pegs (10)' }),
  ];

  it('applies a lower total at once (202 path) with the new items', () => {
    const plan = planReauthorize(order(), byItems(259850, lower), null);
    expect(plan.kind).toBe('applied');
    if (plan.kind !== 'applied') return;
    expect(plan.order.totalAmount).toBe(259850);
    expect(plan.order.items.map((i) => [i.id, i.quantity, i.vat])).toEqual([
      ['TENT-2P', 1, 25],
      ['PEG-10', 1, 25],
    ]);
  });

  it('by amount only keeps Σ lines = total with an adjustment line', () => {
    const plan = planReauthorize(order(), byAmount(270000), null);
    if (plan.kind !== 'applied') throw new Error('expected applied');
    expect(plan.order.items.at(-1)).toMatchObject({ id: 'reauthorization-adjustment', unitPrice: -4700, quantity: 1 });
    expect(plan.order.totalAmount).toBe(270000);
  });

  it('needs a credit check for an increase: Completed up to twice the total, Failed above', () => {
    const upsell = [
      item('TENT-2P', 249900, 1, { description: 'Two-person tent' }),
      item('PEG-10', 9950, 2, { description: 'Tent pegs (10)' }),
      item('STOVE', 14850, 1, { description: 'Camping stove' }),
    ];
    const up = planReauthorize(order(), byItems(284650, upsell), null);
    expect(up).toMatchObject({ kind: 'creditCheck', outcome: 'Completed', amount: 284650 });
    expect(planReauthorize(order(), byAmount(549401), null)).toMatchObject({ kind: 'creditCheck', outcome: 'Failed' });
  });

  it('refuses an amount that is not the sum of the items (REAUTHORIZE_AMOUNT_MUST_MATCH_SUM_OF_ARTICLES)', () => {
    expect(refusal(() => planReauthorize(order(), byItems(259851, lower), null)).code).toBe(
      'REAUTHORIZE_AMOUNT_MUST_MATCH_SUM_OF_ARTICLES',
    );
  });

  it.each<[OrderStatus, string]>([
    ['Activated', 'ORDER_ALREADY_CAPTURED'],
    ['Returned', 'ORDER_ALREADY_CAPTURED'],
    ['Cancelled', 'ORDER_CANCELLED'],
    ['Expired', 'ORDER_EXPIRED'],
  ])('refuses to reauthorize a %s order with %s', (status, code) => {
    expect(refusal(() => planReauthorize(order(status), byAmount(1000), null)).code).toBe(code);
  });

  it('refuses an increase on a prepaid payment method', () => {
    const card = order('NotActivated', { paymentMethod: 'Card' });
    expect(refusal(() => planReauthorize(card, byAmount(300000), null)).code).toBe(
      'REAUTHORIZE_ORDER_INCREASE_ABOVE_CURRENT_TOTAL_AMOUNT_IS_NOT_ALLOWED',
    );
    expect(planReauthorize(card, byAmount(200000), null).kind).toBe('applied');
  });

  it('keeps captured articles fixed on a part-activated order', () => {
    const part = partCaptured();
    const tent = (patch: Partial<RequestedItem>): RequestedItem =>
      item('TENT-2P', 249900, 1, { description: 'Two-person tent', vat: 25, ...patch });
    expect(refusal(() => planReauthorize(part, byItems(249900, [tent({ vat: 12 })]), null)).code).toBe(
      'MATCHING_ARTICLES_WITH_DIFFERENT_VAT',
    );
    expect(refusal(() => planReauthorize(part, byItems(239900, [tent({ unitPrice: 239900 })]), null)).code).toBe(
      'ARTICLE_EXISTS_BUT_OTHER_INFORMATION',
    );
    expect(refusal(() => planReauthorize(part, byAmount(200000), null)).code).toBe('REAUTHORIZE_AMOUNT_BELOW_CAPTURED_AMOUNT');
    // Reducing to exactly what is captured leaves nothing to capture.
    const exact = planReauthorize(part, byItems(249900, [tent({})]), null);
    expect(exact.kind === 'applied' && exact.order.status).toBe('Activated');
  });

  it('refuses a second reauthorization while a credit check is pending (conflict)', () => {
    const plan = planReauthorize(order(), byAmount(300000), null);
    if (plan.kind !== 'creditCheck') throw new Error('expected a credit check');
    const pending = newReauthorization(order(), plan, byAmount(300000), 'r-1', NOW);
    const violation = refusal(() => planReauthorize(order(), byAmount(200000), pending));
    expect([violation.kind, violation.code]).toEqual(['conflict', 'REAUTHORIZATION_IN_PROGRESS']);
  });

  it('settles on the clock: Pending, then Completed (applied) or Failed (nothing changes)', () => {
    const plan = planReauthorize(order(), byAmount(300000), null);
    if (plan.kind !== 'creditCheck') throw new Error('expected a credit check');
    const pending: Reauthorization = newReauthorization(order(), plan, byAmount(300000), 'r-1', NOW);
    expect(pending).toMatchObject({ status: 'Pending', settlesAt: '2026-10-01T12:00:03.000Z' });
    expect(settleIfDue(pending, order(), NOW + 2999)).toBeNull();
    const done = settleIfDue(pending, order(), NOW + 3000);
    expect(done?.reauthorization.status).toBe('Completed');
    expect(done?.order?.totalAmount).toBe(300000);
    const failed = settleIfDue({ ...pending, outcome: 'Failed' }, order(), NOW + 3000);
    expect([failed?.reauthorization.status, failed?.order]).toEqual(['Failed', null]);
    // Captured meanwhile: nothing left to apply the check to.
    expect(settleIfDue(pending, captured(), NOW + 3000)?.reauthorization.status).toBe('Failed');
  });
});

describe('books', () => {
  it('formats money for messages', () => {
    expect(formatMoney(274700, 'SEK')).toBe('2747.00 SEK');
    expect(formatMoney(-1505, 'EUR')).toBe('-15.05 EUR');
    expect(capturedAmount(partCaptured())).toBe(249900);
  });
});

describe('rows of one request that contradict each other', () => {
  const row = (patch: Partial<RequestedItem>): RequestedItem => ({
    id: 'TENT-2P',
    description: 'Two-person tent',
    unitPrice: 249900,
    quantity: 1,
    vat: 25,
    type: null,
    ...patch,
  });
  const order = tentOrder('2026-11-02T10:00:00Z');

  it('refuses one article at two VAT rates or two prices, by the code the pages give each', () => {
    expect(contradictingRows([row({}), row({ vat: 12 })], order)?.code).toBe('MATCHING_ARTICLES_WITH_DIFFERENT_VAT');
    expect(contradictingRows([row({}), row({ unitPrice: 239900 })], order)?.code).toBe('ARTICLE_EXISTS_BUT_OTHER_INFORMATION');
    expect(contradictingRows([row({ unitPrice: 100 }), row({ unitPrice: 200 })], order)?.message).toContain('1.00 SEK and 2.00 SEK');
  });

  it('takes rows that agree, rows of other articles, and two lines the order itself holds under one name', () => {
    expect(contradictingRows([row({}), row({})], order)).toBeNull();
    expect(contradictingRows([row({}), row({ description: 'Tent, green', unitPrice: 1 })], order)).toBeNull();
    expect(contradictingRows(null, order)).toBeNull();
    const adjusted = {
      ...order,
      items: [
        ...order.items,
        { id: 'adj', description: 'Adjustment', unitPrice: -48, quantity: 1, vat: 25 },
        { id: 'adj', description: 'Adjustment', unitPrice: -1, quantity: 1, vat: 25 },
      ],
    };
    const adjustments = [
      row({ id: 'adj', description: 'Adjustment', unitPrice: -48 }),
      row({ id: 'adj', description: 'Adjustment', unitPrice: -1 }),
    ];
    expect(contradictingRows(adjustments, adjusted)).toBeNull();
    expect(contradictingRows([...adjustments, row({ id: 'adj', description: 'Adjustment', unitPrice: -5 })], adjusted)?.code).toBe(
      'ARTICLE_EXISTS_BUT_OTHER_INFORMATION',
    );
  });
});
