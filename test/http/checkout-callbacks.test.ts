/**
 * The customer's side through the admin API, and the calls to the merchant's endpoints:
 * validationUri (POST, non-2xx stops the purchase), notificationUri (GET with placeholders
 * substituted, retried on non-200 on the sandbox clock), all against a local receiver.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { type IncomingMessage, type Server, createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSandbox } from '../../src/index.js';
import { useSandbox } from '../support/sandbox.js';
import { admin, at, initPayload, initializeOldStyle, signedFetch } from '../support/checkout-requests.js';

interface Received {
  method: string;
  url: string;
}

/** A merchant's web shop: answers each path with the next status of its script (then the last one). */
class Receiver {
  readonly received: Received[] = [];
  private readonly scripts = new Map<string, number[]>();
  private server!: Server;
  base = '';

  async start(): Promise<void> {
    this.server = createServer((req: IncomingMessage, res) => {
      req.resume();
      this.received.push({ method: req.method ?? '', url: req.url ?? '' });
      const path = (req.url ?? '').split('?')[0]!;
      const script = this.scripts.get(path) ?? [200];
      const status = script.length > 1 ? script.shift()! : script[0]!;
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ status }));
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  answer(path: string, ...statuses: number[]): void {
    this.scripts.set(path, statuses);
  }

