import { describe, expect, it } from 'vitest';
import { duplicateArticles } from '../../src/domain/checkout-lines.js';
import {
  type CheckoutInit,
  cartUpdateSchema,
  checkoutInitSchema,
  checkoutUpdateSchema,
  feesUpdateSchema,
  metadataUpdateSchema,
  paylinkSchema,
  referenceUpdateSchema,
} from '../../src/domain/requests/checkout.js';
import { type Bound, bindBody } from '../../src/domain/requests/problems.js';

// Each body bound as its handler binds it; initialize checks for duplicate articles right after.
const bindInit = (body: unknown): Bound<CheckoutInit> => {
  const bound = bindBody(checkoutInitSchema, body);
  const duplicates = bound.ok ? duplicateArticles(bound.value.cart.items, bound.value.fees) : [];
  return duplicates.length ? { ok: false, problems: duplicates } : bound;
};
const bindUpdate = (body: unknown) => bindBody(checkoutUpdateSchema, body);
const bindCartUpdate = (body: unknown) => bindBody(cartUpdateSchema, body, { at: 'cart' });
const bindFeesUpdate = (body: unknown) => bindBody(feesUpdateSchema, body, { at: 'fees' });
const bindReference = (body: unknown) => bindBody(referenceUpdateSchema, body);
const bindMetadata = (body: unknown) => bindBody(metadataUpdateSchema, body);
const bindPaylink = (body: unknown) => bindBody(paylinkSchema, body);

const item = { id: 'TENT', description: 'Tent', unitPrice: '199.00', quantity: 1, vat: 25 };
const base = { storeId: '1234', countryCode: 'SE', merchantTermsUri: 'https://shop.example/terms', cart: { items: [item] } };

function ok<T>(binding: { ok: true; value: T } | { ok: false; problems: unknown[] }): T {
  if (!binding.ok) throw new Error(`expected ok, got ${JSON.stringify(binding.problems)}`);
  return binding.value;
}

function problems(binding: { ok: boolean; problems?: { reason: string; message: string }[] }): { reason: string; message: string }[] {
  expect(binding.ok).toBe(false);
  return binding.problems ?? [];
}

describe('initialize payload', () => {
  it('binds amounts exactly from strings and numbers into minor units', () => {
    const init = ok(
      bindInit({
        ...base,
        cart: { items: [item, { ...item, id: 'PEG', unitPrice: 99.5, quantity: '2' }, { ...item, id: 'R', unitPrice: '-0.30' }] },
      }),
    );
    expect(init.cart.items.map((i) => [i.unitPrice, i.quantity])).toEqual([
      [19900, 1],
      [9950, 2],
      [-30, 1],
    ]);
    expect(init.storeId).toBe('1234');
    expect(init.reference).toBeNull();
  });

  it('matches property names case-insensitively and takes storeId and reference as numbers', () => {
    const init = ok(
      bindInit({
        StoreId: 1234,
        CountryCode: 'se',
        MerchantTermsUri: 'https://shop.example/terms',
        Reference: 10045,
        Cart: { Items: [{ Id: 'A', Description: 'Boots', UnitPrice: '1899', Quantity: 1, Vat: '25' }] },
      }),
    );
    expect(init).toMatchObject({ storeId: '1234', countryCode: 'SE', reference: '10045' });
    expect(init.cart.items[0]).toMatchObject({ id: 'A', description: 'Boots', unitPrice: 189900, vat: 25 });
  });

  it('accepts every fees shape real clients send', () => {
    for (const fees of ['', null, undefined, [], false, { shipping: null }]) {
      expect(ok(bindInit({ ...base, fees })).fees).toEqual({ shipping: null, directInvoiceFee: null });
    }
    const sdk = ok(bindInit({ ...base, fees: { directInvoiceFee: { id: 'inv', description: 'Invoice fee', unitPrice: 19, vat: 25 } } }));
    expect(sdk.fees.directInvoiceFee).toEqual({ id: 'inv', description: 'Invoice fee', unitPrice: 1900, vat: 25 });
    const wc = ok(
      bindInit({ ...base, fees: { directinvoicenotification: { id: 'n', description: 'Notice', unitPrice: '9.00', vat: 25 } } }),
    );
    expect(wc.fees.directInvoiceFee?.unitPrice).toBe(900);
    // WooCommerce pay-for-order sends the shipping VAT as a fraction.
    const fraction = ok(bindInit({ ...base, fees: { shipping: { id: 's', description: 'Ship', unitPrice: 49, vat: 0.25 } } }));
    expect(fraction.fees.shipping?.vat).toBe(25);
  });

  it('trims ids to 50 characters and truncates descriptions to 50', () => {
    const init = ok(bindInit({ ...base, cart: { items: [{ ...item, id: `  ${'X'.repeat(60)}  `, description: 'D'.repeat(80) }] } }));
    expect(init.cart.items[0]!.id).toBe('X'.repeat(50));
    expect(init.cart.items[0]!.description).toBe('D'.repeat(50));
  });

  it('reads WooCommerce `customer` and the SDK privateCustomerPrefill, and businessCustomerPrefill as B2B', () => {
    expect(ok(bindInit({ ...base, customer: { email: 'a@example.com', mobilePhoneNumber: '0701' } })).prefill).toMatchObject({
      email: 'a@example.com',
      mobilePhoneNumber: '0701',
      deliveryAddress: { firstName: null },
    });
    const sdk = ok(bindInit({ ...base, privateCustomerPrefill: { email: 'b@example.com', deliveryAddress: { postalCode: '11122' } } }));
    expect(sdk.prefill).toMatchObject({
      email: 'b@example.com',
      deliveryAddress: { postalCode: '11122' },
      billingAddress: { postalCode: '11122' },
    });
    expect(ok(bindInit({ ...base, customer: { email: '', mobilePhoneNumber: '' } })).prefill).toBeNull();
    expect(ok(bindInit({ ...base, businessCustomerPrefill: { email: 'c@example.com' } })).customerType).toBe('BusinessCustomer');
  });

  it('reports one entry per problem', () => {
    const found = problems(
      bindInit({
        countryCode: 'XX',
        merchantTermsUri: 'not a url',
        cart: {
          items: [
            { id: '', description: 'A', unitPrice: 'ten', quantity: 1.5, vat: 25 },
            { id: 'B', description: 'B', unitPrice: 1, quantity: 1 },
          ],
        },
      }),
    );
    expect(found.map((p) => p.message.split(':')[0])).toEqual([
      'countryCode',
      'merchantTermsUri',
      'cart.items[0].id',
      'cart.items[0].unitPrice',
      'cart.items[0].quantity',
      'cart.items[1].vat',
    ]);
    expect(found.every((p) => p.reason === 'Validation_Error')).toBe(true);
  });

  it('requires a cart, a country and the merchant terms', () => {
    const found = problems(bindInit({ storeId: 1 }));
    expect(found.map((p) => p.message)).toEqual([
      expect.stringContaining('The CountryCode field is required'),
      expect.stringContaining('The MerchantTermsUri field is required'),
      expect.stringContaining('The Cart field is required'),
    ]);
    expect(problems(bindInit(undefined))[0]!.message).toContain('The request body is required');
    expect(problems(bindInit([1]))[0]!.message).toContain('must be a JSON object');
  });

  it('accepts placeholders in URIs and rejects relative ones', () => {
    expect(
      ok(bindInit({ ...base, notificationUri: 'https://shop.example/n?id={checkout.id}&t={checkout.publictoken}' })).notificationUri,
    ).toContain('{checkout.id}');
    expect(problems(bindInit({ ...base, validationUri: '/validate' }))[0]!.message).toContain('validationUri');
  });

  it('rejects duplicate id + description across cart and fees as Duplicate_Articles', () => {
    const found = problems(bindInit({ ...base, fees: { shipping: { id: 'TENT', description: 'Tent', unitPrice: 1, vat: 25 } } }));
    expect(found).toEqual([{ reason: 'Duplicate_Articles', message: expect.stringContaining("'TENT'") }]);
    // Same id, other description: allowed (the real API keys on both).
    expect(ok(bindInit({ ...base, cart: { items: [item, { ...item, description: 'Tent, green' }] } })).cart.items).toHaveLength(2);
  });
});

