/**
 * B2B stores: a shop configured with a B2B store id initializes, the customer
 * identifies as a company, the shop reads BusinessCustomer, the organisation number and the
 * company's addresses, and the order on /manage/orders has the B2B segment and the company.
 * Also what the segment refuses: businessCustomerPrefill and company details on a B2C store.
 */
import { NORDIC_PROD_CLIENT } from '../support/identity.js';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSandbox } from '../support/sandbox.js';
import { admin, at, initPayload, signedFetch } from '../support/checkout-requests.js';
import { ManageApi, bearerToken } from '../support/manage-api.js';

const sb = useSandbox({ now: '2026-11-02T10:00:00Z', frozen: true });
let api: ManageApi;
beforeEach(async () => {
  api = new ManageApi(sb);
});

/** As WooCommerce initializes on its "Merchant ID Sweden B2B": storeId a string, `customer` with email and phone. */
async function initializeB2b(overrides: Record<string, unknown> = {}): Promise<string> {
  const init = await api.post(
    '/checkouts',
    initPayload({ storeId: '1236', customer: { email: 'inkop@fjallbolaget.example', mobilePhoneNumber: '0701112233' }, ...overrides }),
  );
  expect(init.status, init.text).toBe(200);
  return String(at(init.json, 'data', 'privateId'));
}

async function checkoutData(privateId: string): Promise<Record<string, unknown>> {
  const answer = await api.get(`/checkouts/${privateId}`);
  expect(answer.status, answer.text).toBe(200);
  return answer.json.data as Record<string, unknown>;
}

const COMPANY = {
  companyName: 'Fjällbolaget AB',
  organizationNumber: '5566778899',
  invoiceReference: 'Kim Berg',
  invoiceTag: 'PO-2026-77',
  deliveryAddress: {
    firstName: 'Kim',
    lastName: 'Berg',
    address: 'Lagergatan 4',
    postalCode: '41103',
    city: 'Göteborg',
    country: 'Sverige',
    countryCode: 'SE',
  },
  billingAddress: { address: 'Box 120', postalCode: '41101', city: 'Göteborg', country: 'Sverige', countryCode: 'SE' },
};

describe('the stores of the default scenario', () => {
  it('carry their sales segment and profiles in the admin merchant list', async () => {
    const uat = await admin(sb, '/uat/merchants', undefined, 'GET');
    const stores = at(uat.body, 'merchants', 0, 'stores') as Record<string, unknown>[];
    expect(stores.map((s) => [s.id, s.salesSegment])).toEqual([
      ['1234', 'B2C'],
      ['1235', 'B2C'],
      ['1236', 'B2B'],
    ]);
    expect((stores[0]!.profiles as { name: string }[]).map((p) => p.name)).toEqual(['shipping', 'Delivery', 'Coffee']);
    expect(at(stores[0], 'profiles', 0, 'deliveryModule', 'carriers', 0, 'options', 0)).toEqual({
      id: 'service-point',
      name: 'Service point',
      fee: 49,
      vat: 25,
      deliveryTime: '1-3 days',
    });
    expect(stores[1]!.profiles).toBeNull();
    const prod = await admin(sb, '/prod/merchants', undefined, 'GET');
    expect((at(prod.body, 'merchants', 0, 'stores') as Record<string, unknown>[]).map((s) => `${s.id} ${s.salesSegment}`)).toEqual([
      '5234 B2C',
      '5236 B2B',
    ]);
  });
});

