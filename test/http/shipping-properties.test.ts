/**
 * Update shipping properties (https://payments.collectorbank.se/docs/checkout/optional/updateshippingproperties):
 * PUT /checkouts/{privateId}/shippingProperties on the current API and its old-style counterpart
 * on the SharedKey host replace the cart's shipping properties (a null value drops a key, an
 * empty body all of them); 400 for a body that is no key-value object, 423 while another change
 * holds the checkout, 900 Purchase_Commitment_Found and Purchase_Completed after the customer
 * commits; the delivery step names them as the adapter's query
 * (https://dev.walleypay.com/docs/checkout/delivery/get-available-delivery-methods).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSandboxShell } from '../support/sandbox.js';
import { StateStore } from '../../src/store/store.js';
import { admin, at, initPayload, initializeOldStyle, signedFetch } from '../support/checkout-requests.js';
import { ManageApi } from '../support/manage-api.js';

const sb = useSandboxShell({ now: '2026-10-01T10:00:00Z', frozen: true });
let api: ManageApi;
beforeEach(async () => {
  api = new ManageApi(sb);
});

async function checkout(overrides: Record<string, unknown> = {}): Promise<{ privateId: string; publicToken: string }> {
  const init = await api.post('/checkouts', initPayload(overrides));
  expect(init.status, init.text).toBe(200);
  return { privateId: String(at(init.json, 'data', 'privateId')), publicToken: String(at(init.json, 'data', 'publicToken')) };
}

const shippingProperties = async (privateId: string): Promise<unknown> =>
  at((await api.get(`/checkouts/${privateId}`)).json, 'data', 'cart', 'shippingProperties');

describe('PUT /checkouts/{privateId}/shippingProperties', () => {
  it("replaces the cart's shipping properties with the page's example, answering the update envelope", async () => {
    const { privateId } = await checkout({
      cart: { ...(initPayload().cart as object), shippingProperties: { isBulky: false, weightClass: 'light' } },
    });
    const answer = await api.call('PUT', `/checkouts/${privateId}/shippingProperties`, {
      isBulky: true,
      isHulky: false,
      height: 10,
      width: 20,
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), data: null, error: null });
    expect(await shippingProperties(privateId)).toEqual({ isBulky: true, isHulky: false, height: 10, width: 20 });
    // The cart's items are untouched.
    expect(at((await api.get(`/checkouts/${privateId}`)).json, 'data', 'cart', 'items', 0, 'id')).toBe('TENT-2P');
  });

  it('drops a key sent as null, and every key on an empty body; refuses a body that is not key-value pairs (400)', async () => {
    const { privateId } = await checkout();
    await api.call('PUT', `/checkouts/${privateId}/shippingProperties`, { isBulky: true, height: null });
    expect(await shippingProperties(privateId)).toEqual({ isBulky: true });
    expect((await api.call('PUT', `/checkouts/${privateId}/shippingProperties`)).status).toBe(200);
    expect(await shippingProperties(privateId)).toBeNull();
    const refused = await api.call('PUT', `/checkouts/${privateId}/shippingProperties`, [1, 2]);
    expect(refused.status).toBe(400);
    expect(at(refused.json, 'error', 'errors', 0, 'reason')).toBe('Validation_Error');
  });

  it('answers 900 Purchase_Commitment_Found while the customer commits and 900 Purchase_Completed after, 404 for an unknown checkout', async () => {
    const { privateId } = await checkout();
    expect((await admin(sb, `/uat/checkouts/${privateId}/customer`)).status).toBe(200);
    expect((await admin(sb, `/uat/checkouts/${privateId}/commit`)).status).toBe(200);
    const committed = await api.call('PUT', `/checkouts/${privateId}/shippingProperties`, { isBulky: true });
    expect(committed.status).toBe(900);
    expect(at(committed.json, 'error', 'errors', 0, 'reason')).toBe('Purchase_Commitment_Found');
    expect((await admin(sb, `/uat/checkouts/${privateId}/purchase`, {})).status).toBe(200);
    const completed = await api.call('PUT', `/checkouts/${privateId}/shippingProperties`, { isBulky: true });
    expect(completed.status).toBe(900);
    expect(at(completed.json, 'error', 'errors', 0, 'reason')).toBe('Purchase_Completed');
    expect((await api.call('PUT', '/checkouts/00000000-0000-4000-8000-00000000dead/shippingProperties', { isBulky: true })).status).toBe(
      404,
    );
  });

  it('answers 423 Resource_Locked while another modifying request holds the checkout', async () => {
    const { privateId } = await checkout();
    const checkouts = sb.services.env('uat').checkouts;
    let release!: () => void;
    // The first change's save is held, so it holds the checkout while the update arrives.
    vi.spyOn(StateStore.prototype, 'apply').mockImplementationOnce(() => new Promise<void>((resolve) => (release = resolve)));
    const first = checkouts.modify(checkouts.find(privateId)!, 'cart', () => ({ metadata: { first: true } }));
    const locked = await api.call('PUT', `/checkouts/${privateId}/shippingProperties`, { isBulky: true });
    expect(locked.status).toBe(423);
    expect(at(locked.json, 'error', 'errors', 0, 'reason')).toBe('Resource_Locked');
    release();
    await first;
    vi.restoreAllMocks();
    expect((await api.call('PUT', `/checkouts/${privateId}/shippingProperties`, { isBulky: true })).status).toBe(200);
  });

  it('is served on the SharedKey host in the old path style', async () => {
    const { privateId } = await initializeOldStyle(sb, 'legacy');
    const body = JSON.stringify({ isBulky: true, height: 10 });
    const sent = await signedFetch(sb, 'legacy', 'PUT', `/merchants/1234/checkouts/${privateId}/shippingProperties`, body);
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ id: expect.any(String), data: null, error: null });
    const read = await signedFetch(sb, 'legacy', 'GET', `/merchants/1234/checkouts/${privateId}`);
    expect(at(read.body, 'data', 'cart', 'shippingProperties')).toEqual({ isBulky: true, height: 10 });
  });

  it("names them in the delivery step as the query the delivery module's adapter gets", async () => {
    const { publicToken, privateId } = await checkout({ profileName: 'shipping', fees: '' });
    await api.call('PUT', `/checkouts/${privateId}/shippingProperties`, { height: 10, width: 20, isBulky: true });
    const html = await (await sb.fetch(`/uat/frontend/checkout/${publicToken}`)).text();
    expect(html).toContain('data-shipping-properties="height=10&amp;width=20&amp;isBulky=true"');
  });
});
