/**
 * The migration demo's shop: a merchant of its own in UAT (so the demo never touches a
 * scenario's or a shop's merchant) and the calls its integration makes, each one a real request
 * answered by this world's own gateway, so the journal, the migration report and the dashboard
 * see it as they see any shop's traffic.
 */
import { sharedKeyHeaderValue } from '../domain/sharedkey-signature.js';
import { type MerchantEntry, merchantEntrySchema } from '../domain/merchant.js';
import { isRefusal } from '../http/refuse.js';
import { TENANTS } from '../identity/tenants.js';
import type { SurfaceName, Urls } from '../hosts.js';
import type { AdminDeps } from './deps.js';

/** The demo plays in UAT: the environment a shop tests its migration in. */
export const DEMO_ENV = 'uat';

/** The demo shop, as a scenario file would declare it. */
export const DEMO_MERCHANT: MerchantEntry = merchantEntrySchema.parse({
  id: '9900',
  name: 'Demo Shop (migration demo)',
  stores: [{ id: 9900, countryCode: 'SE', currency: 'SEK' }],
  sharedKey: { username: 'demo-shop-uat', key: 'demo-shop-uat-key' },
  webhookHmacKey: 'demo-shop-webhook-key',
  apiClients: [
    { clientId: '0d0d0d0d-0000-4000-8000-00000000d001', clientSecret: 'demo-shop-uat-secret-0001', name: 'Demo Shop integration' },
  ],
});

/** What the story reads of an answer: its status (or `refused`: the connection was closed unanswered) and its JSON. */
export interface ShopAnswer {
  status: number | 'refused';
  json: Record<string, unknown> | null;
  headers: Headers;
}

type ShopDeps = Pick<AdminDeps, 'dispatch' | 'urls'>;

/** One shop request to a surface of UAT, as its integration would send it over the network. */
async function send(deps: ShopDeps, surface: SurfaceName, method: string, path: string, headers: Record<string, string>, body?: string) {
  const host = hostOf(deps.urls, surface);
  const request = new Request(`http://${host}${path}`, {
    method,
    headers: { host, 'user-agent': 'checkout-sandbox migration demo (Demo Shop)', ...headers },
    ...(body === undefined ? {} : { body }),
  });
  const response = await deps.dispatch(request, { env: DEMO_ENV, surface });
  if (isRefusal(response)) return { status: 'refused', json: null, headers: response.headers } satisfies ShopAnswer;
  const text = await response.text();
  let json: Record<string, unknown> | null = null;
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // An answer that is not JSON (an HTML page, an empty body): only its status counts.
  }
  return { status: response.status, json, headers: response.headers } satisfies ShopAnswer;
}

export function hostOf(urls: Urls, surface: SurfaceName): string {
  return urls.hosts[DEMO_ENV][surface].host;
}

/** The old integration's call: signed with the merchant's SharedKey over the exact path and body. */
export function sharedKeyCall(deps: ShopDeps, surface: 'retired' | 'legacy', method: string, path: string, body?: object) {
  const text = body === undefined ? '' : JSON.stringify(body);
  const { username, key } = DEMO_MERCHANT.sharedKey;
  return send(
    deps,
    surface,
    method,
    path,
    {
      authorization: sharedKeyHeaderValue(username, key, path, text),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body === undefined ? undefined : text,
  );
}

/** The current integration's token: client credentials from the identity provider. */
export function tokenCall(deps: ShopDeps) {
  const client = DEMO_MERCHANT.apiClients[0]!;
  const form = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: client.clientId,
    client_secret: client.clientSecret,
    scope: TENANTS[DEMO_ENV].scope,
  });
  return send(deps, 'auth', 'POST', '/oauth2/v2.0/token', { 'content-type': 'application/x-www-form-urlencoded' }, form.toString());
}

/** The current integration's call: the bearer token it keeps. */
export function bearerCall(deps: ShopDeps, token: string, method: string, path: string, body?: object) {
  return send(
    deps,
    'api',
    method,
    path,
    { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body === undefined ? undefined : JSON.stringify(body),
  );
}

/** A checkout as the shop initializes it: one order, its cart and shipping fee. */
export function checkoutInit(reference: string): Record<string, unknown> {
  return {
    storeId: Number(DEMO_MERCHANT.stores[0]!.id),
    countryCode: 'SE',
    reference,
    merchantTermsUri: 'https://shop.example/terms',
    cart: { items: [TENT] },
    fees: { shipping: { id: 'shipping', description: 'Standard delivery', unitPrice: 49, vat: 25 } },
  };
}

export const TENT = { id: 'TENT-2P', description: 'Two-person tent', unitPrice: 2499, quantity: 1, vat: 25 };
export const PEGS = { id: 'PEG-10', description: 'Tent pegs (10)', unitPrice: 99, quantity: 1, vat: 25 };

/** A member of an answer's `data` (the checkout envelope), as text. */
export function dataOf(answer: ShopAnswer, name: string): string | null {
  const data = answer.json?.data;
  const value = data && typeof data === 'object' ? (data as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value : null;
}
