/**
 * Sloppy integrations, one sloppiness each, every one under an API client of its own (the retired
 * host's under the merchant's SharedKey user, the only credentials that host takes). Each
 * otherwise behaves, so the item that catches it is the one its sloppiness is about. The test
 * (test/http/readiness-sloppy-shops.test.ts) names the item that must catch each.
 */
import { at, initializeOldStyle, initPayload, NORDIC } from './checkout-requests.js';
import { type Sb, fault, fees, items } from './readiness-shops.js';
import type { Receiver } from './receiver.js';
import {
  type Integration,
  advance,
  customerBuys,
  customerStep,
  holdCalls,
  newIntegration,
  pageView,
  shopPayload,
} from './readiness-integrations.js';

/** Drives the sandbox as a sloppy integration does; the principal its calls are journaled under. */
type Sloppiness = (sb: Sb, shop: Receiver) => Promise<string>;

/** A checkout of its own, shown on the page, with its callbacks on the receiver under `prefix`. */
async function started(sb: Sb, shop: Receiver, prefix: string, overrides: Record<string, unknown> = {}) {
  const s = await newIntegration(sb, prefix.slice(1));
  const checkout = await s.initialize(shopPayload(shop, prefix, { reference: `${prefix.slice(1)}-1`, ...overrides }));
  await pageView(sb, checkout.publicToken);
  return { s, ...checkout };
}

/** The customer buys; the shop reads the checkout after the notification and shows the confirmation page. */
async function boughtAndConfirmed(
  sb: Sb,
  shop: Receiver,
  s: Integration,
  checkout: { privateId: string; publicToken: string },
  prefix: string,
) {
  const status = await customerBuys(sb, checkout.privateId);
  if (status !== 200) throw new Error(`purchase: ${status}`);
  await shop.until(`${prefix}/notify`, 1);
  const read = await s.must(200, 'GET', `/checkouts/${checkout.privateId}`);
  await pageView(sb, checkout.publicToken);
  return String(at(read.body, 'data', 'order', 'orderId'));
}

/** A validation endpoint that answers as `respond` says, and a purchase that asks it. */
async function validatedBy(sb: Sb, shop: Receiver, prefix: string, respond: () => void): Promise<string> {
  const { s, privateId } = await started(sb, shop, prefix, { validationUri: `${shop.base}${prefix}/validate` });
  respond();
  await customerBuys(sb, privateId);
  return s.clientId;
}

/** Updates sent after a customer step that closes the checkout to them, the closed checkout read first. */
async function updatesAfter(sb: Sb, shop: Receiver, prefix: string, close: (privateId: string) => Promise<void>): Promise<string> {
  const { s, privateId } = await started(sb, shop, prefix);
  await close(privateId);
  // It reads the checkout (after the notification, when there is one) and sends its updates all the same.
  await sb.deliveries.settled();
  await s.must(200, 'GET', `/checkouts/${privateId}`);
  await s.must(900, 'PUT', `/checkouts/${privateId}/cart`, { items: items(2) });
  await s.must(900, 'PUT', `/checkouts/${privateId}/fees`, fees(79));
  return s.clientId;
}

/** A 423 on this integration's next `count` cart updates. */
async function lockedFor(sb: Sb, s: Integration, count: number): Promise<void> {
  await fault(sb, {
    env: 'uat',
    surface: 'api',
    method: 'PUT',
    path: '/checkouts/*/cart',
    principal: s.clientId,
    effect: 'status',
    status: 423,
    count,
  });
}

