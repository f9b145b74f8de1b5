/**
 * Customer data of a checkout: what a merchant prefills at initialisation (`customer` from
 * WooCommerce, `privateCustomerPrefill` / `businessCustomerPrefill` from the SDK) and what
 * the customer's side (the admin simulation) identifies. Objects always carry every field,
 * with nulls, because clients read them without null checks (docs/real-service.md, "Checkout data"). A business
 * customer also has a company (organisation number, name, invoice reference and tag). Reading
 * customer data from JSON is src/domain/requests/customer.ts.
 */
import type { Address, Company, Customer } from './model.js';

const COMPANY_FIELDS = ['companyName', 'organizationNumber', 'invoiceReference', 'invoiceTag'] as const;

export const ADDRESS_FIELDS = [
  'firstName',
  'lastName',
  'coAddress',
  'address',
  'address2',
  'postalCode',
  'city',
  'country',
  'countryCode',
] as const;

export function emptyAddress(): Address {
  return {
    firstName: null,
    lastName: null,
    coAddress: null,
    address: null,
    address2: null,
    postalCode: null,
    city: null,
    country: null,
    countryCode: null,
  };
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
