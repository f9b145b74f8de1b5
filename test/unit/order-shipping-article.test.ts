/**
 * The article number order administration names an order's shipping row by, per country
 * (src/domain/order.ts), beside the shop's id the row keeps.
 */
import { describe, expect, it } from 'vitest';
import { orderItemsOf, shippingArticleNumber } from '../../src/domain/order.js';

describe('the shipping row’s article number per country', () => {
  const checkout = (countryCode: string) => ({
    countryCode,
    cart: { items: [], shippingProperties: null },
    fees: { shipping: { id: 'flatrate_flatrate', description: 'Flat rate', unitPrice: 4900, vat: 25 }, directInvoiceFee: null },
    shipping: null,
    delivery: null,
  });

  it.each([
    ['SE', 'Frakt'],
    ['NO', 'Frakt'],
    ['DK', 'Fragt'],
    ['FI', 'Toimituskulut'],
    // No source names Germany's or an EU store's: the name both Magento modules find.
    ['DE', 'Frakt'],
    ['EU', 'Frakt'],
  ])('%s: %s, the shop’s id kept beside it', (country, name) => {
    expect(shippingArticleNumber(country)).toBe(name);
    expect(orderItemsOf(checkout(country))).toEqual([
      { id: 'flatrate_flatrate', articleNumber: name, description: 'Flat rate', unitPrice: 4900, quantity: 1, vat: 25 },
    ]);
  });

  it('leaves the invoice fee under the shop’s id: no source names it', () => {
    const fee = { id: 'invoice-fee', description: 'Invoice fee', unitPrice: 2900, vat: 25 };
    expect(orderItemsOf({ ...checkout('SE'), fees: { shipping: null, directInvoiceFee: fee } })).toEqual([{ ...fee, quantity: 1 }]);
  });
});
