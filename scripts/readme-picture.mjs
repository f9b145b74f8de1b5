#!/usr/bin/env node
// fetch and URLSearchParams are globals of Node; `document` is in the page waitForFunction runs in.
/* global fetch, URLSearchParams, document */
// The README's dashboard picture (docs/img/dashboard.png), taken from the live dashboard: a
// sandbox on a free port, one minute before the retired host's shutdown, a shop's traffic on
// each host (the retired and legacy hosts with SharedKey, the current API with a token, a near
// miss, a purchase and its notification to a shop on this machine), then /__admin/ui in Debian's
// Chromium, driven by playwright-core. Nothing leaves the machine. Run: npm run readme:picture.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { createSandbox } from '../dist/index.js';
import { sharedKeyHeaderValue } from '../dist/domain/sharedkey-signature.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = join(ROOT, 'docs/img/dashboard.png');
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const VIEWPORT = { width: 1400, height: 1400 };

// The shop's notification endpoint, on this machine.
const shop = createServer((req, res) => res.writeHead(200).end());
await new Promise((resolve) => shop.listen(0, '127.0.0.1', resolve));
const notify = `http://127.0.0.1:${shop.address().port}/notify?private-id={checkout.id}`;

const sandbox = await createSandbox({ scenario: 'default', port: 0, now: '2026-10-30T22:59:00Z', frozen: true, logLevel: 'error' });
const profile = mkdtempSync(join(tmpdir(), 'readme-picture-'));
let browser;
try {
  await sandbox.listen();
  const cart = (storeId, countryCode) => ({
    storeId,
    countryCode,
    merchantTermsUri: 'https://shop.example/terms',
    notificationUri: notify,
    cart: { items: [{ id: 'TENT-2P', description: 'Two-person tent', unitPrice: 2499, quantity: 1, vat: 25 }] },
    fees: { shipping: { id: 'shipping', description: 'Standard delivery', unitPrice: 49, vat: 25 } },
  });
  const expect = async (what, response, status) => {
    if (response.status !== status) throw new Error(`${what}: ${response.status} ${await response.text()}`);
    return response.status === 204 ? null : response.json();
  };
  const sharedKey = (surface, username, key, body) =>
    fetch(`${sandbox.baseUrl('uat', surface)}/checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: sharedKeyHeaderValue(username, key, '/checkout', body) },
      body,
    });

  // The three integrations of the default scenario's UAT merchants, one per host.
  await expect(
    'retired host',
    await sharedKey('retired', 'nordic-outdoor-uat', 'uat-shared-key-nordic-0001', JSON.stringify(cart(1234, 'SE'))),
    200,
  );
  await expect(
    'legacy host',
    await sharedKey('legacy', 'fjord-books-uat', 'uat-shared-key-fjord-0002', JSON.stringify(cart(2234, 'NO'))),
    200,
  );
  const token = await expect(
    'token',
    await fetch(`${sandbox.baseUrl('uat', 'auth')}/oauth2/v2.0/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: '6f1e2d3c-4b5a-4978-8a1b-2c3d4e5f6a01',
        client_secret: 'uat-secret-nordic-outdoor-0001',
        scope: '705798e0-8cef-427c-ae00-6023deba29af/.default',
      }),
    }),
    200,
  );
  const bearer = { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json' };
  const made = await expect(
    'current API',
    await fetch(`${sandbox.baseUrl('uat', 'api')}/checkouts`, { method: 'POST', headers: bearer, body: JSON.stringify(cart(1234, 'SE')) }),
    200,
  );
  const privateId = made.data.privateId;
  // A near miss: the legacy host's path on the current API.
  await expect('near miss', await fetch(`${sandbox.baseUrl('uat', 'api')}/checkout/${privateId}`, { headers: bearer }), 404);
  // The customer buys; the order and the notification follow.
  await expect('customer', await sandbox.fetch(`/__admin/uat/checkouts/${privateId}/customer`, { method: 'POST' }), 200);
  await expect('purchase', await sandbox.fetch(`/__admin/uat/checkouts/${privateId}/purchase`, { method: 'POST' }), 200);
  await sandbox.deliveries.settled();

  // A fresh profile of its own: nothing from another Chromium run shows in the picture.
  browser = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    viewport: VIEWPORT,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const page = browser.pages()[0] ?? (await browser.newPage());
  page.setDefaultTimeout(15_000);
  await page.goto(`${sandbox.listenUrl()}/__admin/ui`);
  await page.locator('body[data-live="open"]').waitFor();
  await page.locator('#migration-integrations article').nth(2).waitFor();
  await page.locator('#request-log tr.request[data-surface="retired"]').first().waitFor();
  // Every panel past its first load: no "Loading…" left in the picture.
  await page.waitForFunction(() => !document.body.innerText.includes('Loading…'));
  await page.screenshot({ path: OUT });
  console.log(`readme-picture: wrote ${OUT.slice(ROOT.length)} (${VIEWPORT.width}×${VIEWPORT.height})`);
} finally {
  await browser?.close();
  await sandbox.close();
  shop.close();
  rmSync(profile, { recursive: true, force: true });
}
