/**
 * Checkout profiles with a delivery module: a shop initializing with profile
 * `shipping` and no fee gets, after a purchase through the admin API, a data.shipping with the
 * first carrier's option and its fee, and totals that include it, on both APIs, in the order on
 * /manage/orders (a line it can capture and refund) and already during the validation call.
 * Unknown carriers, options and profiles are refused with the known ones named.
 */
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSandbox } from '../support/sandbox.js';
import { admin, at, initPayload, signedFetch } from '../support/checkout-requests.js';
import { ManageApi, expectAccepted } from '../support/manage-api.js';

const sb = useSandbox({ now: '2026-11-02T10:00:00Z', frozen: true });
let api: ManageApi;
beforeEach(async () => {
  api = new ManageApi(sb);
});

/** As WooCommerce initializes when the shop picked nShift: profileName "shipping", no shipping fee (`fees: ""`). */
async function initialize(profileName: string | undefined = 'shipping', overrides: Record<string, unknown> = {}): Promise<string> {
  const init = await api.post('/checkouts', initPayload({ profileName, fees: '', ...overrides }));
  expect(init.status, init.text).toBe(200);
  return String(at(init.json, 'data', 'privateId'));
}

async function data(privateId: string): Promise<Record<string, unknown>> {
  const answer = await api.get(`/checkouts/${privateId}`);
  expect(answer.status, answer.text).toBe(200);
  return answer.json.data as Record<string, unknown>;
}

const CART_TOTAL = 2698; // 2499 + 2 × 99.50

describe('a purchase through the admin API with no delivery named', () => {
  it('has data.shipping with the first carrier’s first option and its fee, in every total', async () => {
    const privateId = await initialize();
    const before = await data(privateId);
    expect(before.shipping).toBeNull();
    expect(before.fees).toEqual({ shipping: null });

    const purchase = await admin(sb, `/uat/checkouts/${privateId}/purchase`, { result: 'Preliminary' });
    expect(purchase.status).toBe(200);
    const after = await data(privateId);
    const pendingShipment = String(at(after, 'shipping', 'pendingShipment', 'id'));
    expect(after.shipping).toEqual({
      provider: 'nShift',
      carrierId: 'postnord',
      carrierName: 'PostNord',
      shippingFee: 49,
      shippingFeeId: 'shipping|postnord:service-point',
      pendingShipment: { id: expect.stringMatching(/^[0-9a-f-]{36}$/) },
      shipments: [
        {
          id: pendingShipment,
          bookedShipmentId: pendingShipment,
          externalShipmentId: pendingShipment,
          feeItemId: 'shipping|postnord:service-point',
          shippingChoice: {
            id: 'service-point',
            name: 'PostNord Service point',
            fee: 49,
            options: [{ id: 'service-point', name: 'Service point', deliveryTime: '1-3 days' }],
            metadata: { carrierId: 'postnord', carrierName: 'PostNord', deliveryTime: '1-3 days', tax_rate: 25 },
          },
        },
      ],
    });
    expect(at(after, 'purchase', 'amountToPay')).toBe(CART_TOTAL + 49);
    expect(at(after, 'order', 'totalAmount')).toBe(CART_TOTAL + 49);
    expect(at(after, 'order', 'items', 2)).toEqual({
      id: 'shipping|postnord:service-point',
      description: 'PostNord Service point',
      unitPrice: 49,
      quantity: 1,
      vat: 25,
    });

    // The legacy host shows the same checkout the same way.
    const legacy = await signedFetch(sb, 'legacy', 'GET', `/merchants/1234/checkouts/${privateId}`);
    expect(at(legacy.body, 'data', 'shipping')).toEqual(after.shipping);
  });

  it('gives an order whose shipping line the shop can capture and refund by item', async () => {
    const privateId = await initialize();
    const orderId = String((await admin(sb, `/uat/checkouts/${privateId}/purchase`, {})).body.orderId);
    const order = await api.order(orderId);
    expect(order.totalAmount).toBe(CART_TOTAL + 49);
    // Order administration names the shipping row of a Swedish order "Frakt"; the shop's id still captures it.
    expect(order.items).toContainEqual({
      articleNumber: 'Frakt',
      description: 'PostNord Service point',
      quantity: 1,
      price: 49,
      vatRate: 25,
    });
    const line = { id: 'shipping|postnord:service-point', description: 'PostNord Service point', quantity: 1, unitPrice: '49.00', vat: 25 };
    expectAccepted(await api.post(`/manage/orders/${orderId}/capture`, { amount: '49.00', items: [line] }), orderId);
    expectAccepted(await api.post(`/manage/orders/${orderId}/refund`, { amount: '49.00', items: [line] }), orderId);
    expect((await api.order(orderId)).invoices.map((i) => `${i.type} ${i.amount}`)).toEqual(['Invoice 49', 'Credit 49']);
  });
});

