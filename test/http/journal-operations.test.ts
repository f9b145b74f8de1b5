/**
 * The journal names each request's operation as the surface's table does, and a request
 * that matched no entry gets the closest entry of that table as its near miss; answer bodies
 * come from the answer writer, over a socket too (no library internals read).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { JournalEntry } from '../../src/journal/journal.js';
import { useSandbox } from '../support/sandbox.js';
import { initPayload, signedFetch } from '../support/checkout-requests.js';
import { tokenFor } from '../support/identity.js';

const sb = useSandbox({ now: '2026-06-01T10:00:00Z', frozen: true, port: 0 }, 'file');
let token: string;
let url: string;

beforeAll(async () => {
  url = (await sb.listen()).url;
  token = await tokenFor(sb, 'uat');
});

async function newest(): Promise<JournalEntry> {
  const response = await sb.fetch('/__admin/requests?limit=1');
  return ((await response.json()) as { requests: JournalEntry[] }).requests[0]!;
}

describe('operations in the journal', () => {
  it('names the operation of each surface: token, initialize, a legacy read, an order action', async () => {
    expect((await newest()).operation).toBe('requestToken');
    const created = await sb.fetch('/uat/api/checkouts', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(initPayload()),
    });
    expect(created.status).toBe(200);
    const privateId = ((await created.json()) as { data: { privateId: string } }).data.privateId;
    expect((await newest()).operation).toBe('initializeCheckout');

    const read = await signedFetch(sb, 'legacy', 'GET', `/merchants/1234/checkouts/${privateId}`);
    expect(read.status).toBe(200);
    expect((await newest()).operation).toBe('getCheckoutOldStyle');

    const capture = await sb.fetch('/uat/api/manage/orders/00000000-0000-4000-8000-000000000000/capture', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{"amount": 10}',
    });
    expect(capture.status).toBe(404);
    expect(await newest()).toMatchObject({ operation: 'captureOrder', status: 404 });
  });

  it('gives a request no entry serves no operation and the closest entry of the table', async () => {
    const missed = await sb.fetch('/uat/api/checkout/abc/carts', {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}` },
      body: '{}',
    });
    expect(missed.status).toBe(404);
    const entry = await newest();
    expect(entry.operation).toBeNull();
    expect(entry.nearMisses?.[0]).toMatchObject({ kind: 'route', closest: 'PUT /checkouts/:privateId/cart' });
  });

  it('keeps the answer body of a request that came over a socket', async () => {
    const answer = await fetch(`${url}/uat/api/checkouts/nope`, { headers: { authorization: `Bearer ${token}` } });
    expect(answer.status).toBe(404);
    const text = await answer.text();
    const entry = await newest();
    expect(entry.operation).toBe('getCheckout');
    expect(entry.response.body).toMatchObject({ text: expect.stringContaining('Resource_Not_Found') });
    expect(text).toContain('Resource_Not_Found');
  });
});
