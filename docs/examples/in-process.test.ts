// #region example
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Sandbox, createSandbox } from 'checkout-sandbox';

let sandbox: Sandbox;

beforeAll(async () => {
  // In memory, no port: each test file gets its own world, seeded from a scenario.
  sandbox = await createSandbox({ scenario: 'minimal', now: '2026-10-30T12:00:00Z', frozen: true, logLevel: 'silent' });
});
afterAll(() => sandbox.close());

it('initializes a checkout with a bearer token, and the token expires on the sandbox clock', async () => {
  const issued = await sandbox.fetch('/uat/auth/oauth2/v2.0/token', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: '0c0c0c0c-0000-4000-8000-000000000001',
      client_secret: 'minimal-uat-secret-0001',
      scope: '705798e0-8cef-427c-ae00-6023deba29af/.default',
    }),
  });
  const { access_token } = (await issued.json()) as { access_token: string };
  const headers = { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' };

  const created = await sandbox.fetch('/uat/api/checkouts', {
    method: 'POST',
    headers,
    body: JSON.stringify({
      storeId: 1234,
      countryCode: 'SE',
      merchantTermsUri: 'https://shop.example/terms',
      cart: { items: [{ id: 'TENT', description: 'Tent', unitPrice: 2499, quantity: 1, vat: 25 }] },
    }),
  });
  expect(created.status).toBe(200);

  // Two hours later (no waiting): the token has expired.
  sandbox.clock.advance(2 * 3600 * 1000);
  const later = await sandbox.fetch('/uat/api/checkouts', { method: 'POST', headers, body: '{}' });
  expect(later.status).toBe(401);
});
// #endregion example
