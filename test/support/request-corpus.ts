/**
 * Request bodies as real clients send them and as they go wrong, one list per request body:
 * the schema-agreement corpus, the bodies of the binding unit tests, a case for every message
 * the binders word, and bodies generated from the fuzz suite's hostile values (fixed seed).
 * scripts/record-request-goldens.ts ran them through the hand-written binders to record
 * test/fixtures/request-schemas.json, which test/unit/request-schemas.test.ts holds the
 * zod schemas to.
 */
import fc from 'fast-check';

export type Corpus = Record<string, [name: string, body: unknown][]>;

const item = { id: 'A1', description: 'Tent', unitPrice: 199, quantity: 1, vat: 25 };
const base = { storeId: 1234, countryCode: 'SE', merchantTermsUri: 'https://shop.example/terms', cart: { items: [item] } };
const fee = { id: 'ship', description: 'Shipping', unitPrice: '49.00', vat: 25 };

/** `object` with `patch` merged in; `undefined` in the patch removes the key. */
function patched(object: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries({ ...object, ...patch }).filter(([, v]) => v !== undefined));
}
const init = (patch: Record<string, unknown>): Record<string, unknown> => patched(base, patch);
const withItem = (patch: Record<string, unknown>): Record<string, unknown> => init({ cart: { items: [patched(item, patch)] } });