describe('update payloads', () => {
  it('takes the whole update with a bare-array cart and replaces only present root properties', () => {
    const update = ok(bindUpdate({ cart: [item], shippingProperties: { free_shipping: true } }));
    expect(update.cart.items).toHaveLength(1);
    expect(update.cart.shippingProperties).toEqual({ free_shipping: true });
    expect('fees' in update).toBe(false);
    expect(ok(bindUpdate({ cart: [item], fees: '' })).fees).toEqual({ shipping: null, directInvoiceFee: null });
    expect(ok(bindUpdate({ cart: [item], reference: null })).reference).toBeNull();
    expect(problems(bindUpdate({ fees: '' }))[0]!.message).toContain('The Cart field is required');
  });

  it('takes a cart update as {items} or a bare array', () => {
    expect(ok(bindCartUpdate([item])).items).toHaveLength(1);
    expect(ok(bindCartUpdate({ items: [item], shippingProperties: { x: 1 } })).shippingProperties).toEqual({ x: 1 });
    expect(problems(bindCartUpdate({ items: [] }))[0]!.message).toContain('The Items field is required');
  });

  it('replaces fees; a missing body or null shipping removes them', () => {
    expect(ok(bindFeesUpdate(undefined))).toEqual({ shipping: null, directInvoiceFee: null });
    expect(ok(bindFeesUpdate({ shipping: null }))).toEqual({ shipping: null, directInvoiceFee: null });
    expect(problems(bindFeesUpdate({ shipping: { id: 's' } })).length).toBe(3);
  });

  it('reads Reference with a capital R, as a number, and treats "" as no reference', () => {
    expect(ok(bindReference({ Reference: 'ORD-1' }))).toBe('ORD-1');
    expect(ok(bindReference({ reference: 100045 }))).toBe('100045');
    expect(ok(bindReference({ Reference: '' }))).toBeNull();
    expect(problems(bindReference({}))[0]!.message).toContain('The Reference field is required');
  });

  it('takes metadata itself or wrapped, and requires a paylink destination', () => {
    expect(ok(bindMetadata({ metadata: { a: 1 } }))).toEqual({ a: 1 });
    // The current page sends the metadata object itself; an empty body removes it.
    expect(ok(bindMetadata({ other: 1 }))).toEqual({ other: 1 });
    expect(ok(bindMetadata(undefined))).toBeNull();
    expect(problems(bindMetadata([1]))[0]!.message).toContain('Metadata object could not be parsed as a valid JSON object');
    expect(ok(bindPaylink({ destination: { mobilePhoneNumber: '0701234567' } }))).toEqual({ mobilePhoneNumber: '0701234567', email: null });
    expect(problems(bindPaylink({ destination: {} }))[0]!.message).toContain('Destination');
  });
});

describe('duplicateArticles', () => {
  it('lists each duplicated pair once with its count', () => {
    const line = { id: 'A', description: 'A', unitPrice: 1, quantity: 1, vat: 25 };
    const found = duplicateArticles([line, line, line, { ...line, id: 'B' }], { shipping: null, directInvoiceFee: null });
    expect(found).toHaveLength(1);
    expect(found[0]!.message).toContain('3 times');
  });
});
