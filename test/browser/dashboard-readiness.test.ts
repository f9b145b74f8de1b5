/**
 * Go-live readiness on the dashboard's integration cards, in Chromium, without a reload: the
 * shop that follows every item and the one that breaks each show differently, and a failing
 * item's evidence opens in the requests panel with one click.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readinessJunit } from '../../src/cli/readiness-format.js';
import { READINESS_ITEMS } from '../../src/domain/readiness/readiness.js';
import { useSandbox } from '../support/sandbox.js';
import { NORDIC, signedFetch } from '../support/checkout-requests.js';
import { tokenFor } from '../support/identity.js';
import { Receiver } from '../support/receiver.js';
import { BAD_CLIENT, GOOD_CLIENT, driveBothShops } from '../support/readiness-shops.js';
import { BROWSER_TEST_TIMEOUT_MS, HAVE_CHROMIUM, SKIP_REASON, useChromium } from './support.js';

let browser: Browser;
const sb = useSandbox({ port: 0, now: '2026-10-01T10:00:00Z', frozen: true });
let shop: Receiver;
let page: Page;

const card = (principal: string): Locator => page.locator(`#migration-integrations article[data-principal="${principal}"]`);
const item = (principal: string, id: string, status?: string): Locator =>
  card(principal).locator(`li.readiness-item[data-item="${id}"]${status ? `[data-status="${status}"]` : ''}`);

describe.skipIf(!HAVE_CHROMIUM)(
  `go-live readiness on the dashboard in Chromium${HAVE_CHROMIUM ? '' : ` (${SKIP_REASON})`}`,
  { timeout: BROWSER_TEST_TIMEOUT_MS },
  () => {
    browser = useChromium();
    beforeEach(async () => {
      const { url } = await sb.listen();
      shop = new Receiver();
      await shop.start();
      page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
      page.setDefaultTimeout(10_000);
      await page.goto(`${url}/__admin/ui`);
      await page.locator('body[data-live="open"]').waitFor();
      // Gone after a reload: every check below is on the page as first loaded.
      await page.evaluate(() => ((globalThis as unknown as { loadedOnce: boolean }).loadedOnce = true));
    });
    afterEach(async () => {
      expect(await page.evaluate(() => (globalThis as unknown as { loadedOnce?: boolean }).loadedOnce)).toBe(true);
      await page?.close();
      await shop?.stop();
    });

    it("shows each integration's readiness item by item, and a failing item's evidence in the requests panel", async () => {
      await driveBothShops(sb, shop);
      await card(GOOD_CLIENT)
        .locator('.readiness-summary', { hasText: `Go-live readiness: ${READINESS_ITEMS.length} met, 0 not met, 0 not seen` })
        .waitFor();
      await card(BAD_CLIENT)
        .locator('.readiness-summary', { hasText: `Go-live readiness: 1 met, ${READINESS_ITEMS.length - 1} not met, 0 not seen` })
        .waitFor();
      for (const { id } of READINESS_ITEMS) {
        expect(await item(GOOD_CLIENT, id).locator('.readiness-status').textContent()).toBe('met');
        // Its legacy calls are its SharedKey user's, which has a card of its own.
        expect(await item(BAD_CLIENT, id).locator('.readiness-status').textContent()).toBe(id === 'current-api' ? 'met' : 'not met');
      }
      // Met items carry no evidence buttons; failing ones do, with what the traffic showed.
      expect(await card(GOOD_CLIENT).locator('.evidence-link').count()).toBe(0);
      const validation = item(BAD_CLIENT, 'validation-answer');
      expect(await validation.locator('.readiness-detail').textContent()).toMatch(/neither a 2xx nor a 4xx/);

      // One click: the validation call the shop answered wrongly, shown and opened in the requests panel.
      const link = validation.locator('.evidence-link').first();
      const id = await link.getAttribute('data-entry');
      await link.click();
      const row = page.locator(`#request-log tr.request.evidence-shown[data-id="${id}"]`);
      await row.waitFor();
      expect(await row.textContent()).toMatch(/\/bad\/validate/);
      await page.locator(`#request-detail-${id}`, { hasText: 'Response body' }).waitFor();
    });

    it('changes a card as new traffic arrives', async () => {
      const token = await tokenFor(sb, 'uat');
      for (let i = 0; i < 2; i++)
        await sb.fetch('/uat/api/checkouts/00000000-0000-4000-8000-000000000000', { headers: { authorization: `Bearer ${token}` } });
      await item(GOOD_CLIENT, 'current-api', 'met').waitFor();
      expect(await item(GOOD_CLIENT, 'reuse-public-token').getAttribute('data-status')).toBe('not-seen');
      // The same merchant now calls the legacy host with its SharedKey user: that user's card shows it, the API client's stays.
      await signedFetch(sb, 'legacy', 'GET', '/merchants/1234/checkouts/00000000-0000-4000-8000-000000000000', undefined, NORDIC);
      await item(NORDIC.username, 'current-api', 'not-met').waitFor();
      expect(await item(GOOD_CLIENT, 'current-api').getAttribute('data-status')).toBe('met');
    });

    it("writes JUnit that a browser's XML parser reads, whatever the shop's answers held", async () => {
      await driveBothShops(sb, shop);
      const report = await sb.report();
      // What a shop sends back lands in `detail`: make it as hostile as XML allows and beyond.
      const hostile = report.principals.map((p) => ({
        ...p,
        readiness: p.readiness.map((r) => ({ ...r, detail: `${r.detail} <b>&amp; "q" 'a' \u0001 \uD800 ]]>` })),
      }));
      const xml = readinessJunit(report, hostile, 'http://127.0.0.1:4010/__admin/requests');
      const parsed = await page.evaluate((text) => {
        // The page's DOMParser (this project's TypeScript has no DOM typings).
        interface XmlElement {
          textContent: string | null;
          getAttribute(name: string): string | null;
        }
        interface XmlDocument {
          getElementsByTagName(name: string): ArrayLike<XmlElement>;
          querySelectorAll(selector: string): ArrayLike<XmlElement>;
          querySelector(selector: string): XmlElement | null;
        }
        const { DOMParser } = globalThis as unknown as {
          DOMParser: new () => { parseFromString(text: string, type: string): XmlDocument };
        };
        const doc = new DOMParser().parseFromString(text, 'application/xml');
        if (doc.getElementsByTagName('parsererror').length) return { error: doc.getElementsByTagName('parsererror')[0]!.textContent };
        const failure = doc.querySelector('failure');
        return {
          suites: doc.querySelectorAll('testsuite').length,
          cases: doc.querySelectorAll('testcase').length,
          failures: doc.querySelectorAll('failure').length,
          message: failure?.getAttribute('message') ?? null,
        };
      }, xml);
      const suites = report.principals.length;
      expect(parsed).toEqual({
        suites,
        cases: suites * READINESS_ITEMS.length,
        failures: expect.any(Number),
        message: expect.stringContaining(`<b>&amp; "q" 'a' \uFFFD \uFFFD ]]>`),
      });
    });
  },
);
