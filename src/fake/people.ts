/**
 * Fake data for seeding and for simulating the customer's side. Always takes a Faker
 * instance, never the module singleton: a sandbox owns its seeded faker.
 */
import type { Faker } from '@faker-js/faker';
import type { Address, CartItem, Company, Customer } from '../domain/model.js';

const COUNTRY_NAMES: Record<string, string> = {
  SE: 'Sverige',
  NO: 'Norge',
  FI: 'Suomi',
  DK: 'Danmark',
  DE: 'Deutschland',
  EU: 'Deutschland',
};

export function fakeCustomer(faker: Faker, countryCode: string): Customer {
  const firstName = faker.person.firstName();
  const lastName = faker.person.lastName();
  const country = countryCode === 'EU' ? 'DE' : countryCode;
  const address: Address = {
    firstName,
    lastName,
    coAddress: null,
    address: faker.location.streetAddress(),
    address2: null,
    postalCode: faker.string.numeric(5),
    city: faker.location.city(),
    country: COUNTRY_NAMES[countryCode] ?? country,
    countryCode: country,
  };
  return {
    email: faker.internet.email({ firstName, lastName, provider: 'example.com' }).toLowerCase(),
    mobilePhoneNumber: `07${faker.string.numeric(8)}`,
    nationalIdentificationNumber: null,
    deliveryAddress: address,
    billingAddress: { ...address },
  };
}

/** Legal-form suffixes, so a fake company reads like one of the store's country. */
const LEGAL_FORMS: Record<string, string> = { SE: 'AB', NO: 'AS', FI: 'Oy', DK: 'ApS', DE: 'GmbH', EU: 'GmbH' };

/**
 * A company as the real checkout finds it in its business registry from the organisation
 * number: the name, a Swedish-style ten-digit number with its check digit, and the contact
 * person (the customer's name) as the invoice reference.
 */
function fakeCompany(faker: Faker, countryCode: string, contact: Customer): Company {
  const companyName = `${faker.company.name().replace(/[,]/g, '')} ${LEGAL_FORMS[countryCode] ?? 'AB'}`.slice(0, 50);
  const contactName = [contact.deliveryAddress.firstName, contact.deliveryAddress.lastName].filter(Boolean).join(' ');
  return {
    companyName,
    organizationNumber: organisationNumber(`55${faker.string.numeric(7)}`),
    invoiceReference: contactName || null,
    invoiceTag: null,
  };
}

/** A business customer: the contact person and their company, no personal identity number. */
export function fakeBusinessCustomer(faker: Faker, countryCode: string): Customer {
  const contact = fakeCustomer(faker, countryCode);
  return { ...contact, nationalIdentificationNumber: null, company: fakeCompany(faker, countryCode, contact) };
}

/** Nine digits and the Luhn check digit, as Swedish organisation numbers carry. */
export function organisationNumber(nineDigits: string): string {
  let sum = 0;
  for (let i = 0; i < nineDigits.length; i++) {
    const doubled = Number(nineDigits[i]) * (i % 2 === 0 ? 2 : 1);
    sum += doubled > 9 ? doubled - 9 : doubled;
  }
  return `${nineDigits}${(10 - (sum % 10)) % 10}`;
}

export function fakeCartItems(faker: Faker, count: number): CartItem[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `${faker.string.alphanumeric({ length: 6, casing: 'upper' })}-${i + 1}`,
    description: faker.commerce.productName().slice(0, 50),
    unitPrice: faker.number.int({ min: 50, max: 2500 }) * 100,
    quantity: faker.number.int({ min: 1, max: 3 }),
    vat: 25,
  }));
}
