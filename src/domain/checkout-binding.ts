/**
 * Lenient binding of the checkout API's request bodies (service-facts §5, §7, §10): keys
 * case-insensitive, numbers as strings, storeId and Reference as string or number, the odd
 * shapes of `fees` and `cart`, unknown properties ignored. Every problem is reported, one
 * entry each; duplicates across cart and fees are reported separately (Duplicate_Articles).
 */
import { asText, field, isObject, type JsonObject } from './binding.js';
import { type DeliveryShipping, bindDeliveryShipping } from './delivery-shipping.js';
import { customerFrom } from './checkout-customer.js';
import { type BoundCart, NO_FEES, type Problem, Problems, bindCart, bindFees, duplicateArticles } from './checkout-lines.js';
import type { Customer, Fees } from './model.js';
import { checkoutInitSchema, checkoutUpdateSchema, paylinkDestinationSchema, paylinkSchema, referenceUpdateSchema, metadataUpdateSchema, widgetSchema } from './schemas/checkout.js';
import { fieldsOf } from './schemas/fields.js';

// The keys each body is read by: the schemas' keys, so binder and OpenAPI document agree.
const INIT = fieldsOf(checkoutInitSchema);
const UPDATE = fieldsOf(checkoutUpdateSchema);
const REFERENCE = fieldsOf(referenceUpdateSchema);
const METADATA = fieldsOf(metadataUpdateSchema);
const PAYLINK = fieldsOf(paylinkSchema);
const DESTINATION = fieldsOf(paylinkDestinationSchema);
const WIDGET = fieldsOf(widgetSchema);

export type Binding<T> = { ok: true; value: T } | { ok: false; problems: Problem[] };

export const COUNTRY_CODES = ['SE', 'NO', 'FI', 'DK', 'DE', 'EU'] as const;

