/**
 * docs/browser-checkout.md's merchant page runs as pasted: served by a shop with a real
 * checkout's public token and the sandbox's loader URL in place of the page's, it shows the
 * checkout, its onBeforePayment hook runs the shop's call, and the customer buys, with no
 * script error on the page.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useSandbox } from '../support/sandbox.js';
import { ROOT } from '../support/spawn.js';
import { BROWSER_TEST_TIMEOUT_MS, HAVE_CHROMIUM, SKIP_REASON, Shop, initializeCheckout, useChromium } from './support.js';

const block = /^```html merchant-page\n([\s\S]*?)^```$/m.exec(readFileSync(join(ROOT, 'docs/browser-checkout.md'), 'utf8'))?.[1];

describe.skipIf(!HAVE_CHROMIUM)(
  `the merchant page of docs/browser-checkout.md${HAVE_CHROMIUM ? '' : ` (${SKIP_REASON})`}`,
  { timeout: BROWSER_TEST_TIMEOUT_MS },
  () => {
    const browser = useChromium();
    const sb = useSandbox({ scenario: 'minimal', port: 0 }, 'file');
    let shop: Shop;
    let page: Page;
    beforeAll(async () => {
      await sb.listen();
      shop = new Shop(sb.baseUrl('uat', 'frontend'));
      await shop.start();
      page = await browser.newPage();
    });
    afterAll(async () => {
      await page?.close();
      await shop?.stop();
    });

    it('shows the checkout, runs placeShopOrder before the payment, and completes the purchase', async () => {
      expect(block).toBeDefined();
      const checkout = await initializeCheckout(sb, shop);
      // Only what a reader fills in: the token, and where their sandbox is.
      const html = block!
        .replace('public-SE-…', checkout.publicToken)
        .replace('http://127.0.0.1:4010/uat/frontend/walley-checkout-loader.js', shop.loaderUrl('walley'));
      expect(html).toContain(checkout.publicToken);
      shop.pages.set(
        '/merchant-page',
        () => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title></head><body>${html}</body></html>`,
      );
      const errors: string[] = [];
      const logged: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => logged.push(message.text()));
      await page.goto(`${shop.base}/merchant-page`);

      // The page asks for Swedish (data-lang="sv-SE"), and the checkout is Swedish.
      const frame = page.frameLocator('iframe[data-checkout-sandbox]');
      await frame.getByRole('heading', { name: 'Din beställning' }).waitFor();
      await frame.getByLabel('Testperson').selectOption('approved@example.com');
      await frame.getByRole('button', { name: 'Fortsätt' }).click();
      await frame.getByRole('button', { name: 'Slutför köp' }).click();
      await frame.getByRole('heading', { name: 'Tack för ditt köp' }).waitFor();

      expect(errors).toEqual([]);
      expect(logged).toContain('the shop places its order');
      expect(logged.some((line) => line.startsWith('done'))).toBe(true);
    });
  },
);
