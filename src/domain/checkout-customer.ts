/**
 * Customer data of a checkout: what a merchant prefills at initialisation (`customer` from
 * WooCommerce, `privateCustomerPrefill` / `businessCustomerPrefill` from the SDK) and what
 * the customer's side (the admin simulation) identifies. Objects always carry every field,
 * with nulls, because clients read them without null checks (service-facts §9.3).
 */
import { asText, field, isObject, type JsonObject } from './binding.js';
import type { Address, Customer } from './model.js';

const ADDRESS_FIELDS = ['firstName', 'lastName', 'coAddress', 'address', 'address2', 'postalCode', 'city', 'country', 'countryCode'] as const;

export function emptyAddress(): Address {
  return { firstName: null, lastName: null, coAddress: null, address: null, address2: null, postalCode: null, city: null, country: null, countryCode: null };
}

export function emptyCustomer(): Customer {
  return {
    email: null,
    mobilePhoneNumber: null,
    nationalIdentificationNumber: null,
    deliveryAddress: emptyAddress(),
    billingAddress: emptyAddress(),
  };
}

/** A customer from loosely shaped JSON (case-insensitive keys, blank strings as null); null when nothing is given. */
export function customerFrom(value: unknown): Customer | null {
  if (!isObject(value)) return null;
  const delivery = addressFrom(field(value, 'deliveryAddress'));
  const billing = addressFrom(field(value, 'billingAddress')) ?? addressFrom(field(value, 'invoiceAddress'));
  const customer: Customer = {
    email: text(value, 'email'),
    mobilePhoneNumber: text(value, 'mobilePhoneNumber'),
    nationalIdentificationNumber: text(value, 'nationalIdentificationNumber'),
    deliveryAddress: delivery ?? emptyAddress(),
    billingAddress: billing ?? (delivery ? { ...delivery } : emptyAddress()),
  };
  const anything = customer.email || customer.mobilePhoneNumber || customer.nationalIdentificationNumber || delivery || billing;
  return anything ? customer : null;
}

/** `overlay`'s non-null fields over `base` (e.g. a prefill completed by simulated data). */
export function mergeCustomer(base: Customer, overlay: Customer | null): Customer {
  if (!overlay) return base;
  return {
    email: overlay.email ?? base.email,
    mobilePhoneNumber: overlay.mobilePhoneNumber ?? base.mobilePhoneNumber,
    nationalIdentificationNumber: overlay.nationalIdentificationNumber ?? base.nationalIdentificationNumber,
    deliveryAddress: mergeAddress(base.deliveryAddress, overlay.deliveryAddress),
    billingAddress: mergeAddress(base.billingAddress, overlay.billingAddress),
  };
}

function mergeAddress(base: Address, overlay: Address): Address {
  const merged = { ...base };
  for (const name of ADDRESS_FIELDS) merged[name] = overlay[name] ?? base[name];
  return merged;
}

function addressFrom(value: unknown): Address | null {
  if (!isObject(value)) return null;
  const address = emptyAddress();
  for (const name of ADDRESS_FIELDS) address[name] = text(value, name);
  return ADDRESS_FIELDS.some((name) => address[name] !== null) ? address : null;
}

function text(obj: JsonObject, name: string): string | null {
  const value = asText(field(obj, name))?.trim() ?? '';
  return value === '' ? null : value;
}
