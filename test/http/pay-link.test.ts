/**
 * Pay links (https://payments.collectorbank.se/docs/checkout/paylink/getting-started/,
 * https://dev.walleypay.com/docs/checkout/paylink): the initialize answer's paymentUri opens the
 * hosted checkout as a whole page on the frontend host; the customer identifies and buys there
 * with the same steps and the merchant gets the same notification; showCart=false hides the
 * cart; a checkoutAbortedRedirectPageUri adds a go-back button that aborts the session.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { useSandbox } from '../support/sandbox.js';
import { admin, at, initPayload, initializeOldStyle } from '../support/checkout-requests.js';
import { ManageApi } from '../support/manage-api.js';

const sb = useSandbox({ now: '2026-10-01T10:00:00Z', frozen: true });
let api: ManageApi;
beforeEach(async () => {
  api = new ManageApi(sb);
});

/** Initializes on the current API; the pay link's path on the sandbox (paymentUri is absolute). */
async function payLink(overrides: Record<string, unknown> = {}): Promise<{ privateId: string; publicToken: string; path: string }> {
  const init = await api.post('/checkouts', initPayload(overrides));
  expect(init.status, init.text).toBe(200);
  const paymentUri = String(at(init.json, 'data', 'paymentUri'));
  const publicToken = String(at(init.json, 'data', 'publicToken'));
  expect(paymentUri).toMatch(new RegExp(`^http://[^/]+/uat/frontend/p/${publicToken}$`));
  return { privateId: String(at(init.json, 'data', 'privateId')), publicToken, path: new URL(paymentUri).pathname };
}

const post = (path: string, body?: unknown): Promise<Response> =>
  sb.fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

async function notifications(privateId: string): Promise<unknown[]> {
  const calls = await admin(sb, `/uat/checkouts/${privateId}/callbacks`, undefined, 'GET');
  return (calls.body.callbacks as { kind: string }[]).filter((c) => c.kind === 'notification');
}

describe('paymentUri', () => {
  it('is in every initialize answer, on the current API and the SharedKey hosts', async () => {
    await payLink();
    const old = (await initializeOldStyle(sb, 'legacy')) as { publicToken: string; paymentUri?: string };
    expect(old.paymentUri).toMatch(new RegExp(`^http://[^/]+/uat/frontend/p/${old.publicToken}$`));
  });

  it('opens the hosted checkout as a whole page where the customer identifies and buys, and the merchant is notified', async () => {
    const { privateId, publicToken, path } = await payLink();
    const page = await sb.fetch(path);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain(`data-public-token="${publicToken}"`);
    expect(html).toMatch(/<section id="cart" aria-labelledby="cart-heading" >/);
    expect(html).toContain('Two-person tent');
    expect(html).toContain('<form id="identify"');
    // The page's script calls the page's own paths from /p/{token} (assets/checkout-page.js).
    const identified = await post(`/uat/frontend/checkout/${publicToken}/customer`, {
      email: 'kim@example.se',
      mobilePhoneNumber: '+46700000000',
      postalCode: '41101',
    });
    expect(identified.status).toBe(200);
    const bought = await post(`/uat/frontend/checkout/${publicToken}/purchase`, { paymentName: 'Card' });
    expect(bought.status).toBe(200);
    expect(at((await api.get(`/checkouts/${privateId}`)).json, 'data', 'status')).toBe('PurchaseCompleted');
    expect(await notifications(privateId)).toHaveLength(1);
  });

  it('hides the cart with showCart=false and speaks the lang asked for', async () => {
    const { path } = await payLink();
    const html = await (await sb.fetch(`${path}?showCart=false&lang=sv-SE`)).text();
    expect(html).toMatch(/<section id="cart" aria-labelledby="cart-heading" hidden>/);
    expect(html).toContain('<html lang="sv-SE"');
  });

  it('shows a go-back button when checkoutAbortedRedirectPageUri is given: it aborts the session, notifies, and names where to go', async () => {
    const back = 'https://shop.example/back-to-your-shop';
    const { privateId, publicToken, path } = await payLink({ checkoutAbortedRedirectPageUri: back });
    expect(await (await sb.fetch(path)).text()).toContain(`<form id="go-back" data-redirect="${back}">`);
    // The embedded page has no such button: the shop's own page is around it.
    expect(await (await sb.fetch(`/uat/frontend/checkout/${publicToken}`)).text()).not.toContain('id="go-back"');
    const aborted = await post(`/uat/frontend/checkout/${publicToken}/abort`);
    expect(aborted.status).toBe(200);
    expect(await aborted.json()).toEqual({ status: 'Aborted', redirect: back });
    expect(at((await api.get(`/checkouts/${privateId}`)).json, 'data', 'status')).toBe('Aborted');
    expect(await notifications(privateId)).toHaveLength(1);
    // The session cannot be reused: the link now says so.
    expect((await sb.fetch(path)).status).toBe(410);
  });

  it('has no go-back button without checkoutAbortedRedirectPageUri, and answers 404 for an unknown token', async () => {
    const { path } = await payLink();
    expect(await (await sb.fetch(path)).text()).not.toContain('id="go-back"');
    expect((await sb.fetch('/uat/frontend/p/public-SE-0000')).status).toBe(404);
  });
});