const INITIALIZE: [string, unknown][] = [
  // The schema-agreement corpus.
  ['the SDK body', base],
  ['WooCommerce spelling', { StoreId: '1234', CountryCode: 'se', MerchantTermsUri: ' https://shop.example/terms ', Reference: 42, Cart: [{ Id: 7, Description: 'Tent', UnitPrice: '199.00', Quantity: '2', Vat: '25' }], Fees: '' }],
  ['fees as []', init({ fees: [] })],
  ['fees false', init({ fees: false })],
  ['fees with shipping', init({ fees: { shipping: fee, directinvoicenotification: null } })],
  ['fees with an empty shipping', init({ fees: { shipping: '' } })],
  ['a fee fraction vat', init({ fees: { directInvoiceFee: { ...fee, id: 'inv', vat: 0.25 } } })],
  ['placeholders in a URL', init({ notificationUri: 'https://shop.example/n?id={checkout.publictoken}', redirectPageUri: '' })],
  ['a comma decimal', withItem({ unitPrice: '199,50' })],
  ['quantity "2.0"', withItem({ quantity: '2.0' })],
  ['no storeId', init({ storeId: undefined })],
  ['an empty storeId', init({ storeId: '' })],
  ['optional item fields', withItem({ sku: 'SKU-1', unitWeight: '1.5', requiresElectronicId: 'true', type: 'PhysicalItem' })],
  ['a prefill', init({ privateCustomerPrefill: { email: 'a@b.example' } })],
  ['unknown keys', init({ somethingElse: { deep: true } })],
  ['not an object', [base]],
  ['no countryCode', init({ countryCode: undefined })],
  ['an unknown countryCode', init({ countryCode: 'US' })],
  ['no merchantTermsUri', init({ merchantTermsUri: undefined })],
  ['a blank merchantTermsUri', init({ merchantTermsUri: '  ' })],
  ['an ftp merchantTermsUri', init({ merchantTermsUri: 'ftp://shop.example/terms' })],
  ['a relative notificationUri', init({ notificationUri: '/notify' })],
  ['a number as URL', init({ validationUri: 5 })],
  ['a storeId object', init({ storeId: { id: 1 } })],
  ['no cart', init({ cart: undefined })],
  ['an empty cart', init({ cart: { items: [] } })],
  ['a cart string', init({ cart: 'items' })],
  ['an item not an object', init({ cart: ['A1'] })],
  ['an item without id', withItem({ id: undefined })],
  ['a blank id', withItem({ id: '  ' })],
  ['a blank description', withItem({ description: '' })],
  ['no unitPrice', withItem({ unitPrice: undefined })],
  ['a unitPrice "abc"', withItem({ unitPrice: 'abc' })],
  ['quantity 0', withItem({ quantity: 0 })],
  ['quantity "1.5"', withItem({ quantity: '1.5' })],
  ['quantity 1.5', withItem({ quantity: 1.5 })],
  ['vat 101', withItem({ vat: 101 })],
  ['vat "-1"', withItem({ vat: '-1' })],
  ['vat "x"', withItem({ vat: 'x' })],
  ['fees a number', init({ fees: 5 })],
  ['a fee without description', init({ fees: { shipping: { ...fee, description: undefined } } })],
  ['a fee not an object', init({ fees: { shipping: 'free' } })],
  // The binding unit tests.
  ['amounts from strings and numbers', { ...base, cart: { items: [item, { ...item, id: 'PEG', unitPrice: 99.5, quantity: '2' }, { ...item, id: 'R', unitPrice: '-0.30' }] } }],
  ['PascalCase with numbers', { StoreId: 1234, CountryCode: 'se', MerchantTermsUri: 'https://shop.example/terms', Reference: 10045, Cart: { Items: [{ Id: 'A', Description: 'Boots', UnitPrice: '1899', Quantity: 1, Vat: '25' }] } }],
  ['fees null', init({ fees: null })],
  ['fees with a null shipping', init({ fees: { shipping: null } })],
  ['the SDK invoice fee', init({ fees: { directInvoiceFee: { id: 'inv', description: 'Invoice fee', unitPrice: 19, vat: 25 } } })],
  ['the WooCommerce invoice notice', init({ fees: { directinvoicenotification: { id: 'n', description: 'Notice', unitPrice: '9.00', vat: 25 } } })],
  ['a shipping fee with vat 0.25', init({ fees: { shipping: { id: 's', description: 'Ship', unitPrice: 49, vat: 0.25 } } })],
  ['a long id and description', init({ cart: { items: [{ ...item, id: `  ${'X'.repeat(60)}  `, description: 'D'.repeat(80) }] } })],
  ['WooCommerce customer', init({ customer: { email: 'a@example.com', mobilePhoneNumber: '0701' } })],
  ['an SDK prefill with an address', init({ privateCustomerPrefill: { email: 'b@example.com', deliveryAddress: { postalCode: '11122' } } })],
  ['a blank customer', init({ customer: { email: '', mobilePhoneNumber: '' } })],
  ['a business prefill', init({ businessCustomerPrefill: { email: 'c@example.com' } })],
  ['one entry per problem', { countryCode: 'XX', merchantTermsUri: 'not a url', cart: { items: [{ id: '', description: 'A', unitPrice: 'ten', quantity: 1.5, vat: 25 }, { id: 'B', description: 'B', unitPrice: 1, quantity: 1 }] } }],
  ['only a storeId', { storeId: 1 }],
  ['no body', undefined],
  ['an array body', [1]],
  ['placeholders in notificationUri', init({ notificationUri: 'https://shop.example/n?id={checkout.id}&t={checkout.publictoken}' })],
  ['a relative validationUri', init({ validationUri: '/validate' })],
  ['a duplicate across cart and fees', init({ fees: { shipping: { id: 'A1', description: 'Tent', unitPrice: 1, vat: 25 } } })],
  ['the same id with another description', init({ cart: { items: [item, { ...item, description: 'Tent, green' }] } })],
  ['three duplicates', init({ cart: { items: [item, item, item] } })],
  // Every other message and leniency of the binders.
  ['a blank storeId', init({ storeId: '  ' })],
  ['a storeId true', init({ storeId: true })],
  ['a null storeId', init({ storeId: null })],
  ['a storeId with blanks around', init({ storeId: ' 1234 ' })],
  ['a blank countryCode', init({ countryCode: ' ' })],
  ['a countryCode number', init({ countryCode: 46 })],
  ['a lower-case countryCode with blanks', init({ countryCode: ' no ' })],
  ['a countryCode object', init({ countryCode: { toString: 1 } })],
  ['a merchantTermsUri of http', init({ merchantTermsUri: 'http://shop.example/terms' })],
  ['a merchantTermsUri without a host', init({ merchantTermsUri: 'https://' })],
  ['a merchantTermsUri mailto', init({ merchantTermsUri: 'mailto:a@b.example' })],
  ['a merchantTermsUri with a placeholder host', init({ merchantTermsUri: 'https://{host}/terms' })],
  ['a null redirectPageUri', init({ redirectPageUri: null })],
  ['a blank validationUri', init({ validationUri: ' ' })],
  ['every URL wrong', init({ merchantTermsUri: 'x', notificationUri: 'y', redirectPageUri: 'z', validationUri: 'w' })],
  ['a reference number', init({ reference: 7 })],
  ['a blank reference', init({ reference: '  ' })],
  ['a reference with blanks around', init({ reference: ' ORD-1 ' })],
  ['a reference object', init({ reference: { a: 1 } })],
  ['a profileName with blanks', init({ profileName: ' Recurring ' })],
  ['a blank profileName', init({ profileName: ' ' })],
  ['a profileName number', init({ profileName: 5 })],
  ['metadata and customFields', init({ metadata: { a: [1, 2] }, CustomFields: [{ id: 'x' }] })],
  ['null metadata', init({ metadata: null })],
  ['a cart null', init({ cart: null })],
  ['a cart ""', init({ cart: '' })],
  ['a cart false', init({ cart: false })],
  ['a cart number', init({ cart: 3 })],
  ['an empty bare cart', init({ cart: [] })],
  ['a cart object without items', init({ cart: { shippingProperties: { a: 1 } } })],
  ['cart items a string', init({ cart: { items: 'A1' } })],
  ['cart items null', init({ cart: { items: null } })],
  ['cart with shippingProperties', init({ cart: { Items: [item], ShippingProperties: { height: 10 } } })],
  ['cart with null shippingProperties', init({ cart: { items: [item], shippingProperties: null } })],
  ['an item null', init({ cart: [null, item] })],
  ['an item array', init({ cart: [[item]] })],
  ['an empty item', init({ cart: [{}] })],
  ['an id number', withItem({ id: 12 })],
  ['an id object', withItem({ id: { a: 1 } })],
  ['an id with blanks', withItem({ id: '  A1  ' })],
  ['a description number', withItem({ description: 5 })],
  ['a description with blanks', withItem({ description: '  Tent  ' })],
  ['a description null', withItem({ description: null })],
  ['a unitPrice null', withItem({ unitPrice: null })],
  ['a unitPrice ""', withItem({ unitPrice: '' })],
  ['a unitPrice " "', withItem({ unitPrice: ' ' })],
  ['a unitPrice object', withItem({ unitPrice: { toString: 1, valueOf: 'x' } })],
  ['a unitPrice array', withItem({ unitPrice: [1] })],
  ['a unitPrice true', withItem({ unitPrice: true })],
  ['a unitPrice with three decimals', withItem({ unitPrice: '19.995' })],
  ['a unitPrice float', withItem({ unitPrice: 0.30000000000000004 })],
  ['a unitPrice 1e-7', withItem({ unitPrice: 1e-7 })],
  ['a unitPrice 1e21', withItem({ unitPrice: 1e21 })],
  ['a unitPrice ".5"', withItem({ unitPrice: '.5' })],
  ['a unitPrice "5."', withItem({ unitPrice: '5.' })],
  ['a unitPrice "+5"', withItem({ unitPrice: '+5' })],
  ['a unitPrice "1,234.50"', withItem({ unitPrice: '1,234.50' })],
  ['a long unitPrice string', withItem({ unitPrice: 'x'.repeat(100) })],
  ['a quantity null', withItem({ quantity: null })],
  ['a quantity ""', withItem({ quantity: '' })],
  ['a quantity " 3 "', withItem({ quantity: ' 3 ' })],
  ['a quantity -1', withItem({ quantity: -1 })],
  ['a quantity "1e3"', withItem({ quantity: '1e3' })],
  ['a quantity 1e3', withItem({ quantity: 1e3 })],
  ['a quantity true', withItem({ quantity: true })],
  ['a quantity object', withItem({ quantity: { toString: 1 } })],
  ['a vat null', withItem({ vat: null })],
  ['a vat ""', withItem({ vat: '' })],
  ['a vat "12.5"', withItem({ vat: '12.5' })],
  ['a vat 0', withItem({ vat: 0 })],
  ['a vat 100', withItem({ vat: 100 })],
  ['a cart item vat 0.25', withItem({ vat: 0.25 })],
  ['a vat object', withItem({ vat: { a: 1 } })],
  ['a sku number', withItem({ sku: 5 })],
  ['a blank sku', withItem({ sku: '' })],
  ['a sku object', withItem({ sku: { a: 1 } })],
  ['a unitWeight "x"', withItem({ unitWeight: 'x' })],
  ['a unitWeight 2', withItem({ unitWeight: 2 })],
  ['requiresElectronicId variants', init({ cart: [1, '0', 'false', false, 'yes', 0].map((v, i) => ({ ...item, id: `E${i}`, requiresElectronicId: v })) })],
  ['a blank type', withItem({ type: '' })],
  ['a type number', withItem({ type: 3 })],
  ['everything wrong in one item', withItem({ id: null, description: [], unitPrice: 'x', quantity: 'y', vat: 'z' })],
  ['two bad items', init({ cart: [{ ...item, vat: 'x' }, 'item', { ...item, quantity: 0 }] })],
  ['fees ""', init({ fees: '' })],
  ['fees true', init({ fees: true })],
  ['fees a non-empty array', init({ fees: [fee] })],
  ['fees a string', init({ fees: 'free' })],
  ['fees with unknown keys only', init({ fees: { other: 1 } })],
  ['a shipping fee false', init({ fees: { shipping: false } })],
  ['a shipping fee []', init({ fees: { shipping: [] } })],
  ['a shipping fee array', init({ fees: { shipping: [fee] } })],
  ['a shipping fee number', init({ fees: { shipping: 49 } })],
  ['a shipping fee with everything missing', init({ fees: { shipping: {} } })],
  ['a shipping fee with vat 1', init({ fees: { shipping: { ...fee, vat: 1 } } })],
  ['a shipping fee with vat "0.12"', init({ fees: { shipping: { ...fee, vat: '0.12' } } })],
  ['a shipping fee with vat 0.255', init({ fees: { shipping: { ...fee, vat: 0.255 } } })],
  ['a shipping fee with vat 101', init({ fees: { shipping: { ...fee, vat: 101 } } })],
  ['a shipping fee with a quantity', init({ fees: { Shipping: { ...fee, quantity: 3 } } })],
  ['both invoice fee spellings', init({ fees: { directInvoiceFee: { ...fee, id: 'inv' }, directinvoicenotification: { ...fee, id: 'note' } } })],
  ['a null invoice fee and a notice', init({ fees: { directInvoiceFee: null, directinvoicenotification: { ...fee, id: 'note' } } })],
  ['a null invoice fee and a bad notice', init({ fees: { directInvoiceFee: null, directinvoicenotification: 'x' } })],
  ['a good invoice fee and a bad notice', init({ fees: { directInvoiceFee: { ...fee, id: 'inv' }, directinvoicenotification: 'x' } })],
  ['a bad invoice fee', init({ fees: { DirectInvoiceFee: { id: 'inv' } } })],
  ['a bad notice in capitals', init({ fees: { DirectInvoiceNotification: { id: 'n', unitPrice: 'x' } } })],
  ['a bad shipping and a bad invoice fee', init({ fees: { shipping: 'x', directInvoiceFee: 7 } })],
  ['a delivery module shipping block', init({ shipping: { provider: 'Ingrid', shippingFee: '49.00', shipments: [{ id: 's1', feeItemId: 'f1', shippingChoice: { id: 'c1', name: 'Home', fee: 49, vat: 25 } }] } })],
  ['a bad shipping block', init({ shipping: 'x' })],
  ['shipping and cart wrong', init({ cart: 1, shipping: { shipments: 'x' }, fees: 1 })],
  ['a key exactly and in another case', init({ countryCode: 'SE', COUNTRYCODE: 'US', Reference: 'B', reference: 'A' })],
  ['two keys in other cases', init({ countryCode: undefined, COUNTRYCODE: 'NO', countrycode: 'US' })],
  ['toString and __proto__ keys', JSON.parse('{"storeId":1234,"countryCode":"SE","merchantTermsUri":"https://shop.example/terms","cart":[{"id":"A","description":"B","unitPrice":1,"quantity":1,"vat":25,"toString":1,"__proto__":{"x":1}}],"__proto__":{"cart":1},"constructor":1}')],
  ['a string body', 'cart'],
  ['a null body', null],
  ['a number body', 42],
];

