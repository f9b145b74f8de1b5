/**
 * Customer data as merchants prefill it at initialisation (`customer` from WooCommerce,
 * `privateCustomerPrefill` / `businessCustomerPrefill` from the SDK) and as the customer's side
 * (the admin simulation, the hosted page) identifies: keys in any case, blank strings as null.
 * The parse output is a Customer with every field (clients read them without null checks,
 * docs/real-service.md, "Checkout data"), or null when nothing is given; it never fails.
 */
import { ADDRESS_FIELDS, emptyAddress, hasCompany } from '../checkout-customer.js';
import type { Address, Company, Customer } from '../model.js';
import { caseless, KEYS_NOTE, text } from './fields.js';

/** An address; null when it names nothing (or is not an object). */
const addressSchema = caseless({
  firstName: text(),
  lastName: text(),
  coAddress: text(),
  address: text(),
  address2: text(),
  postalCode: text(),
  city: text(),
  country: text(),
  countryCode: text(),
}).transform((address): Address | null => (ADDRESS_FIELDS.some((name) => address[name] !== null) ? address : null));

export const customerSchema = caseless({
  email: text(),
  mobilePhoneNumber: text(),
  nationalIdentificationNumber: text(),
  deliveryAddress: addressSchema,
  billingAddress: addressSchema,
  invoiceAddress: addressSchema.meta({ description: 'Another name of billingAddress.' }),
  // A business customer's company, read from the same object's top level (the SDK's businessCustomerPrefill sends organizationNumber there).
  companyName: text(),
  organizationNumber: text(),
  invoiceReference: text(),
  invoiceTag: text(),
})
  .transform((given): Customer | null => {
    const delivery = given.deliveryAddress;
    const billing = given.billingAddress ?? given.invoiceAddress;
    const customer: Customer = {
      email: given.email,
      mobilePhoneNumber: given.mobilePhoneNumber,
      nationalIdentificationNumber: given.nationalIdentificationNumber,
      deliveryAddress: delivery ?? emptyAddress(),
      // The billing address defaults to the delivery address, as on the real checkout.
      billingAddress: billing ?? (delivery ? { ...delivery } : emptyAddress()),
    };
    const company: Company = {
      companyName: given.companyName,
      organizationNumber: given.organizationNumber,
      invoiceReference: given.invoiceReference,
      invoiceTag: given.invoiceTag,
    };
    if (hasCompany(company)) customer.company = company;
    return customer.email || customer.mobilePhoneNumber || customer.nationalIdentificationNumber || delivery || billing || customer.company
      ? customer
      : null;
  })
  .meta({
    description: `Customer data to prefill (email, mobilePhoneNumber, nationalIdentificationNumber, deliveryAddress, …). ${KEYS_NOTE}`,
  });
