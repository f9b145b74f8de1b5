/**
 * The two readiness shops (readiness-shops.ts) on the items the traffic shows beyond the
 * checklist: Nordic Outdoor captures within its order, keeps one widget token and answers its
 * notifications 200; Fjord Books requests a widget token per page view, captures above its
 * order, names its terms page over plain HTTP and has a notification endpoint that always
 * answers 500 (it reads the checkout after it, so only the answer is wrong).
 */
import type { Sandbox } from '../../src/index.js';
import { initPayload } from './checkout-requests.js';
import type { Receiver } from './receiver.js';

/** The sandbox's order for a purchased checkout, as the admin plane shows it. */
async function orderOf(sb: Sandbox, privateId: string): Promise<string> {
  const inspected = (await (await sb.fetch(`/__admin/uat/checkouts/${privateId}`)).json()) as {
    data: { order: { orderId: string } | null };
  };
  if (!inspected.data.order) throw new Error(`no order for ${privateId}`);
  return inspected.data.order.orderId;
}

async function call(sb: Sandbox, token: string, method: string, path: string, body: unknown, expected: number): Promise<unknown> {
  const response = await sb.fetch(`/uat/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== expected) throw new Error(`${method} ${path}: expected ${expected}, got ${response.status} ${text}`);
  return text ? (JSON.parse(text) as unknown) : null;
}

/** One widget token for the store's pages, and a capture of part of the order it was notified of. */
export async function goodShopOrders(sb: Sandbox, state: { token: string; privateId: string }): Promise<void> {
  await call(sb, state.token, 'POST', '/widgets', { storeId: 1234 }, 200);
  const orderId = await orderOf(sb, state.privateId);
  await call(sb, state.token, 'POST', `/manage/orders/${orderId}/capture`, { amount: 100 }, 202);
}

/** A widget token per page view; a checkout with plain-HTTP terms whose notification endpoint answers 500; a capture above its order. */
export async function badShopOrders(sb: Sandbox, shop: Receiver, token: () => Promise<string>): Promise<void> {
  await call(sb, await token(), 'POST', '/widgets', { storeId: 2234 }, 200);
  await call(sb, await token(), 'POST', '/widgets', { storeId: 2234 }, 200);
  shop.answer('/bad/notify-500', 500);
  const init = (await call(
    sb,
    await token(),
    'POST',
    '/checkouts',
    initPayload({
      storeId: 2234,
      countryCode: 'NO',
      reference: 'bad-3',
      merchantTermsUri: 'http://fjord-books.no/terms',
      notificationUri: `${shop.base}/bad/notify-500?id={checkout.id}`,
    }),
    200,
  )) as { data: { privateId: string; publicToken: string } };
  const { privateId, publicToken } = init.data;
  const purchased = await sb.fetch(`/__admin/uat/checkouts/${privateId}/purchase`, { method: 'POST', body: '{}' });
  if (purchased.status !== 200) throw new Error(`bad-3 purchase: ${purchased.status}`);
  await shop.until('/bad/notify-500', 1);
  await call(sb, await token(), 'GET', `/checkouts/${privateId}`, undefined, 200);
  await sb.fetch(`/uat/frontend/checkout/${publicToken}`);
  const orderId = await orderOf(sb, privateId);
  await call(sb, await token(), 'POST', `/manage/orders/${orderId}/capture`, { amount: 999_999 }, 422);
}
