/**
 * The checkout API's request bodies (docs/real-service.md, "The checkout API", "What clients send"): keys case-insensitive, numbers
 * as strings, storeId and Reference as string or number, unknown properties ignored. Each parse
 * output is the bound value the handlers use; every problem is reported, one Validation_Error
 * each ("<path>: <text>"). Duplicate articles across cart and fees are a domain rule the
 * handlers check after binding (duplicateArticles).
 */
import { z } from 'zod';
import type { BoundCart } from '../checkout-lines.js';
import type { DeliveryShipping } from '../delivery-shipping.js';
import type { Customer, Fees } from '../model.js';
import { anyFeesSchema, cartSchema } from './cart.js';
import { customerSchema } from './customer.js';
import { deliveryShippingSchema } from './delivery.js';
import { anyJson, caseless, KEYS_NOTE, lenient, text, WIRE } from './fields.js';
import { type Complaint, complain, labelled } from './problems.js';
import { asText, asTrimmedText, isBlank, isObject } from './readers.js';

export { articleLineSchema, cartItemSchema, feesSchema } from './cart.js';

export const COUNTRY_CODES = ['SE', 'NO', 'FI', 'DK', 'DE', 'EU'] as const;

export interface CheckoutInit {
  /** Null when the body has none; the service then uses the merchant's only store. */
  storeId: string | null;
  countryCode: string;
  reference: string | null;
  merchantTermsUri: string;
  notificationUri: string | null;
  redirectPageUri: string | null;
  /** Where the pay link's go-back button takes the customer (the session is aborted then). */
  checkoutAbortedRedirectPageUri: string | null;
  validationUri: string | null;
  profileName: string | null;
  cart: BoundCart;
  fees: Fees;
  /** A delivery module's block (M2 fallback) instead of fees.shipping. */
  shipping: DeliveryShipping | null;
  metadata: unknown;
  customFields: unknown;
  customerType: 'PrivateCustomer' | 'BusinessCustomer';
  prefill: Customer | null;
}

/** A whole-checkout update: `cart` required; other root properties replace only when present (null removes). */
export interface CheckoutUpdate {
  cart: BoundCart;
  fees?: Fees;
  reference?: string | null;
  metadata?: unknown;
  shipping?: DeliveryShipping | null;
}

export interface PaylinkDestination {
  mobilePhoneNumber: string | null;
  email: string | null;
}

/** The complaint about a body that is not a JSON object (or missing, where one is required). */
function bodyOf(example: string): (raw: unknown) => Complaint {
  return (raw) =>
    labelled(
      raw === undefined
        ? `The request body is required: send a JSON object such as ${example}.`
        : `The request body must be a JSON object such as ${example}.`,
    );
}

// ---------------------------------------------------------------------------------------
// The fields of initialize.

const storeId = lenient(
  WIRE.text,
  (raw, ctx) => {
    const id = asTrimmedText(raw);
    if (id === null && !isBlank(raw))
      return complain(ctx, labelled(`'${JSON.stringify(raw)}' is not a store id; send the id from onboarding, e.g. 1234 or "1234".`));
    return id;
  },
  'optional',
).meta({ description: 'The store id from onboarding (1234 or "1234"); left out, the merchant\'s only store.' });

/** One of `values` in any letter case, for the document (JSON Schema has no case-insensitive flag). */
function anyCase(values: readonly string[]): z.ZodString {
  const letters = (value: string) =>
    [...value].map((ch) => (ch.toLowerCase() === ch.toUpperCase() ? ch : `[${ch.toUpperCase()}${ch.toLowerCase()}]`)).join('');
  return z.string().regex(new RegExp(`^\\s*(${values.map(letters).join('|')})\\s*$`));
}

const countryCode = lenient(anyCase(COUNTRY_CODES), (raw, ctx) => {
  const code = asText(raw)?.trim().toUpperCase() ?? '';
  if (code === '') return complain(ctx, labelled(`The CountryCode field is required: one of ${COUNTRY_CODES.join(', ')}.`));
  if (!(COUNTRY_CODES as readonly string[]).includes(code))
    return complain(ctx, labelled(`'${code}' is not supported; use one of ${COUNTRY_CODES.join(', ')}.`));
  return code;
}).meta({ description: `One of ${COUNTRY_CODES.join(', ')} (any letter case).` });

