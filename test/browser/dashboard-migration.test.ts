/**
 * The dashboard (/__admin/ui) tells the migration story in a real browser, without a reload:
 * calls to the current API, the legacy host and the retired host, and one that matches no
 * operation, show in the requests panel as they happen (filterable, details one click away,
 * the near miss beside the miss); the migration report counts them per integration in
 * sentences; the retired host's panel counts down to the shutdown on the sandbox clock and,
 * after it, counts the time since.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sharedKeyHeaderValue } from '../../src/domain/sharedkey-signature.js';
import type { SurfaceName } from '../../src/hosts.js';
import { useSandbox } from '../support/sandbox.js';
import { initPayload } from '../support/checkout-requests.js';
import { MINIMAL_UAT_CLIENT } from '../support/identity.js';
import { bearerToken } from '../support/manage-api.js';
import { BROWSER_TEST_TIMEOUT_MS, HAVE_CHROMIUM, SKIP_REASON, useChromium } from './support.js';

let browser: Browser;
// Ten days and an hour before the minimal scenario's shutdown (2026-10-30T23:00:00Z).
const sb = useSandbox({ scenario: 'minimal', port: 0, now: '2026-10-20T22:00:00Z', frozen: true });
let page: Page;

const BODY = JSON.stringify(initPayload());

/** POST /checkout as the minimal scenario's SharedKey user, over a real socket. */
function initializeWithSharedKey(surface: Extract<SurfaceName, 'legacy' | 'retired'>): Promise<Response> {
  return fetch(`${sb.baseUrl('uat', surface)}/checkout`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: sharedKeyHeaderValue('minimal-uat', 'minimal-uat-key', '/checkout', BODY),
    },
    body: BODY,
  });
}

/** Moves the sandbox clock as another admin client would (not through the page). */
async function clock(path: string, body: unknown, method = 'POST'): Promise<void> {
  expect((await sb.fetch(`/__admin${path}`, { method, body: JSON.stringify(body) })).status).toBe(200);
}

/** The requests panel's row on that host whose text has `text`, or whose path is exactly `path`. */
function request(surface: string, text: string, path?: string): Locator {
  const rows = page.locator(`#request-log tr.request[data-surface="${surface}"]`, { hasText: text });
  return path === undefined ? rows : rows.filter({ has: page.locator('td.path code', { hasText: new RegExp(`^${path}$`) }) });
}
const card = (principal: string): Locator => page.locator(`#migration-integrations article[data-principal="${principal}"]`);