export const SLOPPY = {
  'expired token kept': async (sb, shop) => {
    const { s, privateId } = await started(sb, shop, '/expired');
    await advance(sb, 'PT2H');
    await s.must(401, 'GET', `/checkouts/${privateId}`);
    await s.must(401, 'GET', `/checkouts/${privateId}`);
    return s.clientId;
  },
  'a token per call': async (sb, shop) => {
    const s = await newIntegration(sb, 'token per call', { tokenPerCall: true });
    const checkout = await s.initialize(shopPayload(shop, '/per-call', { reference: 'per-call-1' }));
    await s.must(200, 'PUT', `/checkouts/${checkout.privateId}/cart`, { items: items(2) });
    return s.clientId;
  },
  'validation hangs': (sb, shop) => validatedBy(sb, shop, '/hang', () => holdCalls(shop, '/hang/validate')),
  'validation answers 500': (sb, shop) => validatedBy(sb, shop, '/v500', () => shop.answer('/v500/validate', 500)),
  'validation refuses in plain text': (sb, shop) =>
    validatedBy(sb, shop, '/plain', () =>
      shop.answerWith('/plain/validate', (res) => res.writeHead(400, { 'content-type': 'text/plain' }).end('Out of stock')),
    ),
  'capture above the order': async (sb, shop) => {
    const { s, ...checkout } = await started(sb, shop, '/over-capture');
    const orderId = await boughtAndConfirmed(sb, shop, s, checkout, '/over-capture');
    await s.must(422, 'POST', `/manage/orders/${orderId}/capture`, { amount: 999_999 });
    return s.clientId;
  },
  'refund above what was captured': async (sb, shop) => {
    const { s, ...checkout } = await started(sb, shop, '/over-refund');
    const orderId = await boughtAndConfirmed(sb, shop, s, checkout, '/over-refund');
    await s.must(202, 'POST', `/manage/orders/${orderId}/capture`, { amount: 100 });
    await s.must(422, 'POST', `/manage/orders/${orderId}/refund`, { amount: 500 });
    return s.clientId;
  },
  'update dropped after 423': async (sb, shop) => {
    const { s, privateId } = await started(sb, shop, '/dropped');
    await lockedFor(sb, s, 1);
    await s.must(423, 'PUT', `/checkouts/${privateId}/cart`, { items: items(2) });
    await s.must(200, 'PUT', `/checkouts/${privateId}/fees`, fees(79));
    return s.clientId;
  },
  'update hammered after 423': async (sb, shop) => {
    const { s, privateId } = await started(sb, shop, '/hammer');
    await lockedFor(sb, s, 5);
    for (let i = 0; i < 5; i++) await s.must(423, 'PUT', `/checkouts/${privateId}/cart`, { items: items(2) });
    return s.clientId;
  },
  'updates after 900 Purchase_Completed': (sb, shop) =>
    updatesAfter(sb, shop, '/after-purchase', async (privateId) => {
      if ((await customerBuys(sb, privateId)) !== 200) throw new Error('purchase failed');
    }),
  'updates after 900 Checkout_Aborted': (sb, shop) =>
    updatesAfter(sb, shop, '/after-abort', (privateId) => customerStep(sb, privateId, 'abort')),
  'updates after 900 Purchase_Commitment_Found': (sb, shop) =>
    updatesAfter(sb, shop, '/after-commit', (privateId) => customerStep(sb, privateId, 'commit')),
  'the retired host': async (sb) => {
    await initializeOldStyle(sb, 'retired', initPayload({ reference: 'retired-1' }));
    return NORDIC.username;
  },
  'an order initialized on every page view': async (sb, shop) => {
    const s = await newIntegration(sb, 'init per page view');
    for (let view = 0; view < 2; view++) {
      const checkout = await s.initialize(shopPayload(shop, '/per-view', { reference: 'per-view-1' }));
      await pageView(sb, checkout.publicToken);
    }
    return s.clientId;
  },
  'no read after the notification': async (sb, shop) => {
    const { s, privateId, publicToken } = await started(sb, shop, '/no-read');
    if ((await customerBuys(sb, privateId)) !== 200) throw new Error('purchase failed');
    await shop.until('/no-read/notify', 1);
    await pageView(sb, publicToken);
    await advance(sb, 'PT2H');
    return s.clientId;
  },
  'no confirmation page': async (sb, shop) => {
    const { s, privateId } = await started(sb, shop, '/no-confirmation');
    if ((await customerBuys(sb, privateId)) !== 200) throw new Error('purchase failed');
    await shop.until('/no-confirmation/notify', 1);
    await s.must(200, 'GET', `/checkouts/${privateId}`);
    await advance(sb, 'PT2H');
    return s.clientId;
  },
  'unchanged updates': async (sb, shop) => {
    const { s, privateId } = await started(sb, shop, '/unchanged');
    const cart = initPayload().cart as { items: unknown[] };
    await s.must(200, 'PUT', `/checkouts/${privateId}/cart`, { items: cart.items });
    return s.clientId;
  },
  polling: async (sb, shop) => {
    const { s, privateId } = await started(sb, shop, '/polling');
    for (let i = 0; i < 3; i++) await s.must(200, 'GET', `/checkouts/${privateId}`);
    return s.clientId;
  },
  'notification endpoint always 500': async (sb, shop) => {
    shop.answer('/n500/notify', 500);
    const { s, ...checkout } = await started(sb, shop, '/n500');
    await boughtAndConfirmed(sb, shop, s, checkout, '/n500');
    // The service sends it again 5 s and 10 s later (sandbox time).
    await advance(sb, 'PT1M');
    return s.clientId;
  },
} satisfies Record<string, Sloppiness>;