describe('the customer’s choice through the admin calls', () => {
  it('identify chooses, a later purchase keeps it; the purchase may choose again; names and ids in any case', async () => {
    const privateId = await initialize();
    const identified = await admin(sb, `/uat/checkouts/${privateId}/customer`, { shipping: { carrier: 'budbee' } });
    expect(identified.status).toBe(200);
    expect(at(identified.body, 'data', 'shipping', 'shippingFee')).toBe(39);
    expect(at(await data(privateId), 'cart', 'totalAmount')).toBe(CART_TOTAL);

    await admin(sb, `/uat/checkouts/${privateId}/purchase`, {});
    expect(at(await data(privateId), 'order', 'totalAmount')).toBe(CART_TOTAL + 39);

    const other = await initialize('Shipping');
    await admin(sb, `/uat/checkouts/${other}/customer`, { shipping: { carrier: 'budbee' } });
    await admin(sb, `/uat/checkouts/${other}/purchase`, { shipping: { carrier: 'PostNord', option: 'Home delivery' } });
    expect(at(await data(other), 'shipping')).toMatchObject({
      carrierName: 'PostNord',
      shippingFee: 99,
      shippingFeeId: 'shipping|postnord:home',
    });
  });

  it('uses the Delivery profile’s own carriers, and the module on <profile>-Recurring too', async () => {
    const delivery = await initialize('Delivery');
    await admin(sb, `/uat/checkouts/${delivery}/purchase`, { shipping: { carrier: 'DHL Freight', option: 'pallet' } });
    expect(at(await data(delivery), 'shipping')).toMatchObject({ provider: 'Walley Delivery', carrierId: 'dhl', shippingFee: 450 });

    const subscription = await initialize('shipping-Recurring');
    await admin(sb, `/uat/checkouts/${subscription}/purchase`, {});
    const read = await data(subscription);
    expect(at(read, 'shipping', 'shippingFee')).toBe(49);
    expect(at(read, 'order', 'customerToken')).toEqual(expect.stringMatching(/^[0-9a-f-]{36}$/));
  });

  it('refuses an unknown carrier or option with 400 naming the known ones, and changes nothing', async () => {
    const privateId = await initialize();
    const carrier = await admin(sb, `/uat/checkouts/${privateId}/customer`, { shipping: { carrier: 'DHL' } });
    expect(carrier.status).toBe(400);
    expect(carrier.body).toEqual({
      error: {
        status: 400,
        message:
          "shipping.carrier: 'DHL' is not a carrier of the nShift delivery module; known carriers: postnord (PostNord), budbee (Budbee). Name one by id or name, or leave it out for the first.",
      },
    });
    const option = await admin(sb, `/uat/checkouts/${privateId}/purchase`, { shipping: { carrier: 'postnord', option: 'express' } });
    expect(option.status).toBe(400);
    expect(at(option.body, 'error', 'message')).toContain('known options: service-point (Service point), home (Home delivery)');
    const read = await data(privateId);
    expect([read.status, read.shipping]).toEqual(['Initialized', null]);
  });

  it('refuses a delivery choice on a checkout whose profile has no delivery module', async () => {
    const privateId = await initialize('Coffee');
    const refused = await admin(sb, `/uat/checkouts/${privateId}/purchase`, { shipping: { carrier: 'postnord' } });
    expect(refused.status).toBe(400);
    expect(at(refused.body, 'error', 'message')).toContain("has no delivery module (profileName 'Coffee' on store 1234)");
    expect((await admin(sb, `/uat/checkouts/${privateId}/purchase`, { shipping: {} })).status).toBe(200);
    expect(at(await data(privateId), 'shipping')).toBeNull();
  });
});

