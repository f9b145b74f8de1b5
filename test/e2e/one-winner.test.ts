/**
 * Exactly one of two racing transitions wins, over a real socket against a spawned sandbox, on
 * a state file (the default `npm start`, where the change log's write sits between a step's
 * check and its next change) and in memory: parallel purchases of one checkout (admin, hosted
 * page, pay link), an abort or an identification racing a purchase, order actions on one order,
 * and on-hold reviews ended by the clock and the admin at once. The losers get what they would
 * one after another; there is one order, one `walley:order:created` webhook and one notification.
 */
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenFor } from '../support/identity.js';
import { Receiver } from '../support/receiver.js';
import { type Spawned, spawnScope, startSandbox } from '../support/spawn.js';

const { dir, running } = spawnScope('sandbox-one-winner-');
const PARALLEL = 20;

/** A shop whose validation endpoint answers only when told to: the purchase waits on it, inside its turn. */
class HeldValidation {
  private server!: Server;
  private held: ServerResponse[] = [];
  private arrived: (() => void)[] = [];
  base = '';

  async start(): Promise<void> {
    this.server = createServer((_req: IncomingMessage, res) => {
      this.held.push(res);
      this.arrived.splice(0).forEach((wake) => wake());
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Resolves once a validation call is being held. */
  async called(): Promise<void> {
    while (this.held.length === 0) await new Promise<void>((resolve) => this.arrived.push(resolve));
  }

  release(): void {
    for (const res of this.held.splice(0)) res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  }

  async stop(): Promise<void> {
    this.release();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

describe.each([
  ['a state file', (name: string) => ['--state', join(dir, `${name}.json`)]],
  ['memory', () => ['--memory']],
])('one winner, %s', (label, stateArgs) => {
  let sandbox: Spawned;
  const shop = new Receiver();
  const validation = new HeldValidation();
  let token: string;

  const call = (path: string, init: RequestInit = {}): Promise<Response> => fetch(`${sandbox.url}${path}`, init);
  const post = (path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> =>
    call(path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body ?? {}) });
  const api = (method: string, path: string, body?: unknown): Promise<Response> =>
    call(`/uat/api${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const json = async <T = Record<string, unknown>>(response: Response | Promise<Response>): Promise<T> =>
    (await (await response).json()) as T;

  async function initialize(extra: Record<string, unknown> = {}): Promise<{ privateId: string; publicToken: string }> {
    const answer = await api('POST', '/checkouts', {
      storeId: 1234,
      countryCode: 'SE',
      reference: 'race',
      merchantTermsUri: 'https://shop.example/terms',
      notificationUri: `${shop.base}/notify/{checkout.id}`,
      cart: { items: [{ id: 'TENT-2P', description: 'Two-person tent', unitPrice: '2499.00', quantity: 1, vat: 25 }] },
      ...extra,
    });
    expect(answer.status).toBe(200);
    return ((await answer.json()) as { data: { privateId: string; publicToken: string } }).data;
  }

  async function settle(): Promise<void> {
    expect(await json(post('/__admin/deliveries/settle', { timeoutSeconds: 60 }))).toMatchObject({ settled: true });
  }

  /** What the checkout made: its orders, its order:created webhooks and notifications (as recorded and as the shop received them). */
  async function made(privateId: string): Promise<{ orders: number; created: number; notifications: number; received: number }> {
    await settle();
    const orders = (await json<{ orders: { orderId: string; checkoutPrivateId: string | null }[] }>(call('/__admin/uat/orders'))).orders;
    const mine = orders.filter((o) => o.checkoutPrivateId === privateId).map((o) => o.orderId);
    const webhooks = (await json<{ webhooks: { type: string; subject: string }[] }>(call('/__admin/uat/webhooks'))).webhooks;
    const callbacks = (await json<{ callbacks: { kind: string }[] }>(call(`/__admin/uat/checkouts/${privateId}/callbacks`))).callbacks;
    return {
      orders: mine.length,
      created: webhooks.filter((w) => w.type === 'walley:order:created' && mine.includes(w.subject)).length,
      notifications: callbacks.filter((c) => c.kind === 'notification').length,
      received: shop.on(`/notify/${privateId}`).length,
    };
  }

  async function status(privateId: string): Promise<string> {
    return (await json<{ status: string }>(call(`/__admin/uat/checkouts/${privateId}`))).status;
  }

  /** A request the sandbox read after the ones sent before it (a round trip on another connection). */
  async function afterSent(): Promise<void> {
    expect((await call('/__admin/health')).status).toBe(200);
  }

  beforeAll(async () => {
    await shop.start();
    await validation.start();
    sandbox = await startSandbox([...stateArgs(label.replaceAll(' ', '-')), '--now', '2026-06-01T10:00:00Z', '--frozen']);
    running.push(sandbox);
    token = await tokenFor({ fetch: call }, 'uat');
    expect(
      (await call('/__admin/uat/merchants/1001/callbacks', { method: 'PUT', body: JSON.stringify({ webhookUri: `${shop.base}/hooks` }) }))
        .status,
    ).toBe(200);
  });

  afterAll(async () => {
    await shop.stop();
    await validation.stop();
  });

  it(`${PARALLEL} parallel admin purchases: one 200, the others 409; one order, one order:created webhook, one notification`, async () => {
    const { privateId } = await initialize();
    const answers = await Promise.all(Array.from({ length: PARALLEL }, () => post(`/__admin/uat/checkouts/${privateId}/purchase`)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(PARALLEL - 1);
    const refused = await answers.find((a) => a.status === 409)!.json();
    expect(JSON.stringify(refused)).toContain('it is PurchaseCompleted');
    expect(await made(privateId)).toEqual({ orders: 1, created: 1, notifications: 1, received: 1 });
  });

  it(`${PARALLEL} parallel purchases on the hosted page after identifying, and on its pay link: one order each`, async () => {
    for (const opened of ['checkout', 'p'] as const) {
      const { privateId, publicToken } = await initialize();
      // The page the customer has open: the embedded checkout, or the same one as a pay link.
      expect((await call(`/uat/frontend/${opened}/${publicToken}`)).status).toBe(200);
      const identified = await post(`/uat/frontend/checkout/${publicToken}/customer`, {
        email: 'anna@shop.example',
        mobilePhoneNumber: '0701234567',
        postalCode: '11122',
      });
      expect(identified.status).toBe(200);
      const answers = await Promise.all(
        Array.from({ length: PARALLEL }, () => post(`/uat/frontend/checkout/${publicToken}/purchase`, { paymentName: 'DirectInvoice' })),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array<number>(PARALLEL - 1).fill(409)]);
      expect(await made(privateId)).toEqual({ orders: 1, created: 1, notifications: 1, received: 1 });
    }
  });

  it('a second purchase, an abort, the pay link’s go-back and an identification sent while the purchase validates are refused after it', async () => {
    const { privateId, publicToken } = await initialize({ validationUri: `${validation.base}/validate` });
    const first = post(`/__admin/uat/checkouts/${privateId}/purchase`);
    await validation.called();
    const second = post(`/__admin/uat/checkouts/${privateId}/purchase`);
    const abort = post(`/__admin/uat/checkouts/${privateId}/abort`);
    const goBack = post(`/uat/frontend/checkout/${publicToken}/abort`);
    const identify = post(`/uat/frontend/checkout/${publicToken}/customer`, {
      email: 'anna@shop.example',
      mobilePhoneNumber: '0701234567',
      postalCode: '11122',
    });
    await afterSent();
    validation.release();
    expect((await first).status).toBe(200);
    for (const refused of [second, abort, goBack, identify]) expect((await refused).status).toBe(409);
    expect(await status(privateId)).toBe('PurchaseCompleted');
    expect(await made(privateId)).toEqual({ orders: 1, created: 1, notifications: 1, received: 1 });
  });

  it('the merchant’s abort racing a purchase: whichever comes first wins, the other is refused', async () => {
    for (let i = 0; i < 10; i += 1) {
      const { privateId } = await initialize();
      const [purchase, aborted] = await Promise.all([
        post(`/__admin/uat/checkouts/${privateId}/purchase`),
        api('DELETE', `/checkouts/${privateId}`),
      ]);
      const final = await status(privateId);
      const { orders, notifications } = await made(privateId);
      if (aborted.status === 200) {
        expect([purchase.status, final, orders]).toEqual([409, 'Aborted', 0]);
      } else {
        expect([purchase.status, final, orders]).toEqual([200, 'PurchaseCompleted', 1]);
        expect([409, 900]).toContain(aborted.status);
      }
      // One notification either way: of the purchase, or of the abort.
      expect(notifications).toBe(1);
    }
  });

  it(`${PARALLEL} parallel captures of the whole amount, cancels racing captures, parallel reauthorizations: one wins each`, async () => {
    const order = async (): Promise<string> => {
      const { privateId } = await initialize();
      return (await json<{ orderId: string }>(post(`/__admin/uat/checkouts/${privateId}/purchase`))).orderId;
    };
    const captured = await order();
    const captures = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        api('POST', `/manage/orders/${captured}/capture`, { amount: '2499.00', actionReference: `all-${i}` }),
      ),
    );
    expect(captures.filter((a) => a.status === 202)).toHaveLength(1);
    expect(captures.filter((a) => a.status >= 500)).toEqual([]);
    const invoices = (await json<{ data: { invoices: { type: string }[] } }>(api('GET', `/manage/orders/${captured}`))).data.invoices;
    expect(invoices.filter((i) => i.type === 'Invoice')).toHaveLength(1);

    const contested = await order();
    const mixed = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        i % 2
          ? api('POST', `/manage/orders/${contested}/cancel`)
          : api('POST', `/manage/orders/${contested}/capture`, { amount: '2499.00' }),
      ),
    );
    expect(mixed.filter((a) => a.status === 202)).toHaveLength(1);
    const after = (await json<{ data: { status: string; invoices: unknown[] } }>(api('GET', `/manage/orders/${contested}`))).data;
    expect(['Activated', 'Cancelled']).toContain(after.status);
    expect(after.invoices).toHaveLength(after.status === 'Activated' ? 1 : 0);

    // A reauthorization to a higher amount waits for its credit check: one at a time per order.
    const raised = await order();
    const reauthorizations = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) => api('POST', `/manage/orders/${raised}/reauthorize`, { amount: `${2600 + i}.00` })),
    );
    expect(reauthorizations.filter((a) => a.status === 201)).toHaveLength(1);
    expect(reauthorizations.filter((a) => a.status >= 500)).toEqual([]);
  });

  it('on-hold reviews ended by the clock and by the admin at once: each ends once, with one webhook and one notification', async () => {
    const held: { privateId: string; orderId: string }[] = [];
    for (let i = 0; i < 10; i += 1) {
      const { privateId } = await initialize();
      const purchase = await json<{ orderId: string }>(post(`/__admin/uat/checkouts/${privateId}/purchase`, { result: 'OnHold' }));
      held.push({ privateId, orderId: purchase.orderId });
    }
    const [moved, ...resolved] = await Promise.all([
      post('/__admin/clock/advance', { duration: 'PT2H' }),
      ...held.map(({ privateId }) => post(`/__admin/uat/checkouts/${privateId}/invoice-status`, { invoiceStatus: 'Rejected' })),
    ]);
    expect(moved!.status).toBe(200);
    for (const answer of resolved) expect([200, 409]).toContain(answer.status);
    await settle();
    const webhooks = (await json<{ webhooks: { type: string; subject: string }[] }>(call('/__admin/uat/webhooks'))).webhooks;
    for (const { privateId, orderId } of held) {
      const ended = webhooks.filter(
        (w) => w.subject === orderId && (w.type === 'walley:order:authorized' || w.type === 'walley:order:rejected'),
      );
      expect(ended, orderId).toHaveLength(1);
      const callbacks = (await json<{ callbacks: { kind: string }[] }>(call(`/__admin/uat/checkouts/${privateId}/callbacks`))).callbacks;
      // The purchase's notification, and the one of the review's end.
      expect(callbacks.filter((c) => c.kind === 'notification')).toHaveLength(2);
    }
  });
});
