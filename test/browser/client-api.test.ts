/**
 * The client API and client events as a shop's front end meets them, in Chromium: every event
 * on the document with the token, neither bubbling nor cancellable, in the documented order;
 * walleyCheckoutExpired on the sandbox clock and for an expired token; the reload a conflict
 * asks for; several checkouts on one page with suspend()/resume() per token or all; the
 * loader's attributes; and loader tags that a script adds: jQuery's .append() as the
 * WooCommerce plugin does it, createElement as the Magento module does it, and a loader whose
 * text another script evaluates.
 */
import { readFileSync } from 'node:fs';
import type { Browser, FrameLocator, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSandbox } from '../support/sandbox.js';
import { bearerToken } from '../support/manage-api.js';
import { MINIMAL_UAT_CLIENT } from '../support/identity.js';
import {
  EVENT_LOG_SCRIPT,
  BROWSER_TEST_TIMEOUT_MS,
  HAVE_CHROMIUM,
  SKIP_REASON,
  Shop,
  eventually,
  initializeCheckout,
  useChromium,
} from './support.js';

interface Logged {
  type: string;
  token: string | undefined;
  bubbles: boolean;
  cancelable: boolean;
  onDocument: boolean;
  reachedWindow: boolean;
  payload: ({ type: string } & Record<string, unknown>) | null;
}

const LOADER_TEXT = readFileSync(new URL('../../src/hosted-page/assets/loader.js', import.meta.url), 'utf8');

let browser: Browser;
const sb = useSandbox({ scenario: 'minimal', port: 0, now: '2026-10-20T10:00:00Z', frozen: true });
let shop: Shop;
let page: Page;
let bearer: string;

