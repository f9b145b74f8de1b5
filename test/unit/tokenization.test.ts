/**
 * Pure rules of recurring payments and delivery shipping: TimeSpan offsets, attempt plans,
 * what an attempt's outcome does, and how a delivery block becomes order lines.
 */
import { describe, expect, it } from 'vitest';
import { deliveryLines, deliveryTotal } from '../../src/domain/delivery-shipping.js';
import { bindBody } from '../../src/domain/requests/problems.js';
import { deliveryShippingSchema } from '../../src/domain/requests/delivery.js';
import { invoiceStatusOf, invoiceStatusUrl } from '../../src/domain/invoice-status.js';
import {
  type Authorization,
  afterAttempt,
  isRecurringProfile,
  parseTimeSpanMs,
  plannedAttempts,
  tokenPaymentMethod,
} from '../../src/domain/tokenization.js';

const T0 = Date.parse('2026-11-02T10:00:00Z');

describe('attempt schedules', () => {
  it('reads .NET TimeSpans as the docs write them, and nothing else', () => {
    expect(parseTimeSpanMs('00:00:10')).toBe(10_000);
    expect(parseTimeSpanMs('1.00:00:10')).toBe(86_410_000);
    expect(parseTimeSpanMs('01:30:00.5')).toBe(5_400_500);
    for (const bad of ['10s', 'PT10S', '00:60:00', '24:00:00', '']) expect(parseTimeSpanMs(bad)).toBeNull();
  });

  it('plans relative offsets from the previous attempt, absolute instants in order (past ones now)', () => {
    expect(plannedAttempts({ kind: 'asap' }, T0)).toEqual([T0]);
    expect(plannedAttempts({ kind: 'relative', offsetsMs: [10_000, 60_000] }, T0)).toEqual([T0 + 10_000, T0 + 70_000]);
    expect(plannedAttempts({ kind: 'absolute', instantsMs: [T0 + 5000, T0 - 5000] }, T0)).toEqual([T0, T0 + 5000]);
  });

  it('knows the recurring profiles', () => {
    expect(['Recurring', 'recurring', 'Coffee-Recurring'].map(isRecurringProfile)).toEqual([true, true, true]);
    expect([null, '', 'RecurringBox', 'Delivery'].map(isRecurringProfile)).toEqual([false, false, false, false]);
  });
});

describe('an attempt', () => {
  const pending = { status: 'Created', attemptsDue: ['a', 'b'], attemptsMade: 0, reason: null, orderId: null } as unknown as Authorization;

  it('authorizes with the order, retries a retryable reason while attempts remain, and fails otherwise', () => {
    expect(afterAttempt(pending, null, 'o-1')).toMatchObject({ status: 'Authorized', attemptsMade: 1, orderId: 'o-1' });
    const retrying = afterAttempt(pending, 'PAYMENT_METHOD_NO_FUNDS', 'o-1');
    expect(retrying).toMatchObject({ status: 'Retrying', attemptsMade: 1, reason: 'PAYMENT_METHOD_NO_FUNDS', orderId: null });
    expect(afterAttempt(retrying, 'PAYMENT_METHOD_NO_FUNDS', 'o-2')).toMatchObject({ status: 'Failed', attemptsMade: 2 });
    expect(afterAttempt(pending, 'PAYMENT_METHOD_EXPIRED', 'o-1')).toMatchObject({ status: 'Failed', attemptsMade: 1 });
  });
});

describe('delivery shipping', () => {
  const bind = (value: unknown) => {
    const bound = bindBody(deliveryShippingSchema, value, { at: 'shipping' });
    if (!bound.ok) throw new Error(bound.problems.map((p) => p.message).join('; '));
    return bound.value;
  };

  it('charges one line per shipment when their fees make up the fee, else one line of the fee', () => {
    const two = bind({
      provider: 'Ingrid',
      shipments: [
        { feeItemId: 'f1', shippingChoice: { name: 'A', fee: '10' } },
        { id: 's2', shippingChoice: { name: 'B', fee: 5, vat: 12 } },
      ],
    });
    expect(deliveryLines(two)).toEqual([
      { id: 'f1', description: 'A', unitPrice: 1000, quantity: 1, vat: 25 },
      { id: 's2', description: 'B', unitPrice: 500, quantity: 1, vat: 12 },
    ]);
    const mismatched = bind({ provider: 'Ingrid', shippingFee: 20, shipments: [{ id: 's1', shippingChoice: { fee: 5 } }] });
    expect(deliveryLines(mismatched)).toEqual([{ id: 's1', description: 'Ingrid', unitPrice: 2000, quantity: 1, vat: 25 }]);
    expect(deliveryTotal(bind({ shippingFee: 0 }))).toBe(0);
    expect(bind(null)).toBeNull();
  });
});

describe('invoice status', () => {
  it('maps names and codes, and adds the three parameters to the merchant URL', () => {
    expect([1, '5', 'approved', 'Rejected', 0, 'maybe'].map(invoiceStatusOf)).toEqual([
      'Approved',
      'Rejected',
      'Approved',
      'Rejected',
      null,
      null,
    ]);
    expect(invoiceStatusUrl('https://shop.example/cb?x=1', { invoiceNo: '123', orderNo: null, status: 'Rejected' })).toBe(
      'https://shop.example/cb?x=1&InvoiceNo=123&OrderNo=&InvoiceStatus=5',
    );
  });
});

describe('token details', () => {
  it("names the token's payment method: a masked card for a private customer, an e-mailed invoice for a company", () => {
    expect(tokenPaymentMethod({ token: '916f7730-8d24-4dd9-9778-92b75b747382' }, 'B2C')).toEqual({
      type: 'Card',
      maskedCardNumber: '516020******7382',
    });
    expect(tokenPaymentMethod({ token: '916f7730-8d24-4dd9-9778-92b75b747382' }, 'B2B')).toEqual({
      type: 'Invoice',
      invoiceType: 'Email',
      invoiceReference: null,
      invoiceTag: null,
    });
  });
});
