/**
 * The frontend surface without a browser: loader scripts at the real paths, the hosted
 * page for a public token (escaping, languages, loader attributes), unknown and expired
 * tokens, and the page's steps, including scenario-declared personas.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Sandbox, SandboxOptions } from '../../src/index.js';
import { openSandbox } from '../support/sandbox.js';
import { SCENARIO_DIR } from '../../src/store/scenario.js';
import { initPayload, initializeOldStyle } from '../support/checkout-requests.js';

let sb: Sandbox;
let dir: string | null = null;
afterEach(async () => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = null;
});

const open = (options: SandboxOptions = {}): Promise<Sandbox> =>
  openSandbox({ now: '2026-10-20T10:00:00Z', frozen: true, ...options }).then((s) => (sb = s));

const post = (path: string, body: unknown): Promise<Response> =>
  sb.fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('frontend surface', () => {
  it('serves both loader scripts at the real paths, on both environments', async () => {
    await open();
    for (const path of [
      '/uat/frontend/walley-checkout-loader.js',
      '/uat/frontend/collector-checkout-loader.js',
      '/prod/frontend/walley-checkout-loader.js',
    ]) {
      const response = await sb.fetch(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/javascript; charset=utf-8');
      expect(await response.text()).toContain("script.getAttribute('data-token')");
    }
    expect((await sb.fetch('http://checkout.collector.se/collector-checkout-loader.js')).status).toBe(200);
  });

  it('renders the page for a public token: cart and fees as the API holds them, escaped, in the data-lang language', async () => {
    await open();
    const { publicToken } = await initializeOldStyle(
      sb,
      'legacy',
      initPayload({
        cart: { items: [{ id: 'X<1>', description: '<script>alert(1)</script> & tent', unitPrice: 100, quantity: 2, vat: 25 }] },
      }),
    );
    const response = await sb.fetch(`/uat/frontend/checkout/${publicToken}?lang=sv-SE&action-color=ff0000&action-text-color=red;x`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<html lang="sv-SE">');
    expect(html).toContain('<h1>Kassa</h1>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; tent');
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('--action:#ff0000;');
    // Only hex colours pass: anything else could inject CSS.
    expect(html).not.toContain('red;x');
    expect(html).toMatch(/<label for="email">E-post<\/label>\s*<input id="email"/);
    expect(html).toContain('Sandbox time <time datetime="2026-10-20T10:00:00.000Z">');
    const cart = await sb.fetch(`/uat/frontend/checkout/${publicToken}/cart?lang=en-SE`);
    expect(await cart.text()).toContain('<h2 id="cart-heading">Your order</h2>');
  });

  it('answers 404 for an unknown token and 410 for an expired checkout', async () => {
    await open();
    const unknown = await sb.fetch('/uat/frontend/checkout/public-SE-nope?lang=en-SE');
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('There is no checkout for this link.');
    const { publicToken } = await initializeOldStyle(sb, 'legacy');
    // Unpurchased sessions live 90 days: the newest initialize page (https://payments.collectorbank.se/docs/checkout/initcheckout) says expiresAt is 90 days from creation (it was 7 days, from older revisions of the get checkout page).
    sb.clock.advance(91 * 24 * 3600 * 1000);
    expect((await sb.fetch(`/uat/frontend/checkout/${publicToken}`)).status).toBe(410);
    const aborted = await initializeOldStyle(sb, 'legacy');
    await sb.fetch(`/__admin/uat/checkouts/${aborted.privateId}/abort`, { method: 'POST', body: '{}' });
    const abortedPage = await sb.fetch(`/uat/frontend/checkout/${aborted.publicToken}?lang=en-SE`);
    expect(abortedPage.status).toBe(410);
    expect(await abortedPage.text()).toContain('This checkout was cancelled.');
    const step = await post(`/uat/frontend/checkout/${publicToken}/customer`, { email: 'a@b.se', mobilePhoneNumber: '1', postalCode: '1' });
    expect(step.status).toBe(410);
    expect(await step.json()).toEqual({ error: { status: 410, message: `The checkout ${publicToken} has expired on the sandbox clock.` } });
  });

  it('identifies and purchases through the same code as the admin simulation', async () => {
    await open();
    const { privateId, publicToken } = await initializeOldStyle(sb, 'legacy');
    const identify = await post(`/uat/frontend/checkout/${publicToken}/customer`, {
      email: 'kim@example.se',
      mobilePhoneNumber: '+46700000000',
      postalCode: '41101',
    });
    expect(identify.status).toBe(200);
    expect(await identify.json()).toEqual({
      status: 'CustomerIdentified',
      customer: { email: 'kim@example.se', mobilePhoneNumber: '+46700000000', postalCode: '41101' },
    });
    expect((await post(`/uat/frontend/checkout/${publicToken}/purchase`, { paymentName: 'Bitcoin' })).status).toBe(400);
    const purchase = await post(`/uat/frontend/checkout/${publicToken}/purchase`, { paymentName: 'Card' });
    expect(purchase.status).toBe(200);
    expect(await purchase.json()).toMatchObject({ status: 'PurchaseCompleted', result: 'Completed', paymentName: 'Card' });
    const stored = (await (await sb.fetch(`/__admin/uat/checkouts/${privateId}`)).json()) as {
      status: string;
      data: { customer: { deliveryAddress: { postalCode: string } } };
    };
    expect(stored.status).toBe('PurchaseCompleted');
    expect(stored.data.customer.deliveryAddress.postalCode).toBe('41101');
    // A completed checkout cannot be purchased again.
    expect((await post(`/uat/frontend/checkout/${publicToken}/purchase`, { paymentName: 'Card' })).status).toBe(409);
  });

  it('uses the personas a scenario declares, with a slow identification', async () => {
    dir = mkdtempSync(join(tmpdir(), 'personas-'));
    const base = readFileSync(join(SCENARIO_DIR, 'minimal.yaml'), 'utf8');
    writeFileSync(
      join(dir, 'personas.yaml'),
      base.replace('name: minimal', 'name: personas') +
        '\npersonas:\n  - { name: Slow Sam, email: sam@example.se, mobilePhoneNumber: "+46701111111", postalCode: "11111", outcome: rejected, identifyDelayMs: 300 }\n',
    );
    await open({ scenario: 'personas', scenarioDir: dir });
    const { publicToken } = await initializeOldStyle(sb, 'legacy', initPayload(), {
      username: 'minimal-uat',
      key: 'minimal-uat-key',
      storeId: '1234',
    });
    const page = await (await sb.fetch(`/uat/frontend/checkout/${publicToken}`)).text();
    expect(page).toContain('Slow Sam (sam@example.se)');
    expect(page).not.toContain('approved@example.com');

    const started = performance.now();
    expect(
      (
        await post(`/uat/frontend/checkout/${publicToken}/customer`, {
          email: 'SAM@example.se',
          mobilePhoneNumber: '+46701111111',
          postalCode: '11111',
        })
      ).status,
    ).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    const purchase = await post(`/uat/frontend/checkout/${publicToken}/purchase`, { paymentName: 'DirectInvoice' });
    expect(await purchase.json()).toMatchObject({ status: 'PurchaseCompleted', result: 'Rejected' });
  });
});
