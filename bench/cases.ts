/**
 * What the benchmark asks of the sandbox: the credentials of the default scenario's UAT
 * merchant 1001 (store 1234), the requests each case sends, and the generated worlds the
 * write cases need.
 *
 * Generated worlds: capture needs many orders that can keep taking part-captures for the
 * whole run, with ids known in advance, so the bench writes its own scenario files (same
 * merchant and credentials as `default`), with every order NotActivated and large enough
 * for ~10^6 captures of 0.01. The scale world has 10,000 orders and 10,000 checkouts for the
 * one merchant, the issue's definition of `scale`.
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';

export const CLIENT_ID = '6f1e2d3c-4b5a-4978-8a1b-2c3d4e5f6a01';
export const CLIENT_SECRET = 'uat-secret-nordic-outdoor-0001';
export const SCOPE = '705798e0-8cef-427c-ae00-6023deba29af/.default';
export const STORE_ID = '1234';
export const SHARED_KEY = { username: 'nordic-outdoor-uat', key: 'uat-shared-key-nordic-0001' };
/** The default scenario's Initialized checkout of merchant 1001. */
export const DEFAULT_CHECKOUT = '0b7d6a52-1f0e-4c1e-9a11-5d2a1c3e4f01';

export const TOKEN_PATH = '/uat/auth/oauth2/v2.0/token';
export const TOKEN_FORM = new URLSearchParams({
  client_id: CLIENT_ID,
  client_secret: CLIENT_SECRET,
  grant_type: 'client_credentials',
  scope: SCOPE,
}).toString();
export const FORM_HEADERS = { 'content-type': 'application/x-www-form-urlencoded' };

export const CART = JSON.stringify({
  items: [{ id: 'TENT-2P', description: 'Two-person tent', unitPrice: '2499.00', quantity: 1, vat: 25 }],
});
export const CAPTURE = JSON.stringify({ amount: '0.01', description: 'bench part-capture' });

export function sharedKey(body: string, path: string): string {
  const hex = createHash('sha256')
    .update(body + path + SHARED_KEY.key, 'utf8')
    .digest('hex');
  return `SharedKey ${Buffer.from(`${SHARED_KEY.username}:${hex}`).toString('base64')}`;
}

/**
 * Initializes `count` checkouts of merchant 1001 through the current API, for the cart case to
 * rotate over: a checkout takes one modifying request at a time (another in flight is refused
 * with 423 Resource_Locked, as the service does), and an integration updates its own
 * customer's checkout, not one checkout from fifty connections at once.
 */
export async function openCheckouts(url: string, bearer: string, count: number): Promise<string[]> {
  const body = JSON.stringify({
    storeId: Number(STORE_ID),
    countryCode: 'SE',
    reference: 'bench',
    merchantTermsUri: 'https://shop.example/terms',
    cart: JSON.parse(CART),
  });
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const response = await fetch(`${url}/uat/api/checkouts`, {
      method: 'POST',
      headers: { authorization: bearer, 'content-type': 'application/json' },
      body,
    });
    if (!response.ok) throw new Error(`initialize answered ${response.status}: ${await response.text()}`);
    ids.push(((await response.json()) as { data: { privateId: string } }).data.privateId);
  }
  return ids;
}

export function legacyCheckoutPath(privateId: string): string {
  return `/merchants/${STORE_ID}/checkouts/${privateId}`;
}

export function orderId(i: number): string {
  return `b0000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`;
}

export function checkoutId(i: number): string {
  return `c0000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`;
}

export interface World {
  /** --scenario argument: an embedded name or a file. */
  scenario: string;
  label: string;
  orders: number;
  checkouts: number;
  /** A checkout of merchant 1001 in Initialized, if known in advance. */
  checkoutId: string | null;
  /** Orders of merchant 1001 that take captures, if known in advance. */
  orderIds: string[];
  /** 'capture': this world only serves the capture cases. */
  cases: 'all' | 'capture';
  /** Ids not known in advance: asked of the running sandbox's control plane (an embedded scenario that generates its data). */
  discover?: boolean;
}

export const DEFAULT_WORLD: World = {
  scenario: 'default',
  label: 'default',
  orders: 4,
  checkouts: 3,
  checkoutId: DEFAULT_CHECKOUT,
  orderIds: [],
  cases: 'all',
};

/**
 * `scenarios/scale.yaml` as users run it (10,000 orders and 10,000 checkouts generated at
 * seeding, credentials as in default); its ids are asked of the sandbox once it runs.
 */
export const SCALE_WORLD: World = {
  scenario: 'scale',
  label: 'scale',
  orders: 10_000,
  checkouts: 10_000,
  checkoutId: null,
  orderIds: [],
  cases: 'all',
  discover: true,
};

/** A world's ids from the control plane: merchant 1001's Initialized checkouts and NotActivated orders. */
export async function discovered(url: string, world: World): Promise<World> {
  const checkouts = (
    (await (await fetch(`${url}/__admin/uat/checkouts`)).json()) as {
      checkouts: { privateId: string; merchantId: string; status: string }[];
    }
  ).checkouts;
  const orders = (
    (await (await fetch(`${url}/__admin/uat/orders`)).json()) as { orders: { orderId: string; merchantId: string; status: string }[] }
  ).orders;
  const open = checkouts.filter((c) => c.merchantId === '1001' && c.status === 'Initialized');
  return {
    ...world,
    checkoutId: open[Math.floor(open.length / 2)]?.privateId ?? null,
    orderIds: orders.filter((o) => o.merchantId === '1001' && o.status === 'NotActivated').map((o) => o.orderId),
  };
}

/** Writes a scenario with `orders` capturable orders and `checkouts` checkouts for merchant 1001. */
export function generatedWorld(dir: string, name: string, orders: number, checkouts: number, cases: World['cases'] = 'all'): World {
  const item = { id: 'BENCH', description: 'Bench item', unitPrice: '10000.00', quantity: 1, vat: 25 };
  const scenario = {
    name,
    description: `bench: ${orders} orders and ${checkouts} checkouts for merchant 1001 (UAT), credentials as in default`,
    seed: 1,
    environments: {
      uat: {
        merchants: [
          {
            id: '1001',
            name: 'Nordic Outdoor AB (UAT)',
            stores: [{ id: 1234, countryCode: 'SE', currency: 'SEK' }],
            sharedKey: SHARED_KEY,
            apiClients: [{ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, name: 'bench' }],
            checkouts: Array.from({ length: checkouts }, (_, i) => ({ privateId: checkoutId(i), storeId: 1234, items: [item] })),
            orders: Array.from({ length: orders }, (_, i) => ({
              orderId: orderId(i),
              storeId: 1234,
              status: 'NotActivated',
              items: [item],
            })),
          },
        ],
      },
    },
  };
  const file = join(dir, `${name}.yaml`);
  // No anchors/aliases: the sandbox's YAML reader refuses many of them (a resource-exhaustion guard).
  writeFileSync(file, stringify(scenario, { aliasDuplicateObjects: false }));
  return {
    scenario: file,
    label: name,
    orders,
    checkouts,
    checkoutId: checkouts > 0 ? checkoutId(Math.floor(checkouts / 2)) : null,
    orderIds: Array.from({ length: orders }, (_, i) => orderId(i)),
    cases,
  };
}
