/**
 * Delivery modules and B2B stores in a real browser: a shop initializes with profile `shipping` (nShift) and no
 * fee; in the iframe the customer identifies, the delivery step shows the first option chosen,
 * and picking another one fires walleyCheckoutShippingUpdated on the shop's page and changes
 * the fee in the cart, in data.shipping and in the order. And a shop on its B2B store: the
 * iframe is the business variant, the customer identifies as a company through a persona, and
 * the shop reads BusinessCustomer with the organisation number.
 */
import type { Browser, FrameLocator, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSandbox } from '../support/sandbox.js';
import { at, initPayload } from '../support/checkout-requests.js';
import { bearerToken } from '../support/manage-api.js';
import { BROWSER_TEST_TIMEOUT_MS, HAVE_CHROMIUM, SKIP_REASON, Shop, eventually, useChromium } from './support.js';

let browser: Browser;
const sb = useSandbox({ port: 0, now: '2026-10-20T10:00:00Z', frozen: true });
let shop: Shop;
let page: Page;
let bearer: string;

describe.skipIf(!HAVE_CHROMIUM)(
  `delivery step and B2B variant in Chromium${HAVE_CHROMIUM ? '' : ` (${SKIP_REASON})`}`,
  { timeout: BROWSER_TEST_TIMEOUT_MS },
  () => {
    browser = useChromium();

    beforeEach(async () => {
      await sb.listen();
      shop = new Shop(sb.baseUrl('uat', 'frontend'));
      await shop.start();
      page = await browser.newPage();
      bearer = await bearerToken(sb, 'uat');
    });
    afterEach(async () => {
      await page?.close();
      await shop?.stop();
    });

    /** The shop's backend initializes (default scenario, Nordic Outdoor), its page embeds the loader. */
    async function openCheckout(overrides: Record<string, unknown>): Promise<{ privateId: string; frame: FrameLocator }> {
      const response = await sb.fetch('/uat/api/checkouts', {
        method: 'POST',
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
        body: JSON.stringify(initPayload({ notificationUri: `${shop.base}/notify?private-id={checkout.id}`, ...overrides })),
      });
      const { data } = (await response.json()) as { data: { privateId: string; publicToken: string } };
      expect(response.status).toBe(200);
      await page.goto(`${shop.base}/checkout?token=${encodeURIComponent(data.publicToken)}`);
      const frame = page.frameLocator('iframe[data-checkout-sandbox]');
      await frame.getByRole('heading', { name: 'Your order' }).waitFor();
      return { privateId: data.privateId, frame };
    }

    const shopEvents = (): Promise<string[]> => page.evaluate(() => (globalThis as unknown as { shopEvents: string[] }).shopEvents);
    const total = async (frame: FrameLocator): Promise<string> => ((await frame.locator('#total').textContent()) ?? '').replace(/\s/g, '');

    async function checkoutData(privateId: string): Promise<Record<string, unknown>> {
      const response = await sb.fetch(`/uat/api/checkouts/${privateId}`, { headers: { authorization: `Bearer ${bearer}` } });
      return ((await response.json()) as { data: Record<string, unknown> }).data;
    }

    it('profile shipping: the first option after identifying, another one fires walleyCheckoutShippingUpdated and changes the fee', async () => {
      const { privateId, frame } = await openCheckout({ profileName: 'shipping', fees: '' });
      // Cart only (2499 + 2 × 99.50) until the customer identifies and the module picks a default.
      expect(await total(frame)).toBe('2698,00kr');
      expect(await frame.locator('#delivery').isHidden()).toBe(true);

      await frame.getByLabel('Test persona').selectOption('approved@example.com');
      await frame.getByRole('button', { name: 'Continue' }).click();
      await frame.getByRole('group', { name: 'Delivery' }).waitFor();
      await eventually(
        async () => (await shopEvents()).includes('walleyCheckoutShippingUpdated'),
        'the first walleyCheckoutShippingUpdated',
      );
      expect(
        await frame
          .getByLabel(/^Service point · 49,00/)
          .first()
          .isChecked(),
      ).toBe(true);
      await eventually(async () => (await total(frame)) === '2747,00kr', 'the total with the service point fee');
      expect(at(await checkoutData(privateId), 'shipping', 'shippingFee')).toBe(49);

      await frame.getByLabel(/^Home delivery · 99,00/).check();
      await eventually(
        async () => (await shopEvents()).filter((e) => e === 'walleyCheckoutShippingUpdated').length === 2,
        'walleyCheckoutShippingUpdated after the change',
      );
      await eventually(async () => (await total(frame)) === '2797,00kr', 'the total with the home delivery fee');
      expect(await frame.locator('[data-shipping-id="shipping|postnord:home"]').textContent()).toContain('PostNord Home delivery');
      const chosen = await checkoutData(privateId);
      expect(chosen.shipping).toMatchObject({ carrierName: 'PostNord', shippingFee: 99, shippingFeeId: 'shipping|postnord:home' });

      await frame.getByRole('button', { name: 'Complete purchase' }).click();
      await frame.getByRole('heading', { name: 'Thank you for your purchase' }).waitFor();
      await eventually(async () => (await shopEvents()).includes('walleyCheckoutUnlocked'), 'walleyCheckoutUnlocked');
      expect(await shopEvents()).toEqual([
        'walleyCheckoutCustomerUpdated',
        'walleyCheckoutShippingUpdated',
        'walleyCheckoutShippingUpdated',
        'walleyCheckoutLocked',
        'walleyCheckoutPurchaseCompleted',
        'walleyCheckoutUnlocked',
      ]);
      const done = await checkoutData(privateId);
      expect([at(done, 'purchase', 'amountToPay'), at(done, 'order', 'totalAmount'), at(done, 'shipping', 'shippingFee')]).toEqual([
        2797, 2797, 99,
      ]);
    });

    it('a B2B store: the business variant, the company from a persona, BusinessCustomer for the shop', async () => {
      const { privateId, frame } = await openCheckout({ storeId: '1236' });
      await frame.getByLabel('Test persona').selectOption('company@example.com');
      expect(await frame.getByLabel('Organisation number').inputValue()).toBe('5591234561');
      expect(await frame.getByLabel('Card', { exact: true }).count()).toBe(0);
      await frame.getByLabel('Invoice reference').fill('Cost centre 42');
      await frame.getByRole('button', { name: 'Continue' }).click();
      await frame.getByRole('button', { name: 'Complete purchase' }).waitFor();
      await frame.getByRole('button', { name: 'Complete purchase' }).click();
      await frame.getByRole('heading', { name: 'Thank you for your purchase' }).waitFor();

      const data = await checkoutData(privateId);
      expect(data.customerType).toBe('BusinessCustomer');
      expect(data.businessCustomer).toMatchObject({
        companyName: 'Testföretaget AB',
        organizationNumber: '5591234561',
        invoiceReference: 'Cost centre 42',
        email: 'company@example.com',
      });
      const order = await sb.fetch(`/uat/api/manage/orders/${String(at(data, 'order', 'orderId'))}`, {
        headers: { authorization: `Bearer ${bearer}` },
      });
      expect(((await order.json()) as { data: Record<string, unknown> }).data).toMatchObject({
        salesSegment: 'B2B',
        customer: { type: 'Organization', name: 'Testföretaget AB' },
      });
    });
  },
);
