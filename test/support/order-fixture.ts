/**
 * The order most order tests start from: tent 2499.00 ×1, pegs 99.50 ×2, shipping 49.00 ×1
 * = 2747.00 SEK, placed at `placedAt` and expiring 28 days later.
 */
import type { Order } from '../../src/domain/model.js';

const DAY_MS = 24 * 3600 * 1000;

export function tentOrder(placedAt: string, overrides: Partial<Order> = {}): Order {
  return {
    orderId: 'a1b2c3d4-0000-4000-8000-000000000001',
    merchantId: '1001',
    storeId: '1234',
    checkoutPrivateId: null,
    reference: 'ORD-1',
    paymentMethod: 'DirectInvoice',
    currency: 'SEK',
    countryCode: 'SE',
    salesSegment: 'B2C',
    status: 'NotActivated',
    placedAt,
    expiresAt: new Date(Date.parse(placedAt) + 28 * DAY_MS).toISOString(),
    totalAmount: 274700,
    items: [
      { id: 'TENT-2P', description: 'Two-person tent', unitPrice: 249900, quantity: 1, vat: 25 },
      { id: 'PEG-10', description: 'Tent pegs (10)', unitPrice: 9950, quantity: 2, vat: 25 },
      { id: 'shipping', description: 'Standard delivery', unitPrice: 4900, quantity: 1, vat: 25 },
    ],
    customer: null,
    invoices: [],
    ...overrides,
  };
}
