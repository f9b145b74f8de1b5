/**
 * Two shops against one sandbox, for the go-live readiness tests: Nordic Outdoor's API client
 * follows every readiness item, Fjord Books' client breaks each one it can (its SharedKey user
 * breaks current-api: a bearer client's own calls are on the current API by definition).
 * Both drive the sandbox in process (sb.fetch); the sandbox calls their notification and
 * validation URIs on a local receiver.
 */
import type { Sandbox } from '../../src/index.js';
import { FJORD, initPayload, signedFetch } from './checkout-requests.js';
import { CREDENTIALS, type Fields, clientCredentials, tokenFor } from './identity.js';
import type { Receiver } from './receiver.js';
import { badShopOrders, goodShopOrders } from './readiness-traffic-shops.js';

export const GOOD_CLIENT = CREDENTIALS.uat.clientId;
export const BAD_CLIENT = '6f1e2d3c-4b5a-4978-8a1b-2c3d4e5f6a02';
const BAD_CREDENTIALS: Fields = {
  grant_type: 'client_credentials',
  client_id: BAD_CLIENT,
  client_secret: 'uat-secret-fjord-books-0002',
  scope: CREDENTIALS.uat.scope,
};

export type Sb = Sandbox;

export interface Answer {
  status: number;
  body: Record<string, unknown> | null;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export async function api(sb: Sb, token: string, method: string, path: string, body?: unknown): Promise<Answer> {
  const response = await sb.fetch(`/uat/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}

export function expectStatus(answer: Answer, status: number, what: string): Answer {
  if (answer.status !== status) throw new Error(`${what}: expected ${status}, got ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer;
}

export async function initialize(
  sb: Sb,
  token: string,
  payload: Record<string, unknown>,
): Promise<{ privateId: string; publicToken: string }> {
  const answer = expectStatus(await api(sb, token, 'POST', '/checkouts', payload), 200, 'initialize');
  return answer.body!.data as { privateId: string; publicToken: string };
}

async function purchase(sb: Sb, privateId: string): Promise<number> {
  return (await sb.fetch(`/__admin/uat/checkouts/${privateId}/purchase`, { method: 'POST', body: '{}' })).status;
}

export async function fault(sb: Sb, rule: Record<string, unknown>): Promise<void> {
  const response = await sb.fetch('/__admin/faults', { method: 'POST', body: JSON.stringify(rule) });
  if (response.status !== 201 && response.status !== 200) throw new Error(`fault: ${response.status} ${await response.text()}`);
}

export const items = (quantity: number) => [{ id: 'TENT-2P', description: 'Two-person tent', unitPrice: '2499.00', quantity, vat: 25 }];
export const fees = (unitPrice: number) => ({ shipping: { id: 'shipping', description: 'Delivery', unitPrice, vat: 25 } });

/** What each shop left between its first part and the clock move (the second part needs it). */
export interface ShopState {
  token: string;
  privateId: string;
}

/** The shop that follows every item, up to the clock move. */
export async function goodShopBefore(sb: Sb, shop: Receiver): Promise<ShopState> {
  const token = await tokenFor(sb, 'uat', clientCredentials('uat'));
  const { privateId, publicToken } = await initialize(
    sb,
    token,
    initPayload({
      reference: 'good-1',
      notificationUri: `${shop.base}/good/notify?id={checkout.id}`,
      validationUri: `${shop.base}/good/validate?id={checkout.id}`,
    }),
  );
  await sb.fetch(`/uat/frontend/checkout/${publicToken}`);
  expectStatus(await api(sb, token, 'PUT', `/checkouts/${privateId}/cart`, { items: items(2) }), 200, 'cart');
  expectStatus(await api(sb, token, 'PUT', `/checkouts/${privateId}/fees`, fees(99)), 200, 'fees');
  // Locked once: the same update again, a moment later.
  await fault(sb, {
    env: 'uat',
    surface: 'api',
    method: 'PUT',
    path: '/checkouts/*/cart',
    principal: GOOD_CLIENT,
    effect: 'status',
    status: 423,
    count: 1,
  });
  expectStatus(await api(sb, token, 'PUT', `/checkouts/${privateId}/cart`, { items: items(3) }), 423, 'locked cart');
  await sleep(300);
  expectStatus(await api(sb, token, 'PUT', `/checkouts/${privateId}/cart`, { items: items(3) }), 200, 'cart again');
  if ((await purchase(sb, privateId)) !== 200) throw new Error('good purchase failed');
  // The notification tells nothing: read the checkout, then show the confirmation page.
  await shop.until('/good/notify', 1);
  expectStatus(await api(sb, token, 'GET', `/checkouts/${privateId}`), 200, 'read after notification');
  await sb.fetch(`/uat/frontend/checkout/${publicToken}`);
  // A late cart change is refused with 900: the shop stops and reads instead.
  expectStatus(await api(sb, token, 'PUT', `/checkouts/${privateId}/cart`, { items: items(4) }), 900, 'cart after purchase');
  expectStatus(await api(sb, token, 'GET', `/checkouts/${privateId}`), 200, 'read after 900');
  return { token, privateId };
}

/** After the clock moved past the token's lifetime: a 401, a new token, the same call again. */
export async function goodShopAfter(sb: Sb, state: ShopState): Promise<void> {
  expectStatus(await api(sb, state.token, 'GET', `/checkouts/${state.privateId}`), 401, 'expired token');
  const fresh = await tokenFor(sb, 'uat', clientCredentials('uat'));
  expectStatus(await api(sb, fresh, 'GET', `/checkouts/${state.privateId}`), 200, 'same call, new token');
}

/** The shop that breaks every item, up to the clock move. */
export async function badShopBefore(sb: Sb, shop: Receiver): Promise<ShopState> {
  // A token for every call.
  const token = async (): Promise<string> => tokenFor(sb, 'uat', BAD_CREDENTIALS);
  const payload = (reference: string) =>
    initPayload({
      storeId: 2234,
      countryCode: 'NO',
      reference,
      notificationUri: `${shop.base}/bad/notify?id={checkout.id}`,
      validationUri: `${shop.base}/bad/validate?id={checkout.id}`,
    });
  const { privateId, publicToken } = await initialize(sb, await token(), payload('bad-1'));
  await sb.fetch(`/uat/frontend/checkout/${publicToken}`);
  // The same order initialized again while the first checkout is usable.
  await initialize(sb, await token(), payload('bad-1'));
  // The cart it already holds; then cart and fees together when only the fees changed; then polling.
  const sameCart = (initPayload().cart as { items: unknown }).items;
  expectStatus(await api(sb, await token(), 'PUT', `/checkouts/${privateId}/cart`, { items: sameCart }), 200, 'same cart');
  expectStatus(
    await api(sb, await token(), 'PUT', `/checkouts/${privateId}`, { cart: { items: sameCart }, fees: fees(79) }),
    200,
    'cart and fees',
  );
  const reader = await token();
  for (let i = 0; i < 3; i++) expectStatus(await api(sb, reader, 'GET', `/checkouts/${privateId}`), 200, 'poll');
  // Some calls still signed with the merchant's SharedKey on the legacy host.
  await signedFetch(sb, 'legacy', 'GET', `/merchants/${FJORD.storeId}/checkouts/${privateId}`, undefined, FJORD);
  // Locked: resent at once, again and again.
  await fault(sb, {
    env: 'uat',
    surface: 'api',
    method: 'PUT',
    path: '/checkouts/*/cart',
    principal: BAD_CLIENT,
    effect: 'status',
    status: 423,
    count: 5,
  });
  const hammer = await token();
  for (let i = 0; i < 5; i++)
    expectStatus(await api(sb, hammer, 'PUT', `/checkouts/${privateId}/cart`, { items: items(5) }), 423, 'hammered cart');
  // The validation endpoint fails with a 500; the customer tries again and it passes.
  shop.answer('/bad/validate', 500, 200);
  await purchase(sb, privateId);
  if ((await purchase(sb, privateId)) !== 200) throw new Error('bad purchase failed');
  await shop.until('/bad/notify', 1);
  // No read after the notification, no confirmation page (the clock move shows it never came): on
  // to the next order; and on the notified checkout, updates, and more after their 900.
  const next = await token();
  await initialize(sb, next, payload('bad-2'));
  expectStatus(await api(sb, next, 'PUT', `/checkouts/${privateId}/cart`, { items: items(6) }), 900, 'cart after purchase');
  expectStatus(await api(sb, next, 'PUT', `/checkouts/${privateId}/fees`, fees(59)), 900, 'fees after purchase');
  return { token: next, privateId };
}

/** After the clock move: the expired token used again, never renewed. */
export async function badShopAfter(sb: Sb, state: ShopState): Promise<void> {
  expectStatus(await api(sb, state.token, 'GET', `/checkouts/${state.privateId}`), 401, 'expired token');
  expectStatus(await api(sb, state.token, 'GET', `/checkouts/${state.privateId}`), 401, 'expired token again');
}

/** Both shops, the clock moved two hours between their parts. */
export async function driveBothShops(sb: Sb, shop: Receiver): Promise<void> {
  const good = await goodShopBefore(sb, shop);
  await goodShopOrders(sb, good);
  const bad = await badShopBefore(sb, shop);
  await badShopOrders(sb, shop, () => tokenFor(sb, 'uat', BAD_CREDENTIALS));
  const moved = await sb.fetch('/__admin/clock/advance', { method: 'POST', body: JSON.stringify({ duration: 'PT2H' }) });
  if (!moved.ok) throw new Error(`clock: ${moved.status}`);
  // The retries of the notification Fjord Books answers 500, due within the two hours.
  await sb.deliveries.settled();
  await goodShopAfter(sb, good);
  await badShopAfter(sb, bad);
}
