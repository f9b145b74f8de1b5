import { describe, expect, it } from 'vitest';
import { nextAttemptDue, substitutePlaceholders } from '../../src/domain/checkout-callbacks.js';
import { customerActionRejection, modificationInProgress, statusAfter, updateRejection } from '../../src/domain/checkout-lifecycle.js';
import type { CheckoutStatus } from '../../src/domain/model.js';
import { orderForPurchase, orderStatusFor } from '../../src/domain/purchase.js';
import { deprecatedSinceMs, retirementState } from '../../src/domain/retirement.js';
import type { Checkout } from '../../src/domain/model.js';

const at = (status: CheckoutStatus) => ({ status, privateId: 'p-1' });

describe('updates by the merchant', () => {
  it('are allowed while open, refused once the customer pressed Complete purchase and after completion (both 900)', () => {
    expect(updateRejection(at('Initialized'), 'cart')).toBeNull();
    expect(updateRejection(at('CustomerIdentified'), 'cart')).toBeNull();
    // The update pages' error tables: 900 Purchase_Commitment_Found, "locked for modifications".
    expect(updateRejection(at('CommittedToPurchase'), 'cart')).toMatchObject({ kind: 'rule', code: 'Purchase_Commitment_Found' });
    expect(updateRejection(at('PurchaseCompleted'), 'fees')).toMatchObject({ kind: 'rule', code: 'Purchase_Completed' });
    expect(updateRejection(at('Aborted'), 'cart')).toMatchObject({ kind: 'rule', code: 'Checkout_Aborted' });
  });

  it('are locked (423 Resource_Locked) while another modifying request is being executed', () => {
    expect(modificationInProgress('p-1', 'fees')).toMatchObject({
      kind: 'locked',
      code: 'Resource_Locked',
      message: expect.stringContaining('Send the request again'),
    });
  });
});

describe("the customer's actions", () => {
  it('move the checkout along the lifecycle and refuse to go back', () => {
    expect(customerActionRejection(at('Initialized'), 'identify')).toBeNull();
    expect(statusAfter('identify')).toBe('CustomerIdentified');
    expect(customerActionRejection(at('CustomerIdentified'), 'commit')).toBeNull();
    expect(customerActionRejection(at('CommittedToPurchase'), 'complete')).toBeNull();
    expect(statusAfter('complete')).toBe('PurchaseCompleted');
    expect(customerActionRejection(at('CommittedToPurchase'), 'identify')).toMatchObject({ kind: 'conflict', code: 'Invalid_State' });
    expect(customerActionRejection(at('PurchaseCompleted'), 'complete')).toMatchObject({ kind: 'conflict', code: 'Invalid_State' });
    expect(customerActionRejection(at('PurchaseCompleted'), 'abort')?.message).toContain('PurchaseCompleted');
    expect(customerActionRejection(at('Aborted'), 'complete')).not.toBeNull();
  });
});

describe('purchase results', () => {
  it('decide the order status; an activated order is invoiced in full', () => {
    expect(orderStatusFor('Preliminary')).toBe('NotActivated');
    expect(orderStatusFor('OnHold')).toBe('NotActivated');
    expect(orderStatusFor('Rejected')).toBe('Cancelled');
    const checkout = {
      privateId: 'p',
      merchantId: 'm',
      storeId: 's',
      currency: 'SEK',
      countryCode: 'SE',
      customerType: 'PrivateCustomer',
      reference: null,
      customer: null,
      cart: { items: [{ id: 'A', description: 'A', unitPrice: 19900, quantity: 2, vat: 25 }], shippingProperties: null },
      fees: { shipping: { id: 'ship', description: 'Ship', unitPrice: 4900, vat: 25 }, directInvoiceFee: null },
    } as unknown as Checkout;
    const order = orderForPurchase(checkout, 'Activated', {
      orderId: 'ABC-DEF',
      placedAt: '2026-10-01T00:00:00.000Z',
      expiresAt: '2026-10-29T00:00:00.000Z',
      paymentMethod: 'Card',
      invoiceNumber: '123',
    });
    expect(order).toMatchObject({ orderId: 'abc-def', status: 'Activated', totalAmount: 44700 });
    expect(order.items.map((i) => i.id)).toEqual(['A', 'ship']);
    expect(order.invoices).toEqual([expect.objectContaining({ type: 'Invoice', amount: 44700 })]);
  });
});

describe('notification retries', () => {
  it('follow 5 s, 10 s, 3 min, 1 h, 4 h, 8 h, 16 h, 24 h, each from the previous due time, then stop', () => {
    const delays: number[] = [];
    let due = 0;
    for (let attempt = 1; ; attempt++) {
      const next = nextAttemptDue(due, attempt);
      if (next === null) break;
      delays.push((next - due) / 1000);
      due = next;
    }
    expect(delays).toEqual([5, 10, 180, 3600, 14400, 28800, 57600, 86400]);
  });

  it('substitute the placeholders raw and percent-encoded, in path and query', () => {
    const checkout = { privateId: 'a1b2', publicToken: 'public-SE-ff' };
    expect(substitutePlaceholders('https://s.example/n/{checkout.publictoken}?id={checkout.id}', checkout)).toBe(
      'https://s.example/n/public-SE-ff?id=a1b2',
    );
    expect(substitutePlaceholders('https://s.example/n?id=%7Bcheckout.id%7D&t=%7bcheckout.publicToken%7d', checkout)).toBe(
      'https://s.example/n?id=a1b2&t=public-SE-ff',
    );
  });
});

describe('retirement', () => {
  const retirement = {
    shutdownAt: '2026-10-30T23:00:00.000Z',
    afterShutdown: 'refuse' as const,
    brownouts: [{ start: '2026-10-20T10:00:00.000Z', end: '2026-10-20T11:00:00.000Z' }],
  };

  it('is open before the shutdown, shut from the instant on, and shut during brownouts', () => {
    expect(retirementState(retirement, Date.parse('2026-10-30T22:59:59.999Z'))).toEqual({ open: true });
    expect(retirementState(retirement, Date.parse('2026-10-30T23:00:00Z'))).toMatchObject({ open: false, cause: 'shutdown' });
    expect(retirementState(retirement, Date.parse('2026-10-20T10:30:00Z'))).toMatchObject({
      open: false,
      cause: 'brownout',
      until: '2026-10-20T11:00:00.000Z',
    });
    expect(retirementState(retirement, Date.parse('2026-10-20T11:00:00Z'))).toEqual({ open: true });
  });

  it('never dates the deprecation after the sunset', () => {
    expect(deprecatedSinceMs(retirement)).toBeLessThanOrEqual(Date.parse(retirement.shutdownAt));
    expect(deprecatedSinceMs({ ...retirement, shutdownAt: '2020-01-01T00:00:00.000Z' })).toBe(Date.parse('2020-01-01T00:00:00.000Z'));
  });
});