export interface CheckoutInit {
  /** Null when the body has none; the service then uses the merchant's only store. */
  storeId: string | null;
  countryCode: string;
  reference: string | null;
  merchantTermsUri: string;
  notificationUri: string | null;
  redirectPageUri: string | null;
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

export function bindInit(body: unknown): Binding<CheckoutInit> {
  const problems = new Problems();
  if (!isObject(body)) return notAnObject(body, problems, '{"storeId", "countryCode", "merchantTermsUri", "cart": {"items": [...]}}');

  const storeValue = field(body, INIT.storeId);
  const storeId = asText(storeValue)?.trim() || null;
  if (storeValue !== undefined && storeValue !== null && storeValue !== '' && storeId === null) {
    problems.invalid('storeId', `'${JSON.stringify(storeValue)}' is not a store id; send the id from onboarding, e.g. 1234 or "1234".`);
  }
  const countryCode = asText(field(body, INIT.countryCode))?.trim().toUpperCase() ?? '';
  if (countryCode === '') problems.invalid('countryCode', `The CountryCode field is required: one of ${COUNTRY_CODES.join(', ')}.`);
  else if (!(COUNTRY_CODES as readonly string[]).includes(countryCode)) {
    problems.invalid('countryCode', `'${countryCode}' is not supported; use one of ${COUNTRY_CODES.join(', ')}.`);
  }
  const merchantTermsUri = uri(body, INIT.merchantTermsUri, problems, true);
  const notificationUri = uri(body, INIT.notificationUri, problems, false);
  const redirectPageUri = uri(body, INIT.redirectPageUri, problems, false);
  const validationUri = uri(body, INIT.validationUri, problems, false);
  const cart = bindCart(field(body, INIT.cart), 'cart', problems);
  const fees = bindFees(field(body, INIT.fees), 'fees', problems);
  const shipping = bindDeliveryShipping(field(body, INIT.shipping), (path, message) => problems.invalid(path, message));

  const business = customerFrom(field(body, INIT.businessCustomerPrefill));
  const prefill = business ?? customerFrom(field(body, INIT.privateCustomerPrefill)) ?? customerFrom(field(body, INIT.customer));
  if (!problems.empty || cart === null) return { ok: false, problems: problems.list };
  const duplicates = duplicateArticles(cart.items, fees);
  if (duplicates.length) return { ok: false, problems: duplicates };

  return {
    ok: true,
    value: {
      storeId,
      countryCode,
      reference: reference(field(body, INIT.reference)),
      merchantTermsUri: merchantTermsUri ?? '',
      notificationUri,
      redirectPageUri,
      validationUri,
      profileName: asText(field(body, INIT.profileName))?.trim() || null,
      cart,
      fees,
      shipping,
      metadata: field(body, INIT.metadata) ?? null,
      customFields: field(body, INIT.customFields) ?? null,
      customerType: business ? 'BusinessCustomer' : 'PrivateCustomer',
      prefill,
    },
  };
}

/** PUT /checkouts/{privateId}/: `cart` as a bare array (WooCommerce) or `{items}`. */
export function bindUpdate(body: unknown): Binding<CheckoutUpdate> {
  const problems = new Problems();
  if (!isObject(body)) return notAnObject(body, problems, '{"cart": [ ...items ], "fees": {...}}');
  const cart = bindCart(field(body, UPDATE.cart), 'cart', problems);
  const update: Partial<CheckoutUpdate> = {};
  if (keyPresent(body, UPDATE.fees)) update.fees = bindFees(field(body, UPDATE.fees), 'fees', problems);
  if (keyPresent(body, UPDATE.reference)) update.reference = reference(field(body, UPDATE.reference));
  if (keyPresent(body, UPDATE.metadata)) update.metadata = field(body, UPDATE.metadata) ?? null;
  if (keyPresent(body, UPDATE.shipping)) update.shipping = bindDeliveryShipping(field(body, UPDATE.shipping), (path, message) => problems.invalid(path, message));
  if (!problems.empty || cart === null) return { ok: false, problems: problems.list };
  const topLevelShipping = field(body, UPDATE.shippingProperties);
  if (topLevelShipping !== undefined) cart.shippingProperties = topLevelShipping;
  return { ok: true, value: { ...update, cart } };
}

/** PUT …/cart: `{items, shippingProperties?}` (SDK) or a bare array of items. */
export function bindCartUpdate(body: unknown): Binding<BoundCart> {
  const problems = new Problems();
  const cart = bindCart(body, 'cart', problems);
  return cart && problems.empty ? { ok: true, value: cart } : { ok: false, problems: problems.list };
}

/** PUT …/fees: replaces the fees; a missing or null shipping removes it. */
export function bindFeesUpdate(body: unknown): Binding<Fees> {
  const problems = new Problems();
  const fees = body === undefined ? { ...NO_FEES } : bindFees(body, 'fees', problems);
  return problems.empty ? { ok: true, value: fees } : { ok: false, problems: problems.list };
}

/** PUT …/reference: `{"Reference": "ORD-1"}` (capital R from WooCommerce and the SDK), a number from OpenCart. */
export function bindReference(body: unknown): Binding<string | null> {
  const problems = new Problems();
  if (!isObject(body) || !keyPresent(body, REFERENCE.reference)) {
    problems.invalid('Reference', 'The Reference field is required: send {"Reference": "<your order number>"} (null clears it).');
    return { ok: false, problems: problems.list };
  }
  const value = field(body, REFERENCE.reference);
  if (value !== null && asText(value) === null) {
    problems.invalid('Reference', 'The Reference must be a string or a number.');
    return { ok: false, problems: problems.list };
  }
  return { ok: true, value: reference(value) };
}

/** PUT …/metadata: `{"metadata": <any JSON>}`. */
export function bindMetadata(body: unknown): Binding<unknown> {
  const problems = new Problems();
  if (!isObject(body) || !keyPresent(body, METADATA.metadata)) {
    problems.invalid('metadata', 'The Metadata field is required: send {"metadata": { ...any JSON... }} (null clears it).');
    return { ok: false, problems: problems.list };
  }
  return { ok: true, value: field(body, METADATA.metadata) ?? null };
}

export interface PaylinkDestination {
  mobilePhoneNumber: string | null;
  email: string | null;
}

/** POST …/paylink: `{"destination": {"mobilePhoneNumber": "07…"}}` (or an email). */
export function bindPaylink(body: unknown): Binding<PaylinkDestination> {
  const problems = new Problems();
  const destination = isObject(body) ? field(body, PAYLINK.destination) : undefined;
  const mobilePhoneNumber = isObject(destination) ? asText(field(destination, DESTINATION.mobilePhoneNumber))?.trim() || null : null;
  const email = isObject(destination) ? asText(field(destination, DESTINATION.email))?.trim() || null : null;
  if (!mobilePhoneNumber && !email) {
    problems.invalid('destination', 'The Destination field is required: send {"destination": {"mobilePhoneNumber": "0701234567"}}.');
    return { ok: false, problems: problems.list };
  }
  return { ok: true, value: { mobilePhoneNumber, email } };
}

/** POST /widgets and the old POST /widget: `{"storeId": 1234}`. */
export function bindWidget(body: unknown): Binding<{ storeId: string | null }> {
  if (body === undefined) return { ok: true, value: { storeId: null } };
  const problems = new Problems();
  if (!isObject(body)) return notAnObject(body, problems, '{"storeId": 1234}');
  return { ok: true, value: { storeId: asText(field(body, WIDGET.storeId))?.trim() || null } };
}

/** "" and null both mean "no reference": clients test `isset(data.reference)`. */
function reference(value: unknown): string | null {
  const text = asText(value);
  return text === null || text.trim() === '' ? null : text;
}

function keyPresent(obj: JsonObject, name: string): boolean {
  return Object.keys(obj).some((key) => key.toLowerCase() === name.toLowerCase());
}

function uri(body: JsonObject, name: string, problems: Problems, required: boolean): string | null {
  const value = asText(field(body, name))?.trim() ?? '';
  if (value === '') {
    if (required) problems.invalid(name, `The ${name.charAt(0).toUpperCase()}${name.slice(1)} field is required: an absolute https URL.`);
    return null;
  }
  // Placeholders such as {checkout.publictoken} are substituted later; check the URL around them.
  const probe = value.replace(/\{[^}]*\}/g, 'x');
  let parsed: URL | null;
  try {
    parsed = new URL(probe);
  } catch {
    parsed = null;
  }
  if (!parsed || !['http:', 'https:'].includes(parsed.protocol)) {
    problems.invalid(name, `'${value}' is not an absolute http(s) URL.`);
    return null;
  }
  return value;
}

function notAnObject<T>(body: unknown, problems: Problems, example: string): Binding<T> {
  problems.invalid('body', body === undefined ? `The request body is required: send a JSON object such as ${example}.` : `The request body must be a JSON object such as ${example}.`);
  return { ok: false, problems: problems.list };
}
