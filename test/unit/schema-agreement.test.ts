/**
 * The schemas the OpenAPI document shows accept exactly what the binders accept: over a
 * corpus of bodies real clients send (WooCommerce, SDK, OpenCart spellings) and bodies
 * each rule refuses, the binder's verdict equals the schema's on the same body, its keys
 * matched as the binder matches them. A new leniency in a binder, or a schema change,
 * that is not made on the other side fails here.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { bindCartUpdate, bindFeesUpdate, bindInit, bindMetadata, bindPaylink, bindReference, bindUpdate, bindWidget } from '../../src/domain/checkout-binding.js';
import * as checkout from '../../src/domain/schemas/checkout.js';
import * as order from '../../src/domain/schemas/order.js';
import { bindActionReference, bindAmountCommand } from '../../src/routes/order-requests.js';
import { normaliseKeys } from '../support/normalise.js';

const item = { id: 'A1', description: 'Tent', unitPrice: 199, quantity: 1, vat: 25 };
const base = { storeId: 1234, countryCode: 'SE', merchantTermsUri: 'https://shop.example/terms', cart: { items: [item] } };
const fee = { id: 'ship', description: 'Shipping', unitPrice: '49.00', vat: 25 };

/** The body merged into the base, with `undefined` values removing keys. */
const init = (patch: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries({ ...base, ...patch }).filter(([, v]) => v !== undefined));
const withItem = (patch: Record<string, unknown>): Record<string, unknown> =>
  init({ cart: { items: [Object.fromEntries(Object.entries({ ...item, ...patch }).filter(([, v]) => v !== undefined))] } });

const INIT_BODIES: Record<string, unknown> = {
  'the SDK body': base,
  'WooCommerce spelling': { StoreId: '1234', CountryCode: 'se', MerchantTermsUri: ' https://shop.example/terms ', Reference: 42, Cart: [{ Id: 7, Description: 'Tent', UnitPrice: '199.00', Quantity: '2', Vat: '25' }], Fees: '' },
  'fees as []': init({ fees: [] }),
  'fees false': init({ fees: false }),
  'fees with shipping': init({ fees: { shipping: fee, directinvoicenotification: null } }),
  'fees with an empty shipping': init({ fees: { shipping: '' } }),
  'a fee fraction vat': init({ fees: { directInvoiceFee: { ...fee, id: 'inv', vat: 0.25 } } }),
  'placeholders in a URL': init({ notificationUri: 'https://shop.example/n?id={checkout.publictoken}', redirectPageUri: '' }),
  'a comma decimal': withItem({ unitPrice: '199,50' }),
  'quantity "2.0"': withItem({ quantity: '2.0' }),
  'no storeId': init({ storeId: undefined }),
  'an empty storeId': init({ storeId: '' }),
  'optional item fields': withItem({ sku: 'SKU-1', unitWeight: '1.5', requiresElectronicId: 'true', type: 'PhysicalItem' }),
  'a prefill': init({ privateCustomerPrefill: { email: 'a@b.example' } }),
  'unknown keys': init({ somethingElse: { deep: true } }),
  // Refused:
  'not an object': [base],
  'no countryCode': init({ countryCode: undefined }),
  'an unknown countryCode': init({ countryCode: 'US' }),
  'no merchantTermsUri': init({ merchantTermsUri: undefined }),
  'a blank merchantTermsUri': init({ merchantTermsUri: '  ' }),
  'an ftp merchantTermsUri': init({ merchantTermsUri: 'ftp://shop.example/terms' }),
  'a relative notificationUri': init({ notificationUri: '/notify' }),
  'a number as URL': init({ validationUri: 5 }),
  'a storeId object': init({ storeId: { id: 1 } }),
  'no cart': init({ cart: undefined }),
  'an empty cart': init({ cart: { items: [] } }),
  'a cart string': init({ cart: 'items' }),
  'an item not an object': init({ cart: ['A1'] }),
  'an item without id': withItem({ id: undefined }),
  'a blank id': withItem({ id: '  ' }),
  'a blank description': withItem({ description: '' }),
  'no unitPrice': withItem({ unitPrice: undefined }),
  'a unitPrice "abc"': withItem({ unitPrice: 'abc' }),
  'quantity 0': withItem({ quantity: 0 }),
  'quantity "1.5"': withItem({ quantity: '1.5' }),
  'quantity 1.5': withItem({ quantity: 1.5 }),
  'vat 101': withItem({ vat: 101 }),
  'vat "-1"': withItem({ vat: '-1' }),
  'vat "x"': withItem({ vat: 'x' }),
  'fees a number': init({ fees: 5 }),
  'a fee without description': init({ fees: { shipping: { ...fee, description: undefined } } }),
  'a fee not an object': init({ fees: { shipping: 'free' } }),
};

