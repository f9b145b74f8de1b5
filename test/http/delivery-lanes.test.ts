/**
 * Deliveries per destination, bounded: a shop that does not answer delays only its own calls;
 * at most MAX_DESTINATIONS_AT_ONCE shops are called at once and one more gets its turn as soon
 * as a slot frees; a shop's answer is read up to what is kept, then the connection is closed,
 * however long the answer; requests are answered while a drain of failing attempts runs; and a
 * restart on a frozen clock makes the deliveries due at once.
 */
import { mkdtempSync } from 'node:fs';
import { type IncomingMessage, type ServerResponse, createServer as createHttpServer } from 'node:http';
import { type Server, type Socket, createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_DESTINATIONS_AT_ONCE } from '../../src/outbox/notifications.js';
import { admin, initPayload, initializeOldStyle } from '../support/checkout-requests.js';
import { Receiver } from '../support/receiver.js';
import { openSandbox, useSandbox } from '../support/sandbox.js';
import type { Sandbox } from '../../src/index.js';

const sb = useSandbox({ now: '2026-10-01T10:00:00Z', frozen: true });

/** A shop that accepts connections and never answers; counts the connections it holds. */
async function hungShop(): Promise<{ url: string; open: () => number; seen: () => number; stop: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  let seen = 0;
  const server: Server = createServer((socket) => {
    seen += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    open: () => sockets.size,
    seen: () => seen,
    stop: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function purchased(on: Sandbox, notificationUri: string): Promise<string> {
  const { privateId } = await initializeOldStyle(on, 'legacy', initPayload({ notificationUri }));
  expect((await admin(on, `/uat/checkouts/${privateId}/purchase`)).status).toBe(200);
  return privateId;
}

async function attemptsOf(privateId: string): Promise<{ status: number | null; error: string | null }[]> {
  return (await admin(sb, `/uat/checkouts/${privateId}/callbacks`, undefined, 'GET')).body.attempts as {
    status: number | null;
    error: string | null;
  }[];
}

describe('a destination at a time', () => {
  it('a shop that does not answer delays only its own calls: another shop is notified while the first call still waits', async () => {
    const hung = await hungShop();
    const shop = new Receiver();
    await shop.start();
    try {
      const stuck = [];
      for (let i = 0; i < 3; i += 1) stuck.push(await purchased(sb, `${hung.url}/notify/${i}`));
      await expect.poll(() => hung.open()).toBe(1);
      await purchased(sb, `${shop.base}/notify`);
      // Within one call's time limit of the hung shop, that is before its first call could even have failed.
      expect(await shop.until('/notify', 1, 9000)).toHaveLength(1);
      expect(hung.open()).toBe(1);
      for (const privateId of stuck) expect(await attemptsOf(privateId)).toEqual([]);
    } finally {
      await hung.stop();
      await shop.stop();
    }
  }, 20_000);

  it(`calls at most ${MAX_DESTINATIONS_AT_ONCE} shops at once; the next one is called as soon as one of them is done`, async () => {
    const shops = await Promise.all(Array.from({ length: MAX_DESTINATIONS_AT_ONCE + 2 }, () => hungShop()));
    let most = 0;
    const open = (): number => {
      const now = shops.reduce((n, s) => n + s.open(), 0);
      most = Math.max(most, now);
      return now;
    };
    try {
      for (const shop of shops) await purchased(sb, `${shop.url}/notify`);
      await expect.poll(open).toBe(MAX_DESTINATIONS_AT_ONCE);
      const called = shops.filter((s) => s.seen() > 0);
      expect(called).toHaveLength(MAX_DESTINATIONS_AT_ONCE);
      // One of them goes down: its call fails, and the slot goes to a shop that waited.
      await called[0]!.stop();
      await expect.poll(() => shops.filter((s) => s.seen() > 0).length).toBe(MAX_DESTINATIONS_AT_ONCE + 1);
      await expect.poll(open).toBe(MAX_DESTINATIONS_AT_ONCE);
      expect(most).toBe(MAX_DESTINATIONS_AT_ONCE);
      expect(shops.filter((s) => s.seen() === 0)).toHaveLength(1);
    } finally {
      await Promise.all(shops.slice(1).map((s) => s.stop()));
    }
  }, 20_000);
});

describe("a shop's answer", () => {
  it('is read up to the 2,000 characters kept, then the connection is closed: an endless answer is a 200 at once', async () => {
    let written = 0;
    let closedEarly = false;
    const chunk = Buffer.alloc(64 * 1024, 'x');
    const endless = createHttpServer((_req: IncomingMessage, res: ServerResponse) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.on('close', () => (closedEarly = !res.writableEnded));
      res.on('error', () => undefined);
      const pump = (): void => {
        while (!res.destroyed && written < 4 * 1024 ** 3) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
      };
      pump();
    });
    await new Promise<void>((resolve) => endless.listen(0, '127.0.0.1', resolve));
    try {
      const privateId = await purchased(sb, `http://127.0.0.1:${(endless.address() as AddressInfo).port}/notify`);
      await sb.deliveries.settled();
      expect(await attemptsOf(privateId)).toMatchObject([{ status: 200, error: null }]);
      const out = (await (await sb.fetch('/__admin/requests?direction=out')).json()) as { requests: { id: string }[] };
      const entry = (await (await sb.fetch(`/__admin/requests/${out.requests[0]!.id}`)).json()) as { response: { body: { text: string } } };
      expect(entry.response.body.text).toBe('x'.repeat(2000));
      await expect.poll(() => closedEarly).toBe(true);
      // What the sockets' buffers took before the sandbox stopped reading; the shop would have written 4 GiB.
      expect(written).toBeLessThan(64 * 1024 ** 2);
    } finally {
      endless.closeAllConnections();
      await new Promise<void>((resolve) => endless.close(() => resolve()));
    }
  });
});

describe('a drain of failing attempts', () => {
  it('leaves requests answered while it runs: health answers over a socket before the drain is over', async () => {
    const { url } = await sb.listen();
    // Names reserved for examples fail at once, without I/O: nothing but the worker's own turns lets requests in.
    for (let i = 0; i < 600; i += 1) await purchased(sb, 'https://shop.example/notify');
    await sb.deliveries.settled();
    expect((await admin(sb, '/clock/advance', { duration: 'PT1H' })).status).toBe(200);
    expect((await fetch(`${url}/__admin/health`)).status).toBe(200);
    const midway = (await admin(sb, '/deliveries', undefined, 'GET')).body;
    expect(midway.due).toBeGreaterThan(0);
    await sb.deliveries.settled();
    expect((await admin(sb, '/deliveries', undefined, 'GET')).body).toEqual({ settled: true, due: 0, delivering: false });
  }, 60_000);
});

describe('a restart on a frozen clock', () => {
  it('makes the deliveries that are due at once, without waiting for anything to wake the worker', async () => {
    const statePath = join(mkdtempSync(join(tmpdir(), 'sandbox-frozen-restart-')), 'state.json');
    const shop = new Receiver();
    await shop.start();
    shop.answer('/notify', 503, 200);
    try {
      const first = await openSandbox({ statePath, now: '2026-10-01T10:00:00Z', frozen: true });
      await purchased(first, `${shop.base}/notify`);
      await first.deliveries.settled();
      expect(shop.on('/notify')).toHaveLength(1);
      await first.close();
      // An hour later, still frozen: the retry (due 5 s after the first attempt) is overdue.
      await openSandbox({ statePath, now: '2026-10-01T11:00:00Z', frozen: true });
      expect(await shop.until('/notify', 2, 9000)).toHaveLength(2);
    } finally {
      await shop.stop();
    }
  });
});
