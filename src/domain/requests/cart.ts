/**
 * Cart items and fees as the checkout API reads them (docs/real-service.md, "Initialize", "Lenient JSON",
 * "Fees in every shape", "Cart in every shape"): keys in
 * any letter case, amounts as numbers or strings, `cart` as `{items}` or a bare array
 * (WooCommerce), `fees` and each fee in every shape clients send for "none". The parse output
 * is the bound cart (BoundCart) and fees (Fees), amounts in minor units.
 */
import { z } from 'zod';
import { type BoundCart, MAX_DESCRIPTION_LENGTH, MAX_ID_LENGTH, NO_FEES } from '../checkout-lines.js';
import type { CartItem, Fee, Fees } from '../model.js';
import { amount, anyJson, boolean, caseless, lenient, list, number, shapes, text, wholeNumber, WIRE } from './fields.js';
import { complain, labelled } from './problems.js';
import { asNumber, asText, field, isBlank, isObject, type JsonObject, shown } from './readers.js';

const NOT_A_FEE = 'A fee must be an object {id, description, unitPrice, vat} or null.';
const NOT_FEES = 'Fees must be an object such as {"shipping": {id, description, unitPrice, vat}} (or empty).';

const id = text({ required: labelled('The Id field is required (a string of at most 50 characters).'), cut: MAX_ID_LENGTH }).meta({
  description: 'Article id; cut to 50 characters.',
});

const description = text({
  required: labelled('The Description field is required (text, at most 50 characters are kept).'),
  asSent: true,
  cut: MAX_DESCRIPTION_LENGTH,
}).meta({ description: 'Cut to 50 characters; id + description must be unique across cart and fees.' });

const unitPrice = amount({
  required: labelled('The UnitPrice field is required: the price including VAT, e.g. 199.00 or "199.00".'),
  invalid: (raw) => labelled(`'${shown(raw)}' is not an amount; send a number or decimal string such as 199.00.`),
}).meta({ description: 'Price per unit including VAT, e.g. 199.00 or "199.00".' });

/** VAT in percent; a fee's 0.25 (WooCommerce pay-for-order sends a fraction) means 25 %. */
function vat(fractionAllowed: boolean) {
  return lenient(WIRE.percentage, (raw, ctx) => {
    if (isBlank(raw)) return complain(ctx, labelled('The Vat field is required: the VAT rate in percent, e.g. 25.'));
    const rate = asNumber(raw);
    if (rate === null || rate < 0 || rate > 100)
      return complain(ctx, labelled(`'${shown(raw)}' is not a VAT rate; send a percentage between 0 and 100, e.g. 25.`));
    return fractionAllowed && rate > 0 && rate < 1 ? Math.round(rate * 10000) / 100 : rate;
  }).meta({ description: fractionAllowed ? 'VAT rate in percent (0-100); 0.25 also means 25 %.' : 'VAT rate in percent (0-100).' });
}

export const cartItemSchema = caseless(
  {
    id,
    description,
    unitPrice,
    quantity: wholeNumber({
      required: labelled('The Quantity field is required: a whole number of at least 1.'),
      invalid: (raw) => labelled(`'${shown(raw)}' is not a valid quantity; send a whole number of at least 1.`),
    }).meta({ description: 'A whole number of at least 1.' }),
    vat: vat(false),
    // Kept as sent, "" too; absent when not text.
    sku: lenient(WIRE.text, (raw) => asText(raw), 'optional'),
    unitWeight: number(),
    requiresElectronicId: boolean(),
    type: lenient(WIRE.text, (raw) => asText(raw) || null, 'optional'),
  },
  () => labelled('An item must be an object with id, description, unitPrice, quantity and vat.'),
).transform(({ sku, unitWeight, requiresElectronicId, type, ...line }): CartItem => {
  // The optional properties exist only when sent: the checkout shows the item as stored.
  const item: CartItem = { id: line.id, description: line.description, unitPrice: line.unitPrice, quantity: line.quantity, vat: line.vat };
  if (sku !== null) item.sku = sku;
  if (unitWeight !== null) item.unitWeight = unitWeight;
  if (requiresElectronicId !== null) item.requiresElectronicId = requiresElectronicId;
  if (type !== null) item.type = type;
  return item;
});

