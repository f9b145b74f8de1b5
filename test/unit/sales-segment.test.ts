/**
 * Sales segments: the store decides whether a checkout is a business checkout, what
 * becomes of the merchant's prefill there, and where company details are refused.
 */
import { describe, expect, it } from 'vitest';
import { mergeCustomer } from '../../src/domain/checkout-customer.js';
import { customerSchema } from '../../src/domain/requests/customer.js';

/** Customer data read as the prefill and the simulation read it. */
const customerFrom = (value: unknown): Customer | null => customerSchema.parse(value);
import type { Customer } from '../../src/domain/model.js';
import type { Store } from '../../src/domain/merchant.js';
import { companyRejection, segmentOf, startingCustomer } from '../../src/domain/sales-segment.js';
import { Violation } from '../../src/domain/violation.js';
import { organisationNumber } from '../../src/fake/people.js';

const B2C: Store = { id: '1234', countryCode: 'SE', currency: 'SEK', salesSegment: 'B2C' };
const B2B: Store = { id: '1236', countryCode: 'SE', currency: 'SEK', salesSegment: 'B2B' };
const STORES = [B2C, B2B];

const contact = customerFrom({
  email: 'kim@example.org',
  mobilePhoneNumber: '0701234567',
  nationalIdentificationNumber: '19800101-1234',
}) as Customer;

describe('the store’s sales segment', () => {
  it('is B2C unless the store says B2B (a state file without segments reads as B2C)', () => {
    expect(segmentOf(B2C)).toBe('B2C');
    expect(segmentOf(B2B)).toBe('B2B');
  });

  it('makes every checkout on a B2B store a business checkout; a private prefill stays as the contact, without the personal number', () => {
    expect(startingCustomer(B2B, STORES, { customerType: 'PrivateCustomer', prefill: null })).toEqual({
      customerType: 'BusinessCustomer',
      customer: null,
    });
    const started = startingCustomer(B2B, STORES, { customerType: 'PrivateCustomer', prefill: contact });
    expect(started.customerType).toBe('BusinessCustomer');
    expect(started.customer).toMatchObject({
      email: 'kim@example.org',
      mobilePhoneNumber: '0701234567',
      nationalIdentificationNumber: null,
    });
  });

  it('keeps businessCustomerPrefill on a B2B store as sent, and a private prefill on a B2C store', () => {
    const business = customerFrom({ email: 'ap@firm.example', organizationNumber: '5566778899' });
    expect(startingCustomer(B2B, STORES, { customerType: 'BusinessCustomer', prefill: business })).toEqual({
      customerType: 'BusinessCustomer',
      customer: business,
    });
    expect(startingCustomer(B2C, STORES, { customerType: 'PrivateCustomer', prefill: contact })).toEqual({
      customerType: 'PrivateCustomer',
      customer: contact,
    });
  });

  it('refuses businessCustomerPrefill on a B2C store, naming the merchant’s B2B store', () => {
    let error: unknown;
    try {
      startingCustomer(B2C, STORES, { customerType: 'BusinessCustomer', prefill: contact });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(Violation);
    expect(error).toMatchObject({ kind: 'invalid', code: 'Validation_Error' });
    expect((error as Violation).message).toBe(
      'businessCustomerPrefill: store 1234 is a B2C store, whose checkout is for private customers only. ' +
        "Send privateCustomerPrefill (or customer) instead, or initialize the business checkout on the merchant's B2B store 1236 (SE).",
    );
  });
});

describe('company details', () => {
  const company = customerFrom({ companyName: 'Fjällbolaget AB', OrganizationNumber: '5566778899', invoiceReference: 'Kim' })!;

  it('are read from a customer object (any letter case) and merged field by field', () => {
    expect(company.company).toEqual({
      companyName: 'Fjällbolaget AB',
      organizationNumber: '5566778899',
      invoiceReference: 'Kim',
      invoiceTag: null,
    });
    const merged = mergeCustomer(company, customerFrom({ invoiceTag: 'PO-77' }));
    expect(merged.company).toEqual({
      companyName: 'Fjällbolaget AB',
      organizationNumber: '5566778899',
      invoiceReference: 'Kim',
      invoiceTag: 'PO-77',
    });
    expect(customerFrom({ email: 'a@b.example' })!.company).toBeUndefined();
  });

  it('are refused for a private checkout only', () => {
    const privateCheckout = { customerType: 'PrivateCustomer' as const, storeId: '1234', privateId: 'abc' };
    expect(companyRejection(privateCheckout, company, STORES)?.message).toContain(
      "checkout abc is on B2C store 1234. Leave them out, or initialize the business checkout on the merchant's B2B store 1236 (SE).",
    );
    expect(companyRejection(privateCheckout, contact, STORES)).toBeNull();
    expect(companyRejection({ ...privateCheckout, customerType: 'BusinessCustomer' }, company, STORES)).toBeNull();
  });

  it('fake organisation numbers carry a valid Luhn check digit', () => {
    expect(organisationNumber('556036079')).toBe('5560360793');
  });
});
