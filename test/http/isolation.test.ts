/**
 * Cross-merchant and cross-environment isolation, counted (docs/reliability.md reports the
 * count). Another merchant of the same environment (Fjord Books) and the same
 * merchant's credentials on the other environment try every business route against Nordic
 * Outdoor's UAT checkout and order; every attempt must be refused and Nordic's data unchanged.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { sharedKeyHeaderValue } from '../../src/domain/sharedkey-signature.js';
import { useSandbox } from '../support/sandbox.js';
import { FJORD, NORDIC, type SharedKeyMerchant, initPayload } from '../support/checkout-requests.js';
import { tokenFor } from '../support/identity.js';
import { ROUTES, type Route } from '../support/routes.js';

const sb = useSandbox({ now: '2026-06-01T00:00:00Z', frozen: true }, 'file');
const ids = { checkout: '', order: '', store: NORDIC.storeId };
const tokens = { nordic: '', fjord: '', prodNordic: '' };
let before = '';

beforeAll(async () => {
  tokens.nordic = await tokenFor(sb, 'uat');
  tokens.fjord = await tokenFor(sb, 'uat', {
    grant_type: 'client_credentials',
    client_id: '6f1e2d3c-4b5a-4978-8a1b-2c3d4e5f6a02',
    client_secret: 'uat-secret-fjord-books-0002',
    scope: '705798e0-8cef-427c-ae00-6023deba29af/.default',
  });
  tokens.prodNordic = await tokenFor(sb, 'prod');
  const headers = { authorization: `Bearer ${tokens.nordic}`, 'content-type': 'application/json' };
  const init = JSON.stringify(initPayload({ notificationUri: undefined }));
  const created = await sb.fetch('/uat/api/checkouts', { method: 'POST', headers, body: init });
  ids.checkout = ((await created.json()) as { data: { privateId: string } }).data.privateId;
  const second = await sb.fetch('/uat/api/checkouts', { method: 'POST', headers, body: init });
  const bought = ((await second.json()) as { data: { privateId: string } }).data.privateId;
  const purchase = await sb.fetch(`/__admin/uat/checkouts/${bought}/purchase`, { method: 'POST', body: '{}' });
  ids.order = ((await purchase.json()) as { orderId: string }).orderId;
  before = await snapshot();
});

async function snapshot(): Promise<string> {
  const headers = { authorization: `Bearer ${tokens.nordic}` };
  const checkout = await (await sb.fetch(`/uat/api/checkouts/${ids.checkout}`, { headers })).json();
  const order = await (await sb.fetch(`/uat/api/manage/orders/${ids.order}`, { headers })).json();
  // The envelope's id is per response; the data is what must not change.
  return JSON.stringify([(checkout as { data: unknown }).data, (order as { data: unknown }).data]);
}

/** A body the route would accept from its owner, so that only the caller is wrong. */
function bodyFor(route: Route): string {
  if (/\/(capture|refund|reauthorize)$/.test(route.path)) return JSON.stringify({ amount: 1 });
  if (route.path.endsWith('/cart')) return JSON.stringify({ items: [{ id: 'X', description: 'X', unitPrice: 1, quantity: 1, vat: 25 }] });
  if (route.path.endsWith('/reference')) return JSON.stringify({ reference: 'stolen' });
  if (route.path.endsWith('/metadata')) return JSON.stringify({ metadata: { stolen: true } });
  if (route.path.endsWith('/paylink')) return JSON.stringify({ destination: 'thief@example.com' });
  if (/\/widgets?$/.test(route.path)) return JSON.stringify({ storeId: NORDIC.storeId });
  if (route.path === '/checkouts' || route.path === '/checkout')
    return JSON.stringify(initPayload({ storeId: Number(NORDIC.storeId), notificationUri: undefined }));
  return '{}';
}

interface Attempt {
  label: string;
  send: () => Promise<Response>;
}

function attempts(): Attempt[] {
  const list: Attempt[] = [];
  // Business routes only: the identity endpoints and /__admin are not per merchant.
  const business = ROUTES.filter((r) => r.auth !== 'none' && r.path !== '/manage/orders/');
  for (const route of business) {
    const path = route.path
      .replace('{checkout}', ids.checkout)
      .replace('{order}', ids.order)
      .replace('{store}', ids.store)
      .replace('{reauth}', '00000000-0000-4000-8000-000000000001');
    const body = route.method === 'GET' ? undefined : bodyFor(route);
    const send = (prefix: string, authorization: string) => (): Promise<Response> =>
      sb.fetch(`${prefix}${path}`, {
        method: route.method,
        headers: { authorization, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body }),
      });
    const signed = (merchant: SharedKeyMerchant): string => sharedKeyHeaderValue(merchant.username, merchant.key, path, body ?? '');
    const creates = route.path === '/checkouts' || route.path === '/checkout' || /\/widgets?$/.test(route.path);
    const otherEnv = route.prefix.replace('/uat/', '/prod/');
    if (route.auth === 'bearer') {
      // Creating with Nordic's store id as Fjord must be refused as well (Wrong StoreId).
      list.push({ label: `Fjord bearer ${route.method} ${route.prefix}${route.path}`, send: send(route.prefix, `Bearer ${tokens.fjord}`) });
      list.push({ label: `UAT token on PROD ${route.method} ${otherEnv}${route.path}`, send: send(otherEnv, `Bearer ${tokens.nordic}`) });
      if (!creates)
        list.push({
          label: `PROD token on UAT ${route.method} ${route.prefix}${route.path}`,
          send: send(route.prefix, `Bearer ${tokens.prodNordic}`),
        });
    } else {
      list.push({ label: `Fjord SharedKey ${route.method} ${route.prefix}${route.path}`, send: send(route.prefix, signed(FJORD)) });
      list.push({ label: `UAT SharedKey on PROD ${route.method} ${otherEnv}${route.path}`, send: send(otherEnv, signed(NORDIC)) });
    }
  }
  return list;
}

describe('isolation', () => {
  it('refuses every cross-merchant and cross-environment attempt, and Nordic’s data stays as it was', async () => {
    const all = attempts();
    const misses: string[] = [];
    for (const attempt of all) {
      const response = await attempt.send();
      if (response.status < 400 || response.status >= 500)
        misses.push(`${attempt.label}: ${response.status} ${(await response.text()).slice(0, 160)}`);
    }
    console.info(`isolation: ${all.length - misses.length} of ${all.length} cross-merchant and cross-environment attempts refused`);
    expect(misses).toEqual([]);
    expect(all.length).toBeGreaterThanOrEqual(90);
    expect(await snapshot()).toBe(before);
  });
});
