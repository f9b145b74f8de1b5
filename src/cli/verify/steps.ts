/**
 * The check merchants are advised to run after leaving the retired host (docs/real-service.md,
 * "Migration off the retired host"): start a checkout and run the order administration calls in the
 * test environment, as a list of steps against any target. The purchase needs a customer: on
 * the sandbox its control plane plays one; elsewhere the steps that need it are skipped
 * and said so (or run on an order the caller completed by hand, --order-id).
 */
import { randomUUID } from 'node:crypto';
import { type VerifyExchange, type Fetch, exchange, pick } from './exchange.js';

export interface VerifyTarget {
  env: string;
  /** The current API's base URL (checkouts and /manage/orders). */
  baseUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  storeId: string;
  scope: string;
  countryCode: string;
  /** Where to look for the sandbox's control plane; null: never (treat as a real host). */
  adminUrl: string | null;
  /** An order completed by a customer, to run order administration on a real host. */
  orderId: string | null;
}

type StepState = 'pass' | 'fail' | 'skip' | 'not-run';

export interface StepResult {
  name: string;
  state: StepState;
  detail: string;
  exchange?: VerifyExchange;
}

export interface VerifyReport {
  /** The control plane found, or null when the target is not (known to be) a sandbox. */
  sandbox: string | null;
  steps: StepResult[];
  outcome: 'passed' | 'failed' | 'incomplete';
}

const ORDER_STEPS = ['read the order', 'capture the order', 'refund the capture', 'read the order again'];

