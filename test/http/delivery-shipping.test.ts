/**
 * Delivery-module shipping: the Magento 2 fallback's top-level
 * `shipping: {provider, shippingFee, shipments}` is kept, shown as data.shipping, and charged:
 * its fee is an order line, in order.totalAmount, purchase.amountToPay and /manage/orders.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { useSandbox } from '../support/sandbox.js';
import { admin, at, initPayload, initializeOldStyle, signedFetch } from '../support/checkout-requests.js';
import { ManageApi } from '../support/manage-api.js';

const sb = useSandbox({ now: '2026-11-02T10:00:00Z', frozen: true });
let api: ManageApi;
beforeEach(async () => {
  api = new ManageApi(sb);
});

/** As M2's QuoteConverter fallback sends it (SDK Session moves fees with a provider key here). */
const FALLBACK = {
  provider: 'MerchantFallback',
  shippingFee: '59.00',
  shipments: [
    { id: 'shipment-1', feeItemId: 'shipping-fee', shippingChoice: { id: 'flatrate_flatrate', name: 'Flat rate', fee: 59, vat: 25 } },
  ],
};

async function initialize(shipping: unknown): Promise<string> {
  const init = await api.post('/checkouts', { ...initPayload({ fees: undefined }), shipping });
  expect(init.status, init.text).toBe(200);
  return String(at(init.json, 'data', 'privateId'));
}

describe('a checkout with a delivery module shipping block', () => {
  it('shows the block with its fee while fees.shipping stays null, and the totals add up', async () => {
    const privateId = await initialize(FALLBACK);
    const data = (await api.get(`/checkouts/${privateId}`)).json.data as Record<string, unknown>;
    expect(data.shipping).toEqual({
      provider: 'MerchantFallback',
      shippingFee: 59,
      shippingFeeId: 'shipping-fee',
      shipments: [
        { id: 'shipment-1', feeItemId: 'shipping-fee', shippingChoice: { id: 'flatrate_flatrate', name: 'Flat rate', fee: 59, vat: 25 } },
      ],
    });
    expect(data.fees).toEqual({ shipping: null });
    // WooCommerce's check: cart.totalAmount + (fees.shipping.unitPrice or shipping.shippingFee) = the shop's total.
    expect(at(data, 'cart', 'totalAmount')).toBe(2698);
  });

  it('charges the fee: an order line, in order.totalAmount, amountToPay and the managed order', async () => {
    const privateId = await initialize(FALLBACK);
    const purchase = await admin(sb, `/uat/checkouts/${privateId}/purchase`, { result: 'Preliminary' });
    expect(purchase.status).toBe(200);
    const data = (await api.get(`/checkouts/${privateId}`)).json.data as Record<string, unknown>;
    expect(at(data, 'purchase', 'amountToPay')).toBe(2757);
    expect(at(data, 'order', 'totalAmount')).toBe(2757);
    expect(at(data, 'order', 'items', 2)).toEqual({ id: 'shipping-fee', description: 'Flat rate', unitPrice: 59, quantity: 1, vat: 25 });
    expect(at(data, 'shipping', 'shippingFee')).toBe(59);
    const order = await api.order(String(purchase.body.orderId));
    expect(order.totalAmount).toBe(2757);
  });

  it('binds leniently (PascalCase, string amounts, tax_rate) and charges shippingFee alone when shipments name no fee', async () => {
    const privateId = await initialize({
      Provider: 'Ingrid',
      ShippingFee: '19.50',
      Shipments: [{ Id: 's1', ShippingChoice: { Name: 'Parcel locker', Metadata: { tax_rate: 12 } } }],
    });
    await admin(sb, `/uat/checkouts/${privateId}/purchase`, { result: 'Preliminary' });
    const data = (await api.get(`/checkouts/${privateId}`)).json.data as Record<string, unknown>;
    expect(at(data, 'order', 'items', 2)).toEqual({ id: 's1', description: 'Parcel locker', unitPrice: 19.5, quantity: 1, vat: 12 });
    expect(at(data, 'order', 'totalAmount')).toBe(2717.5);
  });

  it('is replaced or removed by the whole-checkout update, and served on the legacy host too', async () => {
    const { privateId } = await initializeOldStyle(sb, 'legacy', { ...initPayload({ fees: '' }), shipping: FALLBACK });
    const path = `/merchants/1234/checkouts/${privateId}`;
    expect(at((await signedFetch(sb, 'legacy', 'GET', path)).body, 'data', 'shipping', 'shippingFee')).toBe(59);
    const cart = [{ id: 'TENT-2P', description: 'Two-person tent', unitPrice: '2499.00', quantity: 1, vat: 25 }];
    expect(
      (
        await signedFetch(
          sb,
          'legacy',
          'PUT',
          `/checkouts/${privateId}/`,
          JSON.stringify({ cart, shipping: { ...FALLBACK, shippingFee: 0, shipments: [] } }),
        )
      ).status,
    ).toBe(200);
    expect(at((await signedFetch(sb, 'legacy', 'GET', path)).body, 'data', 'shipping', 'shippingFee')).toBe(0);
    expect((await signedFetch(sb, 'legacy', 'PUT', `/checkouts/${privateId}/`, JSON.stringify({ cart, shipping: null }))).status).toBe(200);
    expect(at((await signedFetch(sb, 'legacy', 'GET', path)).body, 'data', 'shipping')).toBeNull();
  });

  it('refuses a block that is not an object, and amounts that are not amounts, with 400 Validation_Error', async () => {
    const bad = await api.post('/checkouts', {
      ...initPayload({ fees: undefined }),
      shipping: { shippingFee: 'lots', shipments: [{ shippingChoice: { fee: 'free' } }] },
    });
    expect(bad.status).toBe(400);
    const messages = (at(bad.json, 'error', 'errors') as { reason: string; message: string }[]).map((e) => e.message).join('\n');
    expect(messages).toContain('shipping.shippingFee');
    expect(messages).toContain('shipping.shipments[0].shippingChoice.fee');
    expect((await api.post('/checkouts', { ...initPayload(), shipping: 'DHL' })).status).toBe(400);
  });
});
