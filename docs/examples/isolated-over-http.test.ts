// #region example
import { afterAll, beforeAll, expect, it } from 'vitest';

// The sandbox this CI job runs: a service container, or `npx checkout-sandbox --port 4010 &`.
const SANDBOX_URL = process.env.SANDBOX_URL ?? 'http://127.0.0.1:4010';
// Its admin token, where it has one (a container always does): sent with every /__admin call.
const ADMIN: Record<string, string> = process.env.SANDBOX_ADMIN_TOKEN ? { authorization: `Bearer ${process.env.SANDBOX_ADMIN_TOKEN}` } : {};

interface Isolated {
  id: string;
  baseUrls: { uat: Record<'auth' | 'api' | 'legacy' | 'retired' | 'frontend', string>; admin: string };
}
let sandbox: Isolated;

beforeAll(async () => {
  // A sandbox of this test file's own: its own state, clock and event stream, however many
  // workers share the one running sandbox.
  const created = await fetch(`${SANDBOX_URL}/__admin/sandboxes`, {
    method: 'POST',
    headers: { ...ADMIN, 'content-type': 'application/json' },
    body: JSON.stringify({ scenario: 'minimal', now: '2026-10-30T12:00:00Z', frozen: true }),
  });
  expect(created.status).toBe(201);
  sandbox = (await created.json()) as Isolated;
});
// Deleted when done (idle ones expire on their own after 30 minutes).
afterAll(() => fetch(`${SANDBOX_URL}/__admin/sandboxes/${sandbox.id}`, { method: 'DELETE', headers: ADMIN }));

it('moves only its own clock', async () => {
  const token = await fetch(`${sandbox.baseUrls.uat.auth}/oauth2/v2.0/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: '0c0c0c0c-0000-4000-8000-000000000001',
      client_secret: 'minimal-uat-secret-0001',
      scope: '705798e0-8cef-427c-ae00-6023deba29af/.default',
    }),
  });
  expect(token.status).toBe(200);

  // Point the plugin under test at sandbox.baseUrls.uat.api and .auth; move time through the admin base.
  await fetch(`${sandbox.baseUrls.admin}/clock/advance`, {
    method: 'POST',
    headers: { ...ADMIN, 'content-type': 'application/json' },
    body: JSON.stringify({ duration: 'P1D' }),
  });
  const clock = await (await fetch(`${sandbox.baseUrls.admin}/clock`, { headers: ADMIN })).json();
  expect(clock).toEqual({ now: '2026-10-31T12:00:00.000Z', frozen: true });
});
// #endregion example