const UPDATE: [string, unknown][] = [
  ['a bare cart array', { cart: [item] }],
  ['cart with fees and reference', { Cart: { items: [item] }, fees: null, Reference: null, metadata: { a: 1 } }],
  ['no cart', { fees: { shipping: fee } }],
  ['bad fees', { cart: [item], fees: 'free' }],
  ['not an object', 'cart'],
  ['top-level shippingProperties', { cart: [item], shippingProperties: { free_shipping: true } }],
  ['fees ""', { cart: [item], fees: '' }],
  ['a null reference', { cart: [item], reference: null }],
  ['fees "" without a cart', { fees: '' }],
  ['no body', undefined],
  ['a null body', null],
  ['an array body', [item]],
  ['everything', { cart: { items: [item], shippingProperties: { a: 1 } }, fees: { shipping: fee }, reference: 9, metadata: null, shipping: { provider: 'Ingrid', shippingFee: 10 }, shippingProperties: null }],
  ['top-level shippingProperties over the cart\'s', { cart: { items: [item], shippingProperties: { a: 1 } }, ShippingProperties: { b: 2 } }],
  ['a reference ""', { cart: [item], reference: '' }],
  ['a reference object', { cart: [item], reference: { a: 1 } }],
  ['metadata absent, fees absent', { cart: [item], other: 1 }],
  ['a bad shipping block', { cart: [item], shipping: 7 }],
  ['a null shipping block', { cart: [item], shipping: null }],
  ['everything wrong', { cart: [{ id: 'x' }], fees: { shipping: { id: 'y' } }, shipping: { shipments: [1], shippingFee: 'x' } }],
  ['a duplicate (checked by the handler)', { cart: [item, item] }],
];