/** A fee: what a cart item and a fee have in common, and a fraction VAT. Its parse output is a Fee as it is. */
export const articleLineSchema = caseless({ id, description, unitPrice, vat: vat(true) }, () => labelled(NOT_A_FEE));

/** "None" as clients send it: null, "" (WooCommerce), false, or [] (PHP's empty array). */
const nothing = z.union([z.null(), z.literal(''), z.literal(false), z.array(z.never()).max(0)]);

function isNothing(value: unknown): boolean {
  return value === undefined || value === null || value === '' || value === false || (Array.isArray(value) && value.length === 0);
}

/** One fee, or none. */
const fee = shapes(
  (raw, ctx) => (isNothing(raw) ? null : isObject(raw) ? raw : complain(ctx, labelled(NOT_A_FEE))),
  [articleLineSchema, nothing],
  (line): Fee | null => (isObject(line) ? line : null),
).meta({ description: 'A fee, or null.' });

/**
 * WooCommerce names the invoice fee `directinvoicenotification`, the SDK `directInvoiceFee`.
 * The SDK's name wins when both are sent, a null one too (its value then comes from the other).
 */
function oneInvoiceFee(fees: JsonObject): JsonObject {
  const sdk = field(fees, 'directInvoiceFee');
  const invoiceFee = sdk ?? field(fees, 'directinvoicenotification');
  return { shipping: field(fees, 'shipping'), [sdk !== undefined ? 'directInvoiceFee' : 'directinvoicenotification']: invoiceFee };
}

const feesFields = z.preprocess(
  (raw) => (isObject(raw) ? oneInvoiceFee(raw) : raw),
  caseless(
    {
      shipping: fee,
      directInvoiceFee: fee,
      directinvoicenotification: fee.meta({ description: 'WooCommerce spelling of directInvoiceFee.' }),
    },
    () => labelled(NOT_FEES),
  ),
);

const toFees = (fees: z.output<typeof feesFields>): Fees => ({
  shipping: fees.shipping,
  directInvoiceFee: fees.directInvoiceFee ?? fees.directinvoicenotification,
});

export const feesSchema = feesFields.transform(toFees).meta({ description: 'The fees; each may be null.' });

/** `fees` in every shape clients send: missing, null, "", [], false, or the fees. */
export const anyFeesSchema = shapes(
  (raw, ctx) => (isNothing(raw) ? null : isObject(raw) ? raw : complain(ctx, labelled(NOT_FEES))),
  [feesFields, nothing],
  (fees): Fees => (isObject(fees) ? toFees(fees) : { ...NO_FEES }),
).meta({ description: 'The fees; missing, null, "", [] and false all mean "no fees".' });

const ITEMS_REQUIRED = labelled('The Items field is required: send at least one item {id, description, unitPrice, quantity, vat}.');
const NOT_A_CART = labelled('The Cart must be an object {"items": [ ... ]} or a bare array of items.');

const cartObjectSchema = caseless({ items: list(cartItemSchema, ITEMS_REQUIRED), shippingProperties: anyJson() }, () => NOT_A_CART);

/** `cart` as `{items, shippingProperties?}` (SDK) or as a bare array of items (WooCommerce). */
export const cartSchema = shapes(
  (raw, ctx) => {
    if (isBlank(raw)) return complain(ctx, labelled('The Cart field is required: send {"items": [ ... ]} or a bare array of items.'));
    if (Array.isArray(raw)) return raw.length > 0 ? raw : complain(ctx, ITEMS_REQUIRED);
    return isObject(raw) ? raw : complain(ctx, NOT_A_CART);
  },
  [cartObjectSchema, z.array(cartItemSchema).min(1)],
  (cart): BoundCart =>
    Array.isArray(cart) ? { items: cart, shippingProperties: null } : { items: cart.items, shippingProperties: cart.shippingProperties },
  'required',
).meta({ description: '`{"items": [...]}` or a bare array of items (WooCommerce).' });