describe('profileName', () => {
  it('unknown on a store with profiles: 400 Validation_Error in the checkout envelope, naming the store’s profiles', async () => {
    const init = await api.post('/checkouts', initPayload({ profileName: 'Redlight' }));
    expect(init.status).toBe(400);
    expect(at(init.json, 'error', 'errors')).toEqual([
      {
        reason: 'Validation_Error',
        message:
          "profileName: 'Redlight' is not a checkout profile of store 1234; its profiles are shipping, Delivery, Coffee (each also as <name>-Recurring), and Recurring. Send one of them, or leave profileName out (profiles are set up per store, in the sandbox by the scenario).",
      },
    ]);
    const legacy = await signedFetch(sb, 'legacy', 'POST', '/checkout', JSON.stringify(initPayload({ profileName: 'Redlight' })));
    expect([legacy.status, legacy.body.error?.errors[0]?.reason]).toEqual([400, 'Validation_Error']);
  });

  it('any name on a store whose profiles the scenario does not list', async () => {
    expect((await api.post('/checkouts', initPayload({ storeId: 1235, countryCode: 'NO', profileName: 'Redlight' }))).status).toBe(200);
  });
});

describe('the shop’s own shipping block (Magento’s fallback)', () => {
  it('keeps working on a profile with a delivery module: the block is shown and charged, not the module', async () => {
    const block = {
      provider: 'MerchantFallback',
      shippingFee: '59.00',
      shipments: [{ id: 's-1', feeItemId: 'shipping-fee', shippingChoice: { id: 'flatrate', name: 'Flat rate', fee: 59, vat: 25 } }],
    };
    const privateId = await initialize('shipping', { shipping: block });
    await admin(sb, `/uat/checkouts/${privateId}/purchase`, {});
    const read = await data(privateId);
    expect(at(read, 'shipping', 'provider')).toBe('MerchantFallback');
    expect(at(read, 'order', 'totalAmount')).toBe(CART_TOTAL + 59);
  });
});

describe('the validation call', () => {
  let shop: Server;
  afterEach(() => new Promise<void>((resolve) => shop.close(() => resolve())));

  it('sees the chosen fee: GET on the checkout during validation shows cart + shipping = what is charged', async () => {
    const seen: unknown[] = [];
    // Like Magento's validation controller, the shop reads the checkout while it validates.
    shop = createServer((req, res) => {
      const privateId = new URL(req.url ?? '/', 'http://shop').searchParams.get('id') ?? '';
      void api.get(`/checkouts/${privateId}`).then((answer) => {
        const read = answer.json.data as Record<string, unknown>;
        seen.push([read.status, at(read, 'cart', 'totalAmount'), at(read, 'shipping', 'shippingFee')]);
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
    const validationUri = `http://127.0.0.1:${(shop.address() as AddressInfo).port}/validate?id={checkout.id}`;
    const privateId = await initialize('shipping', { validationUri });
    const purchase = await admin(sb, `/uat/checkouts/${privateId}/purchase`, { shipping: { option: 'Parcel box' } });
    expect(purchase.status).toBe(200);
    expect(seen).toEqual([['CommittedToPurchase', CART_TOTAL, 39]]);
    expect(at(await data(privateId), 'purchase', 'amountToPay')).toBe(CART_TOTAL + 39);
  });
});