describe('a checkout on a B2B store', () => {
  it('is a business checkout from the start, with the prefill as the contact person once identified', async () => {
    const privateId = await initializeB2b();
    const before = await checkoutData(privateId);
    expect(before.customerType).toBe('BusinessCustomer');
    // Not identified yet: neither customer is shown.
    expect([before.customer, before.businessCustomer]).toEqual([null, null]);
    expect((await admin(sb, `/uat/checkouts/${privateId}/customer`)).status).toBe(200);
    const data = await checkoutData(privateId);
    // A business customer is businessCustomer; customer stays null.
    expect(data.customer).toBeNull();
    expect(data.businessCustomer).toMatchObject({ email: 'inkop@fjallbolaget.example', mobilePhoneNumber: '0701112233' });
  });

  it('shows the company the customer identifies as: organisation number, name, reference, addresses', async () => {
    const privateId = await initializeB2b();
    const identified = await admin(sb, `/uat/checkouts/${privateId}/customer`, { customer: COMPANY });
    expect(identified.status, JSON.stringify(identified.body)).toBe(200);
    const data = await checkoutData(privateId);
    expect(data.status).toBe('CustomerIdentified');
    expect(data.businessCustomer).toEqual({
      companyName: 'Fjällbolaget AB',
      organizationNumber: '5566778899',
      invoiceReference: 'Kim Berg',
      invoiceTag: 'PO-2026-77',
      email: 'inkop@fjallbolaget.example',
      firstName: 'Kim',
      lastName: 'Berg',
      mobilePhoneNumber: '0701112233',
      deliveryContactInformation: { email: 'inkop@fjallbolaget.example', mobilePhoneNumber: '0701112233' },
      invoiceAddress: {
        companyName: 'Fjällbolaget AB',
        firstName: expect.any(String),
        lastName: expect.any(String),
        coAddress: null,
        address: 'Box 120',
        address2: null,
        postalCode: '41101',
        city: 'Göteborg',
        country: 'Sverige',
        countryCode: 'SE',
      },
      deliveryAddress: {
        companyName: 'Fjällbolaget AB',
        firstName: 'Kim',
        lastName: 'Berg',
        coAddress: null,
        address: 'Lagergatan 4',
        address2: null,
        postalCode: '41103',
        city: 'Göteborg',
        country: 'Sverige',
        countryCode: 'SE',
      },
    });
  });

  it('has a company from the registry when the customer identifies without naming one', async () => {
    const privateId = await initializeB2b();
    await admin(sb, `/uat/checkouts/${privateId}/customer`);
    const business = (await checkoutData(privateId)).businessCustomer as Record<string, unknown>;
    expect(business.companyName).toEqual(expect.stringMatching(/ AB$/));
    expect(business.organizationNumber).toEqual(expect.stringMatching(/^55\d{8}$/));
    expect(at(business, 'invoiceAddress', 'companyName')).toBe(business.companyName);
  });

  it('gives an order with the B2B segment and the company as customer and invoice address', async () => {
    const privateId = await initializeB2b();
    await admin(sb, `/uat/checkouts/${privateId}/customer`, { customer: COMPANY });
    const purchase = await admin(sb, `/uat/checkouts/${privateId}/purchase`, { result: 'Preliminary', paymentName: 'DirectInvoice' });
    expect(purchase.status).toBe(200);
    const order = await api.order(String(purchase.body.orderId));
    expect(order.salesSegment).toBe('B2B');
    expect(order.customer).toMatchObject({
      type: 'Organization',
      name: 'Fjällbolaget AB',
      registrationNumber: '5566778899',
      addressLine1: 'Box 120',
      email: 'inkop@fjallbolaget.example',
    });
    expect(order.invoiceAddress).toMatchObject({
      receiverName: 'Fjällbolaget AB',
      addressLine1: 'Box 120',
      postalCode: '41101',
      city: 'Göteborg',
    });
    expect(order.deliveryAddress).toMatchObject({ receiverName: 'Fjällbolaget AB', addressLine1: 'Lagergatan 4' });
    expect(at(await checkoutData(privateId), 'businessCustomer', 'organizationNumber')).toBe('5566778899');
  });

  it('works the same over SharedKey on the legacy host (old path style), and on the PROD B2B store', async () => {
    const sent = await signedFetch(sb, 'legacy', 'POST', '/checkout', JSON.stringify(initPayload({ storeId: 1236 })));
    expect(sent.status).toBe(200);
    const path = `/merchants/1236/checkouts/${String(at(sent.body, 'data', 'privateId'))}`;
    expect(at((await signedFetch(sb, 'legacy', 'GET', path)).body, 'data', 'customerType')).toBe('BusinessCustomer');

    const token = await bearerToken(sb, 'prod', NORDIC_PROD_CLIENT);
    const init = await sb.fetch('/prod/api/checkouts', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(initPayload({ storeId: 5236 })),
    });
    expect(init.status).toBe(200);
    const privateId = ((await init.json()) as { data: { privateId: string } }).data.privateId;
    const read = await sb.fetch(`/prod/api/checkouts/${privateId}`, { headers: { authorization: `Bearer ${token}` } });
    expect(((await read.json()) as { data: { customerType: string } }).data.customerType).toBe('BusinessCustomer');
  });

  it('takes businessCustomerPrefill as today; a private prefill’s personal number is no organisation number', async () => {
    const prefilled = await initializeB2b({
      customer: undefined,
      businessCustomerPrefill: { email: 'ap@firm.example', nationalIdentificationNumber: '5566778899', organizationNumber: '5566778899' },
    });
    await admin(sb, `/uat/checkouts/${prefilled}/customer`);
    expect((await checkoutData(prefilled)).businessCustomer).toMatchObject({ email: 'ap@firm.example', organizationNumber: '5566778899' });
    const personal = await initializeB2b({
      customer: undefined,
      privateCustomerPrefill: { email: 'kim@example.org', nationalIdentificationNumber: '19800101-1234' },
    });
    await admin(sb, `/uat/checkouts/${personal}/customer`);
    const data = await checkoutData(personal);
    expect(data.customerType).toBe('BusinessCustomer');
    expect(at(data, 'businessCustomer', 'email')).toBe('kim@example.org');
    // The company's number comes from the registry when the contact identifies, never from the personal number.
    expect(at(data, 'businessCustomer', 'organizationNumber')).not.toBe('19800101-1234');
  });
});

