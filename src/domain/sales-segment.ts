/**
 * Sales segments: a store sells to private persons (B2C) or to companies (B2B), and
 * shops configure one store id per segment (WooCommerce's "Merchant ID Sweden B2B"). The
 * store decides what a checkout is: on a B2B store it is a business checkout
 * (`customerType: BusinessCustomer`, the company in `data.businessCustomer`), whatever prefill
 * the shop sent. Pure rules, applied by the checkout service after the body is bound.
 */
import { hasCompany } from './checkout-customer.js';
import type { Checkout, Customer, CustomerType, SalesSegment } from './model.js';
import { type Store, storeRecord } from './merchant.js';
import { Violation } from './violation.js';

/** A store's segment; a store the merchant no longer has (a token issued before it was removed) sells as a store of a file without segments. */
export function segmentOf(store: Pick<Store, 'salesSegment'> | undefined): SalesSegment {
  return store?.salesSegment ?? storeRecord.shape.salesSegment.def.defaultValue;
}

export function customerTypeOf(segment: SalesSegment): CustomerType {
  return segment === 'B2B' ? 'BusinessCustomer' : 'PrivateCustomer';
}

/** What the bound initialize body says about the customer: which prefill was sent, and its data. */
export interface SentPrefill {
  /** BusinessCustomer when the body carried businessCustomerPrefill. */
  customerType: CustomerType;
  prefill: Customer | null;
}

/**
 * The customer a new checkout on `store` starts with.
 * - businessCustomerPrefill on a B2C store is refused (400 Validation_Error): a B2C store's
 *   checkout has no business variant, so the prefill could only be lost; the message names the
 *   merchant's B2B stores to initialize on instead.
 * - A private prefill on a B2B store (WooCommerce sends `customer: {email, mobilePhoneNumber}`
 *   for either segment, the SDK privateCustomerPrefill) is kept as the contact person's
 *   details; a personal identity number is dropped, since it is no organisation number.
 */
export function startingCustomer(
  store: Store,
  merchantStores: readonly Store[],
  sent: SentPrefill,
): { customerType: CustomerType; customer: Customer | null } {
  const segment = segmentOf(store);
  if (segment === 'B2C' && sent.customerType === 'BusinessCustomer') {
    throw new Violation(
      'invalid',
      'Validation_Error',
      `businessCustomerPrefill: store ${store.id} is a B2C store, whose checkout is for private customers only. ` +
        `Send privateCustomerPrefill (or customer) instead, or ${onB2bStore(merchantStores)}`,
    );
  }
  if (segment === 'B2B' && sent.customerType === 'PrivateCustomer' && sent.prefill) {
    return { customerType: 'BusinessCustomer', customer: { ...sent.prefill, nationalIdentificationNumber: null } };
  }
  return { customerType: customerTypeOf(segment), customer: sent.prefill };
}

/**
 * Company details given for a private customer (admin customer call, hosted page): refused,
 * since a B2C store's checkout cannot take a company; null when allowed.
 */
export function companyRejection(
  checkout: Pick<Checkout, 'customerType' | 'storeId' | 'privateId'>,
  given: Customer | null,
  merchantStores: readonly Store[],
): Violation | null {
  if (checkout.customerType === 'BusinessCustomer' || !hasCompany(given?.company)) return null;
  return new Violation(
    'invalid',
    'Validation_Error',
    `customer: companyName, organizationNumber, invoiceReference and invoiceTag are for business checkouts, but checkout ${checkout.privateId} is on B2C store ${checkout.storeId}. ` +
      `Leave them out, or ${onB2bStore(merchantStores)}`,
  );
}

function onB2bStore(merchantStores: readonly Store[]): string {
  const b2b = merchantStores.filter((s) => segmentOf(s) === 'B2B').map((s) => `${s.id} (${s.countryCode})`);
  return b2b.length
    ? `initialize the business checkout on the merchant's B2B store ${b2b.join(', ')}.`
    : 'add a B2B store to the merchant (a scenario store with salesSegment: B2B) and initialize the business checkout there.';
}
