/**
 * The books' invariants (src/domain/order-books.ts): what each one finds on an order that
 * breaks it, nothing on orders the operations make, and the store refusing a change that
 * breaks one (src/services/order-books.ts) while letting a state saved before keep its own.
 */
import { describe, expect, it } from 'vitest';
import type { Invoice, Order, OrderStatus } from '../../src/domain/model.js';
import { type AmountCommand, cancel, capture, refund } from '../../src/domain/order-admin.js';
import { bookIssues, brokenBy } from '../../src/domain/order-books.js';
import { openSandboxShell } from '../support/sandbox.js';
import { bookViolations } from '../../src/services/order-books.js';
import { GuardError } from '../../src/store/store.js';
import { tentOrder } from '../support/order-fixture.js';

const ctx = { nowMs: Date.parse('2026-10-01T12:00:00Z'), newInvoiceNumber: () => '604339527' };
const byAmount = (amount: number): AmountCommand => ({ amount, description: null, actionReference: null, items: null });
const order = (status: OrderStatus = 'NotActivated', overrides: Partial<Order> = {}): Order =>
  tentOrder('2026-09-30T12:00:00.000Z', { status, ...overrides });
const tent = { id: 'TENT-2P', description: 'Two-person tent', unitPrice: 249900, quantity: 1, vat: 25 };

function entry(type: Invoice['type'], amount: number, items: Invoice['items'] = []): Invoice {
  return {
    invoiceNumber: `${type}-${amount}`,
    type,
    amount,
    items,
    createdAt: '2026-10-01T12:00:00.000Z',
    actionReference: null,
    description: null,
  };
}

const keys = (o: Order): string[] => bookIssues(o).map((i) => i.key);

describe('the books of an order', () => {
  it('hold on the orders the operations make', () => {
    const part = capture(order(), { ...byAmount(249900), items: [{ ...tent, type: null }] }, ctx);
    const full = capture(part, byAmount(24800), ctx);
    const returned = refund(full, byAmount(274700), ctx);
    const cancelled = cancel(refund(part, byAmount(249900), ctx));
    for (const o of [order(), part, full, refund(full, byAmount(100), ctx), returned, cancelled, order('Expired')])
      expect(bookIssues(o), o.status).toEqual([]);
  });

  it('find more captured than the total, more refunded than captured, and entries whose rows do not add up', () => {
    expect(keys(order('Activated', { invoices: [entry('Invoice', 300000)] }))).toContain('captured');
    expect(keys(order('PartActivated', { invoices: [entry('Invoice', 1000), entry('Credit', 2000)] }))).toContain('refunded');
    expect(keys(order('PartActivated', { invoices: [entry('Invoice', 1000, [tent])] }))).toContain('entry-rows:Invoice-1000');
  });

  it('find an invoice row that names no article of the order, and an article captured or refunded beyond its units', () => {
    const ghost = { ...tent, id: 'GHOST' };
    expect(keys(order('PartActivated', { invoices: [entry('Invoice', 249900, [ghost])] }))).toContain('row:GHOST:249900');
    const twice = order('PartActivated', {
      invoices: [entry('Invoice', 249900, [tent]), { ...entry('Invoice', 249900, [tent]), invoiceNumber: '2' }],
      totalAmount: 274700 + 249900,
      items: [...order().items, { ...tent, id: 'OTHER' }],
    });
    expect(keys(twice)).toContain('article-captured:TENT-2P:249900');
    const overRefunded = order('PartActivated', {
      invoices: [entry('Invoice', 249900, [tent]), entry('Credit', 499800, [{ ...tent, quantity: 2 }])],
    });
    expect(keys(overRefunded)).toContain('article-refunded:TENT-2P:249900');
  });

  it('find a status the amounts do not support, lines that do not add up to the total, and amounts beyond 2^53', () => {
    expect(keys(order('Activated'))).toEqual(['status']);
    expect(keys(order('NotActivated', { invoices: [entry('Invoice', 100)] }))).toContain('status');
    expect(keys(order('Returned', { invoices: [entry('Invoice', 100)] }))).toContain('status');
    expect(keys(order('NotActivated', { totalAmount: 1 }))).toContain('lines');
    expect(keys(order('NotActivated', { invoices: [], totalAmount: Number.MAX_SAFE_INTEGER + 2 }))).toContain('held');
  });

  it('a change breaks only what was not broken before it', () => {
    const broken = order('Activated');
    expect(brokenBy(broken, { ...broken, reference: 'changed' })).toEqual([]);
    expect(brokenBy(order(), broken).map((i) => i.key)).toEqual(['status']);
    expect(brokenBy(undefined, broken).map((i) => i.key)).toEqual(['status']);
  });
});

describe('the store holds every order change to the books', () => {
  it('refuses a change that breaks them (nothing saved) and lets one through that keeps them', async () => {
    const sb = await openSandboxShell({ now: '2026-10-01T12:00:00Z', frozen: true });
    const orders = sb.services.env('uat').orders;
    const placed = await orders.place(order('NotActivated', { orderId: '0d0d0d0d-0000-4000-8000-000000000001' }));
    await expect(orders.place({ ...placed, status: 'Activated' })).rejects.toThrow(GuardError);
    expect(bookViolations().splice(0)).toEqual([
      expect.stringContaining("order 0d0d0d0d-0000-4000-8000-000000000001's books would break: status Activated"),
    ]);
    expect(orders.find(placed.orderId)?.status).toBe('NotActivated');
    await orders.place({ ...placed, reference: 'kept' });
    expect(orders.find(placed.orderId)?.reference).toBe('kept');
  });
});
