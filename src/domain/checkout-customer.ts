/**
 * Customer data of a checkout: what a merchant prefills at initialisation (`customer` from
 * WooCommerce, `privateCustomerPrefill` / `businessCustomerPrefill` from the SDK) and what
 * the customer's side (the admin simulation) identifies. Objects always carry every field,
 * with nulls, because clients read them without null checks (service-facts §9.3). A business
 * customer also has a company (organisation number, name, invoice reference and tag), read
 * from the same object's top level as the SDK's businessCustomerPrefill sends organizationNumber.
 */
import { asText, field, isObject, type JsonObject } from './binding.js';
import type { Address, Company, Customer } from './model.js';

export const COMPANY_FIELDS = ['companyName', 'organizationNumber', 'invoiceReference', 'invoiceTag'] as const;

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
  const company = companyFrom(value);
  if (company) customer.company = company;
  const anything = customer.email || customer.mobilePhoneNumber || customer.nationalIdentificationNumber || delivery || billing || company;
  return anything ? customer : null;
}

/** The company fields of a customer object; null when it names none. */
export function companyFrom(value: JsonObject): Company | null {
  const company: Company = { companyName: null, organizationNumber: null, invoiceReference: null, invoiceTag: null };
  for (const name of COMPANY_FIELDS) company[name] = text(value, name);
  return hasCompany(company) ? company : null;
}

export function hasCompany(company: Company | null | undefined): company is Company {
  return !!company && COMPANY_FIELDS.some((name) => company[name] !== null);
}

/** `overlay`'s non-null fields over `base` (e.g. a prefill completed by simulated data). */
export function mergeCustomer(base: Customer, overlay: Customer | null): Customer {
  if (!overlay) return base;
  const merged: Customer = {
    email: overlay.email ?? base.email,
    mobilePhoneNumber: overlay.mobilePhoneNumber ?? base.mobilePhoneNumber,
    nationalIdentificationNumber: overlay.nationalIdentificationNumber ?? base.nationalIdentificationNumber,
    deliveryAddress: mergeAddress(base.deliveryAddress, overlay.deliveryAddress),
    billingAddress: mergeAddress(base.billingAddress, overlay.billingAddress),
  };
  const company = mergeCompany(base.company, overlay.company);
  if (company) merged.company = company;
  return merged;
}

function mergeCompany(base: Company | null | undefined, overlay: Company | null | undefined): Company | null {
  if (!base) return overlay ?? null;
  if (!overlay) return base;
  const merged = { ...base };
  for (const name of COMPANY_FIELDS) merged[name] = overlay[name] ?? base[name];
  return merged;
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
