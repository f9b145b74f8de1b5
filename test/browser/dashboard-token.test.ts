/**
 * The dashboard of a sandbox with an admin token, as the banner's `browser:` link opens it
 * (the token once in the URL, then a cookie; src/admin/guard.ts): it loads, follows the event
 * stream and changes the world, and the address bar no longer shows the token.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useSandbox } from '../support/sandbox.js';
import { HAVE_CHROMIUM, SKIP_REASON, useChromium } from './support.js';

describe.skipIf(!HAVE_CHROMIUM)(`the dashboard behind an admin token in Chromium${HAVE_CHROMIUM ? '' : ` (${SKIP_REASON})`}`, () => {
  const TOKEN = 'dashboard-token-0001';
  const browser = useChromium();
  const sb = useSandbox({ scenario: 'minimal', adminToken: TOKEN, now: '2026-10-30T22:00:00Z', frozen: true }, 'file');
  let base: string;
  beforeAll(async () => {
    base = (await sb.listen()).url;
  });

  it('opens from the link with the token, then works on the cookie alone', async () => {
    const page = await browser.newPage();
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 401) refused.push(response.url());
    });
    await page.goto(`${base}/__admin/ui?token=${TOKEN}`);
    expect(page.url()).toBe(`${base}/__admin/ui`);
    await page.locator('body[data-live="open"]').waitFor();
    await page.locator('#clock-now', { hasText: '2026-10-30T22:00:00Z' }).waitFor();
    await page.locator('.merchants[data-env="uat"]', { hasText: 'Minimal Merchant' }).waitFor();
    // A change made through the dashboard, and one it hears of through the stream.
    await page.getByRole('button', { name: 'Jump to the shutdown' }).click();
    await page.locator('#clock-now', { hasText: '2026-10-30T23:00:00Z' }).waitFor();
    expect(sb.clock.iso()).toBe('2026-10-30T23:00:00.000Z');
    expect(refused).toEqual([]);
    await page.close();
  });

  it('without the token, the same page is refused', async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${base}/__admin/ui`);
    expect(response?.status()).toBe(401);
    await page.close();
  });
});