const CART: [string, unknown][] = [
  ['a bare array', [item]],
  ['{items}', { Items: [item] }],
  ['empty', []],
  ['bad item', [{ id: 'x' }]],
  ['with shippingProperties', { items: [item], shippingProperties: { x: 1 } }],
  ['empty items', { items: [] }],
  ['no body', undefined],
  ['a null body', null],
  ['a string', 'items'],
  ['bad items', [null, 'x', { ...item, unitPrice: 'x' }]],
];

const FEES: [string, unknown][] = [
  ['shipping', { Shipping: fee }],
  ['null', null],
  ['""', ''],
  ['a string', 'free'],
  ['bad fee', { shipping: { id: 'x' } }],
  ['no body', undefined],
  ['null shipping', { shipping: null }],
  ['an incomplete shipping fee', { shipping: { id: 's' } }],
  ['[]', []],
  ['false', false],
  ['an invoice fee', { directInvoiceFee: { ...fee, id: 'inv', vat: '0.25' } }],
];

const REFERENCE: [string, unknown][] = [
  ['Reference', { Reference: 'ORD-1' }],
  ['a number', { reference: 7 }],
  ['null', { reference: null }],
  ['missing', {}],
  ['an object', { reference: { a: 1 } }],
  ['a big number', { reference: 100045 }],
  ['""', { Reference: '' }],
  ['no body', undefined],
  ['a string body', 'ORD-1'],
  ['a null body', null],
  ['blanks around', { Reference: ' ORD-1 ' }],
  ['a boolean', { reference: true }],
  ['REFERENCE', { REFERENCE: 'X' }],
];

