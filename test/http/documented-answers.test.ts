/**
 * The checkout and order answers held against the documentation's own examples, as a merchant's
 * test suite would: the initialized checkout and the completed business purchase of the retired
 * documentation (as the official PHP SDK's MockAdapter transcribes them), the current pages'
 * initialize, update metadata (both forms) and its error table, the update cart example's
 * articles on the order lines, and the Get order example's productCode.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { useSandbox } from '../support/sandbox.js';
import { admin, at, initPayload, initializeOldStyle, signedFetch } from '../support/checkout-requests.js';
import { ManageApi } from '../support/manage-api.js';

const sb = useSandbox({ now: '2026-10-01T10:00:00Z', frozen: true });
let api: ManageApi;

beforeEach(async () => {
  api = new ManageApi(sb);
});

async function initialize(overrides: Record<string, unknown> = {}): Promise<{ privateId: string; publicToken: string }> {
  const init = await api.post('/checkouts', initPayload(overrides));
  expect(init.status, init.text).toBe(200);
  return { privateId: String(at(init.json, 'data', 'privateId')), publicToken: String(at(init.json, 'data', 'publicToken')) };
}

async function data(privateId: string): Promise<Record<string, unknown>> {
  const get = await api.get(`/checkouts/${privateId}`);
  expect(get.status, get.text).toBe(200);
  return get.json.data as Record<string, unknown>;
}

describe('initialize and the checkout before the customer is known', () => {
  it('issues public-SE- and 48 hex digits, as the initialize page’s public-SE-7f1b3d2a…c695eac1', async () => {
    const { publicToken } = await initialize();
    expect(publicToken).toMatch(/^public-SE-[0-9a-f]{48}$/);
    // The store's country is the token's: Nordic Outdoor's Norwegian store.
    expect((await initialize({ storeId: 1235, countryCode: 'NO' })).publicToken).toMatch(/^public-NO-[0-9a-f]{48}$/);
  });

  it('answers the initialized checkout of the example: no customer yet, hasSessionExpired false', async () => {
    // A prefill is not an identified customer.
    const { privateId } = await initialize({ customer: { email: 'kim@example.se', mobilePhoneNumber: '+46701234567' } });
    expect(await data(privateId)).toMatchObject({
      customerType: 'PrivateCustomer',
      customer: null,
      businessCustomer: null,
      countryCode: 'SE',
      status: 'Initialized',
      paymentName: null,
      purchase: null,
      order: null,
      hasSessionExpired: false,
      cart: { totalAmount: 2698 },
      fees: { shipping: { id: 'shipping', unitPrice: 49, vat: 25 } },
    });
  });

  it('shows hasSessionExpired true on a completed purchase read after its session’s expiresAt', async () => {
    const { privateId } = await initialize();
    await admin(sb, `/uat/checkouts/${privateId}/purchase`, { result: 'Preliminary' });
    expect((await data(privateId)).hasSessionExpired).toBe(false);
    sb.clock.advance(91 * 24 * 3600 * 1000);
    expect(await data(privateId)).toMatchObject({ status: 'PurchaseCompleted', hasSessionExpired: true });
  });
});

describe('a completed business purchase, as the example shows it', () => {
  it('fills businessCustomer and leaves customer null', async () => {
    const { privateId } = await initialize({
      storeId: 1236,
      reference: '1231',
      businessCustomerPrefill: { email: 'bosse@brabyggare.se', organizationNumber: '620306-1400' },
    });
    const company = {
      companyName: 'Bra Byggare AB',
      organizationNumber: '620306-1400',
      invoiceReference: 'Reparation dusch Collector',
      deliveryAddress: { firstName: 'Bosse', lastName: 'Byggare' },
    };
    expect((await admin(sb, `/uat/checkouts/${privateId}/customer`, { customer: company })).status).toBe(200);
    expect((await admin(sb, `/uat/checkouts/${privateId}/purchase`, { result: 'Preliminary', paymentName: 'DirectInvoice' })).status).toBe(
      200,
    );
    const completed = await data(privateId);
    expect(completed).toMatchObject({
      customerType: 'BusinessCustomer',
      customer: null,
      businessCustomer: {
        companyName: 'Bra Byggare AB',
        organizationNumber: '620306-1400',
        invoiceReference: 'Reparation dusch Collector',
        email: 'bosse@brabyggare.se',
        firstName: 'Bosse',
        lastName: 'Byggare',
        invoiceAddress: { companyName: 'Bra Byggare AB' },
        deliveryAddress: { companyName: 'Bra Byggare AB' },
      },
      status: 'PurchaseCompleted',
      paymentName: 'DirectInvoice',
      reference: '1231',
      cart: null,
      fees: null,
      purchase: { paymentName: 'DirectInvoice', invoiceDeliveryMethod: 'Email', result: 'Preliminary' },
      order: { totalAmount: 2747 },
      hasSessionExpired: false,
    });
    for (const address of ['invoiceAddress', 'deliveryAddress']) {
      expect(Object.keys(at(completed, 'businessCustomer', address) as object)).toEqual(
        expect.arrayContaining(['companyName', 'coAddress', 'address', 'address2', 'postalCode', 'city', 'country']),
      );
    }
  });
});

describe('update metadata, both documented forms', () => {
  const EXAMPLE = { myCustomKey: 1234, myComplexObject: { firstKey: true, CasingIsKept: [1, 2, 3] } };

  it('takes the metadata object itself (the current page) and answers {id, data: null, error: null}', async () => {
    const { privateId } = await initialize();
    const sent = await api.call('PUT', `/checkouts/${privateId}/metadata`, EXAMPLE);
    expect(sent.status, sent.text).toBe(200);
    expect(sent.json).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), data: null, error: null });
    expect((await data(privateId)).metadata).toEqual(EXAMPLE);
    // "Providing an empty body will remove any existing metadata."
    expect((await api.call('PUT', `/checkouts/${privateId}/metadata`, '')).status).toBe(200);
    expect((await data(privateId)).metadata).toBeNull();
  });

  it('takes it wrapped in {"metadata": …} (the SharedKey page, WooCommerce), null removing it', async () => {
    const { privateId } = await initializeOldStyle(sb, 'legacy');
    const path = `/merchants/1234/checkouts/${privateId}/metadata`;
    const sent = await signedFetch(sb, 'legacy', 'PUT', path, JSON.stringify({ metadata: EXAMPLE }));
    expect([sent.status, sent.body.data, sent.body.error]).toEqual([200, null, null]);
    expect((await data(privateId)).metadata).toEqual(EXAMPLE);
    expect((await signedFetch(sb, 'legacy', 'PUT', path, '{"metadata":null}')).status).toBe(200);
    expect((await data(privateId)).metadata).toBeNull();
  });

  it('answers as its error table says: 400 Validation_Error, 900 Purchase_Commitment_Found, 900 Purchase_Completed', async () => {
    const { privateId } = await initialize();
    const invalid = await api.call('PUT', `/checkouts/${privateId}/metadata`, [1, 2]);
    expect(invalid.status).toBe(400);
    expect(at(invalid.json, 'error', 'errors', 0)).toMatchObject({
      reason: 'Validation_Error',
      message: expect.stringContaining('Metadata object could not be parsed as a valid JSON object'),
    });

    await admin(sb, `/uat/checkouts/${privateId}/commit`);
    const committed = await api.call('PUT', `/checkouts/${privateId}/metadata`, EXAMPLE);
    expect(committed.status).toBe(900);
    expect(at(committed.json, 'error')).toMatchObject({ code: 900, errors: [{ reason: 'Purchase_Commitment_Found' }] });

    await admin(sb, `/uat/checkouts/${privateId}/purchase`, { result: 'Preliminary' });
    const completed = await api.call('PUT', `/checkouts/${privateId}/metadata`, EXAMPLE);
    expect(completed.status).toBe(900);
    expect(at(completed.json, 'error', 'errors', 0, 'reason')).toBe('Purchase_Completed');
  });
});

describe('order lines', () => {
  it('echo the articles as the update cart example sent them: sku, unitWeight, requiresElectronicId, type', async () => {
    const { privateId } = await initialize({ fees: '' });
    const cart = {
      items: [
        {
          id: '10001',
          description: 'A product description',
          unitPrice: 95.0,
          unitWeight: 0.3,
          quantity: 1,
          vat: 25.0,
          requiresElectronicId: true,
          sku: 'a unique alphanumeric code for article identification',
        },
        { id: '10002', description: 'Gift Card', type: 'GiftCard', unitPrice: -100.0, quantity: 1, vat: 0.0 },
        { id: '10003', description: 'Plain', unitPrice: 200, quantity: 1, vat: 25 },
      ],
      shippingProperties: { height: 10, width: 20, isBulky: true },
    };
    expect((await api.call('PUT', `/checkouts/${privateId}/cart`, cart)).status).toBe(200);
    await admin(sb, `/uat/checkouts/${privateId}/purchase`, { result: 'Preliminary' });
    expect(at(await data(privateId), 'order', 'items')).toEqual([
      {
        id: '10001',
        description: 'A product description',
        unitPrice: 95,
        quantity: 1,
        vat: 25,
        sku: 'a unique alphanumeric code for article identification',
        unitWeight: 0.3,
        requiresElectronicId: true,
      },
      { id: '10002', description: 'Gift Card', unitPrice: -100, quantity: 1, vat: 0, type: 'GiftCard' },
      { id: '10003', description: 'Plain', unitPrice: 200, quantity: 1, vat: 25 },
    ]);
  });

  it('belong to an order whose productCode is the Get order example’s DI_001 when paid by invoice, else null', async () => {
    const invoice = await initialize();
    const card = await initialize();
    const byInvoice = await admin(sb, `/uat/checkouts/${invoice.privateId}/purchase`, { result: 'Preliminary', paymentName: 'Invoice' });
    const byCard = await admin(sb, `/uat/checkouts/${card.privateId}/purchase`, { result: 'Preliminary', paymentName: 'Card' });
    expect((await api.order(String(byInvoice.body.orderId))).productCode).toBe('DI_001');
    expect((await api.order(String(byCard.body.orderId))).productCode).toBeNull();
  });
});