export async function verify(target: VerifyTarget, fetcher: Fetch, onStep: (step: StepResult) => void = () => {}): Promise<VerifyReport> {
  const steps: StepResult[] = [];
  let sandbox: string | null = null;
  const record = (step: StepResult): StepResult => {
    steps.push(step);
    onStep(step);
    return step;
  };
  const finish = (sandbox: string | null): VerifyReport => ({
    sandbox,
    steps,
    outcome: steps.some((s) => s.state === 'fail') ? 'failed' : steps.some((s) => s.state === 'skip') ? 'incomplete' : 'passed',
  });
  const failed = (name: string, detail: string, x: VerifyExchange, rest: string[]): VerifyReport => {
    record({ name, state: 'fail', detail, exchange: x });
    for (const later of rest) record({ name: later, state: 'not-run', detail: `not run: "${name}" failed` });
    return finish(sandbox);
  };
  const base = target.baseUrl.replace(/\/+$/, '');
  const afterToken = ['initialize a checkout', 'read the checkout', 'complete the purchase', ...ORDER_STEPS];

  // 1. A token, as the merchant's plugin gets one.
  const form = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: target.clientId,
    client_secret: target.clientSecret,
    scope: target.scope,
  });
  const token = await exchange(fetcher, 'POST', target.tokenUrl, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
  const accessToken = pick(token.json, 'access_token');
  if (token.status !== 200 || typeof accessToken !== 'string')
    return failed('get a token', 'expected 200 with an access_token', token, afterToken);
  record({ name: 'get a token', state: 'pass', detail: `expires_in ${String(pick(token.json, 'expires_in'))} s` });
  const json = { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json', accept: 'application/json' };

  // 2. Initialize a checkout session.
  const init = await exchange(fetcher, 'POST', `${base}/checkouts`, { headers: json, body: JSON.stringify(checkoutBody(target)) });
  const privateId = pick(init.json, 'data.privateId');
  if (init.status !== 200 || typeof privateId !== 'string')
    return failed('initialize a checkout', 'expected 200 with data.privateId', init, afterToken.slice(1));
  record({
    name: 'initialize a checkout',
    state: 'pass',
    detail: `privateId ${privateId}, publicToken ${String(pick(init.json, 'data.publicToken'))}`,
  });

  const read = await exchange(fetcher, 'GET', `${base}/checkouts/${encodeURIComponent(privateId)}`, { headers: json });
  if (read.status !== 200) return failed('read the checkout', 'expected 200', read, afterToken.slice(2));
  record({ name: 'read the checkout', state: 'pass', detail: `status ${String(pick(read.json, 'data.status'))}` });

  // 3. The purchase: the sandbox's control plane plays the customer; elsewhere a person must.
  sandbox = target.adminUrl === null ? null : await findControlPlane(fetcher, target.adminUrl);
  let orderId = target.orderId;
  if (orderId === null && sandbox !== null) {
    const purchase = await exchange(
      fetcher,
      'POST',
      `${sandbox}/__admin/${encodeURIComponent(target.env)}/checkouts/${encodeURIComponent(privateId)}/purchase`,
      {
        headers: { 'content-type': 'application/json' },
        body: '{}',
      },
    );
    const created = pick(purchase.json, 'orderId');
    if (purchase.status !== 200 || typeof created !== 'string')
      return failed('complete the purchase', 'expected 200 with orderId from the control plane', purchase, ORDER_STEPS);
    record({ name: 'complete the purchase', state: 'pass', detail: `through ${sandbox}/__admin; orderId ${created}` });
    orderId = created;
  } else if (orderId === null) {
    record({
      name: 'complete the purchase',
      state: 'skip',
      detail:
        'needs a customer: no sandbox control plane at this target. Complete a purchase in the checkout ' +
        `(publicToken ${String(pick(init.json, 'data.publicToken'))}), then rerun with --order-id <orderId>.`,
    });
    for (const name of ORDER_STEPS) record({ name, state: 'skip', detail: 'needs a customer (an order from a completed purchase)' });
    return finish(sandbox);
  }

  // 4. Order administration on the order.
  const orderUrl = `${base}/manage/orders/${encodeURIComponent(orderId)}`;
  const order = await exchange(fetcher, 'GET', orderUrl, { headers: json });
  const total = pick(order.json, 'data.totalAmount');
  if (order.status !== 200 || typeof total !== 'number')
    return failed('read the order', 'expected 200 with data.totalAmount', order, ORDER_STEPS.slice(1));
  record({ name: 'read the order', state: 'pass', detail: `status ${String(pick(order.json, 'data.status'))}, totalAmount ${total}` });

  for (const [index, operation] of (['capture', 'refund'] as const).entries()) {
    const name = ORDER_STEPS[index + 1] as string;
    const body = JSON.stringify({ amount: total, actionReference: `verify-${operation}-${randomUUID()}` });
    const written = await exchange(fetcher, 'POST', `${orderUrl}/${operation}`, { headers: json, body });
    if (written.status !== 202) return failed(name, 'expected 202 Accepted', written, ORDER_STEPS.slice(index + 2));
    record({ name, state: 'pass', detail: `${total} accepted${written.headers.location ? `, Location ${written.headers.location}` : ''}` });
  }

  const after = await exchange(fetcher, 'GET', orderUrl, { headers: json });
  if (after.status !== 200) return failed('read the order again', 'expected 200', after, []);
  record({ name: 'read the order again', state: 'pass', detail: `status ${String(pick(after.json, 'data.status'))}` });
  return finish(sandbox);
}

/** A sandbox answers GET /__admin/health with {"status": "ok"}; anything else is a real host. */
async function findControlPlane(fetcher: Fetch, adminUrl: string): Promise<string | null> {
  const origin = adminUrl.replace(/\/+$/, '').replace(/\/__admin$/, '');
  const health = await exchange(fetcher, 'GET', `${origin}/__admin/health`);
  return health.status === 200 && pick(health.json, 'status') === 'ok' ? origin : null;
}

function checkoutBody(target: VerifyTarget): Record<string, unknown> {
  return {
    storeId: target.storeId,
    countryCode: target.countryCode,
    reference: `verify-${randomUUID().slice(0, 8)}`,
    merchantTermsUri: 'https://merchant.example/terms',
    cart: { items: [{ id: 'verify-1', description: 'checkout-sandbox verify', unitPrice: 100.0, quantity: 1, vat: 25 }] },
  };
}