  on(path: string): Received[] {
    return this.received.filter((r) => r.url.split('?')[0] === path || r.url.startsWith(`${path}/`));
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

const sb = useSandbox({ now: '2026-10-01T10:00:00Z', frozen: true });
let shop: Receiver;
beforeEach(async () => {
  shop = new Receiver();
  await shop.start();
});
afterEach(async () => {
  await shop.stop();
});

interface Attempt {
  kind: string;
  attempt: number;
  at: string;
  dueAt: string;
  url: string;
  method: string;
  status: number | null;
  error: string | null;
}

/** The checkout's attempts, once every delivery due by now was made (they are made after the request that caused them). */
async function attempts(privateId: string): Promise<Attempt[]> {
  await sb.deliveries.settled();
  const response = await admin(sb, `/uat/checkouts/${privateId}/callbacks`, undefined, 'GET');
  expect(response.status).toBe(200);
  return response.body.attempts as Attempt[];
}

describe("the customer's side", () => {
  it('identifies a customer with generated data, or with the given one over it', async () => {
    const { privateId } = await initializeOldStyle(sb, 'legacy');
    const generated = await admin(sb, `/uat/checkouts/${privateId}/customer`);
    expect(generated.status).toBe(200);
    expect(at(generated.body, 'data', 'customer')).toMatchObject({
      email: expect.stringContaining('@example.com'),
      mobilePhoneNumber: expect.stringMatching(/^07\d{8}$/),
      deliveryAddress: {
        firstName: expect.any(String),
        postalCode: expect.stringMatching(/^\d{5}$/),
        countryCode: 'SE',
        country: 'Sverige',
      },
    });

    const given = await admin(sb, `/uat/checkouts/${privateId}/customer`, {
      customer: { email: 'kim@example.org', deliveryAddress: { city: 'Umeå' } },
    });
    expect(at(given.body, 'data', 'customer', 'email')).toBe('kim@example.org');
    expect(at(given.body, 'data', 'customer', 'deliveryAddress', 'city')).toBe('Umeå');
    const get = await signedFetch(sb, 'legacy', 'GET', `/merchants/1234/checkouts/${privateId}`);
    expect(get.body.data).toMatchObject({ status: 'CustomerIdentified', customer: { email: 'kim@example.org' } });
  });

  it('refuses actions that do not fit the state, and unknown checkouts, with clear admin errors', async () => {
    const { privateId } = await initializeOldStyle(sb, 'legacy');
    expect((await admin(sb, `/uat/checkouts/${privateId}/purchase`, { result: 'Activated' })).status).toBe(200);
    const again = await admin(sb, `/uat/checkouts/${privateId}/purchase`);
    expect(again.status).toBe(409);
    expect(String(at(again.body, 'error', 'message'))).toContain('PurchaseCompleted');
    expect((await admin(sb, `/uat/checkouts/${privateId}/customer`)).status).toBe(409);
    expect((await admin(sb, '/uat/checkouts/00000000-0000-4000-8000-000000000000/customer')).status).toBe(404);
    expect((await admin(sb, `/uat/checkouts/${privateId}/purchase`, { result: 'Paid' })).status).toBe(400);
    expect((await admin(sb, `/qa/checkouts/${privateId}/purchase`)).status).toBe(404);
  });

  it('creates an order of cart + fees with a lowercase GUID, visible in the checkout', async () => {
    const { privateId } = await initializeOldStyle(sb, 'legacy');
    const purchase = await admin(sb, `/uat/checkouts/${privateId}/purchase`, { result: 'OnHold', paymentName: 'PartPayment' });
    expect(purchase.status).toBe(200);
    const orderId = String(purchase.body.orderId);
    expect(orderId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    // 2499 + 2 × 99.50 + 49 shipping
    expect(purchase.body.order).toEqual({ orderId, status: 'NotActivated', totalAmount: 2747 });
    const get = await signedFetch(sb, 'legacy', 'GET', `/merchants/1234/checkouts/${privateId}`);
    expect(get.body.data).toMatchObject({
      status: 'PurchaseCompleted',
      purchase: { result: 'OnHold', paymentName: 'PartPayment', amountToPay: 2747 },
      order: { orderId, totalAmount: 2747, items: [{ id: 'TENT-2P' }, { id: 'PEG-10', quantity: 2 }, { id: 'shipping' }] },
    });
  });
});

describe('validationUri', () => {
  it('is POSTed before completing; a non-2xx stops the purchase and unlocks the checkout', async () => {
    shop.answer('/validate', 404, 200);
    const { privateId } = await initializeOldStyle(
      sb,
      'legacy',
      initPayload({ validationUri: `${shop.base}/validate?id={checkout.id}`, notificationUri: null }),
    );
    const refused = await admin(sb, `/uat/checkouts/${privateId}/purchase`);
    expect(refused.status).toBe(422);
    expect(String(at(refused.body, 'error', 'message'))).toContain('answered 404');
    expect(at((await signedFetch(sb, 'legacy', 'GET', `/merchants/1234/checkouts/${privateId}`)).body, 'data', 'status')).toBe(
      'CustomerIdentified',
    );

    const accepted = await admin(sb, `/uat/checkouts/${privateId}/purchase`);
    expect(accepted.status).toBe(200);
    expect(shop.on('/validate').map((r) => [r.method, r.url])).toEqual([
      ['POST', `/validate?id=${privateId}`],
      ['POST', `/validate?id=${privateId}`],
    ]);
    expect((await attempts(privateId)).map((a) => [a.kind, a.method, a.status])).toEqual([
      ['validation', 'POST', 404],
      ['validation', 'POST', 200],
    ]);
  });

  it('stops the purchase when the merchant cannot be reached', async () => {
    const { privateId } = await initializeOldStyle(sb, 'legacy', initPayload({ validationUri: 'http://127.0.0.1:9/validate' }));
    const refused = await admin(sb, `/uat/checkouts/${privateId}/purchase`);
    expect(refused.status).toBe(422);
    expect(String(at(refused.body, 'error', 'message'))).toContain('could not be reached');
  });
});

describe('notificationUri', () => {
  it('is called with GET and both placeholders substituted, raw and percent-encoded, in path and query', async () => {
    const { privateId, publicToken } = await initializeOldStyle(
      sb,
      'legacy',
      initPayload({
        notificationUri: `${shop.base}/notify/{checkout.publictoken}?private-id={checkout.id}&enc=%7Bcheckout.id%7D&t=%7bcheckout.publictoken%7d`,
      }),
    );
    const purchase = await admin(sb, `/uat/checkouts/${privateId}/purchase`);
    // The purchase answers first; the notification follows it.
    expect(at(purchase.body, 'notification', 'state')).toBe('pending');
    expect((await attempts(privateId)).map((a) => a.status)).toEqual([200]);
    expect(shop.on('/notify')).toEqual([
      { method: 'GET', url: `/notify/${publicToken}?private-id=${privateId}&enc=${privateId}&t=${publicToken}` },
    ]);
  });

  it('is retried on non-200 after 5 s, 10 s, 3 min… on the sandbox clock, until a 200', async () => {
    shop.answer('/notify', 500, 400, 503, 200);
    const { privateId } = await initializeOldStyle(sb, 'legacy', initPayload({ notificationUri: `${shop.base}/notify?id={checkout.id}` }));
    await admin(sb, `/uat/checkouts/${privateId}/purchase`);
    expect((await attempts(privateId)).map((a) => a.status)).toEqual([500]);

    // Nothing happens until the clock moves: 4 s is not yet due.
    sb.clock.advance(4000);
    expect((await attempts(privateId)).map((a) => a.status)).toEqual([500]);
    sb.clock.advance(1000);
    expect((await attempts(privateId)).map((a) => a.status)).toEqual([500, 400]);
    await admin(sb, '/clock/advance', { seconds: 10 });
    expect((await attempts(privateId)).map((a) => a.status)).toEqual([500, 400, 503]);
    await admin(sb, '/clock/advance', { duration: 'PT3M' });

    const list = await attempts(privateId);
    expect(list.map((a) => [a.attempt, a.status, a.at])).toEqual([
      [1, 500, '2026-10-01T10:00:00.000Z'],
      [2, 400, '2026-10-01T10:00:05.000Z'],
      [3, 503, '2026-10-01T10:00:15.000Z'],
      [4, 200, '2026-10-01T10:03:15.000Z'],
    ]);
    expect(list.every((a) => a.method === 'GET' && a.url === `${shop.base}/notify?id=${privateId}`)).toBe(true);
    await sb.deliveries.settled();
    const record = await admin(sb, `/uat/checkouts/${privateId}/callbacks`, undefined, 'GET');
    expect(at(record.body, 'callbacks', 0)).toMatchObject({ kind: 'notification', state: 'delivered', nextAttemptAt: null });
    expect(shop.on('/notify')).toHaveLength(4);

    // Delivered: later clock moves call nothing more.
    sb.clock.advance(48 * 3600 * 1000);
    expect(await attempts(privateId)).toHaveLength(4);
  });

  it('fires every retry that fell due when the clock jumps, and gives up after the last one', async () => {
    shop.answer('/notify', 500);
    const { privateId } = await initializeOldStyle(sb, 'legacy', initPayload({ notificationUri: `${shop.base}/notify` }));
    await admin(sb, `/uat/checkouts/${privateId}/purchase`);
    sb.clock.advance(2 * 3600 * 1000);
    // 5 s, +10 s, +3 min and +1 h are due after two hours: attempts 2–5.
    expect((await attempts(privateId)).map((a) => a.dueAt)).toEqual([
      '2026-10-01T10:00:00.000Z',
      '2026-10-01T10:00:05.000Z',
      '2026-10-01T10:00:15.000Z',
      '2026-10-01T10:03:15.000Z',
      '2026-10-01T11:03:15.000Z',
    ]);
    sb.clock.advance(4 * 24 * 3600 * 1000);
    const all = await attempts(privateId);
    expect(all).toHaveLength(9);
    await sb.deliveries.settled();
    const record = await admin(sb, `/uat/checkouts/${privateId}/callbacks`, undefined, 'GET');
    expect(at(record.body, 'callbacks', 0)).toMatchObject({ state: 'failed', nextAttemptAt: null });
  });

  it('makes the retries of several checkouts that fell due at once in the order of their instants', async () => {
    shop.answer('/notify', 500);
    const payload = initPayload({ notificationUri: `${shop.base}/notify?id={checkout.id}` });
    const first = (await initializeOldStyle(sb, 'legacy', payload)).privateId;
    const second = (await initializeOldStyle(sb, 'legacy', payload)).privateId;
    await admin(sb, `/uat/checkouts/${first}/purchase`);
    sb.clock.advance(7000);
    await sb.deliveries.settled();
    await admin(sb, `/uat/checkouts/${second}/purchase`);
    await sb.deliveries.settled();
    // The first's retry due at +5 s went out with that move; from here both have four due.
    const before = shop.received.length;
    sb.clock.advance(2 * 3600 * 1000);
    await sb.deliveries.settled();
    const order = shop.received.slice(before).map((r) => (new URL(r.url, shop.base).searchParams.get('id') === first ? 'first' : 'second'));
    // Due: first +15 s, second +12 s, +22 s, first +3:15, second +3:22, first +1:03:15, second +1:03:22.
    expect(order).toEqual(['second', 'first', 'second', 'first', 'second', 'first', 'second']);
  });

  it('records an unreachable endpoint as an error and keeps retrying', async () => {
    const { privateId } = await initializeOldStyle(sb, 'legacy', initPayload({ notificationUri: 'http://127.0.0.1:9/notify' }));
    await admin(sb, `/uat/checkouts/${privateId}/purchase`);
    sb.clock.advance(5000);
    const list = await attempts(privateId);
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ status: null, error: expect.stringContaining('fetch failed') });
  });

  it('is also sent when the checkout is aborted', async () => {
    const { privateId } = await initializeOldStyle(sb, 'legacy', initPayload({ notificationUri: `${shop.base}/aborted?id={checkout.id}` }));
    const aborted = await admin(sb, `/uat/checkouts/${privateId}/abort`);
    expect(aborted.body).toMatchObject({ status: 'Aborted', notification: { state: 'pending' } });
    await sb.deliveries.settled();
    expect(shop.on('/aborted')).toEqual([{ method: 'GET', url: `/aborted?id=${privateId}` }]);
  });

  it('keeps pending retries across a restart on the same state file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'callbacks-'));
    try {
      const statePath = join(dir, 'state.json');
      shop.answer('/notify', 500, 200);
      const first = await createSandbox({ logLevel: 'silent', statePath, reset: true, now: '2026-10-01T10:00:00Z', frozen: true });
      const { privateId } = await initializeOldStyle(first, 'legacy', initPayload({ notificationUri: `${shop.base}/notify` }));
      await admin(first, `/uat/checkouts/${privateId}/purchase`);
      await first.deliveries.settled();
      await first.close();

      const second = await createSandbox({ logLevel: 'silent', statePath });
      try {
        second.clock.advance(5000);
        await second.deliveries.settled();
        const response = await admin(second, `/uat/checkouts/${privateId}/callbacks`, undefined, 'GET');
        expect((response.body.attempts as Attempt[]).map((a) => a.status)).toEqual([500, 200]);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
