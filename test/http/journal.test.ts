/**
 * The request journal over HTTP: fields and redaction, filters, count, delete, one entry by
 * id, near misses, entries on the SSE stream (without their bodies), outbound calls journaled.
 */
import { describe, expect, it } from 'vitest';
import { sharedKeyHeaderValue } from '../../src/domain/sharedkey-signature.js';
import type { JournalEntry } from '../../src/journal/journal.js';
import type { Sandbox, SandboxOptions } from '../../src/index.js';
import { openSandbox } from '../support/sandbox.js';
import { NORDIC, admin, initPayload, initializeOldStyle, signedFetch } from '../support/checkout-requests.js';
import { clientCredentials, tokenFor } from '../support/identity.js';
import { openEvents } from '../support/event-stream.js';
import { Receiver } from '../support/receiver.js';

const NOW = '2026-06-01T10:00:00Z';
const CHECKOUT = '0b7d6a52-1f0e-4c1e-9a11-5d2a1c3e4f01';
function sandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  return openSandbox({ now: NOW, frozen: true, ...options });
}

async function requests(sb: Sandbox, query = ''): Promise<JournalEntry[]> {
  const response = await sb.fetch(`/__admin/requests${query}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { requests: JournalEntry[] }).requests;
}

async function count(sb: Sandbox, pattern: Record<string, unknown>): Promise<number> {
  const answer = await admin(sb, '/requests/count', pattern);
  expect(answer.status).toBe(200);
  return answer.body.count as number;
}

/** Waits until the newest entry holds its answer's body (in process it is read from a clone after the answer). */
async function settle(sb: Sandbox): Promise<void> {
  await expect.poll(async () => (await requests(sb))[0]?.response.body, { interval: 5 }).toBeTruthy();
}

describe('the request journal', () => {
  it('records a bearer call with sandbox and real time, principal, outcome and redacted secrets', async () => {
    const sb = await sandbox();
    const token = await tokenFor(sb, 'uat');
    const answer = await sb.fetch(`/uat/api/checkouts/${CHECKOUT}`, { headers: { authorization: `Bearer ${token}` } });
    expect(answer.status).toBe(200);
    await settle(sb);

    const [call, tokenCall] = await requests(sb);
    expect(call).toMatchObject({
      direction: 'in',
      at: '2026-06-01T10:00:00.000Z',
      env: 'uat',
      surface: 'api',
      method: 'GET',
      path: `/checkouts/${CHECKOUT}`,
      status: 200,
      auth: 'bearer:ok',
      principal: { clientId: clientCredentials('uat').client_id, merchantId: '1001' },
    });
    expect(Date.parse(call!.realTime)).not.toBeNaN();
    expect(call!.latencyMs).toBeGreaterThanOrEqual(0);
    expect(call!.request.headers.authorization).toBe('Bearer [redacted]');
    expect(JSON.stringify(call)).not.toContain(token);
    expect(call!.response.body?.text).toContain('"status":"Initialized"');

    // The token request: the client secret and the access token never show.
    expect(tokenCall).toMatchObject({ surface: 'auth', method: 'POST', path: '/oauth2/v2.0/token', status: 200, auth: 'token:ok' });
    const text = JSON.stringify(tokenCall);
    expect(text).not.toContain(clientCredentials('uat').client_secret!);
    expect(text).not.toContain(token);
    expect(tokenCall!.request.body?.text).toContain('client_secret=[redacted]');
  });

  it('names the auth outcome of each failure and its cause', async () => {
    const sb = await sandbox();
    await sb.fetch(`/uat/api/checkouts/${CHECKOUT}`);
    await sb.fetch(`/uat/api/checkouts/${CHECKOUT}`, { headers: { authorization: 'Bearer not-a-jwt' } });
    const prodToken = await tokenFor(sb, 'prod');
    await sb.fetch(`/uat/api/checkouts/${CHECKOUT}`, { headers: { authorization: `Bearer ${prodToken}` } });
    const path = `/merchants/1234/checkouts/${CHECKOUT}`;
    await sb.fetch(`/uat/legacy${path}`, { headers: { authorization: sharedKeyHeaderValue(NORDIC.username, 'wrong-key', path, '') } });
    await sb.fetch(`/uat/legacy${path}`, { headers: { authorization: sharedKeyHeaderValue('nobody', NORDIC.key, path, '') } });
    await signedFetch(sb, 'legacy', 'GET', path);
    const outcomes = (await requests(sb, '?env=uat')).map((e) => e.auth);
    expect(outcomes).toEqual([
      'sharedkey:ok',
      'sharedkey:unknown-username',
      'sharedkey:bad-signature',
      'bearer:other-environment',
      'bearer:invalid',
      'bearer:missing',
    ]);
    const [, , bad] = await requests(sb, '?env=uat');
    expect(bad).toMatchObject({ status: 401, principal: { username: NORDIC.username, merchantId: '1001' } });
    expect(bad!.authCause).toMatch(/does not match/);
    expect(bad!.request.headers.authorization).toBe('SharedKey [redacted]');
  });

  it('filters by env, surface, method, path, status, principal and since; counts; deletes', async () => {
    const sb = await sandbox();
    const token = await tokenFor(sb, 'uat');
    for (let i = 0; i < 2; i++) await sb.fetch(`/uat/api/checkouts/${CHECKOUT}`, { headers: { authorization: `Bearer ${token}` } });
    await sb.fetch(`/uat/api/checkouts/${CHECKOUT}`);
    await signedFetch(sb, 'legacy', 'GET', `/merchants/1234/checkouts/${CHECKOUT}`);
    await sb.fetch('/__admin/clock/advance', { method: 'POST', body: JSON.stringify({ seconds: 300 }) });
    await sb.fetch('/prod/api/checkouts/x');

    expect(await requests(sb, '?surface=legacy')).toHaveLength(1);
    expect(await requests(sb, '?env=prod')).toHaveLength(1);
    expect(await requests(sb, '?path=/checkouts/*&status=200')).toHaveLength(2);
    expect(await requests(sb, '?path=/merchants/**')).toHaveLength(1);
    // Without `*` a pattern is that path alone, in the journal as in a fault rule.
    expect(await requests(sb, '?path=/merchants/')).toHaveLength(0);
    expect(await requests(sb, `?path=/merchants/1234/checkouts/${CHECKOUT}`)).toHaveLength(1);
    expect(await requests(sb, `?principal=${NORDIC.username.toUpperCase()}`)).toHaveLength(1);
    expect(await requests(sb, '?status=4xx')).toHaveLength(2);
    expect(await requests(sb, '?since=2026-06-01T10:04:00Z')).toHaveLength(2); // the clock move (admin) and the prod call
    expect(await requests(sb, '?limit=1')).toHaveLength(1);
    // The journal's own reads are not in it.
    expect(await requests(sb, '?path=/__admin/requests')).toHaveLength(0);

    expect(await count(sb, { env: 'uat', surface: 'api', method: 'GET', status: 401 })).toBe(1);
    expect(await count(sb, { env: 'uat', surface: 'api', method: 'GET', status: 200 })).toBe(2);
    expect(await count(sb, { auth: 'bearer' })).toBe(4);
    expect((await admin(sb, '/requests/count', { colour: 'red' })).status).toBe(400);
    // The count takes POST; a GET of its path is not a lookup of an entry called "count".
    const asked = await sb.fetch('/__admin/requests/count');
    expect([asked.status, asked.headers.get('allow')]).toEqual([405, 'POST']);
    expect(((await asked.json()) as { error: { message: string } }).error.message).toContain('answers POST only');
    expect((await sb.fetch('/__admin/requests?colour=red')).status).toBe(400);

    const cleared = await sb.fetch('/__admin/requests', { method: 'DELETE' });
    expect(cleared.status).toBe(200);
    expect(await requests(sb)).toEqual([]);
  });

  it('cuts large bodies and says how large they were', async () => {
    const sb = await sandbox();
    const body = JSON.stringify({ scenario: 'x'.repeat(20_000) });
    expect((await sb.fetch('/__admin/reset', { method: 'POST', body })).status).toBeGreaterThanOrEqual(400);
    const [reset] = await requests(sb, '?surface=admin');
    expect(reset).toMatchObject({ method: 'POST', path: '/__admin/reset', auth: 'none' });
    expect(reset!.request.body).toMatchObject({ bytes: body.length, truncated: true });
    expect(reset!.request.body!.text.length).toBe(8 * 1024);
  });

  it('keeps only the configured number of entries, newest first', async () => {
    const sb = await sandbox({ journalSize: 3 });
    for (const id of ['a', 'b', 'c', 'd', 'e']) await sb.fetch(`/uat/api/checkouts/${id}`);
    expect((await requests(sb)).map((e) => e.path)).toEqual(['/checkouts/e', '/checkouts/d', '/checkouts/c']);
  });

  it('reads one entry by its id, with headers and bodies; an id the ring dropped is a 404 saying so', async () => {
    const sb = await sandbox({ journalSize: 3 });
    const token = await tokenFor(sb, 'uat');
    await sb.fetch(`/uat/api/checkouts/${CHECKOUT}`, { headers: { authorization: `Bearer ${token}` } });
    await settle(sb);
    const [newest] = await requests(sb);
    const one = await sb.fetch(`/__admin/requests/${newest!.id}`);
    expect(one.status).toBe(200);
    expect(await one.json()).toEqual(await requests(sb).then((all) => all[0]));

    for (const id of ['a', 'b', 'c']) await sb.fetch(`/uat/api/checkouts/${id}`);
    const dropped = await sb.fetch(`/__admin/requests/${newest!.id}`);
    expect(dropped.status).toBe(404);
    expect(((await dropped.json()) as { error: { message: string } }).error.message).toMatch(/keeps the newest 3 entries/);
    const [last] = await requests(sb);
    expect(((await (await sb.fetch(`/__admin/requests/${last!.id}`)).json()) as JournalEntry).path).toBe('/checkouts/c');
    expect((await sb.fetch('/__admin/requests/0')).status).toBe(404);
    expect((await sb.fetch('/__admin/requests/x')).status).toBe(404);

    await sb.fetch('/__admin/requests', { method: 'DELETE' });
    expect((await sb.fetch(`/__admin/requests/${last!.id}`)).status).toBe(404);
  });

  it('filters by several surfaces at once', async () => {
    const sb = await sandbox();
    await sb.fetch(`/uat/api/checkouts/${CHECKOUT}`);
    await signedFetch(sb, 'legacy', 'GET', `/merchants/1234/checkouts/${CHECKOUT}`);
    await signedFetch(sb, 'retired', 'GET', `/merchants/1234/checkouts/${CHECKOUT}`);
    expect((await requests(sb, '?surface=legacy,retired')).map((e) => e.surface)).toEqual(['retired', 'legacy']);
    expect(await count(sb, { surface: 'api, legacy' })).toBe(2);
  });

  it('shows near misses: the closest route and the closest credential', async () => {
    const sb = await sandbox();
    const token = await tokenFor(sb, 'uat');
    await sb.fetch(`/uat/api/checkout/${CHECKOUT}`, { headers: { authorization: `Bearer ${token}` } });
    const [route] = await requests(sb, '?status=404');
    expect(route!.nearMisses?.[0]).toMatchObject({ kind: 'route', closest: 'GET /checkouts/:privateId' });
    expect(route!.nearMisses?.[0]?.differs).toContain("'checkout' instead of 'checkouts'");

    const path = `/merchants/1234/checkouts/${CHECKOUT}`;
    await sb.fetch(`/uat/legacy${path}`, { headers: { authorization: sharedKeyHeaderValue('Nordic-Outdoor-UAT', NORDIC.key, path, '') } });
    const [user] = await requests(sb, '?auth=sharedkey:unknown-username');
    expect(user!.nearMisses?.[0]).toMatchObject({ kind: 'sharedkey-username', closest: NORDIC.username });
    expect(user!.nearMisses?.[0]?.differs).toMatch(/case/);

    // Signed with the sandbox's local prefix: what differs is named.
    await sb.fetch(`/uat/legacy${path}`, {
      headers: { authorization: sharedKeyHeaderValue(NORDIC.username, NORDIC.key, `/uat/legacy${path}`, '') },
    });
    const [signed] = await requests(sb, '?auth=sharedkey:bad-signature');
    expect(signed!.nearMisses?.[0]).toMatchObject({ kind: 'sharedkey-path', closest: path });
    expect(signed!.nearMisses?.[0]?.differs).toMatch(/local prefix '\/uat\/legacy'/);

    const prodToken = await tokenFor(sb, 'prod');
    await sb.fetch(`/uat/api/checkouts/${CHECKOUT}`, { headers: { authorization: `Bearer ${prodToken}` } });
    const [other] = await requests(sb, '?auth=bearer:other-environment');
    expect(other!.nearMisses?.[0]).toMatchObject({ kind: 'bearer-environment' });
    expect(other!.nearMisses?.[0]?.differs).toMatch(/issued for PROD/);
  });

  it('streams each new entry on GET /__admin/events', async () => {
    const sb = await sandbox();
    const { url } = await sb.listen();
    const events = await openEvents(url);
    await fetch(`${url}/uat/api/checkouts/${CHECKOUT}`);
    const event = await events.next('request');
    expect(event).toMatchObject({ type: 'request', env: 'uat', surface: 'api', status: 401, auth: 'bearer:missing' });

    // An accepted order action is an order transition on the stream too.
    const { orders } = (await (await fetch(`${url}/__admin/uat/orders`)).json()) as {
      orders: { orderId: string; merchantId: string; status: string }[];
    };
    const order = orders.find((o) => o.merchantId === '1001' && o.status === 'NotActivated')!;
    const token = await tokenFor(sb, 'uat');
    const cancelled = await fetch(`${url}/uat/api/manage/orders/${order.orderId}/cancel`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(cancelled.status).toBe(202);
    expect(await events.next('order.action')).toMatchObject({ env: 'uat', orderId: order.orderId, operation: 'cancel', status: 202 });
    events.close();
  });

  it('streams an entry without its headers and bodies: those are read by its id', async () => {
    const sb = await sandbox();
    const { url } = await sb.listen();
    const events = await openEvents(url);
    const path = `/merchants/1234/checkouts/${CHECKOUT}`;
    await fetch(`${url}/uat/legacy${path}`, {
      headers: { authorization: sharedKeyHeaderValue('Nordic-Outdoor-UAT', NORDIC.key, path, '') },
    });
    const event = await events.next('request');
    events.close();
    expect(event).toMatchObject({
      type: 'request',
      direction: 'in',
      env: 'uat',
      surface: 'legacy',
      method: 'GET',
      path,
      status: 401,
      auth: 'sharedkey:unknown-username',
    });
    expect(event.nearMisses).toEqual([expect.objectContaining({ kind: 'sharedkey-username', closest: NORDIC.username })]);
    expect(event).not.toHaveProperty('request');
    expect(event).not.toHaveProperty('response');

    const entry = (await (await fetch(`${url}/__admin/requests/${String(event.id)}`)).json()) as JournalEntry;
    expect(entry).toMatchObject({ id: event.id, path, status: 401 });
    expect(entry.request.headers.authorization).toBe('SharedKey [redacted]');
    expect(entry.response.body?.text).toContain('Unknown_Username');
  });

  it('journals the calls the sandbox makes to the merchant (direction out)', async () => {
    const receiver = new Receiver();
    await receiver.start();
    try {
      const sb = await sandbox();
      const payload = initPayload({
        notificationUri: `${receiver.base}/notify?id={checkout.id}`,
        validationUri: `${receiver.base}/validate`,
      });
      const { privateId } = await initializeOldStyle(sb, 'legacy', payload);
      expect((await admin(sb, `/uat/checkouts/${privateId}/purchase`)).status).toBe(200);
      // The notification is made after the purchase answered; the settle call waits for it, as a client would.
      expect(await (await sb.fetch('/__admin/deliveries/settle', { method: 'POST' })).json()).toEqual({
        settled: true,
        due: 0,
        delivering: false,
      });
      const out = await requests(sb, '?direction=out');
      expect(out.map((e) => e.kind).sort()).toEqual(['notification', 'validation']);
      expect(out.find((e) => e.kind === 'notification')).toMatchObject({
        direction: 'out',
        env: 'uat',
        surface: 'merchant',
        method: 'GET',
        path: '/notify',
        status: 200,
      });
    } finally {
      await receiver.stop();
    }
  });

  it('over a socket, holds every request whose answer a client has, with the time it took to answer', async () => {
    const sb = await sandbox({ port: 0, host: '127.0.0.1' });
    const { url } = await sb.listen();
    // The records must be there by the time the client has its answers and asks again.
    const answers = await Promise.all(Array.from({ length: 20 }, () => fetch(`${url}/uat/api/checkouts/${CHECKOUT}`)));
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 20 }, () => 401));
    const overSocket = (await (await fetch(`${url}/__admin/requests?surface=api`)).json()) as { requests: JournalEntry[] };
    expect(overSocket.requests).toHaveLength(20);
    expect(await requests(sb, '?surface=api')).toHaveLength(20);
    for (const entry of overSocket.requests) {
      expect(entry.status).toBe(401);
      expect(entry.latencyMs).toBeGreaterThanOrEqual(0);
    }
  });

  it('shows the headers of a request that came over a socket, as received and redacted', async () => {
    const sb = await sandbox({ port: 0, host: '127.0.0.1' });
    const { url } = await sb.listen();
    const path = `/merchants/1234/checkouts/${CHECKOUT}`;
    const answer = await fetch(`${url}/uat/legacy${path}`, {
      headers: { authorization: sharedKeyHeaderValue(NORDIC.username, NORDIC.key, path), 'x-trace': 'one', accept: 'application/json' },
    });
    expect(answer.status).toBe(200);
    const [entry] = await requests(sb, '?surface=legacy');
    expect(entry!.request.headers).toMatchObject({
      authorization: 'SharedKey [redacted]',
      'x-trace': 'one',
      accept: 'application/json',
      host: new URL(url).host,
    });
  });
});
