/**
 * The legacy invoice-status callback (docs/real-service.md, "Invoice status callback"): an OnHold purchase
 * is resolved after the scenario's delay of sandbox time or by the admin call; the purchase and
 * the order follow, and the merchant's invoice-status URL gets its GET with InvoiceNo, OrderNo
 * and InvoiceStatus, recorded with the checkout's other callbacks.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/index.js';
import { openSandbox } from '../support/sandbox.js';
import { SCENARIO_DIR } from '../../src/store/scenario.js';
import { admin, at, initPayload, initializeOldStyle, signedFetch } from '../support/checkout-requests.js';
import { ManageApi } from '../support/manage-api.js';
import { useReceiver } from '../support/receiver.js';

const dir = mkdtempSync(join(tmpdir(), 'invoice-status-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The default scenario with an onHold section: reviews wait for the admin call only. */
function manualReviewScenario(): string {
  const file = join(dir, 'manual-review.yaml');
  const yaml = readFileSync(join(SCENARIO_DIR, 'default.yaml'), 'utf8').replace('name: default', 'name: manual-review');
  writeFileSync(file, `${yaml}\nonHold:\n  resolveAfterSeconds: null\n  invoiceStatus: Rejected\n`);
  return file;
}

/** The default scenario with orders that expire after an hour and reviews that end with `status` after two. */
function lateReviewScenario(status: 'Approved' | 'Rejected'): string {
  const file = join(dir, `late-review-${status}.yaml`);
  const yaml = readFileSync(join(SCENARIO_DIR, 'default.yaml'), 'utf8')
    .replace('name: default', `name: late-review-${status.toLowerCase()}`)
    .replace('lifetimeSeconds: 2419200    # 28 days', 'lifetimeSeconds: 3600');
  writeFileSync(file, `${yaml}\nonHold:\n  resolveAfterSeconds: 7200\n  invoiceStatus: ${status}\n`);
  return file;
}

let sb: Sandbox;
const shop = useReceiver();

async function start(scenario?: string): Promise<void> {
  sb = await openSandbox({ now: '2026-11-02T10:00:00Z', frozen: true, ...(scenario ? { scenario } : {}) });
  const configured = await admin(
    sb,
    '/uat/merchants/1001/callbacks',
    { invoiceStatusUri: `${shop.base}/module/collectorcheckout/invoicestatus?shop=1` },
    'PUT',
  );
  expect(configured.body).toMatchObject({ invoiceStatusUri: `${shop.base}/module/collectorcheckout/invoicestatus?shop=1` });
}

/** An OnHold purchase with reference ORD-7; returns privateId, orderId and the purchaseIdentifier. */
async function onHold(): Promise<{ privateId: string; orderId: string; invoiceNo: string }> {
  const { privateId } = await initializeOldStyle(
    sb,
    'legacy',
    initPayload({ reference: 'ORD-7', notificationUri: `${shop.base}/notify?id={checkout.id}` }),
  );
  const purchase = await admin(sb, `/uat/checkouts/${privateId}/purchase`, { result: 'OnHold' });
  expect(purchase.status).toBe(200);
  return {
    privateId,
    orderId: String(purchase.body.orderId),
    invoiceNo: String(at(purchase.body, 'data', 'purchase', 'purchaseIdentifier')),
  };
}

async function checkoutData(privateId: string): Promise<Record<string, unknown>> {
  return (await signedFetch(sb, 'legacy', 'GET', `/merchants/1234/checkouts/${privateId}`)).body.data!;
}

