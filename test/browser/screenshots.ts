/**
 * Makes the README's screenshots (docs/img/checkout-page.png, docs/img/dashboard.png) with
 * the same Chromium the browser tests use:  npx tsx test/browser/screenshots.ts
 * Not a test (no .test.ts): it writes files, and its pictures are judged by eye.
 */
import { fileURLToPath } from 'node:url';
import { createSandbox } from '../../src/index.js';
import { FJORD, initPayload, initializeOldStyle } from '../support/checkout-requests.js';
import { bearerToken } from '../support/manage-api.js';
import { launchChromium } from './chromium.js';
import { Shop, eventually, initializeCheckout } from './support.js';

const IMG = fileURLToPath(new URL('../../docs/img/', import.meta.url));

const sb = await createSandbox({ logLevel: 'silent', port: 0, now: '2026-10-30T22:30:00Z', frozen: true });
const { url } = await sb.listen();
const shop = new Shop(sb.baseUrl('uat', 'frontend'));
await shop.start();
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 900, height: 1100 } });
  const checkout = await initializeCheckout(sb, shop, await bearerToken(sb));
  await page.goto(`${shop.base}/checkout?token=${encodeURIComponent(checkout.publicToken)}`);
  const frame = page.frameLocator('iframe[data-checkout-sandbox]');
  await frame.getByLabel('Test persona').selectOption('approved@example.com');
  await frame.getByRole('button', { name: 'Continue' }).click();
  await frame.getByRole('button', { name: 'Complete purchase' }).waitFor();
  await frame.getByLabel('Part payment').check();
  await page.screenshot({ path: `${IMG}checkout-page.png`, fullPage: true });
  await frame.getByRole('button', { name: 'Complete purchase' }).click();
  await frame.getByRole('heading', { name: 'Thank you for your purchase' }).waitFor();
  await eventually(() => shop.calls('/notify').length > 0, 'the notification');

  // The migration story beside the current API's checkout: one merchant still on the retired
  // host, one on the legacy host, and a call that matches no operation.
  await initializeOldStyle(sb, 'retired');
  await initializeOldStyle(sb, 'legacy', initPayload({ storeId: 2234, countryCode: 'NO' }), FJORD);
  await sb.fetch(`/uat/api/checkout/${checkout.privateId}`, { headers: { authorization: `Bearer ${checkout.bearer}` } });

  const dashboard = await browser.newPage({ viewport: { width: 1400, height: 1400 } });
  await dashboard.goto(`${url}/__admin/ui`);
  await dashboard.locator('body[data-live="open"]').waitFor();
  await dashboard.getByRole('button', { name: 'One minute before the shutdown' }).click();
  await dashboard.locator('#clock-now', { hasText: '2026-10-30T22:59:00Z' }).waitFor();
  await dashboard.locator('#retired-countdown', { hasText: '1 minute left' }).waitFor();
  await dashboard.locator('#migration-integrations .finding.retired-host', { hasText: 'in 1 minute of sandbox time' }).waitFor();
  await dashboard.locator('#request-log tr.request .near-miss').waitFor();
  await dashboard.locator('table.callbacks[data-env="uat"] tbody tr').first().waitFor();
  await dashboard.screenshot({ path: `${IMG}dashboard.png`, fullPage: false });
  console.log(`wrote ${IMG}checkout-page.png and ${IMG}dashboard.png`);
} finally {
  await browser.close();
  await shop.stop();
  await sb.close();
}
