// #region example
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Sandbox, createSandbox } from 'checkout-sandbox';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await createSandbox({ scenario: 'minimal', logLevel: 'silent' });
});
afterAll(() => sandbox.close());

/** How many journal entries match a request pattern (env, surface, method, path, status, principal, since). */
async function count(pattern: Record<string, unknown>): Promise<number> {
  const answer = await sandbox.fetch('/__admin/requests/count', { method: 'POST', body: JSON.stringify(pattern) });
  return ((await answer.json()) as { count: number }).count;
}

it('fetches one token and reuses it (no token per call)', async () => {
  // The plugin under test would do this part; three API calls with one cached token.
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
  for (let i = 0; i < 3; i++) {
    await sandbox.fetch('/uat/api/checkouts/00000000-0000-4000-8000-000000000000', {
      headers: { authorization: `Bearer ${access_token}` },
    });
  }

  expect(await count({ env: 'uat', surface: 'auth', method: 'POST', status: 200 })).toBe(1);
  expect(await count({ env: 'uat', surface: 'api', method: 'GET', status: 404 })).toBe(3);
  expect(await count({ env: 'uat', surface: 'api', status: 401 })).toBe(0);

  // The same traffic judged against Walley's go-live checklist (docs/go-live-readiness.md).
  const report = await sandbox.report();
  const client = report.principals.find((p) => p.principal === '0c0c0c0c-0000-4000-8000-000000000001');
  expect(client?.readiness.find((item) => item.id === 'token-reuse')?.status).toBe('met');
});
// #endregion example
