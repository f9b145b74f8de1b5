/**
 * Fake data for seeding and for simulating the customer's side. Always takes a Faker
 * instance, never the module singleton: a sandbox owns its seeded faker.
 */
import type { Faker } from '@faker-js/faker';
import type { Address, CartItem, Customer } from '../domain/model.js';

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

export function fakeCartItems(faker: Faker, count: number): CartItem[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `${faker.string.alphanumeric({ length: 6, casing: 'upper' })}-${i + 1}`,
    description: faker.commerce.productName().slice(0, 50),
    unitPrice: faker.number.int({ min: 50, max: 2500 }) * 100,
    quantity: faker.number.int({ min: 1, max: 3 }),
    vat: 25,
  }));
}
