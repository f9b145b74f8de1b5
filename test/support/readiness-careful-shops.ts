/**
 * Careful integrations as real shops build them, each under its own API client: a busy shop with
 * customers interleaved, a confirmation page that reads the checkout before the notification
 * arrives, a backend-only suite, a shop that sends "reference": "", a suite with a helper client
 * of its own, two integrations of one merchant sharing a validation URL. None of them breaks an
 * item; what each one stresses is a rule that once failed such shops.
 */
import { at } from './checkout-requests.js';
import { type Sb, items } from './readiness-shops.js';
import type { Receiver } from './receiver.js';
import { type Integration, advance, customerBuys, holdCalls, newIntegration, pageView, shopPayload } from './readiness-integrations.js';

const bought = async (sb: Sb, privateId: string): Promise<void> => {
  const status = await customerBuys(sb, privateId);
  if (status !== 200) throw new Error(`purchase of ${privateId}: ${status}`);
};

const orderIdIn = (read: { body: Record<string, unknown> | null }): string => {
  const id = at(read.body, 'data', 'order', 'orderId');
  if (typeof id !== 'string') throw new Error(`no order in ${JSON.stringify(read.body)}`);
  return id;
};

/**
 * Customer A buys while customer B shops: after A's notification the shop starts customer C's
 * checkout and changes B's cart before it reads A's checkout (writes on other checkouts are no
 * acting on A's notification), then confirms and captures A, and B in turn.
 */
export async function busyShop(sb: Sb, shop: Receiver): Promise<Integration> {
  const s = await newIntegration(sb, 'busy shop');
  const a = await s.initialize(shopPayload(shop, '/busy', { reference: 'busy-A' }));
  await pageView(sb, a.publicToken);
  const b = await s.initialize(shopPayload(shop, '/busy', { reference: 'busy-B' }));
  await pageView(sb, b.publicToken);
  await bought(sb, a.privateId);
  await shop.until('/busy/notify', 1);
  const c = await s.initialize(shopPayload(shop, '/busy', { reference: 'busy-C' }));
  await pageView(sb, c.publicToken);
  await s.must(200, 'PUT', `/checkouts/${b.privateId}/cart`, { items: items(2) });
  const readA = await s.must(200, 'GET', `/checkouts/${a.privateId}`);
  await pageView(sb, a.publicToken);
  await s.must(202, 'POST', `/manage/orders/${orderIdIn(readA)}/capture`, { amount: 100 });
  await bought(sb, b.privateId);
  await shop.until('/busy/notify', 2);
  const readB = await s.must(200, 'GET', `/checkouts/${b.privateId}`);
  await pageView(sb, b.publicToken);
  await s.must(202, 'POST', `/manage/orders/${orderIdIn(readB)}/capture`, { amount: 100 });
  return s;
}

/**
 * The notification comes after the customer's browser: while the shop is still answering X's
 * notification (held), Y is bought, so Y's notification waits behind it (one call at a time per
 * shop). Y's confirmation page reads the checkout first; when Y's notification comes, the shop
 * captures on that read, and its notification handler reads Y again 30 s later (sandbox clock).
 */
export async function confirmationBeforeNotification(sb: Sb, shop: Receiver): Promise<Integration> {
  const s = await newIntegration(sb, 'confirmation first');
  const x = await s.initialize(shopPayload(shop, '/early', { reference: 'early-X' }));
  await pageView(sb, x.publicToken);
  const y = await s.initialize(shopPayload(shop, '/early', { reference: 'early-Y' }));
  await pageView(sb, y.publicToken);
  const hold = holdCalls(shop, '/early/notify');
  await bought(sb, x.privateId);
  await shop.until('/early/notify', 1);
  await bought(sb, y.privateId);
  // Y's confirmation page, before Y's notification has gone out.
  await pageView(sb, y.publicToken);
  const confirmed = await s.must(200, 'GET', `/checkouts/${y.privateId}`);
  if (at(confirmed.body, 'data', 'status') !== 'PurchaseCompleted') throw new Error('Y not completed on its confirmation page');
  // X's handler reads X while it answers, then answers 200; Y's notification follows.
  await s.must(200, 'GET', `/checkouts/${x.privateId}`);
  hold.release();
  const calls = await shop.until('/early/notify', 2);
  if (calls.length < 2 || !calls[1]!.url.includes(y.privateId)) throw new Error('Y was not notified second');
  // The order job the notification starts captures on what the confirmation page read.
  await s.must(202, 'POST', `/manage/orders/${orderIdIn(confirmed)}/capture`, { amount: 100 });
  await pageView(sb, x.publicToken);
  await advance(sb, 'PT30S');
  await s.must(200, 'GET', `/checkouts/${y.privateId}`);
  return s;
}

