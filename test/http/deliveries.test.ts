/**
 * The sandbox's calls to a shop (notifications, webhooks, invoice status) are made beside the
 * requests: a shop that accepts the connection and never answers (a developer paused on a
 * breakpoint), or many calls due to a name that cannot be reached, leave every request's
 * latency as it was. Names reserved for examples are never looked up; the calls fail at once
 * and the journal says why. Tests wait for deliveries with deliveries.settled() or the admin's
 * settle call.
 */
import { type Server, type Socket, createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { monotonicMs } from '../../src/clock.js';
import { type Sandbox } from '../../src/index.js';
import { useSandbox } from '../support/sandbox.js';
import { admin, initPayload, initializeOldStyle } from '../support/checkout-requests.js';
import { bearerToken } from '../support/manage-api.js';
import { Receiver } from '../support/receiver.js';
import { namesLookedUp } from '../setup/local-only.js';

const sb = useSandbox({ now: '2026-10-01T10:00:00Z', frozen: true });

/** A shop that accepts every connection and never answers, until stopped. */
async function pausedShop(): Promise<{ url: string; connections: () => number; stop: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  let connections = 0;
  const server: Server = createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connections: () => connections,
    stop: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = monotonicMs();
  const value = await work();
  return { ms: monotonicMs() - started, value };
}

async function purchased(notificationUri: string): Promise<string> {
  const { privateId } = await initializeOldStyle(sb, 'legacy', initPayload({ notificationUri }));
  const purchase = await admin(sb, `/uat/checkouts/${privateId}/purchase`);
  expect(purchase.status).toBe(200);
  return privateId;
}

/** Fast enough that no merchant call (10 s) could have been waited for; generous for a loaded machine. */
const QUICK_MS = 2000;

describe('a shop that accepts the connection and does not answer', () => {
  it('holds no purchase, no clock move and no API call: the notification and its retries wait beside them', async () => {
    const shop = await pausedShop();
    try {
      const first = await timed(() => purchased(`${shop.url}/notify?id={checkout.id}`));
      expect(first.ms).toBeLessThan(QUICK_MS);
      // The purchase answered; the notification is on its way to the paused shop.
      await expect.poll(() => shop.connections()).toBe(1);
      for (let i = 0; i < 2; i += 1) expect((await timed(() => purchased(`${shop.url}/notify`))).ms).toBeLessThan(QUICK_MS);

      // Three retries due: the clock move and the API call after it answer at once.
      const move = await timed(() => admin(sb, '/clock/advance', { seconds: 120 }));
      expect(move.value.status).toBe(200);
      expect(move.ms).toBeLessThan(QUICK_MS);
      const token = await timed(() => bearerToken(sb));
      expect(token.ms).toBeLessThan(QUICK_MS);
      const state = (await admin(sb, '/deliveries', undefined, 'GET')).body;
      expect(state).toMatchObject({ settled: false, delivering: true });
      expect(state.due).toBeGreaterThanOrEqual(1);
    } finally {
      await shop.stop();
    }
  }, 20_000);
});

describe('names reserved for examples', () => {
  it('are never looked up: 30 notifications due to shop.example change no request latency, each fails at once saying why', async () => {
    for (let i = 0; i < 30; i += 1) await purchased('https://shop.example/notify?id={checkout.id}');
    await admin(sb, '/clock/advance', { seconds: 120 });
    const next = await timed(() => purchased('https://shop.example/notify'));
    expect(next.ms).toBeLessThan(QUICK_MS);

    const settle = await timed(() => sb.fetch('/__admin/deliveries/settle', { method: 'POST' }));
    expect(await settle.value.json()).toEqual({ settled: true, due: 0, delivering: false });
    // Four attempts each for the thirty (now, +5 s, +15 s, +3:15 is past 120 s: three), one for the last: none waited for the network.
    expect(settle.ms).toBeLessThan(QUICK_MS);
    const out = (await (await sb.fetch('/__admin/requests?direction=out&limit=1000')).json()) as {
      requests: { kind: string; status: number | null; error: string | null }[];
    };
    expect(out.requests).toHaveLength(30 * 3 + 1);
    for (const entry of out.requests) {
      expect(entry).toMatchObject({ kind: 'notification', status: null });
      expect(entry.error).toContain('shop.example is reserved for examples (RFC 2606, RFC 6761) and never looked up');
    }
    expect(namesLookedUp()).toEqual([]);
  }, 30_000);

  it.each([
    'https://shop.example/n',
    'http://hooks.example.com/n',
    'https://example.org/n',
    'http://shop.test/n',
    'http://nowhere.invalid/n',
    'https://EXAMPLE.NET./n',
  ])('%s fails at once without a lookup', async (url) => {
    const privateId = await purchased(url);
    await sb.deliveries.settled();
    const callbacks = await admin(sb, `/uat/checkouts/${privateId}/callbacks`, undefined, 'GET');
    expect(callbacks.body.attempts).toMatchObject([{ status: null, error: expect.stringContaining('is reserved for examples') }]);
    expect(namesLookedUp()).toEqual([]);
  });
});

describe('waiting for deliveries', () => {
  it('the purchase answers with its notification pending; settled() and the settle call wait until it was made', async () => {
    const shop = new Receiver();
    await shop.start();
    try {
      const { privateId } = await initializeOldStyle(sb, 'legacy', initPayload({ notificationUri: `${shop.base}/notify` }));
      const purchase = await admin(sb, `/uat/checkouts/${privateId}/purchase`);
      expect(purchase.body.notification).toMatchObject({ state: 'pending', attempts: [] });
      await sb.deliveries.settled();
      expect(shop.received.map((r) => r.url)).toEqual(['/notify']);
      const settle = await sb.fetch('/__admin/deliveries/settle', { method: 'POST', body: '{"timeoutSeconds": 5}' });
      expect(await settle.json()).toEqual({ settled: true, due: 0, delivering: false });
      expect((await sb.fetch('/__admin/deliveries/settle', { method: 'POST', body: '{"timeoutSeconds": "soon"}' })).status).toBe(400);
    } finally {
      await shop.stop();
    }
  });

  it('the settle call gives up after its timeout, saying what is still due', async () => {
    const shop = await pausedShop();
    try {
      await purchased(`${shop.url}/notify`);
      const settle = await timed(() => sb.fetch('/__admin/deliveries/settle', { method: 'POST', body: '{"timeoutSeconds": 0.3}' }));
      expect(await settle.value.json()).toEqual({ settled: false, due: 1, delivering: true });
      expect(settle.ms).toBeLessThan(QUICK_MS);
    } finally {
      await shop.stop();
    }
  });

  it('an isolated sandbox has its own', async () => {
    const shop = new Receiver();
    await shop.start();
    try {
      const isolated = await sb.isolated();
      const { privateId } = await initializeOldStyle(
        isolated as unknown as Sandbox,
        'legacy',
        initPayload({ notificationUri: `${shop.base}/isolated` }),
      );
      expect((await admin(isolated as unknown as Sandbox, `/uat/checkouts/${privateId}/purchase`)).status).toBe(200);
      await isolated.deliveries.settled();
      expect(shop.received.map((r) => r.url)).toEqual(['/isolated']);
    } finally {
      await shop.stop();
    }
  });
});
