/**
 * The dashboard (/__admin/ui) in a real browser: it follows the event stream, moves the
 * clock past the retired host's shutdown (after which the host closes connections
 * unanswered), creates an API client whose secret it shows once, and lists new checkouts
 * with a link to their hosted page; shows and changes a merchant's webhook signing key.
 */
import type { Browser, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sharedKeyHeaderValue } from '../../src/domain/sharedkey-signature.js';
import { useSandbox } from '../support/sandbox.js';
import { initPayload } from '../support/checkout-requests.js';
import { BROWSER_TEST_TIMEOUT_MS, HAVE_CHROMIUM, SKIP_REASON, useChromium } from './support.js';

let browser: Browser;
const sb = useSandbox({ scenario: 'minimal', port: 0, now: '2026-10-30T22:00:00Z', frozen: true });
let page: Page;
let base: string;

/** Initialize on the retired host over a real socket, SharedKey-signed as the minimal scenario's merchant. */
function initializeOnRetiredHost(): Promise<Response> {
  const body = JSON.stringify(initPayload());
  return fetch(`${sb.baseUrl('uat', 'retired')}/checkout`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: sharedKeyHeaderValue('minimal-uat', 'minimal-uat-key', '/checkout', body),
    },
    body,
  });
}

describe.skipIf(!HAVE_CHROMIUM)(
  `dashboard in Chromium${HAVE_CHROMIUM ? '' : ` (${SKIP_REASON})`}`,
  { timeout: BROWSER_TEST_TIMEOUT_MS },
  () => {
    browser = useChromium();
    beforeEach(async () => {
      base = (await sb.listen()).url;
      page = await browser.newPage();
      await page.goto(`${base}/__admin/ui`);
      await page.locator('body[data-live="open"]').waitFor();
      await page.locator('#retired-state', { hasText: 'open' }).waitFor();
    });
    afterEach(async () => {
      await page?.close();
    });

    it('moves the clock past the shutdown; the retired host then refuses connections', async () => {
      expect((await initializeOnRetiredHost()).status).toBe(200);
      expect(await page.locator('#clock-now').textContent()).toBe('2026-10-30T22:00:00Z');

      await page.getByRole('button', { name: 'Jump to the shutdown' }).click();
      await page.locator('#retired-state', { hasText: 'Shut down since 30 Oct 23:00 UTC (31 Oct 00:00 Stockholm)' }).waitFor();
      expect(await page.locator('#clock-now').textContent()).toBe('2026-10-30T23:00:00Z');
      expect((await sb.fetch('/__admin/clock').then((r) => r.json())) as unknown).toEqual({
        now: '2026-10-30T23:00:00.000Z',
        frozen: true,
      });
      await expect(initializeOnRetiredHost()).rejects.toThrow();

      // Moved by another admin client: the dashboard follows the event stream.
      await sb.fetch('/__admin/clock/advance', { method: 'POST', body: JSON.stringify({ duration: 'P1D' }) });
      await page.locator('#clock-now', { hasText: '2026-10-31T23:00:00Z' }).waitFor();
      expect(await page.locator('#event-log li').first().textContent()).toContain('clock.changed');
    });

    it('creates an API client and shows its secret once; the secret obtains a token', async () => {
      await page.getByLabel('New API client name').first().fill('Dashboard test client');
      await page.getByRole('button', { name: 'Create API client for Minimal Merchant (UAT)' }).click();
      await page.locator('#secret:not([hidden])').waitFor();
      const values = await page.locator('#secret-detail dd').allTextContents();
      const [clientId, clientSecret, , scope] = values.slice(2);
      const token = await sb.fetch('/uat/api/oauth2/v2.0/token', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          client_id: clientId!,
          client_secret: clientSecret!,
          grant_type: 'client_credentials',
          scope: scope!,
        }).toString(),
      });
      expect(token.status).toBe(200);
      await page.locator('.merchants[data-env="uat"]', { hasText: 'Dashboard test client' }).waitFor();
      await page.getByRole('button', { name: 'I have copied it' }).click();
      expect(await page.locator('#secret-detail').textContent()).toBe('');
    });

    it("shows each merchant's webhook signing key and changes it", async () => {
      const merchants = async (): Promise<{ webhookSigningKey: string }[]> =>
        ((await (await sb.fetch('/__admin/uat/merchants')).json()) as { merchants: { webhookSigningKey: string }[] }).merchants;
      const seeded = (await merchants())[0]!.webhookSigningKey;
      const field = page.getByLabel('Webhook signing key of Minimal Merchant');
      await field.first().waitFor();
      expect(await field.first().inputValue()).toBe(seeded);
      await field.first().fill('a-new-signing-key');
      await page.getByRole('button', { name: 'Change key' }).first().click();
      await expect.poll(async () => (await merchants())[0]!.webhookSigningKey).toBe('a-new-signing-key');
    });

    it('says what to do first while there is no checkout, linking the start page with its first steps', async () => {
      const hint = page.locator('table.checkouts[data-env="uat"] tbody tr.first-steps');
      await hint.waitFor();
      expect(await hint.textContent()).toBe(
        'No checkouts yet. First steps (a token, a checkout, a purchase) for this sandbox: the start page.',
      );
      const href = await hint.getByRole('link', { name: 'the start page' }).getAttribute('href');
      expect(href).toBe(`${base}/`);
      const start = await page.request.get(href!, { headers: { accept: 'text/html' } });
      expect(await start.text()).toContain('<h2>First steps</h2>');
    });

    it('lists a new checkout live, with a link to its hosted page', async () => {
      const body = JSON.stringify(initPayload());
      const response = await sb.fetch('/uat/legacy/checkout', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: sharedKeyHeaderValue('minimal-uat', 'minimal-uat-key', '/checkout', body),
        },
        body,
      });
      const { privateId, publicToken } = ((await response.json()) as { data: { privateId: string; publicToken: string } }).data;
      // Creation itself is not an event yet; identifying is, and refreshes the list.
      await sb.fetch(`/__admin/uat/checkouts/${privateId}/customer`, { method: 'POST', body: '{}' });
      const row = page.locator('table.checkouts[data-env="uat"] tbody tr', { hasText: 'CustomerIdentified' });
      await row.waitFor();
      const link = row.getByRole('link', { name: /Open/ });
      expect(await link.getAttribute('href')).toBe(`${sb.baseUrl('uat', 'frontend')}/checkout/${publicToken}`);
    });
  },
);