const urlWire = z
  .string()
  .regex(/^\s*[Hh][Tt][Tt][Pp][Ss]?:\/\/[^\s/?#]+([/?#].*)?$/)
  .meta({ description: 'An absolute http(s) URL; placeholders such as {checkout.publictoken} are substituted.' });

/** Placeholders such as {checkout.publictoken} are substituted later: the URL around them must be absolute http(s). */
function absoluteUrl(value: string, ctx: z.core.$RefinementCtx): string {
  let parsed: URL | null;
  try {
    parsed = new URL(value.replace(/\{[^}]*\}/g, 'x'));
  } catch {
    parsed = null;
  }
  return parsed && ['http:', 'https:'].includes(parsed.protocol)
    ? value
    : complain(ctx, labelled(`'${value}' is not an absolute http(s) URL.`));
}

function url(name: string) {
  return lenient(urlWire, (raw, ctx) => {
    const value = asText(raw)?.trim() ?? '';
    return value === ''
      ? complain(ctx, labelled(`The ${name.charAt(0).toUpperCase()}${name.slice(1)} field is required: an absolute https URL.`))
      : absoluteUrl(value, ctx);
  });
}

/** Blank is "none". */
function optionalUrl() {
  return lenient(
    z.union([urlWire, z.literal('')]),
    (raw, ctx) => {
      const value = asText(raw)?.trim() ?? '';
      return value === '' ? null : absoluteUrl(value, ctx);
    },
    'optional',
  );
}

/** "" and null both mean "no reference": clients test `isset(data.reference)`. Kept as sent otherwise. */
function referenceOf(raw: unknown): string | null {
  const value = asText(raw);
  return value === null || value.trim() === '' ? null : value;
}

const reference = lenient(WIRE.text, referenceOf, 'optional').meta({ description: 'Your order number; "" means none.' });

const INIT_EXAMPLE = '{"storeId", "countryCode", "merchantTermsUri", "cart": {"items": [...]}}';

export const checkoutInitSchema = caseless(
  {
    // In the order the problems are reported.
    storeId,
    countryCode,
    merchantTermsUri: url('merchantTermsUri'),
    notificationUri: optionalUrl(),
    redirectPageUri: optionalUrl(),
    checkoutAbortedRedirectPageUri: optionalUrl(),
    validationUri: optionalUrl(),
    cart: cartSchema,
    fees: anyFeesSchema,
    shipping: deliveryShippingSchema,
    reference,
    profileName: text(),
    metadata: anyJson(),
    customFields: anyJson(),
    businessCustomerPrefill: customerSchema,
    privateCustomerPrefill: customerSchema,
    customer: customerSchema.meta({ description: "WooCommerce's name of privateCustomerPrefill." }),
  },
  bodyOf(INIT_EXAMPLE),
)
  .transform((body): CheckoutInit => {
    const prefill = body.businessCustomerPrefill ?? body.privateCustomerPrefill ?? body.customer;
    return {
      storeId: body.storeId,
      countryCode: body.countryCode,
      reference: body.reference,
      merchantTermsUri: body.merchantTermsUri,
      notificationUri: body.notificationUri,
      redirectPageUri: body.redirectPageUri,
      checkoutAbortedRedirectPageUri: body.checkoutAbortedRedirectPageUri,
      validationUri: body.validationUri,
      profileName: body.profileName,
      cart: body.cart,
      fees: body.fees,
      shipping: body.shipping,
      metadata: body.metadata,
      customFields: body.customFields,
      customerType: body.businessCustomerPrefill ? 'BusinessCustomer' : 'PrivateCustomer',
      prefill,
    };
  })
  .meta({ description: `Initialize a checkout. ${KEYS_NOTE}` });

/** PUT /checkouts/{privateId}/: `cart` as a bare array (WooCommerce) or `{items}`; the rest only when present. */
export const checkoutUpdateSchema = caseless(
  {
    cart: cartSchema,
    fees: anyFeesSchema.optional(),
    reference: reference.optional(),
    metadata: anyJson().optional(),
    shipping: deliveryShippingSchema.optional(),
    shippingProperties: anyJson().optional().meta({ description: "Replaces the cart's shippingProperties (WooCommerce sends it here)." }),
  },
  bodyOf('{"cart": [ ...items ], "fees": {...}}'),
)
  .transform((body): CheckoutUpdate => {
    const update: Omit<CheckoutUpdate, 'cart'> = {};
    if (body.fees !== undefined) update.fees = body.fees;
    if (body.reference !== undefined) update.reference = body.reference;
    if (body.metadata !== undefined) update.metadata = body.metadata;
    if (body.shipping !== undefined) update.shipping = body.shipping;
    const cart = body.shippingProperties === undefined ? body.cart : { ...body.cart, shippingProperties: body.shippingProperties };
    return { ...update, cart };
  })
  .meta({ description: `Whole-checkout update: cart required; other properties replace only when present (null removes). ${KEYS_NOTE}` });

/** PUT …/cart: `{items, shippingProperties?}` (SDK) or a bare array of items; problems read `cart…`. */
export const cartUpdateSchema = cartSchema;

/** PUT …/fees: replaces the fees; a missing body or a null shipping removes them; problems read `fees…`. */
export const feesUpdateSchema = anyFeesSchema;

/** PUT …/reference: `{"Reference": "ORD-1"}` (capital R from WooCommerce and the SDK), a number from OpenCart. */
export const referenceUpdateSchema = caseless({
  Reference: lenient(WIRE.text.nullable(), (raw, ctx) => {
    if (raw === undefined)
      return complain(ctx, labelled('The Reference field is required: send {"Reference": "<your order number>"} (null clears it).'));
    if (raw !== null && asText(raw) === null) return complain(ctx, labelled('The Reference must be a string or a number.'));
    return referenceOf(raw);
  }).meta({ description: 'Your order number; null or "" clears it.' }),
})
  .transform((body) => body.Reference)
  .meta({ description: KEYS_NOTE });

/**
 * PUT …/metadata, in both documented forms: the metadata object itself (the current page,
 * https://dev.walleypay.com/docs/checkout/optional/updatemetadata: "providing an empty body will
 * remove any existing metadata"), or `{"metadata": <any JSON>}` (the SharedKey revision, which
 * WooCommerce sends; null removes it). An object with a `metadata` key (any letter case) is
 * the wrapped form, its other keys ignored as unknown properties are.
 */
const metadataForms = z.union([
  z
    .object({ metadata: WIRE.anything })
    .meta({ description: 'Wrapped (the SharedKey revision): {"metadata": <any JSON>}; null removes it.' }),
  z
    .record(z.string(), z.unknown())
    .meta({ description: 'The metadata object itself (the current page): each key a string, each value any JSON.' }),
]);

export const metadataUpdateSchema = lenient(
  metadataForms,
  (raw, ctx): unknown => {
    if (raw === undefined || raw === null) return null;
    if (!isObject(raw)) {
      return complain(
        ctx,
        labelled(
          'Metadata object could not be parsed as a valid JSON object: send the metadata itself, e.g. {"myCustomKey": 1234}, or {"metadata": {...}}.',
        ),
      );
    }
    const wrapped = Object.keys(raw).find((key) => key.toLowerCase() === 'metadata');
    return wrapped === undefined ? raw : (raw[wrapped] ?? null);
  },
  'optional',
).meta({
  description:
    'The metadata object itself ({"myCustomKey": 1234}), or wrapped as {"metadata": <any JSON>}; an empty body or {"metadata": null} removes it.',
});

/**
 * PUT …/shippingProperties (https://payments.collectorbank.se/docs/checkout/optional/updateshippingproperties):
 * key-value pairs that replace the cart's shipping properties, each value any JSON; a key set to
 * null is removed, an empty body removes them all. Anything but an object cannot be read as
 * properties (400 Validation_Error).
 */
export const shippingPropertiesUpdateSchema = lenient(
  z
    .record(z.string(), z.unknown())
    .meta({ description: 'Key-value pairs, e.g. {"isBulky": true, "height": 10}; a null value removes the key.' }),
  (raw, ctx): Record<string, unknown> | null => {
    if (raw === undefined || raw === null) return null;
    if (!isObject(raw)) {
      return complain(
        ctx,
        labelled(
          'Shipping properties values could not be parsed: send an object of key-value pairs, e.g. {"isBulky": true, "height": 10, "width": 20}.',
        ),
      );
    }
    const kept = Object.entries(raw).filter(([, value]) => value !== null);
    return kept.length ? Object.fromEntries(kept) : null;
  },
  'optional',
).meta({ description: 'The shipping properties the delivery module reads; an empty body removes them.' });

/** POST …/paylink: `{"destination": {"mobilePhoneNumber": "07…"}}` (or an email). */
export const paylinkSchema = caseless({
  destination: caseless({ mobilePhoneNumber: text(), email: text() }).meta({
    description: 'A mobilePhoneNumber or an email (at least one).',
  }),
})
  .transform(({ destination }, ctx): PaylinkDestination =>
    destination.mobilePhoneNumber || destination.email
      ? { mobilePhoneNumber: destination.mobilePhoneNumber, email: destination.email }
      : complain(
          ctx,
          labelled('The Destination field is required: send {"destination": {"mobilePhoneNumber": "0701234567"}}.', ['destination']),
        ),
  )
  .meta({ description: 'Where to send the pay link.' });

/** POST /widgets and the old POST /widget: `{"storeId": 1234}`; an empty body is the only store. */
export const widgetSchema = caseless({ storeId: text() }, (raw) =>
  raw === undefined ? null : labelled('The request body must be a JSON object such as {"storeId": 1234}.'),
).transform((body) => ({ storeId: body.storeId }));