describe('on-hold purchases', () => {
  it('are approved after the default hour of sandbox time: the GET goes out and the purchase becomes Preliminary', async () => {
    await start();
    const { privateId, orderId, invoiceNo } = await onHold();
    await admin(sb, '/clock/advance', { seconds: 3599 });
    expect(shop.on('/module/collectorcheckout/invoicestatus')).toHaveLength(0);
    expect(at(await checkoutData(privateId), 'purchase', 'result')).toBe('OnHold');

    await admin(sb, '/clock/advance', { seconds: 1 });
    const [call] = await shop.until('/module/collectorcheckout/invoicestatus', 1);
    expect(call!.method).toBe('GET');
    const query = new URL(call!.url, shop.base).searchParams;
    expect(Object.fromEntries(query)).toEqual({ shop: '1', InvoiceNo: invoiceNo, OrderNo: 'ORD-7', InvoiceStatus: '1' });
    expect(at(await checkoutData(privateId), 'purchase', 'result')).toBe('Preliminary');
    expect((await new ManageApi(sb).order(orderId)).status).toBe('NotActivated');

    await sb.deliveries.settled();
    const callbacks = await admin(sb, `/uat/checkouts/${privateId}/callbacks`, undefined, 'GET');
    const kinds = (callbacks.body.callbacks as { kind: string; state: string }[]).map((c) => `${c.kind}:${c.state}`);
    expect(kinds).toEqual(['notification:delivered', 'invoice-status:delivered', 'notification:delivered']);
    expect(at(callbacks.body, 'callbacks', 1, 'attempts', 0)).toMatchObject({
      dueAt: '2026-11-02T11:00:00.000Z',
      method: 'GET',
      status: 200,
    });
  });

  it('wait for the admin call when the scenario says so; a rejection cancels the order', async () => {
    await start(manualReviewScenario());
    const { privateId, orderId } = await onHold();
    await admin(sb, '/clock/advance', { duration: 'P30D' });
    expect(at(await checkoutData(privateId), 'purchase', 'result')).toBe('OnHold');
    expect((await admin(sb, '/uat/on-hold-reviews', undefined, 'GET')).body.reviews).toMatchObject([
      { privateId, dueAt: null, state: 'pending' },
    ]);

    const resolved = await admin(sb, `/uat/checkouts/${privateId}/invoice-status`, { invoiceStatus: 5 });
    expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);
    const [call] = await shop.until('/module/collectorcheckout/invoicestatus', 1);
    expect(new URL(call!.url, shop.base).searchParams.get('InvoiceStatus')).toBe('5');
    expect(at(await checkoutData(privateId), 'purchase', 'result')).toBe('Rejected');
    expect((await new ManageApi(sb).order(orderId)).status).toBe('Cancelled');
  });

  it.each([
    ['Approved', [7300], 'Expired'],
    ['Approved', [3700, 3600], 'Expired'],
    ['Rejected', [7300], 'Cancelled'],
    ['Rejected', [3700, 3600], 'Cancelled'],
  ] as const)('end in time with the order: %s after %j s of an order that expired after one hour is %s', async (status, steps, final) => {
    await start(lateReviewScenario(status));
    const { privateId, orderId } = await onHold();
    const api = new ManageApi(sb);
    for (const [i, seconds] of steps.entries()) {
      await admin(sb, '/clock/advance', { seconds });
      // Read between the two moves: expired, the review not yet due.
      if (i < steps.length - 1) expect((await api.order(orderId)).status).toBe('Expired');
    }
    expect((await api.order(orderId)).status).toBe(final);
    expect(at(await checkoutData(privateId), 'purchase', 'result')).toBe(status === 'Approved' ? 'Preliminary' : 'Rejected');
    const reviews = (await admin(sb, '/uat/on-hold-reviews', undefined, 'GET')).body.reviews;
    expect(reviews).toMatchObject([{ state: 'resolved', resolvedAt: '2026-11-02T12:00:00.000Z' }]);
  });

  it('retries an invoice-status call the shop refused, on the sandbox clock', async () => {
    await start();
    shop.answer('/module/collectorcheckout/invoicestatus', 500, 200);
    const { privateId } = await onHold();
    await admin(sb, `/uat/checkouts/${privateId}/invoice-status`, { invoiceStatus: 'Approved' });
    await sb.deliveries.settled();
    await admin(sb, '/clock/advance', { seconds: 5 });
    await sb.deliveries.settled();
    const callbacks = await admin(sb, `/uat/checkouts/${privateId}/callbacks`, undefined, 'GET');
    const call = (callbacks.body.callbacks as { kind: string; state: string; attempts: { status: number }[] }[]).find(
      (c) => c.kind === 'invoice-status',
    );
    expect(call).toMatchObject({ state: 'delivered', attempts: [{ status: 500 }, { status: 200 }] });
  });

  it('refuses the admin call for purchases not on hold, unknown checkouts and unknown statuses', async () => {
    await start();
    const { privateId } = await initializeOldStyle(sb, 'legacy');
    await admin(sb, `/uat/checkouts/${privateId}/purchase`, { result: 'Preliminary' });
    const notOnHold = await admin(sb, `/uat/checkouts/${privateId}/invoice-status`, { invoiceStatus: 'Approved' });
    expect(notOnHold.status).toBe(409);
    expect(String(at(notOnHold.body, 'error', 'message'))).toContain('no purchase on hold');
    expect((await admin(sb, '/uat/checkouts/00000000-0000-4000-8000-000000000000/invoice-status', { invoiceStatus: 1 })).status).toBe(404);
    expect((await admin(sb, `/uat/checkouts/${privateId}/invoice-status`, { invoiceStatus: 'Maybe' })).status).toBe(400);
  });
});