const METADATA: [string, unknown][] = [
  ['any JSON', { Metadata: [1, { a: 2 }] }],
  ['null', { metadata: null }],
  ['missing', { meta: 1 }],
  ['an object', { metadata: { a: 1 } }],
  ['other keys', { other: 1 }],
  ['no body', undefined],
  ['an array body', [1]],
  ['a string', { metadata: 'x' }],
];

const PAYLINK: [string, unknown][] = [
  ['a phone number', { destination: { mobilePhoneNumber: '0701234567' } }],
  ['an email', { Destination: { Email: 'a@b.example' } }],
  ['blank both', { destination: { mobilePhoneNumber: ' ', email: '' } }],
  ['no destination', {}],
  ['an empty destination', { destination: {} }],
  ['a destination string', { destination: 'customer@example.com' }],
  ['a phone number as a number', { destination: { mobilePhoneNumber: 701234567 } }],
  ['both with blanks', { destination: { MobilePhoneNumber: ' 0701 ', email: ' a@b.example ' } }],
  ['no body', undefined],
  ['a null body', null],
  ['an email object', { destination: { email: { a: 1 } } }],
];

const WIDGET: [string, unknown][] = [
  ['storeId', { storeId: 1234 }],
  ['empty object', {}],
  ['not an object', 'x'],
  ['no body', undefined],
  ['a null body', null],
  ['a blank storeId', { StoreId: ' ' }],
  ['a storeId object', { storeId: { a: 1 } }],
  ['a storeId with blanks', { storeid: ' 1235 ' }],
  ['an array body', [1]],
];

const orderItem = { id: '1', description: 'Tent', quantity: 1, unitPrice: 285, type: 'PhysicalItem', vat: 25 };

const AMOUNT: [string, unknown][] = [
  ['the SDK body', { amount: 285.0, actionReference: 'ref-1', items: [orderItem] }],
  ['the WooCommerce body', { Amount: '285.00', Items: [{ ArticleId: '1', Description: 'Tent', Quantity: '1', UnitPrice: '285.00', Vat: '25' }] }],
  ['an empty item list', { amount: '10', items: [] }],
  ['an item with blank vat', { amount: 10, items: [{ unitPrice: 10, quantity: 1, vat: '' }] }],
  ['no amount', { actionReference: 'x' }],
  ['amount 0', { amount: 0 }],
  ['amount "-5"', { amount: '-5' }],
  ['amount "abc"', { amount: 'abc' }],
  ['items an object', { amount: 10, items: { unitPrice: 10 } }],
  ['an item without unitPrice', { amount: 10, items: [{ quantity: 1 }] }],
  ['an item with quantity 0', { amount: 10, items: [{ unitPrice: 10, quantity: 0 }] }],
  ['an item with vat "x"', { amount: 10, items: [{ unitPrice: 10, quantity: 1, vat: 'x' }] }],
  ['not an object', [1]],
  ['no body', undefined],
  ['a null body', null],
  ['a string body', 'x'],
  ['amount "0.004"', { amount: '0.004' }],
  ['amount "0.005"', { amount: '0.005' }],
  ['amount null', { amount: null }],
  ['amount ""', { amount: '' }],
  ['amount object', { amount: { toString: 1, valueOf: 'x' } }],
  ['amount "1,5"', { amount: '1,5' }],
  ['description and actionReference', { amount: 1, description: ' Partial ', actionReference: 77 }],
  ['blank description', { amount: 1, description: ' ', actionReference: '' }],
  ['items null', { amount: 1, items: null }],
  ['an item not an object', { amount: 1, items: ['x'] }],
  ['an item with articleNumber', { amount: 1, items: [{ ArticleNumber: 'A-9', unitPrice: '1', quantity: '1' }] }],
  ['an item with id over articleId', { amount: 1, items: [{ id: ' ', articleId: 'B', unitPrice: 1, quantity: 2.0 }] }],
  ['an item with quantity "1.5"', { amount: 1, items: [{ unitPrice: 1, quantity: '1.5' }] }],
  ['an item with no quantity', { amount: 1, items: [{ unitPrice: 1 }] }],
  ['an item with vat null', { amount: 1, items: [{ unitPrice: 1, quantity: 1, vat: null, type: 5 }] }],
  ['an item with a negative price', { amount: 1, items: [{ unitPrice: '-1', quantity: 1 }] }],
  ['amount and item wrong', { amount: 'x', items: [{ quantity: 0 }] }],
  ['two bad items', { amount: 1, items: [{ unitPrice: 1, quantity: 1, vat: 'x' }, { quantity: 1 }] }],
  ['odd values (a toString key)', { amount: { toString: 1, valueOf: 'x' }, items: [{ id: 'A', unitPrice: { toString: 1 }, quantity: { toString: 1 }, vat: { toString: 1 } }] }],
];

const ACTION: [string, unknown][] = [
  ['a reference', { actionReference: 'c-1' }],
  ['the SDK cancel', { amount: 10, items: [] }],
  ['not an object', 'x'],
  ['no body', undefined],
  ['a null body', null],
  ['an empty object', {}],
  ['a number reference', { ActionReference: 5 }],
  ['a blank reference', { actionReference: '  ' }],
  ['an array body', []],
];

