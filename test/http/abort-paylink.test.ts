/**
 * Aborting a checkout (https://dev.walleypay.com/docs/checkout/paylink/abort-paylink):
 * `DELETE /checkouts/{privateId}` answers the update envelope, the session is Aborted for good
 * and the merchant is notified; 409 while the customer commits to the purchase, 900
 * `Purchase_Completed` once it is completed.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { useSandbox } from '../support/sandbox.js';
import { admin, at, initPayload, read, type Sent } from '../support/checkout-requests.js';

const sb = useSandbox({ now: '2026-10-01T10:00:00Z', frozen: true });
let bearer: string;
beforeEach(async () => {
  const response = await sb.fetch('/uat/api/oauth2/v2.0/token', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: '6f1e2d3c-4b5a-4978-8a1b-2c3d4e5f6a01',
      client_secret: 'uat-secret-nordic-outdoor-0001',
      scope: '705798e0-8cef-427c-ae00-6023deba29af/.default',
    }),
  });
  bearer = String(((await response.json()) as { access_token: string }).access_token);
});

async function api(method: string, path: string, body?: unknown): Promise<Sent> {
  const init: RequestInit = { method, headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` } };
  if (body !== undefined) init.body = JSON.stringify(body);
  return read(await sb.fetch(`/uat/api${path}`, init));
}

async function checkout(): Promise<string> {
  const init = await api('POST', '/checkouts', initPayload());
  expect(init.status).toBe(200);
  return String(at(init.body, 'data', 'privateId'));
}

describe('DELETE /checkouts/{privateId}', () => {
  it('aborts a pay link: the envelope, status Aborted, a notification; again, nothing more', async () => {
    const privateId = await checkout();
    expect((await api('POST', `/checkouts/${privateId}/paylink`, { destination: { mobilePhoneNumber: '0730481277' } })).status).toBe(200);
    const aborted = await api('DELETE', `/checkouts/${privateId}`);
    expect(aborted.status).toBe(200);
    expect(aborted.body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), data: null, error: null });
    expect(at((await api('GET', `/checkouts/${privateId}`)).body, 'data', 'status')).toBe('Aborted');
    const calls = await admin(sb, `/uat/checkouts/${privateId}/callbacks`, undefined, 'GET');
    expect((calls.body.callbacks as { kind: string }[]).filter((c) => c.kind === 'notification')).toHaveLength(1);
    expect((await api('DELETE', `/checkouts/${privateId}`)).status).toBe(200);
    expect(
      ((await admin(sb, `/uat/checkouts/${privateId}/callbacks`, undefined, 'GET')).body.callbacks as { kind: string }[]).filter(
        (c) => c.kind === 'notification',
      ),
    ).toHaveLength(1);
    // The session cannot be reused.
    expect((await api('PUT', `/checkouts/${privateId}/metadata`, { a: 1 })).status).toBe(900);
  });

  it('answers 409 while the customer commits to the purchase, 900 Purchase_Completed once it is completed', async () => {
    const privateId = await checkout();
    expect((await admin(sb, `/uat/checkouts/${privateId}/customer`)).status).toBe(200);
    expect((await admin(sb, `/uat/checkouts/${privateId}/commit`)).status).toBe(200);
    const committed = await api('DELETE', `/checkouts/${privateId}`);
    expect(committed.status).toBe(409);
    expect(at(committed.body, 'error', 'errors', 0, 'reason')).toBe('Purchase_Commitment_Found');
    expect((await admin(sb, `/uat/checkouts/${privateId}/purchase`, { result: 'Preliminary' })).status).toBe(200);
    const completed = await api('DELETE', `/checkouts/${privateId}`);
    expect(completed.status).toBe(900);
    expect(at(completed.body, 'error', 'errors', 0, 'reason')).toBe('Purchase_Completed');
    expect((await api('DELETE', '/checkouts/0d0c5e00-0000-4000-8000-0000000000ff')).status).toBe(404);
  });
});
