/**
 * The customer's side in a real browser: a shop's page embeds the loader with a token from
 * POST /checkouts, the customer completes the purchase in the iframe, and the shop sees the
 * events on its document, the validation and notification calls, and the order on
 * /manage/orders. Also: a rejected persona (old loader), a failing validation, the merchant's
 * onBeforePayment refusing, suspend()/resume() around a cart update, and the pay link opened as a
 * whole page.
 */
import type { Browser, FrameLocator, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSandbox } from '../support/sandbox.js';
import {
  BROWSER_TEST_TIMEOUT_MS,
  HAVE_CHROMIUM,
  type InitializedCheckout,
  SKIP_REASON,
  Shop,
  eventually,
  initializeCheckout,
  useChromium,
} from './support.js';

let browser: Browser;
const sb = useSandbox({ scenario: 'minimal', port: 0, now: '2026-10-20T10:00:00Z', frozen: true });
let shop: Shop;
let page: Page;

describe.skipIf(!HAVE_CHROMIUM)(
  `hosted checkout in Chromium${HAVE_CHROMIUM ? '' : ` (${SKIP_REASON})`}`,
  { timeout: BROWSER_TEST_TIMEOUT_MS },
  () => {
    browser = useChromium();

    beforeEach(async () => {
      await sb.listen();
      shop = new Shop(sb.baseUrl('uat', 'frontend'));
      await shop.start();
      page = await browser.newPage();
    });
    afterEach(async () => {
      await page?.close();
      await shop?.stop();
    });

    async function openCheckout(
      loader: 'walley' | 'collector' = 'walley',
    ): Promise<{ checkout: InitializedCheckout & { bearer: string }; frame: FrameLocator }> {
      const checkout = await initializeCheckout(sb, shop);
      await page.goto(`${shop.base}/checkout?token=${encodeURIComponent(checkout.publicToken)}&loader=${loader}`);
      const frame = page.frameLocator('iframe[data-checkout-sandbox]');
      await frame.getByRole('heading', { name: 'Your order' }).waitFor();
      return { checkout, frame };
    }

    async function identifyAs(frame: FrameLocator, personaEmail: string): Promise<void> {
      await frame.getByLabel('Test persona').selectOption(personaEmail);
      await frame.getByRole('button', { name: 'Continue' }).click();
      await frame.getByRole('button', { name: 'Complete purchase' }).waitFor();
    }

    const shopEvents = (): Promise<string[]> => page.evaluate(() => (globalThis as unknown as { shopEvents: string[] }).shopEvents);

    async function apiCheckout(checkout: {
      privateId: string;
      bearer: string;
    }): Promise<Record<string, unknown> & { status: string; purchase: { result: string } | null; order: { orderId: string } | null }> {
      const response = await sb.fetch(`/uat/api/checkouts/${checkout.privateId}`, {
        headers: { authorization: `Bearer ${checkout.bearer}` },
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { data: never }).data;
    }

    it('completes a purchase in the iframe: events on the shop page, validation and notification calls, the order on /manage/orders', async () => {
      const { checkout, frame } = await openCheckout();
      // The page shows the cart as the API holds it: 2499 + 2 × 99.50 + 49 shipping.
      // en-SE formats as "2 747,00 kr" (with a narrow no-break space).
      expect((await frame.locator('#total').textContent())?.replace(/\s/g, '')).toBe('2747,00kr');

      await identifyAs(frame, 'approved@example.com');
      await frame.getByLabel('Invoice').check();
      await frame.getByRole('button', { name: 'Complete purchase' }).click();
      await frame.getByRole('heading', { name: 'Thank you for your purchase' }).waitFor();

      // Unlocked follows every purchase attempt, a successful one too.
      await eventually(async () => (await shopEvents()).includes('walleyCheckoutUnlocked'), 'walleyCheckoutUnlocked');
      expect(await shopEvents()).toEqual([
        'walleyCheckoutCustomerUpdated',
        'walleyCheckoutLocked',
        'walleyCheckoutPurchaseCompleted',
        'walleyCheckoutUnlocked',
      ]);

      await eventually(() => shop.calls('/notify').length > 0, 'the notification call');
      const validation = shop.calls('/validate');
      expect(validation).toHaveLength(1);
      expect(validation[0]!.method).toBe('POST');
      expect(validation[0]!.query.get('private-id')).toBe(checkout.privateId);
      const notification = shop.calls('/notify')[0]!;
      expect(notification.method).toBe('GET');
      expect(notification.query.get('public-token')).toBe(checkout.publicToken);

      const data = await apiCheckout(checkout);
      expect(data.status).toBe('PurchaseCompleted');
      expect(data.purchase?.result).toBe('Preliminary');
      expect(at(data, 'customer', 'email')).toBe('approved@example.com');
      const orderId = data.order!.orderId;
      const order = await sb.fetch(`/uat/api/manage/orders/${orderId}`, { headers: { authorization: `Bearer ${checkout.bearer}` } });
      expect(order.status).toBe(200);
      const orderData = ((await order.json()) as { data: { status: string; totalAmount: number; paymentMethod?: string } }).data;
      expect(orderData.status).toBe('NotActivated');
      expect(orderData.totalAmount).toBe(2747);
    });

    it('opens the pay link (paymentUri) as a whole page: the customer buys there and the shop gets the validation and notification calls', async () => {
      const checkout = (await initializeCheckout(sb, shop)) as InitializedCheckout & { bearer: string; paymentUri: string };
      // The link as a shop sends it, with the page's lang parameter (the market's own language otherwise).
      await page.goto(`${checkout.paymentUri}?lang=en-SE`);
      await page.getByRole('heading', { name: 'Your order' }).waitFor();
      await page.getByLabel('Test persona').selectOption('approved@example.com');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByLabel('Invoice').check();
      await page.getByRole('button', { name: 'Complete purchase' }).click();
      await page.getByRole('heading', { name: 'Thank you for your purchase' }).waitFor();
      await eventually(() => shop.calls('/notify').length > 0, 'the notification call');
      expect(shop.calls('/validate')).toHaveLength(1);
      expect((await apiCheckout(checkout)).status).toBe('PurchaseCompleted');
    });

    it('a rejected persona: the purchase completes with result Rejected, the old loader fires collectorCheckout… events too', async () => {
      const { checkout, frame } = await openCheckout('collector');
      expect(
        await page.evaluate(
          () => typeof (globalThis as unknown as { collector: { checkout: { api: { suspend: unknown } } } }).collector.checkout.api.suspend,
        ),
      ).toBe('function');
      await identifyAs(frame, 'rejected@example.com');
      await frame.getByRole('button', { name: 'Complete purchase' }).click();
      await frame.getByRole('heading', { name: 'Your purchase was not approved' }).waitFor();
      await eventually(async () => (await shopEvents()).includes('collectorCheckoutUnlocked'), 'the unlock after the purchase');
      expect(await shopEvents()).toEqual([
        'walleyCheckoutCustomerUpdated',
        'collectorCheckoutCustomerUpdated',
        'walleyCheckoutLocked',
        'collectorCheckoutLocked',
        'walleyCheckoutPurchaseCompleted',
        'collectorCheckoutPurchaseCompleted',
        'walleyCheckoutUnlocked',
        'collectorCheckoutUnlocked',
      ]);
      const data = await apiCheckout(checkout);
      expect(data.purchase?.result).toBe('Rejected');
      const order = await sb.fetch(`/uat/api/manage/orders/${data.order!.orderId}`, {
        headers: { authorization: `Bearer ${checkout.bearer}` },
      });
      expect(((await order.json()) as { data: { status: string } }).data.status).toBe('Cancelled');
    });

    it('a failing validation stops the purchase and unlocks the checkout; a second try after the shop recovers completes it', async () => {
      shop.validationStatus = 409;
      const { checkout, frame } = await openCheckout();
      await identifyAs(frame, 'approved@example.com');
      await frame.getByRole('button', { name: 'Complete purchase' }).click();
      const alert = frame.getByRole('alert');
      await alert.waitFor();
      expect(await alert.textContent()).toContain('The shop could not accept the order');
      await eventually(async () => (await shopEvents()).includes('walleyCheckoutUnlocked'), 'walleyCheckoutUnlocked');
      expect(await shopEvents()).toEqual([
        'walleyCheckoutCustomerUpdated',
        'walleyCheckoutLocked',
        'walleyCheckoutOrderValidationFailed',
        'walleyCheckoutUnlocked',
      ]);
      expect((await apiCheckout(checkout)).status).toBe('CustomerIdentified');
      expect(shop.calls('/notify')).toHaveLength(0);

      shop.validationStatus = 200;
      await frame.getByRole('button', { name: 'Complete purchase' }).click();
      await frame.getByRole('heading', { name: 'Thank you for your purchase' }).waitFor();
      expect(shop.calls('/validate')).toHaveLength(2);
      expect((await apiCheckout(checkout)).status).toBe('PurchaseCompleted');
    });

    it('the validation-failing persona fails validation without the shop answering non-2xx', async () => {
      const { checkout, frame } = await openCheckout();
      await identifyAs(frame, 'validation-fails@example.com');
      await frame.getByRole('button', { name: 'Complete purchase' }).click();
      await frame.getByRole('alert').waitFor();
      await eventually(async () => (await shopEvents()).includes('walleyCheckoutOrderValidationFailed'), 'the validation event');
      expect(shop.calls('/validate')).toHaveLength(0);
      expect((await apiCheckout(checkout)).status).toBe('CustomerIdentified');
    });

    it("the merchant's onBeforePayment can refuse: no lock, the customer sees the shop's message", async () => {
      const { checkout, frame } = await openCheckout();
      await page.evaluate(() => {
        (
          globalThis as unknown as { walley: { checkout: { api: { onBeforePayment(cb: () => Promise<void>): void } } } }
        ).walley.checkout.api.onBeforePayment(() =>
          Promise.reject({ title: 'Place order issue', message: 'The shipping method is no longer available' }),
        );
      });
      await identifyAs(frame, 'approved@example.com');
      await frame.getByRole('button', { name: 'Complete purchase' }).click();
      const alert = frame.getByRole('alert');
      await alert.waitFor();
      expect(await alert.textContent()).toBe('Place order issue: The shipping method is no longer available');
      expect(await shopEvents()).toEqual(['walleyCheckoutCustomerUpdated']);
      expect((await apiCheckout(checkout)).status).toBe('CustomerIdentified');
    });

    it('a cart update through the API while the page is suspended shows after resume()', async () => {
      const { checkout, frame } = await openCheckout();
      await page.evaluate(() =>
        (globalThis as unknown as { walley: { checkout: { api: { suspend(): void } } } }).walley.checkout.api.suspend(),
      );
      await frame.getByRole('status').filter({ hasText: 'The shop is updating your order' }).waitFor();
      const put = await sb.fetch(`/uat/api/checkouts/${checkout.privateId}/cart`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${checkout.bearer}`, 'content-type': 'application/json' },
        body: JSON.stringify({ items: [{ id: 'STOVE', description: 'Camping stove', unitPrice: 599, quantity: 1, vat: 25 }] }),
      });
      expect(put.status).toBe(200);
      await page.evaluate(() =>
        (globalThis as unknown as { walley: { checkout: { api: { resume(): void } } } }).walley.checkout.api.resume(),
      );
      await eventually(async () => (await shopEvents()).includes('walleyCheckoutResumed'), 'walleyCheckoutResumed');
      expect(await frame.locator('#cart').textContent()).toContain('Camping stove');
      expect(await frame.locator('#cart').textContent()).not.toContain('Two-person tent');
      expect(await frame.locator('fieldset').first().isDisabled()).toBe(false);
    });
  },
);

function at(value: unknown, ...path: string[]): unknown {
  return path.reduce<unknown>(
    (current, key) => (current && typeof current === 'object' ? (current as Record<string, unknown>)[key] : undefined),
    value,
  );
}