const authorizationItem = { Id: 'BOX-1', Description: 'Monthly coffee box', UnitPrice: '199.00', Quantity: '2', Vat: '12' };
const authorizationBody = (overrides: Record<string, unknown> = {}, order: Record<string, unknown> = {}): Record<string, unknown> =>
  patched({ customerToken: 'tok-1', order: patched({ reference: 'SUB-2026-11', currency: 'SEK', captureMode: 'Manual', items: [authorizationItem] }, order) }, overrides);

const AUTHORIZATION: [string, unknown][] = [
  ['the docs body', authorizationBody()],
  ['every problem', { customerToken: 'tok-1', order: { currency: 'SEK', captureMode: 'Later', items: [{ id: 'X', unitPrice: 'ten', quantity: 0, vat: 25 }] }, attemptSchedule: { relative: ['10s'] } }],
  ['EUR', authorizationBody({}, { currency: 'EUR' })],
  ['a schedule past 100 years', authorizationBody({ attemptSchedule: { relative: ['99999999.00:00:00'] } })],
  ['relative and absolute', authorizationBody({ attemptSchedule: { relative: ['00:00:10'], absolute: ['2026-12-01T00:00:00Z'] } })],
  ['a negative total', authorizationBody({}, { items: [{ id: 'GIFT', description: 'Gift card', unitPrice: '-10', quantity: 1, vat: 0 }] })],
  ['preferSynchronous', authorizationBody({ attemptSchedule: { preferSynchronous: true } })],
  ['preferSynchronous "true"', authorizationBody({ attemptSchedule: { PreferSynchronous: 'true' } })],
  ['preferSynchronous false', authorizationBody({ attemptSchedule: { preferSynchronous: false } })],
  ['absolute instants', authorizationBody({ attemptSchedule: { absolute: ['2026-11-02T10:01:00', '2026-11-02T10:02:00Z', '2026-11-02T10:03:00+02:00'] } })],
  ['relative offsets', authorizationBody({ attemptSchedule: { Relative: ['00:00:10', '1.00:00:00'] } })],
  ['a null schedule', authorizationBody({ attemptSchedule: null })],
  ['an empty schedule', authorizationBody({ attemptSchedule: {} })],
  ['a schedule string', authorizationBody({ attemptSchedule: 'now' })],
  ['an empty relative list', authorizationBody({ attemptSchedule: { relative: [] } })],
  ['an empty absolute list', authorizationBody({ attemptSchedule: { absolute: [] } })],
  ['bad absolute instants', authorizationBody({ attemptSchedule: { absolute: ['tomorrow', 5, '2026-02-30T00:00:00Z'] } })],
  ['relative a string', authorizationBody({ attemptSchedule: { relative: '00:00:10' } })],
  ['absolute a string', authorizationBody({ attemptSchedule: { absolute: '2026-12-01T00:00:00Z' } })],
  ['all three', authorizationBody({ attemptSchedule: { relative: ['00:00:10'], absolute: ['2026-12-01T00:00:00Z'], preferSynchronous: true } })],
  ['relative null and synchronous', authorizationBody({ attemptSchedule: { relative: null, preferSynchronous: true } })],
  ['no customerToken', authorizationBody({ customerToken: undefined })],
  ['a blank customerToken', authorizationBody({ customerToken: ' ' })],
  ['a storeId', authorizationBody({ storeId: 1234 })],
  ['no order', { customerToken: 'tok-1', attemptSchedule: { relative: ['x'] } }],
  ['an order string', { order: 'x' }],
  ['no currency, lower-case currency', authorizationBody({}, { currency: undefined })],
  ['a lower-case currency', authorizationBody({}, { currency: ' sek ' })],
  ['captureMode auto', authorizationBody({}, { captureMode: ' AUTO ' })],
  ['no captureMode', authorizationBody({}, { captureMode: undefined })],
  ['no items', authorizationBody({}, { items: undefined })],
  ['empty items', authorizationBody({}, { items: [] })],
  ['items a string', authorizationBody({}, { items: 'x' })],
  ['an item not an object', authorizationBody({}, { items: ['x', authorizationItem] })],
  ['an empty item', authorizationBody({}, { items: [{}] })],
  ['an item of numbers', authorizationBody({}, { items: [{ id: 5, description: 6, unitPrice: 7, quantity: 1, vat: 0 }] })],
  ['a long id', authorizationBody({}, { items: [{ ...authorizationItem, Id: ` ${'I'.repeat(60)} ` }] })],
  ['a zero total and a bad schedule', authorizationBody({ attemptSchedule: 'x' }, { captureMode: 'x', items: [{ ...authorizationItem, UnitPrice: 0 }] })],
  ['a zero total with a bad currency', authorizationBody({}, { currency: '', items: [{ ...authorizationItem, UnitPrice: '0.00' }] })],
  ['reference and actionReference', authorizationBody({}, { reference: 12, actionReference: ' r-1 ' })],
  ['a blank reference', authorizationBody({}, { reference: ' ' })],
  ['not an object', [1]],
  ['no body', undefined],
  ['a null body', null],
  ['PascalCase everywhere', { CustomerToken: 'tok', Order: { Currency: 'nok', CaptureMode: 'manual', Items: [authorizationItem] }, AttemptSchedule: { Absolute: ['2027-01-01T00:00:00Z'] } }],
];

