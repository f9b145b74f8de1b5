/**
 * The API reference (/__admin/docs) and the start page (/) in a real browser. Swagger UI now
 * comes from the files the build copies out of swagger-ui-dist (its dependency
 * @scarf/scarf is install-time telemetry and is kept out of every install), so this checks
 * that the copy renders the documents, and that the page asks nothing of any other host.
 */
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSandbox } from '../support/sandbox.js';
import { BROWSER_TEST_TIMEOUT_MS, HAVE_CHROMIUM, SKIP_REASON, useChromium } from './support.js';

let browser: Browser;
let base: string;

/** Every URL the page requested outside the sandbox (none expected: no CDN, no telemetry). */
async function open(path: string): Promise<{ page: Page; foreign: string[] }> {
  const page = await browser.newPage();
  const foreign: string[] = [];
  await page.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(`${base}/`) || url.startsWith('data:')) return route.continue();
    foreign.push(url);
    return route.abort();
  });
  await page.goto(`${base}${path}`);
  return { page, foreign };
}

describe.skipIf(!HAVE_CHROMIUM)(
  `API reference and start page in Chromium${HAVE_CHROMIUM ? '' : ` (${SKIP_REASON})`}`,
  { timeout: BROWSER_TEST_TIMEOUT_MS },
  () => {
    browser = useChromium();
    const sb = useSandbox({ port: 0 }, 'file');
    beforeAll(async () => {
      base = (await sb.listen()).url;
    });

    it('renders every operation of the chosen document with the built copy of Swagger UI', async () => {
      const { page, foreign } = await open('/__admin/docs');
      try {
        // Swagger UI renders only the rows in view once a document has 150 tags and operations
        // together: a tall window shows them all.
        await page.setViewportSize({ width: 1280, height: 12_000 });
        await page.locator('.swagger-ui .info .title').waitFor();
        await page.locator('.opblock').first().waitFor();
        expect(await page.locator('.opblock').count()).toBeGreaterThan(20);
        expect(await page.locator('.opblock-summary-path[data-path="/{env}/api/checkouts"]').count()).toBeGreaterThan(0);
        if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/api-reference.png` });
        // The document picker lists the per-surface documents.
        expect(await page.locator('select#select option').allTextContents()).toEqual(expect.arrayContaining(['legacy', 'admin']));
        expect(foreign).toEqual([]);
      } finally {
        await page.close();
      }
    });

    it('the start page links the dashboard and the reference, and the links lead there', async () => {
      const { page, foreign } = await open('/');
      try {
        await page.getByRole('link', { name: 'API reference' }).click();
        await page.locator('.swagger-ui .info .title').waitFor();
        expect(page.url()).toBe(`${base}/__admin/docs`);
        await page.goBack();
        await page.getByRole('link', { name: 'Dashboard' }).click();
        await page.waitForURL(`${base}/__admin/ui`);
        expect(foreign).toEqual([]);
      } finally {
        await page.close();
      }
    });
  },
);
