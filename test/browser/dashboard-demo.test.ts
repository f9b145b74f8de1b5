/**
 * The migration demo on the dashboard that is open, in a real browser and without a reload: one
 * click (or the start page's link) plays it, each step lands in the demo panel, the shop's calls
 * land in the requests panel and the integration cards, and the retired host's badge turns as the
 * clock crosses the shutdown, worked out in the page from the sandbox clock. Its wording is one
 * per state, the brownout window is explained, and every instant shows in Stockholm time too.
 */
import type { Browser, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSandbox } from '../support/sandbox.js';
import { BROWSER_TEST_TIMEOUT_MS, HAVE_CHROMIUM, SKIP_REASON, useChromium } from './support.js';

let browser: Browser;
// In the shutdown-eve scenario's rehearsal brownout (18:00–18:15 UTC); the shutdown is at 23:00 UTC.
const sb = useSandbox({ scenario: 'shutdown-eve', port: 0, now: '2026-10-30T18:05:00Z', frozen: true });
let page: Page;
let url: string;

const badge = (): ReturnType<Page['locator']> => page.locator('#retired-state');

describe.skipIf(!HAVE_CHROMIUM)(
  `the migration demo on the open dashboard in Chromium${HAVE_CHROMIUM ? '' : ` (${SKIP_REASON})`}`,
  { timeout: BROWSER_TEST_TIMEOUT_MS },
  () => {
    browser = useChromium();
    beforeEach(async () => {
      ({ url } = await sb.listen());
      page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
      page.setDefaultTimeout(15_000);
    });
    afterEach(async () => {
      await page?.close();
    });

    async function open(path: string): Promise<void> {
      await page.goto(`${url}${path}`);
      await page.locator('body[data-live="open"]').waitFor();
      // Gone after a reload: every check below is on the page as first loaded.
      await page.evaluate(() => ((globalThis as unknown as { loadedOnce: boolean }).loadedOnce = true));
    }
    const loadedOnce = (): Promise<boolean | undefined> =>
      page.evaluate(() => (globalThis as unknown as { loadedOnce?: boolean }).loadedOnce);

    it('plays on one click: the steps, the calls and the readiness items show live, and the badge turns at the shutdown', async () => {
      await open('/__admin/ui');
      // The brownout: one plain wording, explained, in UTC and Stockholm time.
      await badge().locator('.status.brownout').waitFor();
      expect(await badge().textContent()).toBe(
        'brownout In a brownout until 30 Oct 18:15 UTC (30 Oct 19:15 Stockholm): connections are closed with no answer; then it answers again until the shutdown.',
      );
      expect(await page.locator('#retired-brownouts').textContent()).toBe(
        'A brownout is a planned window before the shutdown when the host does not answer (connections are closed with no answer), as a rehearsal: ' +
          'a shop still calling it finds out while it can still move. Windows: from 30 Oct 18:00 UTC (30 Oct 19:00 Stockholm) to 30 Oct 18:15 UTC (30 Oct 19:15 Stockholm).',
      );
      expect(await page.locator('#clock-local').textContent()).toBe('30 Oct 19:05:00');

      const clicked = performance.now();
      await page.getByRole('button', { name: 'Play the migration demo' }).click();
      // Fifteen minutes before the shutdown: open, the shutdown in both zones.
      await badge().locator('.status.open').waitFor();
      expect(await badge().textContent()).toBe(
        'open Answering until the shutdown at 30 Oct 23:00 UTC (31 Oct 00:00 Stockholm), and announcing it in Deprecation and Sunset headers.',
      );
      await page.locator('#demo-steps li[data-step="2"]', { hasText: 'The shop creates a checkout on the retired host' }).waitFor();
      await page.locator('#request-log tr.request[data-surface="retired"]', { hasText: 'SharedKey user demo-shop-uat' }).first().waitFor();
      // The clock ticks across the shutdown: the badge turns with it.
      await badge().locator('.status.shut').waitFor();
      expect(await badge().textContent()).toBe(
        'shut Shut down since 30 Oct 23:00 UTC (31 Oct 00:00 Stockholm): connections are closed with no answer.',
      );
      await page.locator('#demo[data-state="finished"]').waitFor({ timeout: 40_000 });
      const onScreen = performance.now() - clicked;
      expect(await page.locator('#demo-state').textContent()).toMatch(/^Finished: 10 steps in \d+\.\d s\.$/);
      console.info(`migration demo: click → finished on screen in ${(onScreen / 1000).toFixed(1)} s`);

      const steps = await page.locator('#demo-steps > li > strong').allTextContents();
      expect(steps).toHaveLength(10);
      expect(steps[4]).toBe('The clock crosses the shutdown');
      expect(await page.locator('#demo-steps li[data-step="6"]').textContent()).toContain('the connection is closed with no answer');
      expect(await page.locator('#demo-steps li[data-step="9"] .demo-changes > li').allTextContents()).toEqual([
        'API client 0d0d0d0d-0000-4000-8000-00000000d001: token-reuse not seen → met',
        'API client 0d0d0d0d-0000-4000-8000-00000000d001: terms-https not seen → met',
      ]);
      // The cards: the SharedKey user's calls on the old hosts, the client's readiness met where the shop improved.
      const client = page.locator('#migration-integrations article[data-principal="0d0d0d0d-0000-4000-8000-00000000d001"]');
      await client.locator('.readiness-item[data-item="token-reuse"][data-status="met"]').waitFor();
      await client.locator('.readiness-item[data-item="necessary-requests"][data-status="met"]').waitFor();
      const user = page.locator('#migration-integrations article[data-principal="demo-shop-uat"]');
      await user.locator('.hosts .retired .count', { hasText: '2' }).waitFor();
      await user.locator('.hosts .legacy .count', { hasText: '2' }).waitFor();
      expect(await loadedOnce()).toBe(true);
    });

    it('turns the badge when a ticking clock crosses the shutdown, with no event to tell it', async () => {
      await open('/__admin/ui');
      const at = Date.parse('2026-10-30T23:00:00Z') - 2500;
      expect(
        (await sb.fetch('/__admin/clock', { method: 'PUT', body: JSON.stringify({ now: new Date(at).toISOString(), frozen: false }) }))
          .status,
      ).toBe(200);
      await badge().locator('.status.open').waitFor();
      const events = await page.locator('#event-log li').count();
      await badge().locator('.status.shut').waitFor({ timeout: 6000 });
      // Nothing arrived on the stream: the page worked it out from its clock.
      expect(await page.locator('#event-log li').count()).toBe(events);
      expect(await loadedOnce()).toBe(true);
    });

    it('plays from the start page’s link, and the address then forgets it', async () => {
      await page.goto(`${url}/`);
      await page.getByRole('link', { name: 'Play the migration demo' }).click();
      await page.locator('#demo[data-state="finished"]').waitFor({ timeout: 40_000 });
      expect(new URL(page.url()).search).toBe('');
      expect(await page.locator('#demo-steps > li').count()).toBe(10);
    });
  },
);
