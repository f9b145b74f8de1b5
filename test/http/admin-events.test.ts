/**
 * The control plane's event stream (GET /__admin/events, Server-Sent Events) and the lists
 * the dashboard reads: checkouts, orders, callbacks, the retired host's state, and the
 * dashboard's own page.
 */
import { describe, expect, it } from 'vitest';
import { useSandboxShell } from '../support/sandbox.js';
import { admin, initializeOldStyle } from '../support/checkout-requests.js';

const sb = useSandboxShell({ now: '2026-10-30T22:00:00Z', frozen: true });

/** Reads SSE `data:` payloads from a stream until `count` arrived; journal entries (`request`) are skipped (test/http/journal.test.ts). */
async function readEvents(body: ReadableStream<Uint8Array>, count: number): Promise<Record<string, unknown>[]> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const events: Record<string, unknown>[] = [];
  let buffer = '';
  while (events.length < count) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = block.split('\n').find((line) => line.startsWith('data:'));
      const event = data ? (JSON.parse(data.slice(5).trim()) as Record<string, unknown>) : null;
      if (event && event.type !== 'request') events.push(event);
    }
  }
  await reader.cancel();
  return events;
}

describe('GET /__admin/events', () => {
  it('streams clock moves, checkout status changes, purchases and callback attempts as SSE', async () => {
    const response = await sb.fetch('/__admin/events');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reading = readEvents(response.body!, 7);

    const { privateId } = await initializeOldStyle(sb, 'legacy');
    await admin(sb, '/clock/advance', { seconds: 60 });
    await admin(sb, `/uat/checkouts/${privateId}/customer`);
    await admin(sb, `/uat/checkouts/${privateId}/purchase`);

    const events = await reading;
    expect(events.map((e) => e.type)).toEqual([
      'stream.open',
      'clock.changed',
      'checkout.status',
      'checkout.status',
      'checkout.status',
      'checkout.purchase',
      // The default payload's notificationUri (shop.example) is unreachable: the attempt is still reported.
      'callback.attempt',
    ]);
    expect(events[1]).toMatchObject({ now: '2026-10-30T22:01:00.000Z', frozen: true, at: '2026-10-30T22:01:00.000Z' });
    expect(events[2]).toMatchObject({ env: 'uat', privateId, previous: 'Initialized', status: 'CustomerIdentified' });
    expect(events[3]).toMatchObject({ previous: 'CustomerIdentified', status: 'CommittedToPurchase' });
    expect(events[4]).toMatchObject({ previous: 'CommittedToPurchase', status: 'PurchaseCompleted' });
    expect(events[5]).toMatchObject({ env: 'uat', privateId, result: 'Preliminary' });
    expect(events[6]).toMatchObject({ env: 'uat', privateId, kind: 'notification', attempt: 1 });
  });

  it('stops listening when the client goes away', async () => {
    const before = sb.events.listenerCount;
    const response = await sb.fetch('/__admin/events');
    await readEvents(response.body!, 1);
    await expect.poll(() => sb.events.listenerCount).toBe(before);
  });
});

describe('the dashboard and its lists', () => {
  it('lists checkouts with their hosted page, orders and callbacks per environment', async () => {
    const { privateId, publicToken } = await initializeOldStyle(sb, 'legacy');
    await admin(sb, `/uat/checkouts/${privateId}/purchase`);

    const checkouts = await admin(sb, '/uat/checkouts', undefined, 'GET');
    expect(checkouts.status).toBe(200);
    const listed = (checkouts.body.checkouts as Record<string, unknown>[]).find((c) => c.privateId === privateId);
    expect(listed).toMatchObject({ status: 'PurchaseCompleted', purchaseResult: 'Preliminary', amountToPay: 2747, currency: 'SEK' });
    expect(listed!.hostedPage).toBe(`${sb.baseUrl('uat', 'frontend')}/checkout/${publicToken}`);

    const orders = await admin(sb, '/uat/orders', undefined, 'GET');
    expect(
      (orders.body.orders as Record<string, unknown>[]).some((o) => o.orderId === listed!.orderId && o.status === 'NotActivated'),
    ).toBe(true);

    const callbacks = await admin(sb, '/uat/callbacks', undefined, 'GET');
    expect((callbacks.body.callbacks as Record<string, unknown>[]).filter((c) => c.privateId === privateId).map((c) => c.kind)).toEqual([
      'notification',
    ]);
    expect((await admin(sb, '/staging/orders', undefined, 'GET')).status).toBe(404);
  });

  it("reports the retired host's state on the sandbox clock", async () => {
    const open = await admin(sb, '/retirement', undefined, 'GET');
    expect(open.body).toMatchObject({
      shutdownAt: '2026-10-30T23:00:00.000Z',
      afterShutdown: 'refuse',
      state: { open: true },
      hosts: { uat: 'checkout-api-uat.collector.se' },
    });
    await admin(sb, '/clock', { now: '2026-10-30T23:00:00Z' }, 'PUT');
    const shut = await admin(sb, '/retirement', undefined, 'GET');
    expect(shut.body.state).toEqual({ open: false, cause: 'shutdown', since: '2026-10-30T23:00:00.000Z' });
  });

  it('serves the dashboard page and its script', async () => {
    const page = await sb.fetch('/__admin/ui');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('<h2 id="clock-heading">Sandbox clock</h2>');
    expect(html).toContain('<script src="/__admin/ui/dashboard.js" defer></script>');
    const script = await sb.fetch('/__admin/ui/dashboard.js');
    expect(script.headers.get('content-type')).toContain('javascript');
    // Either quote: the build's bundler writes string literals its own way.
    expect(await script.text()).toMatch(/new EventSource\(["']\/__admin\/events["']\)/);
  });
});
