/**
 * What the benchmark measures on the sandbox: the control plane, the token endpoint, and
 * bearer and SharedKey-signed business calls on the default scenario's UAT merchant.
 * A case whose warm-up request does not answer 200 is skipped, with the reason.
 */
import { createHash } from 'node:crypto';
import type { Sandbox } from '../src/index.js';

export interface BenchCase {
  name: string;
  path: string;
  request?: { method?: 'GET' | 'POST' | 'PUT'; headers?: Record<string, string>; body?: string };
  /** Why the case cannot run in this build, if it cannot. */
  skip?: string;
}

const CLIENT_ID = '6f1e2d3c-4b5a-4978-8a1b-2c3d4e5f6a01';
const CLIENT_SECRET = 'uat-secret-nordic-outdoor-0001';
const SCOPE = '705798e0-8cef-427c-ae00-6023deba29af/.default';
const PRIVATE_ID = '0b7d6a52-1f0e-4c1e-9a11-5d2a1c3e4f01';
const STORE_ID = '1234';
const SHARED_KEY = { username: 'nordic-outdoor-uat', key: 'uat-shared-key-nordic-0001' };

function sharedKey(body: string, path: string): string {
  const hex = createHash('sha256').update(body + path + SHARED_KEY.key, 'utf8').digest('hex');
  return `SharedKey ${Buffer.from(`${SHARED_KEY.username}:${hex}`).toString('base64')}`;
}

async function checked(sandbox: Sandbox, benchCase: BenchCase): Promise<BenchCase> {
  const response = await sandbox.fetch(benchCase.path, {
    method: benchCase.request?.method ?? 'GET',
    headers: benchCase.request?.headers ?? {},
    ...(benchCase.request?.body === undefined ? {} : { body: benchCase.request.body }),
  });
  return response.status === 200 ? benchCase : { ...benchCase, skip: `warm-up answered ${response.status}` };
}

export async function sandboxCases(sandbox: Sandbox): Promise<BenchCase[]> {
  const tokenForm = new URLSearchParams({
    client_id: CLIENT_ID,
    client_secret: CLIENT_SECRET,
    grant_type: 'client_credentials',
    scope: SCOPE,
  }).toString();
  const tokenRequest = { method: 'POST' as const, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: tokenForm };
  const tokenResponse = await sandbox.fetch('/uat/auth/oauth2/v2.0/token', tokenRequest);
  const token = tokenResponse.ok ? ((await tokenResponse.json()) as { access_token: string }).access_token : '';

  const legacyPath = `/merchants/${STORE_ID}/checkouts/${PRIVATE_ID}`;
  const cartPath = `${legacyPath}/cart`;
  const cart = JSON.stringify({ items: [{ id: 'TENT-2P', description: 'Two-person tent', unitPrice: '2499.00', quantity: 1, vat: 25 }] });

  return Promise.all([
    checked(sandbox, { name: 'sandbox GET /__admin/health', path: '/__admin/health' }),
    checked(sandbox, { name: 'token POST /oauth2/v2.0/token (RS256 sign)', path: '/uat/auth/oauth2/v2.0/token', request: tokenRequest }),
    checked(sandbox, {
      name: 'api GET /checkouts/{id} (bearer verify)',
      path: `/uat/api/checkouts/${PRIVATE_ID}`,
      request: { headers: { authorization: `Bearer ${token}` } },
    }),
    checked(sandbox, {
      name: 'legacy GET /merchants/{s}/checkouts/{id} (SharedKey)',
      path: `/uat/legacy${legacyPath}`,
      request: { headers: { authorization: sharedKey('', legacyPath) } },
    }),
    checked(sandbox, {
      name: 'legacy PUT .../cart (SharedKey, state write)',
      path: `/uat/legacy${cartPath}`,
      request: { method: 'PUT', headers: { authorization: sharedKey(cart, cartPath), 'content-type': 'application/json' }, body: cart },
    }),
  ]);
}