describe('a subscription on a B2B store', () => {
  it('charges the company later: the authorization’s order is B2B too', async () => {
    const privateId = await initializeB2b({ profileName: 'Recurring' });
    await admin(sb, `/uat/checkouts/${privateId}/purchase`, { result: 'Preliminary', paymentName: 'Card' });
    const customerToken = String(at(await checkoutData(privateId), 'order', 'customerToken'));
    const charged = await api.post('/purchase/authorizations', {
      customerToken,
      attemptSchedule: { preferSynchronous: true },
      order: {
        reference: 'SUB-1',
        currency: 'SEK',
        captureMode: 'Manual',
        items: [{ id: 'BOX-1', description: 'Coffee box', unitPrice: '199.00', quantity: 1, vat: 12 }],
      },
    });
    expect(charged.status, charged.text).toBe(200);
    const order = await api.order(String(at(charged.json, 'data', 'orderId')));
    expect(order.salesSegment).toBe('B2B');
    expect(order.customer).toMatchObject({ type: 'Organization' });
  });
});

describe('B2B-only fields on a B2C store', () => {
  it('businessCustomerPrefill: 400 Validation_Error in the checkout envelope, naming the B2B store', async () => {
    const init = await api.post(
      '/checkouts',
      initPayload({ businessCustomerPrefill: { email: 'ap@firm.example', organizationNumber: '5566778899' } }),
    );
    expect(init.status).toBe(400);
    expect(init.json).toEqual({
      id: expect.any(String),
      data: null,
      error: {
        code: 400,
        message: expect.stringContaining('businessCustomerPrefill: store 1234 is a B2C store'),
        errors: [
          {
            reason: 'Validation_Error',
            message: expect.stringContaining("initialize the business checkout on the merchant's B2B store 1236 (SE)"),
          },
        ],
      },
    });
  });

  it('company details in the admin customer call: 400 in the admin envelope, and nothing changes', async () => {
    const init = await api.post('/checkouts', initPayload());
    const privateId = String(at(init.json, 'data', 'privateId'));
    const refused = await admin(sb, `/uat/checkouts/${privateId}/customer`, { customer: { organizationNumber: '5566778899' } });
    expect(refused.status).toBe(400);
    expect(at(refused.body, 'error', 'message')).toContain('are for business checkouts, but checkout');
    expect((await checkoutData(privateId)).status).toBe('Initialized');
  });
});
