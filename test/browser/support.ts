/**
 * What the browser tests share: Debian's Chromium driven by playwright-core (no browser is
 * ever downloaded), a merchant's web shop on port 0 (a static checkout page embedding the
 * loader, plus validation and notification endpoints that record what they receive), and
 * checkouts initialized through the current API as a shop's backend does it.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type IncomingMessage, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Browser, chromium } from 'playwright-core';
import { inject } from 'vitest';
import type { Sandbox } from '../../src/index.js';
import { initPayload } from '../support/checkout-requests.js';
import { MINIMAL_UAT_CLIENT } from '../support/identity.js';
import { scoped } from '../support/sandbox.js';
import { bearerToken } from '../support/manage-api.js';
import { CHROMIUM } from './chromium.js';

export { CHROMIUM, HAVE_CHROMIUM } from './chromium.js';

/**
 * A browser test walks a page through many steps, each a round trip to Chromium and the
 * sandbox; on a busy two-core machine they take several times as long as alone, so these
 * tests get more time than the suite's default before they count as failed.
 */
export const BROWSER_TEST_TIMEOUT_MS = 60_000;
/** Shown as the suite's name when it is skipped, so a skipped run says why. */
export const SKIP_REASON = `skipped: ${CHROMIUM} is missing (apt-get install -y chromium; .ci/run does it)`;

/**
 * Chromium for the tests of the describe block (or file) that calls it: connected before the
 * first, disconnected after the last (which closes the contexts and pages it opened). The
 * browser process is the run's one (test/setup/chromium.ts), so a file does not wait for a
 * browser to start.
 */
export function useChromium(): Browser {
  return scoped('Chromium', () => chromium.connect(inject('chromiumEndpoint')), 'file');
}

/** Every documented client event but the metrics (which a shop records apart: they fire throughout). */
export const EVENT_NAMES = [
  'CustomerUpdated',
  'Locked',
  'Unlocked',
  'Resumed',
  'PurchaseCompleted',
  'OrderValidationFailed',
  'ShippingUpdated',
  'CrmUpdated',
  'PaymentAborted',
  'Expired',
  'ReloadedByUser',
];

/** The jQuery a WordPress shop loads (the WooCommerce plugin adds the loader tag with it). */
const JQUERY = readFileSync(createRequire(import.meta.url).resolve('jquery/dist/jquery.min.js'), 'utf8');

/**
 * A shop page's script that records every event the loader fires on the document, with what
 * a shop's listener can see of it: window.shopLog = [{type, token, bubbles, cancelable,
 * onDocument, reachedWindow, payload}]. A bubbling event would also reach window.
 */
export const EVENT_LOG_SCRIPT = `<script>
  window.shopLog = [];
  ${JSON.stringify([...EVENT_NAMES, 'Metric'])}.forEach(function (name) {
    ['walleyCheckout', 'collectorCheckout'].forEach(function (prefix) {
      var type = prefix + name;
      document.addEventListener(type, function (event) {
        window.shopLog.push({ type: type, token: event.detail && event.detail.token, bubbles: event.bubbles, cancelable: event.cancelable,
          onDocument: event.target === document, reachedWindow: false, payload: event.payload || (event.detail && event.detail.payload) || null });
      });
      window.addEventListener(type, function () { window.shopLog[window.shopLog.length - 1].reachedWindow = true; });
    });
  });
</script>`;

export interface Received {
  method: string;
  path: string;
  query: URLSearchParams;
}

/** A merchant's web shop: the checkout page, and the endpoints the sandbox calls back. */
export class Shop {
  readonly received: Received[] = [];
  /** More pages of the shop: path → the page's HTML for the query. */
  readonly pages = new Map<string, (query: URLSearchParams) => string>();
  /** Status the validation endpoint answers next. */
  validationStatus = 200;
  private server!: Server;
  base = '';

  constructor(readonly loaderBase: string) {}

  loaderUrl(loader: 'walley' | 'collector' = 'walley'): string {
    return `${this.loaderBase}/${loader}-checkout-loader.js`;
  }

  async start(): Promise<void> {
    this.server = createServer((req: IncomingMessage, res) => {
      req.resume();
      const url = new URL(req.url ?? '/', 'http://shop.local');
      const page = url.pathname === '/checkout' ? this.page.bind(this) : this.pages.get(url.pathname);
      if (page) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(url.searchParams));
        return;
      }
      if (url.pathname === '/jquery.js') {
        res.writeHead(200, { 'content-type': 'application/javascript; charset=utf-8' }).end(JQUERY);
        return;
      }
      this.received.push({ method: req.method ?? '', path: url.pathname, query: url.searchParams });
      const status = url.pathname === '/validate' ? this.validationStatus : 200;
      res
        .writeHead(status, { 'content-type': 'application/json' })
        .end(JSON.stringify(status < 300 ? { orderReference: 'SHOP-1' } : { title: 'Out of stock', message: 'TENT-2P sold out' }));
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The shop's checkout page: records every event the loader fires on the document. */
  private page(query: URLSearchParams): string {
    const loader = query.get('loader') === 'collector' ? 'collector-checkout-loader.js' : 'walley-checkout-loader.js';
    const attr = (s: string): string => s.replace(/[&"<>]/g, (ch) => `&#${ch.charCodeAt(0)};`);
    return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Nordic Outdoor: checkout</title></head>
<body>
<h1>Nordic Outdoor</h1>
<div id="walley-checkout-container"></div>
<script>
  window.shopEvents = [];
  ${JSON.stringify(EVENT_NAMES)}.forEach(function (name) {
    ['walleyCheckout', 'collectorCheckout'].forEach(function (prefix) {
      document.addEventListener(prefix + name, function () { window.shopEvents.push(prefix + name); });
    });
  });
</script>
<script src="${attr(`${this.loaderBase}/${loader}`)}" data-token="${attr(query.get('token') ?? '')}" data-lang="en-SE" data-version="v2"
  data-container-id="walley-checkout-container" data-action-color="#0b6e4f"></script>
</body></html>`;
  }

  calls(path: string): Received[] {
    return this.received.filter((r) => r.path === path);
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

export interface InitializedCheckout {
  privateId: string;
  publicToken: string;
}

/** POST /checkouts on the current API, with the shop's validation and notification endpoints. */
export async function initializeCheckout(sb: Sandbox, shop: Shop, token?: string): Promise<InitializedCheckout & { bearer: string }> {
  const bearer = token ?? (await bearerToken(sb, 'uat', MINIMAL_UAT_CLIENT));
  const response = await sb.fetch('/uat/api/checkouts', {
    method: 'POST',
    headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
    body: JSON.stringify(
      initPayload({
        validationUri: `${shop.base}/validate?private-id={checkout.id}`,
        notificationUri: `${shop.base}/notify?private-id={checkout.id}&public-token={checkout.publictoken}`,
        redirectPageUri: `${shop.base}/thanks?public-token={checkout.publictoken}`,
      }),
    ),
  });
  const body = (await response.json()) as { data: InitializedCheckout };
  if (response.status !== 200) throw new Error(`initialize failed: ${response.status} ${JSON.stringify(body)}`);
  return { ...body.data, bearer };
}

/** Polls until `check` holds (browser and callbacks run concurrently with the test). */
export async function eventually(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