const UPDATE_BODIES: Record<string, unknown> = {
  'a bare cart array': { cart: [item] },
  'cart with fees and reference': { Cart: { items: [item] }, fees: null, Reference: null, metadata: { a: 1 } },
  'no cart': { fees: { shipping: fee } },
  'bad fees': { cart: [item], fees: 'free' },
  'not an object': 'cart',
};

const AMOUNT_BODIES: Record<string, unknown> = {
  'the SDK body': { amount: 285.0, actionReference: 'ref-1', items: [{ id: '1', description: 'Tent', quantity: 1, unitPrice: 285, type: 'PhysicalItem', vat: 25 }] },
  'the WooCommerce body': { Amount: '285.00', Items: [{ ArticleId: '1', Description: 'Tent', Quantity: '1', UnitPrice: '285.00', Vat: '25' }] },
  'an empty item list': { amount: '10', items: [] },
  'an item with blank vat': { amount: 10, items: [{ unitPrice: 10, quantity: 1, vat: '' }] },
  'no amount': { actionReference: 'x' },
  'amount 0': { amount: 0 },
  'amount "-5"': { amount: '-5' },
  'amount "abc"': { amount: 'abc' },
  'items an object': { amount: 10, items: { unitPrice: 10 } },
  'an item without unitPrice': { amount: 10, items: [{ quantity: 1 }] },
  'an item with quantity 0': { amount: 10, items: [{ unitPrice: 10, quantity: 0 }] },
  'an item with vat "x"': { amount: 10, items: [{ unitPrice: 10, quantity: 1, vat: 'x' }] },
  'not an object': [1],
};

function schemaAccepts(schema: z.ZodType, body: unknown): boolean {
  return schema.safeParse(normaliseKeys(body, schema)).success;
}

function binderAccepts(bind: (body: unknown) => unknown, body: unknown): boolean {
  try {
    const result = bind(body) as { ok?: boolean } | undefined;
    return typeof result === 'object' && result !== null && 'ok' in result ? result.ok === true : true;
  } catch {
    // The order binders throw their refusal.
    return false;
  }
}

function agree(name: string, bind: (body: unknown) => unknown, schema: z.ZodType, bodies: Record<string, unknown>): void {
  describe(name, () => {
    it.each(Object.entries(bodies))('%s', (_label, body) => {
      const verdict = binderAccepts(bind, body);
      expect(schemaAccepts(schema, body), `binder ${verdict ? 'accepts' : 'refuses'}, so must the schema`).toBe(verdict);
    });
  });
}

agree('initialize', bindInit, checkout.checkoutInitSchema, INIT_BODIES);
agree('update', bindUpdate, checkout.checkoutUpdateSchema, UPDATE_BODIES);
agree('cart update', bindCartUpdate, checkout.cartUpdateSchema, { 'a bare array': [item], '{items}': { Items: [item] }, 'empty': [], 'bad item': [{ id: 'x' }] });
agree('fees update', bindFeesUpdate, checkout.feesUpdateSchema, { 'shipping': { Shipping: fee }, 'null': null, '""': '', 'a string': 'free', 'bad fee': { shipping: { id: 'x' } } });
agree('reference', bindReference, checkout.referenceUpdateSchema, { 'Reference': { Reference: 'ORD-1' }, 'a number': { reference: 7 }, 'null': { reference: null }, 'missing': {}, 'an object': { reference: { a: 1 } } });
agree('metadata', bindMetadata, checkout.metadataUpdateSchema, { 'any JSON': { Metadata: [1, { a: 2 }] }, 'null': { metadata: null }, 'missing': { meta: 1 } });
agree('paylink', bindPaylink, checkout.paylinkSchema, {
  'a phone number': { destination: { mobilePhoneNumber: '0701234567' } },
  'an email': { Destination: { Email: 'a@b.example' } },
  'blank both': { destination: { mobilePhoneNumber: ' ', email: '' } },
  'no destination': {},
});
agree('widget', bindWidget, checkout.widgetSchema, { 'storeId': { storeId: 1234 }, 'empty object': {}, 'not an object': 'x' });
agree('capture / refund / reauthorize', bindAmountCommand, order.amountCommandSchema, AMOUNT_BODIES);
agree('cancel / extend', bindActionReference, order.actionReferenceSchema, { 'a reference': { actionReference: 'c-1' }, 'the SDK cancel': { amount: 10, items: [] }, 'not an object': 'x' });