describe.skipIf(!HAVE_CHROMIUM)(
  `the dashboard's migration story in Chromium${HAVE_CHROMIUM ? '' : ` (${SKIP_REASON})`}`,
  { timeout: BROWSER_TEST_TIMEOUT_MS },
  () => {
    browser = useChromium();
    beforeEach(async () => {
      const { url } = await sb.listen();
      page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
      // Shorter than the test's own timeout, so a failed wait names what it waited for.
      page.setDefaultTimeout(10_000);
      await page.goto(`${url}/__admin/ui`);
      await page.locator('body[data-live="open"]').waitFor();
      await page.locator('#migration-summary', { hasText: 'No integration has called yet' }).waitFor();
      // Gone after a reload: every check below is on the page as first loaded.
      await page.evaluate(() => ((globalThis as unknown as { loadedOnce: boolean }).loadedOnce = true));
    });
    afterEach(async () => {
      expect(await page.evaluate(() => (globalThis as unknown as { loadedOnce?: boolean }).loadedOnce)).toBe(true);
      await page?.close();
    });

    it('lists each call live with who made it, its details and its near miss; the report counts them per integration', async () => {
      const token = await bearerToken(sb, 'uat', MINIMAL_UAT_CLIENT);
      const api = sb.baseUrl('uat', 'api');
      const current = await fetch(`${api}/checkouts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: BODY,
      });
      expect(current.status).toBe(200);
      expect((await initializeWithSharedKey('legacy')).status).toBe(200);
      expect((await initializeWithSharedKey('retired')).status).toBe(200);
      const missed = await fetch(`${api}/checkout/0b7d6a52-1f0e-4c1e-9a11-5d2a1c3e4f01`, { headers: { authorization: `Bearer ${token}` } });
      expect(missed.status).toBe(404);

      // The requests panel: one row each, with the host, the status and the integration.
      const onApi = request('api', 'POST', '/checkouts');
      await onApi.waitFor();
      expect(await onApi.textContent()).toMatch(
        /2026-10-20T22:00:00Z.*UAT.*current API.*POST.*\/checkouts.*200.*API client Minimal Merchant \(UAT\) integration.*Minimal Merchant \(UAT\) \(1001\)/,
      );
      await request('legacy', 'SharedKey user minimal-uat').waitFor();
      const onRetired = request('retired', 'SharedKey user minimal-uat');
      await onRetired.waitFor();
      expect(await onRetired.textContent()).toMatch(/retired host.*POST.*\/checkout.*200/);
      const miss = request('api', '/checkout/0b7d6a52');
      await miss.waitFor();
      expect(await miss.locator('.near-miss').textContent()).toBe(
        "Closest operation: GET /checkouts/:privateId ('checkout' instead of 'checkouts')",
      );
      expect(await miss.locator('td').nth(5).textContent()).toBe('404');

      // Filters: by host, by status class, by environment.
      await page.getByLabel('Host', { exact: true }).selectOption('retired');
      expect(await page.locator('#request-log tr.request:visible').count()).toBe(1);
      await page.getByLabel('Host', { exact: true }).selectOption('');
      await page.getByLabel('Status', { exact: true }).selectOption('4xx');
      expect(await page.locator('#request-log tr.request:visible').allTextContents()).toEqual([
        expect.stringContaining('/checkout/0b7d6a52'),
      ]);
      await page.getByLabel('Status', { exact: true }).selectOption('');
      await page.getByLabel('Environment', { exact: true }).selectOption('prod');
      expect(await page.locator('#request-log tr.request:visible').count()).toBe(0);
      await page.getByLabel('Environment', { exact: true }).selectOption('');

      // Details, one click away: headers with the credential masked, both bodies.
      await onRetired.getByRole('button', { name: /Details/ }).click();
      const detail = page.locator('#request-log tr.detail:visible');
      await detail.locator('pre.response-body', { hasText: 'privateId' }).waitFor();
      const headers = await detail.locator('pre.headers').textContent();
      expect(headers).toContain('authorization: SharedKey [redacted]');
      expect(headers).not.toContain(sharedKeyHeaderValue('minimal-uat', 'minimal-uat-key', '/checkout', BODY).split(' ')[1]);
      expect(await detail.locator('pre.request-body').textContent()).toContain('"storeId": 1234');
      expect(await detail.textContent()).toContain('initializeCheckout');
      await onRetired.getByRole('button', { name: /Details/ }).click();
      expect(await page.locator('#request-log tr.detail:visible').count()).toBe(0);

      // The migration report: per integration, calls per host and the findings as sentences.
      const user = card('minimal-uat');
      await user.locator('.hosts .retired .count', { hasText: '1' }).waitFor();
      expect(await user.locator('h3').textContent()).toBe('SharedKey user minimal-uat · Minimal Merchant (UAT) (1001) · UAT');
      expect(await user.locator('.hosts li').allTextContents()).toEqual([
        'Retired host1last 2026-10-20T22:00:00Z',
        'Legacy host1last 2026-10-20T22:00:00Z',
        'Current API0no calls',
      ]);
      expect(await user.locator('.finding.retired-host').textContent()).toMatch(
        /^error1 call still goes to the retired host checkout-api-uat\.collector\.se \(POST \/checkout ×1\); they will fail after the shutdown at 2026-10-30T23:00:00\.000Z \(in 10 days 1 hour of sandbox time\)\./,
      );
      expect(await user.locator('.finding.legacy-host').textContent()).toMatch(/^warning1 call goes to the legacy host/);
      const client = card(MINIMAL_UAT_CLIENT.client_id);
      await client.locator('.finding.current-api').waitFor();
      expect(await client.locator('.hosts .current').textContent()).toBe('Current API1last 2026-10-20T22:00:00Z');
      expect(await page.locator('#migration-summary').textContent()).toMatch(
        /^2 integrations seen .*: 1 still calling the retired host, 1 the legacy host, 1 the current API\.$/,
      );
    });

    it('counts down to the shutdown on the sandbox clock, then counts the time since; calls after it are refused and still counted', async () => {
      const timeLeft = page.locator('#retired-countdown');
      await timeLeft.filter({ hasText: '10 days 1 hour left until the shutdown' }).waitFor();

      await clock('/clock/advance', { duration: 'P1DT1H' });
      await timeLeft.filter({ hasText: '9 days 0 hours left until the shutdown' }).waitFor();
      await clock('/clock', { now: '2026-10-30T22:15:00Z' }, 'PUT');
      await timeLeft.filter({ hasText: '45 minutes left until the shutdown' }).waitFor();
      expect((await initializeWithSharedKey('retired')).status).toBe(200);

      await clock('/clock', { now: '2026-10-31T04:00:00Z' }, 'PUT');
      await timeLeft.filter({ hasText: 'Shut for 5 hours' }).waitFor();
      await clock('/clock/advance', { duration: 'P2D' });
      await timeLeft.filter({ hasText: 'Shut for 2 days 5 hours' }).waitFor();

      // The shut host closes the connection; the call still shows, and counts for the user it names.
      await expect(initializeWithSharedKey('retired')).rejects.toThrow();
      await request('retired', 'refused').waitFor();
      const user = card('minimal-uat');
      await user.locator('.hosts .retired .count', { hasText: '2' }).waitFor();
      expect(await user.locator('.hosts .retired .when').textContent()).toBe('last 2026-11-02T04:00:00Z');
      expect(await user.locator('.finding.retired-host').textContent()).toMatch(
        /the host was shut down at 2026-10-30T23:00:00\.000Z: these calls fail now/,
      );
    });
  },
);