const AUTHORIZATION_FAILURE: [string, unknown][] = [
  ['a reason', { AuthorizationFailure: { Reason: 'PAYMENT_METHOD_EXPIRED' } }],
  ['a lower-case reason', { authorizationFailure: { reason: ' payment_method_no_funds ' } }],
  ['null', { AuthorizationFailure: null }],
  ['absent', {}],
  ['an unknown reason', { AuthorizationFailure: { Reason: 'OUT_OF_LUCK' } }],
  ['a reason number', { AuthorizationFailure: { Reason: 5 } }],
  ['a reason object', { AuthorizationFailure: { Reason: { a: 1 } } }],
  ['a reason null', { AuthorizationFailure: { Reason: null } }],
  ['no reason', { AuthorizationFailure: {} }],
  ['a failure string', { AuthorizationFailure: 'PAYMENT_METHOD_EXPIRED' }],
  ['no body', undefined],
  ['an array body', []],
  ['a blank reason', { AuthorizationFailure: { Reason: ' ' } }],
  ['a reason true', { AuthorizationFailure: { Reason: true } }],
];

const SHIPPING: [string, unknown][] = [
  ['two shipments', { provider: 'Ingrid', shipments: [{ feeItemId: 'f1', shippingChoice: { name: 'A', fee: '10' } }, { id: 's2', shippingChoice: { name: 'B', fee: 5, vat: 12 } }] }],
  ['a fee that differs', { provider: 'Ingrid', shippingFee: 20, shipments: [{ id: 's1', shippingChoice: { fee: 5 } }] }],
  ['a zero fee', { shippingFee: 0 }],
  ['null', null],
  ['no value', undefined],
  ['""', ''],
  ['a string', 'x'],
  ['an array', [1]],
  ['shipments not an array', { shipments: 'x', shippingFee: 'bad' }],
  ['shipments null', { shipments: null, ShippingFee: '49,00' }],
  ['a shipment not an object', { shipments: [1, { id: 's' }] }],
  ['a bad choice fee', { shipments: [{ shippingChoice: { fee: 'x' } }, { shippingChoice: { fee: '' } }] }],
  ['a bad shippingFee', { shippingFee: 'x' }],
  ['a blank shippingFee', { shippingFee: '', shipments: [{ shippingChoice: { fee: 3 } }] }],
  ['vat from metadata', { shipments: [{ ShippingChoice: { Fee: 10, Metadata: { tax_rate: '12' } } }] }],
  ['vat not a number', { shipments: [{ shippingChoice: { fee: 10, vat: 'x' } }, { shippingChoice: { vat: '' } }, { shippingChoice: { vat: true } }] }],
  ['texts of numbers and blanks', { provider: 5, shipments: [{ id: ' s1 ', feeItemId: 7, shippingChoice: { id: '', name: ' Home ' } }] }],
  ['a choice not an object', { shipments: [{ id: 's', shippingChoice: 'x' }] }],
  ['a choice fee object', { shipments: [{ shippingChoice: { fee: { a: 1 } } }] }],
  ['everything wrong', { shipments: [null, { shippingChoice: { fee: 'x' } }], shippingFee: [] }],
];

const CUSTOMER: [string, unknown][] = [
  ['an email', { email: 'a@example.com' }],
  ['WooCommerce customer', { email: 'a@example.com', mobilePhoneNumber: '0701' }],
  ['an address', { Email: 'b@example.com', DeliveryAddress: { PostalCode: '11122', city: ' Stockholm ' } }],
  ['blanks', { email: '', mobilePhoneNumber: ' ' }],
  ['not an object', 'x'],
  ['null', null],
  ['no value', undefined],
  ['a billing address', { billingAddress: { firstName: 'A' }, deliveryAddress: { firstName: 'B' } }],
  ['an invoice address', { invoiceAddress: { lastName: 'C' } }],
  ['an empty billing address and an invoice address', { billingAddress: {}, invoiceAddress: { lastName: 'C' } }],
  ['an address not an object', { deliveryAddress: 'x', nationalIdentificationNumber: 199001011234 }],
  ['an empty address', { deliveryAddress: { city: '' } }],
  ['every address field', { deliveryAddress: { firstName: 'A', lastName: 'B', coAddress: 'C', address: 'D', address2: 'E', postalCode: 'F', city: 'G', country: 'H', countryCode: 'SE' } }],
];

/** The hand-written corpus, by the name of the request body. */
export const CORPUS: Corpus = {
  initialize: INITIALIZE,
  update: UPDATE,
  cart: CART,
  fees: FEES,
  reference: REFERENCE,
  metadata: METADATA,
  paylink: PAYLINK,
  widget: WIDGET,
  amount: AMOUNT,
  actionReference: ACTION,
  authorization: AUTHORIZATION,
  authorizationFailure: AUTHORIZATION_FAILURE,
  shipping: SHIPPING,
  customer: CUSTOMER,
};