/** A library's own tests: checkouts and orders through the API only, no page ever rendered. */
export async function backendOnlySuite(sb: Sb, shop: Receiver): Promise<Integration> {
  const s = await newIntegration(sb, 'backend-only suite');
  const checkout = await s.initialize(shopPayload(shop, '/lib', { reference: 'lib-1' }));
  await s.must(200, 'PUT', `/checkouts/${checkout.privateId}/cart`, { items: items(2) });
  await bought(sb, checkout.privateId);
  await shop.until('/lib/notify', 1);
  const read = await s.must(200, 'GET', `/checkouts/${checkout.privateId}`);
  const orderId = orderIdIn(read);
  await s.must(202, 'POST', `/manage/orders/${orderId}/capture`, { amount: 100 });
  await s.must(202, 'POST', `/manage/orders/${orderId}/refund`, { amount: 50 });
  // A second checkout, for the next test of the suite.
  await s.initialize(shopPayload(shop, '/lib', { reference: 'lib-2' }));
  return s;
}

/** WooCommerce before it has an order number: "reference": "", two customers buying the same tent. */
export async function emptyReferenceShop(sb: Sb, shop: Receiver): Promise<Integration> {
  const s = await newIntegration(sb, 'empty reference');
  for (const customer of ['first', 'second']) {
    const checkout = await s.initialize(shopPayload(shop, `/woo-${customer}`, { reference: '' }));
    await pageView(sb, checkout.publicToken);
    await s.must(200, 'PUT', `/checkouts/${checkout.privateId}/cart`, { items: items(2) });
  }
  return s;
}

/**
 * A shop's suite with a helper client of its own: the shop reads after the notification and
 * confirms; the helper polls the checkout until it shows the purchase, as a test's wait loop does.
 */
export async function suiteWithHelper(sb: Sb, shop: Receiver): Promise<{ shop: Integration; helper: Integration }> {
  const s = await newIntegration(sb, 'webshop');
  const helper = await newIntegration(sb, 'test helper');
  const checkout = await s.initialize(shopPayload(shop, '/suite', { reference: 'suite-1' }));
  await pageView(sb, checkout.publicToken);
  await bought(sb, checkout.privateId);
  await shop.until('/suite/notify', 1);
  await s.must(200, 'GET', `/checkouts/${checkout.privateId}`);
  await pageView(sb, checkout.publicToken);
  for (let i = 0; i < 3; i++) await helper.must(200, 'GET', `/checkouts/${checkout.privateId}`);
  return { shop: s, helper };
}

/**
 * Two integrations of one merchant (the shop and its marketplace feed) sharing one validation
 * URL: only the first one's checkout is bought, so only it has a validation answer of its own.
 */
export async function sharedValidationUrl(sb: Sb, shop: Receiver): Promise<{ bought: Integration; browsing: Integration }> {
  const first = await newIntegration(sb, 'webshop');
  const second = await newIntegration(sb, 'marketplace feed');
  const validationUri = `${shop.base}/shared/validate`;
  const a = await first.initialize(shopPayload(shop, '/shared-a', { reference: 'shared-A', validationUri }));
  const b = await second.initialize(shopPayload(shop, '/shared-b', { reference: 'shared-B', validationUri }));
  await pageView(sb, a.publicToken);
  await pageView(sb, b.publicToken);
  await bought(sb, a.privateId);
  await shop.until('/shared-a/notify', 1);
  await first.must(200, 'GET', `/checkouts/${a.privateId}`);
  await pageView(sb, a.publicToken);
  return { bought: first, browsing: second };
}
