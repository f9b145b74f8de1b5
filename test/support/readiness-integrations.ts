/**
 * One integration of a merchant as the readiness pattern tests drive it: an API client of its
 * own (made through the admin plane, so each pattern's verdicts are its own), the token it keeps
 * (or fetches per call), and the calls a shop makes. The sandbox runs in process (sb.fetch); the
 * shop's callbacks go to a local Receiver. Built on the readiness shops' helpers.
 */
import type { ServerResponse } from 'node:http';
import type { MigrationReport, PrincipalReport } from '../../src/journal/report.js';
import type { ReadinessStatus } from '../../src/domain/readiness/readiness.js';
import { initPayload } from './checkout-requests.js';
import { CREDENTIALS, tokenFor } from './identity.js';
import { type Answer, type Sb, api, expectStatus, initialize } from './readiness-shops.js';
import type { Receiver } from './receiver.js';

export interface Integration {
  clientId: string;
  /** The call on the current API with this integration's token (cached, unless made per call). */
  call(method: string, path: string, body?: unknown): Promise<Answer>;
  /** The call, which must answer `status`. */
  must(status: number, method: string, path: string, body?: unknown): Promise<Answer>;
  initialize(payload: Record<string, unknown>): Promise<{ privateId: string; publicToken: string }>;
  /** Drops the cached token (the next call requests a new one). */
  forgetToken(): void;
}

/** A new API client of Nordic Outdoor (merchant 1001), as a shop's second integration or a test's helper gets one. */
export async function newIntegration(sb: Sb, name: string, options: { tokenPerCall?: boolean } = {}): Promise<Integration> {
  const created = await sb.fetch(`/__admin/uat/merchants/${CREDENTIALS.uat.merchantId}/api-clients`, {
    method: 'POST',
    body: JSON.stringify({ name }),
  });
  if (created.status !== 201) throw new Error(`api client: ${created.status} ${await created.text()}`);
  const { clientId, clientSecret } = (await created.json()) as { clientId: string; clientSecret: string };
  const fields = { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret, scope: CREDENTIALS.uat.scope };
  let cached: string | null = null;
  const token = async (): Promise<string> => {
    if (options.tokenPerCall || cached === null) cached = await tokenFor(sb, 'uat', fields);
    return cached;
  };
  const call = async (method: string, path: string, body?: unknown): Promise<Answer> => api(sb, await token(), method, path, body);
  return {
    clientId,
    call,
    must: async (status, method, path, body) => expectStatus(await call(method, path, body), status, `${method} ${path}`),
    initialize: async (payload) => initialize(sb, await token(), payload),
    forgetToken: () => (cached = null),
  };
}

/** An initialize payload whose callbacks go to the shop's receiver under `prefix`. */
export function shopPayload(shop: Receiver, prefix: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return initPayload({
    notificationUri: `${shop.base}${prefix}/notify?id={checkout.id}`,
    merchantTermsUri: 'https://shop.example/terms',
    ...overrides,
  });
}

/** The customer's browser loads the checkout page (the shop's checkout page, or its confirmation page). */
export async function pageView(sb: Sb, publicToken: string): Promise<void> {
  const response = await sb.fetch(`/uat/frontend/checkout/${publicToken}`);
  await response.text();
}

/** The customer completes the purchase (as on the hosted page); the status of the admin call. */
export async function customerBuys(sb: Sb, privateId: string): Promise<number> {
  const response = await sb.fetch(`/__admin/uat/checkouts/${privateId}/purchase`, { method: 'POST', body: '{}' });
  await response.text();
  return response.status;
}

/** A customer step through the admin plane (commit, abort), which must answer 200. */
export async function customerStep(sb: Sb, privateId: string, step: 'commit' | 'abort'): Promise<void> {
  const response = await sb.fetch(`/__admin/uat/checkouts/${privateId}/${step}`, { method: 'POST', body: '{}' });
  if (response.status !== 200) throw new Error(`${step}: ${response.status} ${await response.text()}`);
}

/** The test moves the sandbox clock, then waits for the deliveries that made due. */
export async function advance(sb: Sb, duration: string): Promise<void> {
  const moved = await sb.fetch('/__admin/clock/advance', { method: 'POST', body: JSON.stringify({ duration }) });
  if (!moved.ok) throw new Error(`clock: ${moved.status}`);
  await sb.deliveries.settled();
}

/** A shop endpoint that takes the call and answers only when released: the shop busy with it. */
export function holdCalls(shop: Receiver, path: string): { release(): void } {
  const held: ServerResponse[] = [];
  shop.answerWith(path, (res) => held.push(res));
  return {
    release() {
      shop.answerWith(path, (res) => res.writeHead(200).end());
      for (const res of held.splice(0)) res.writeHead(200).end();
    },
  };
}

/** The report once the deliveries due have been made (a notification is journaled when its call ends). */
export async function reportOf(sb: Sb): Promise<MigrationReport> {
  await sb.deliveries.settled();
  return (await (await sb.fetch('/__admin/report')).json()) as MigrationReport;
}

export function principalIn(report: MigrationReport, name: string): PrincipalReport {
  const found = report.principals.find((p) => p.principal === name);
  if (!found) throw new Error(`no ${name} in ${report.principals.map((p) => p.principal).join(', ')}`);
  return found;
}

/** Each item's status for one integration. */
export async function verdictsOf(sb: Sb, principal: string): Promise<Record<string, ReadinessStatus>> {
  return Object.fromEntries(principalIn(await reportOf(sb), principal).readiness.map((item) => [item.id, item.status]));
}

/** The items an integration does not meet, with what the traffic showed (an empty list reads well in a failure). */
export async function notMetOf(sb: Sb, principal: string): Promise<string[]> {
  return principalIn(await reportOf(sb), principal)
    .readiness.filter((item) => item.status === 'not-met')
    .map((item) => `${item.id}: ${item.detail}`);
}