describe.skipIf(!HAVE_CHROMIUM)(
  `client API and client events in Chromium${HAVE_CHROMIUM ? '' : ` (${SKIP_REASON})`}`,
  { timeout: BROWSER_TEST_TIMEOUT_MS },
  () => {
    browser = useChromium();

    beforeEach(async () => {
      await sb.listen();
      shop = new Shop(sb.baseUrl('uat', 'frontend'));
      await shop.start();
      page = await browser.newPage();
      bearer = await bearerToken(sb, 'uat', MINIMAL_UAT_CLIENT);
    });
    afterEach(async () => {
      await page?.close();
      await shop?.stop();
    });

    const privateIds = new Map<string, string>();
    const newToken = async (): Promise<string> => {
      const { publicToken, privateId } = await initializeCheckout(sb, shop, bearer);
      privateIds.set(publicToken, privateId);
      return publicToken;
    };

    const attr = (s: string): string => s.replace(/[&"<>]/g, (ch) => `&#${ch.charCodeAt(0)};`);
    /** A loader tag as a shop writes it in its page (in English unless told otherwise). */
    const tag = (token: string, attributes: Record<string, string> = {}, loader: 'walley' | 'collector' = 'walley'): string =>
      `<script src="${attr(shop.loaderUrl(loader))}" data-token="${attr(token)}"${Object.entries({ 'data-lang': 'en-SE', ...attributes })
        .map(([name, value]) => ` ${name}="${attr(value)}"`)
        .join('')}></script>`;

    /** Serves a shop page (the event log first) and opens it. */
    async function openShopPage(body: string, head = ''): Promise<void> {
      const path = `/page-${Math.random().toString(36).slice(2)}`;
      shop.pages.set(
        path,
        () =>
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title>${head}</head><body>${EVENT_LOG_SCRIPT}${body}</body></html>`,
      );
      await page.goto(`${shop.base}${path}`);
    }

    const frameOf = (token: string): FrameLocator => page.frameLocator(`iframe[data-checkout-sandbox="${token}"]`);
    const rendered = (token: string, heading = 'Your order'): Promise<void> =>
      frameOf(token).getByRole('heading', { name: heading }).waitFor();
    const log = (): Promise<Logged[]> => page.evaluate(() => (globalThis as unknown as { shopLog: Logged[] }).shopLog);
    const events = async (): Promise<Logged[]> => (await log()).filter((e) => !/Metric$/.test(e.type));
    const seen = async (type: string, token?: string): Promise<boolean> =>
      (await log()).some((e) => e.type === type && (token === undefined || e.token === token));
    const api = (call: string): Promise<void> => page.evaluate(`window.walley.checkout.api.${call}`) as Promise<void>;

    async function identify(frame: FrameLocator, personaEmail = 'approved@example.com'): Promise<void> {
      await frame.getByLabel('Test persona').selectOption(personaEmail);
      await frame.getByRole('button', { name: 'Continue' }).click();
      await frame.getByRole('button', { name: 'Complete purchase' }).waitFor();
    }

    async function checkoutData(token: string): Promise<{ status: string; purchase: { result: string } | null }> {
      const response = await sb.fetch(`/uat/api/checkouts/${privateIds.get(token)!}`, { headers: { authorization: `Bearer ${bearer}` } });
      return ((await response.json()) as { data: never }).data;
    }

    it('every event reaches the document with the token, neither bubbling nor cancellable; a cancelled card payment is PaymentAborted then Unlocked; the metrics follow the draft page', async () => {
      const token = await newToken();
      await openShopPage(
        `<div id="walley-checkout-container"></div>${tag(token, { 'data-container-id': 'walley-checkout-container', 'data-version': 'v2' })}`,
      );
      await rendered(token);
      const frame = frameOf(token);
      await eventually(() => seen('walleyCheckoutMetric'), 'the first metric');

      await identify(frame);
      await frame.getByLabel('Send me news and offers from the shop').check();
      await frame.getByLabel('Card', { exact: true }).check();
      await frame.getByRole('button', { name: 'Complete purchase' }).click();
      await frame.getByRole('button', { name: 'Cancel the payment' }).click();
      expect(await frame.getByRole('alert').filter({ hasText: 'The payment was cancelled' }).textContent()).toContain(
        'Nothing was charged',
      );
      await eventually(() => seen('walleyCheckoutUnlocked'), 'the unlock after the cancelled payment');
      expect((await checkoutData(token)).status).toBe('CustomerIdentified');

      await frame.getByRole('button', { name: 'Complete purchase' }).click();
      await frame.getByRole('button', { name: 'Approve the payment' }).click();
      await frame.getByRole('heading', { name: 'Thank you for your purchase' }).waitFor();
      await eventually(
        async () => (await events()).filter((e) => e.type === 'walleyCheckoutUnlocked').length === 2,
        'the unlock after the purchase',
      );

      expect((await events()).map((e) => e.type)).toEqual([
        'walleyCheckoutCustomerUpdated',
        'walleyCheckoutCrmUpdated',
        'walleyCheckoutLocked',
        'walleyCheckoutPaymentAborted',
        'walleyCheckoutUnlocked',
        'walleyCheckoutLocked',
        'walleyCheckoutPurchaseCompleted',
        'walleyCheckoutUnlocked',
      ]);
      for (const event of await log()) {
        expect(event, event.type).toMatchObject({ token, bubbles: false, cancelable: false, onDocument: true, reachedWindow: false });
      }
      const metrics = (await log()).filter((e) => e.type === 'walleyCheckoutMetric').map((e) => e.payload);
      expect(metrics).toEqual([
        { type: 'Initialized' },
        { type: 'InView' },
        { type: 'CustomerIdentified' },
        { type: 'DeliveryAddressChanged' },
        { type: 'PaymentOptionSelected', paymentOption: { paymentMethodName: 'Card', paymentOptionId: 4 } },
      ]);
      expect((await checkoutData(token)).purchase?.result).toBe('Completed');
    });

    it('walleyCheckoutExpired when the session passes its expiry on the sandbox clock, and for an expired token given to the (old) loader', async () => {
      const token = await newToken();
      const later = await newToken();
      await openShopPage(tag(token));
      await rendered(token);
      const frame = frameOf(token);
      const { expiresAt } = (await (await sb.fetch(`/uat/frontend/checkout/${token}/state`)).json()) as { expiresAt: string };
      const advance = (seconds: number): Promise<Response> =>
        sb.fetch('/__admin/clock/advance', { method: 'POST', body: JSON.stringify({ seconds }) });

      // A minute before the expiry nothing happens; past it, the open page hears of it.
      expect((await advance((Date.parse(expiresAt) - Date.parse('2026-10-20T10:00:00Z')) / 1000 - 60)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(await seen('walleyCheckoutExpired')).toBe(false);
      await advance(120);
      await eventually(() => seen('walleyCheckoutExpired', token), 'walleyCheckoutExpired');
      await frame.getByRole('alert').filter({ hasText: 'This checkout has expired' }).waitFor();
      expect(await frame.getByRole('button', { name: 'Continue' }).isHidden()).toBe(true);
      expect((await events()).map((e) => e.type)).toEqual(['walleyCheckoutExpired']);

      // The shop's page loads the old loader with a token that has expired meanwhile (the Magento module listens for collectorCheckoutExpired).
      await openShopPage(tag(later, {}, 'collector'));
      await frameOf(later).getByText('This checkout has expired').waitFor();
      await eventually(() => seen('collectorCheckoutExpired', later), 'collectorCheckoutExpired');
      expect((await events()).map((e) => [e.type, e.token])).toEqual([
        ['walleyCheckoutExpired', later],
        ['collectorCheckoutExpired', later],
      ]);
    });

    it('a cart changed without suspend()/resume() asks the customer to reload (walleyCheckoutReloadedByUser); wrapped in them it is no conflict', async () => {
      const publicToken = await newToken();
      const checkout = { publicToken, privateId: privateIds.get(publicToken)! };
      await openShopPage(tag(checkout.publicToken));
      await rendered(checkout.publicToken);
      const frame = frameOf(checkout.publicToken);
      const putCart = (id: string, description: string): Promise<Response> =>
        sb.fetch(`/uat/api/checkouts/${checkout.privateId}/cart`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
          body: JSON.stringify({ items: [{ id, description, unitPrice: 599, quantity: 1, vat: 25 }] }),
        });

      expect((await putCart('STOVE', 'Camping stove')).status).toBe(200);
      await frame.getByLabel('Test persona').selectOption('approved@example.com');
      await frame.getByRole('button', { name: 'Continue' }).click();
      await frame.getByRole('alert').filter({ hasText: 'The shop changed your order' }).waitFor();
      expect((await checkoutData(checkout.publicToken)).status).toBe('Initialized');
      await frame.getByRole('button', { name: 'Reload the checkout' }).click();
      await eventually(() => seen('walleyCheckoutReloadedByUser', checkout.publicToken), 'walleyCheckoutReloadedByUser');
      await eventually(async () => ((await frame.locator('#cart').textContent()) ?? '').includes('Camping stove'), 'the reloaded cart');
      await identify(frame);

      await api('suspend()');
      expect((await putCart('LAMP', 'Head lamp')).status).toBe(200);
      await api('resume()');
      await eventually(() => seen('walleyCheckoutResumed'), 'walleyCheckoutResumed');
      expect(await frame.locator('#cart').textContent()).toContain('Head lamp');
      await frame.getByRole('button', { name: 'Complete purchase' }).click();
      await frame.getByRole('heading', { name: 'Thank you for your purchase' }).waitFor();
      await eventually(() => seen('walleyCheckoutUnlocked'), 'walleyCheckoutUnlocked');
      expect((await events()).map((e) => e.type)).toEqual([
        'walleyCheckoutReloadedByUser',
        'walleyCheckoutCustomerUpdated',
        'walleyCheckoutResumed',
        'walleyCheckoutLocked',
        'walleyCheckoutPurchaseCompleted',
        'walleyCheckoutUnlocked',
      ]);
    });

    it('several checkouts on one page: suspend()/resume() act on the token given or on all; a second loader tag adds a checkout and keeps the one API', async () => {
      const first = await newToken();
      const second = await newToken();
      await openShopPage(
        `<div id="first"></div><div id="second"></div>` +
          tag(first, { 'data-container-id': 'first' }) +
          `<script>window.firstApi = window.walley.checkout.api;</script>` +
          tag(second, { 'data-container-id': 'second' }, 'collector'),
      );
      await Promise.all([rendered(first), rendered(second)]);
      expect(
        await page.evaluate(
          'window.firstApi === window.walley.checkout.api && window.walley.checkout.api === window.collector.checkout.api',
        ),
      ).toBe(true);
      const updating = (token: string) => frameOf(token).getByRole('status').filter({ hasText: 'The shop is updating your order' });
      const enabled = (token: string): Promise<boolean> => frameOf(token).getByRole('button', { name: 'Continue' }).isEnabled();

      await api(`suspend(${JSON.stringify(first)})`);
      await updating(first).waitFor();
      expect([await enabled(first), await enabled(second)]).toEqual([false, true]);
      await api(`resume(${JSON.stringify(first)})`);
      await eventually(() => seen('walleyCheckoutResumed', first), 'the first checkout resumed');
      expect(await enabled(first)).toBe(true);

      await api('suspend()');
      await Promise.all([updating(first).waitFor(), updating(second).waitFor()]);
      await page.evaluate('window.collector.checkout.api.resume()');
      await eventually(async () => (await events()).length === 4, 'both checkouts resumed');
      expect([await enabled(first), await enabled(second)]).toEqual([true, true]);
      const resumed = (await events()).map((e) => `${e.type} ${e.token}`);
      // The two iframes answer in parallel: after the first resume(token), the others in either order.
      expect(resumed[0]).toBe(`walleyCheckoutResumed ${first}`);
      expect(resumed.slice(1).sort()).toEqual(
        [`collectorCheckoutResumed ${second}`, `walleyCheckoutResumed ${first}`, `walleyCheckoutResumed ${second}`].sort(),
      );

      await identify(frameOf(second));
      await eventually(() => seen('walleyCheckoutCustomerUpdated', second), "the second checkout's customer");
      expect((await events()).filter((e) => /CustomerUpdated$/.test(e.type)).map((e) => e.token)).toEqual([second, second]);
    });

    it('loader attributes: the iframe goes above a tag without data-container-id; data-lang of another country is ignored; action colours keep AA contrast; data-version, data-variant and data-webview are accepted', async () => {
      const plain = await newToken();
      const business = await newToken();
      await openShopPage(
        // Empty attributes (the mobile SDKs write every one) count as absent.
        `<p id="before">Shop text</p>${tag(plain, { id: 'plain-tag', 'data-container-id': '', 'data-lang': 'nb-NO', 'data-action-color': '#ffd400', 'data-version': 'v2', 'data-webview': 'true' })}` +
          `<div id="box"></div>${tag(business, { 'data-container-id': 'box', 'data-lang': 'en-SE', 'data-variant': 'b2b', 'data-action-color': '0b6e4f', 'data-action-text-color': '#333333' })}`,
      );
      await Promise.all([rendered(plain, 'Din beställning'), rendered(business)]);
      expect(await page.evaluate("document.getElementById('plain-tag').previousElementSibling.getAttribute('data-checkout-sandbox')")).toBe(
        plain,
      );
      expect(await page.evaluate("document.getElementById('box').firstElementChild.getAttribute('data-checkout-sandbox')")).toBe(business);

      const button = (token: string): Promise<string[]> =>
        frameOf(token)
          .locator('button.action')
          .first()
          .evaluate((el) => {
            const style = (
              globalThis as unknown as { getComputedStyle(e: unknown): { backgroundColor: string; color: string } }
            ).getComputedStyle(el);
            return [style.backgroundColor, style.color];
          });
      // nb-NO on a Swedish checkout is ignored: the page speaks Swedish.
      expect(await frameOf(plain).locator('html').getAttribute('lang')).toBe('sv-SE');
      // White on #ffd400 is 1.5:1: the text turns black.
      expect(await button(plain)).toEqual(['rgb(255, 212, 0)', 'rgb(0, 0, 0)']);

      expect(await frameOf(business).locator('html').getAttribute('lang')).toBe('en-SE');
      // #333333 is nearer black than white.
      expect(await button(business)).toEqual(['rgb(11, 110, 79)', 'rgb(0, 0, 0)']);
      expect(
        await frameOf(business)
          .locator('input[name=paymentName]')
          .evaluateAll((inputs) => inputs.map((i) => (i as unknown as { value: string }).value)),
      ).toEqual(['DirectInvoice']);
    });

    it("loader tags a script adds: jQuery's .append() as the WooCommerce plugin writes it (and its B2C/B2B switch), createElement as the Magento module does, and a loader whose text another script evaluates", async () => {
      const [woo, wooB2b, magento, evaluated] = [await newToken(), await newToken(), await newToken(), await newToken()];
      await openShopPage(
        '<div id="collector-container"></div><div id="collectorIframe"></div><div id="evaluated"></div>',
        `<script src="${shop.base}/jquery.js"></script>`,
      );
      const wooTag = (token: string, variant: string): string =>
        `<script src="${shop.loaderUrl('collector')}" data-lang="en-SE" data-token="${token}" data-variant="${variant}" data-action-color="#0b6e4f" >`;

      // The plugin's getNewCheckoutIframe: the tag string, unclosed, appended with jQuery (which loads the cross-origin script through a tag of its own).
      await page.evaluate(
        (html) => (globalThis as unknown as { jQuery(s: string): { append(h: string): void } }).jQuery('#collector-container').append(html),
        wooTag(woo, 'b2c'),
      );
      await rendered(woo);
      expect(await page.evaluate("document.querySelector('#collector-container iframe + script').getAttribute('data-token')")).toBe(woo);

      // The B2C/B2B switch empties the container and appends a new tag.
      await page.evaluate(
        (html) => {
          const $ = (globalThis as unknown as { jQuery(s: string): { empty(): void; append(h: string): void } }).jQuery;
          $('#collector-container').empty();
          $('#collector-container').append(html);
        },
        wooTag(wooB2b, 'b2b'),
      );
      await rendered(wooB2b);
      await identify(frameOf(wooB2b));
      await eventually(() => seen('collectorCheckoutCustomerUpdated', wooB2b), 'the B2B checkout’s customer');

      // The Magento module's iframeLoader: createElement, setAttribute (empty colours included), appendChild.
      await page.evaluate(`(() => {
      const script = document.createElement('script');
      script.src = ${JSON.stringify(shop.loaderUrl('walley'))};
      script.setAttribute('data-token', ${JSON.stringify(magento)});
      script.setAttribute('data-version', 'v2');
      script.setAttribute('data-lang', 'sv-SE');
      script.setAttribute('data-action-color', '');
      script.setAttribute('data-action-text-color', '');
      document.getElementById('collectorIframe').appendChild(script);
    })()`);
      await rendered(magento, 'Din beställning');

      // A tag put in the page without running it, and the loader's text run by another script (document.currentScript carries nothing).
      await page.evaluate(`(() => {
      const inert = document.createElement('script');
      inert.type = 'text/x-not-run';
      inert.src = ${JSON.stringify(shop.loaderUrl('walley'))};
      inert.setAttribute('data-token', ${JSON.stringify(evaluated)});
      inert.setAttribute('data-lang', 'en-SE');
      document.getElementById('evaluated').appendChild(inert);
    })()`);
      await page.addScriptTag({ content: LOADER_TEXT });
      await rendered(evaluated);
      expect(await page.evaluate("document.querySelector('#evaluated iframe + script').getAttribute('data-token')")).toBe(evaluated);

      // The first checkout left the page with its container's content: an all-checkouts resume() reaches the three still there.
      await api('suspend()');
      await api('resume()');
      await eventually(
        async () => (await events()).filter((e) => e.type === 'walleyCheckoutResumed').length === 3,
        'three resumed checkouts',
      );
      expect(
        (await events())
          .filter((e) => e.type === 'walleyCheckoutResumed')
          .map((e) => e.token)
          .sort(),
      ).toEqual([wooB2b, magento, evaluated].sort());
    });
  },
);