// ---------------------------------------------------------------------------------------
// Generated bodies: a valid example with one value replaced by a hostile one, as the fuzz suite does.

const FIELD_NAMES = [
  'toString', 'valueOf', '__proto__', 'constructor', 'hasOwnProperty', 'toJSON',
  'amount', 'Amount', 'unitPrice', 'UNITPRICE', 'quantity', 'vat', 'cart', 'items', 'fees', 'shipping', 'storeId', 'countryCode',
  'reference', 'id', 'description', 'metadata', 'customer', 'actionReference', 'merchantTermsUri', 'notificationUri', 'destination',
];

const hostileLeaf: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(1e308, -1e308, 1e21, 2 ** 53 + 1, 0.1, 1e-7, 0, -1, 100, 101, 0.5, 99999999999),
  fc.constantFrom('1e400', 'NaN', 'Infinity', '-1', '', ' ', '1,5', '١٢٣', '0x10', '2026-02-30T00:00:00Z', '00:00:10', 'true', '12.50', '{checkout.id}', 'https://x.example/a'),
  fc.integer({ min: -1000, max: 1000 }),
  fc.boolean(),
  fc.constant(null),
  fc.string({ maxLength: 12 }),
  fc.constantFrom({ toString: 1 }, { valueOf: 'x', toString: {} }, { toJSON: 1 }, { constructor: 'x' }),
);

const { value: hostileValue } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', maxDepth: 3 },
    hostileLeaf,
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...FIELD_NAMES), fc.string({ maxLength: 6 })), tie('value'), { maxKeys: 4 }),
  ),
}));

/** Every path to a value inside a JSON document, for replacing one of them. */
function leafPaths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object') return [prefix];
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
  return [prefix, ...entries.flatMap(([k, v]) => leafPaths(v, [...prefix, k]))];
}

function replaced(document: unknown, at: (string | number)[], value: unknown): unknown {
  if (at.length === 0) return value;
  const copy = structuredClone(document) as Record<string | number, unknown>;
  let node = copy;
  for (const key of at.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[at[at.length - 1]!] = value;
  return copy;
}

/** A valid body of each kind, for the generated ones. */
const EXAMPLES: Record<string, unknown> = {
  initialize: {
    ...base,
    reference: 'ORD-1',
    notificationUri: 'https://shop.example/n?id={checkout.id}',
    cart: { items: [item, { ...item, id: 'PEG', unitPrice: '9.50', quantity: '2', sku: 'S', unitWeight: 1, requiresElectronicId: false, type: 'PhysicalItem' }] },
    fees: { shipping: fee, directInvoiceFee: { ...fee, id: 'inv', vat: 0.25 } },
    shipping: { provider: 'Ingrid', shippingFee: 49, shipments: [{ id: 's1', shippingChoice: { name: 'Home', fee: 49, vat: 25 } }] },
    customer: { email: 'a@example.com', deliveryAddress: { postalCode: '11122' } },
  },
  update: { cart: [item], fees: { shipping: fee }, reference: 'R', metadata: { a: 1 }, shippingProperties: { b: 1 } },
  cart: { items: [item], shippingProperties: { a: 1 } },
  fees: { shipping: fee, directinvoicenotification: fee },
  reference: { Reference: 'ORD-1' },
  metadata: { metadata: { a: 1 } },
  paylink: { destination: { mobilePhoneNumber: '0701', email: 'a@b.example' } },
  widget: { storeId: 1234 },
  amount: { amount: '285.00', description: 'd', actionReference: 'a', items: [orderItem, { ArticleId: 'B', UnitPrice: '1', Quantity: '1', Vat: '' }] },
  actionReference: { actionReference: 'c-1' },
  authorization: authorizationBody({ storeId: 1234, attemptSchedule: { relative: ['00:00:10', '00:01:00'] } }),
  authorizationFailure: { AuthorizationFailure: { Reason: 'PAYMENT_METHOD_EXPIRED' } },
  shipping: { provider: 'Ingrid', shippingFee: '49.00', shipments: [{ id: 's1', feeItemId: 'f', shippingChoice: { id: 'c', name: 'Home', fee: 49, vat: 25, metadata: { tax_rate: 25 } } }] },
  customer: { email: 'a@example.com', mobilePhoneNumber: '0701', deliveryAddress: { firstName: 'A', postalCode: '11122' }, billingAddress: { city: 'X' } },
};

/** `count` bodies per kind, each the example with one value (or the whole body) replaced by a hostile one. */
export function generatedCorpus(count: number, seed: number): Corpus {
  const corpus: Corpus = {};
  Object.entries(EXAMPLES).forEach(([kind, example], k) => {
    const paths = leafPaths(example);
    const bodies = fc.sample(fc.tuple(fc.nat(), hostileValue), { numRuns: count, seed: seed + k });
    corpus[kind] = bodies.map(([i, value], n) => {
      const at = paths[i % paths.length]!;
      return [`#${n} ${at.join('.') || '(body)'}`, replaced(example, at, value)];
    });
  });
  return corpus;
}
