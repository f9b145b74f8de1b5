/**
 * What the identity tests share: the default scenario's credentials, token requests as the
 * real clients build them, and a probe app that runs the bearer middleware on a business-like
 * route (the checkout routes mount the same middleware).
 */
import type { Hono } from 'hono';
import { z } from 'zod';
import { bearerAuth } from '../../src/auth/bearer.js';
import type { EnvName } from '../../src/hosts.js';
import { checkoutDialect } from '../../src/http/dialects/checkout.js';
import { operation } from '../../src/http/operation.js';
import { refusalAnswers } from '../../src/http/refusal-answers.js';
import type { SurfaceEnv } from '../../src/http/types.js';
import type { Sandbox } from '../../src/sandbox.js';
import { surfaceApp } from '../../src/surfaces/base.js';

export const UAT_SCOPE = '705798e0-8cef-427c-ae00-6023deba29af/.default';
export const PROD_SCOPE = 'a3f3019f-2be9-41cc-a254-7bb347238e89/.default';
export const UAT_TENANT = 'b5e2c8a1-4f3d-4e6b-9a72-1d8c3f5e7a90';
export const PROD_TENANT = 'e3a7d2f6-9c41-4b8e-8d05-6f2a1c9b4e37';

export const CREDENTIALS = {
  uat: {
    clientId: '6f1e2d3c-4b5a-4978-8a1b-2c3d4e5f6a01',
    clientSecret: 'uat-secret-nordic-outdoor-0001',
    scope: UAT_SCOPE,
    merchantId: '1001',
  },
  prod: {
    clientId: '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c01',
    clientSecret: 'prod-secret-nordic-outdoor-1001',
    scope: PROD_SCOPE,
    merchantId: '1001',
  },
} as const;

export type Fields = Record<string, string | undefined>;

export function clientCredentials(env: EnvName): Fields {
  const c = CREDENTIALS[env];
  return { grant_type: 'client_credentials', client_id: c.clientId, client_secret: c.clientSecret, scope: c.scope };
}

/** The body WooCommerce builds: every value through PHP's rawurlencode (so '/' becomes %2F). */
export function rawUrlEncoded(fields: Fields): string {
  return Object.entries(fields)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([k, v]) => `${k}=${encodeURIComponent(v).replace(/[!'()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`)}`)
    .join('&');
}

export async function postForm(
  sb: Pick<Sandbox, 'fetch'>,
  env: EnvName,
  fields: Fields,
  headers: Record<string, string> = {},
  path = '/oauth2/v2.0/token',
): Promise<Response> {
  return sb.fetch(`/${env}/auth${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: rawUrlEncoded(fields),
  });
}

/** The default scenario's PROD client of merchant 1001, as a client_credentials form. */
export const NORDIC_PROD_CLIENT = {
  grant_type: 'client_credentials',
  client_id: CREDENTIALS.prod.clientId,
  client_secret: CREDENTIALS.prod.clientSecret,
  scope: PROD_SCOPE,
} satisfies Fields;

/** The `minimal` scenario's UAT client (`--scenario minimal`), as a client_credentials form. */
export const MINIMAL_UAT_CLIENT = {
  grant_type: 'client_credentials',
  client_id: '0c0c0c0c-0000-4000-8000-000000000001',
  client_secret: 'minimal-uat-secret-0001',
  scope: UAT_SCOPE,
} satisfies Fields;

/** A token request to a spawned sandbox at `baseUrl` (http://host:port), form-encoded. */
export function postTokenOverHttp(baseUrl: string, env: EnvName, fields: Fields): Promise<Response> {
  return fetch(`${baseUrl}/${env}/auth/oauth2/v2.0/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: rawUrlEncoded(fields),
  });
}

/** A token for the default scenario's first client of the environment. */
export async function tokenFor(sb: Pick<Sandbox, 'fetch'>, env: EnvName, fields: Fields = clientCredentials(env)): Promise<string> {
  const response = await postForm(sb, env, fields);
  if (response.status !== 200) throw new Error(`token request failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** GET /probe behind bearerAuth, rendering errors as the api surface does; answers the caller. */
export function probeApp(sb: Sandbox, env: EnvName): Hono<SurfaceEnv> {
  const deps = sb.surfaceDeps(env, 'api');
  const probe = operation<unknown>({
    op: 'probe',
    method: 'GET',
    path: '/probe',
    auth: 'bearer',
    dialect: checkoutDialect,
    summary: 'Who is calling',
    answers: {
      '200': { description: 'The caller.', schema: z.strictObject({ caller: z.record(z.string(), z.string()) }), name: 'Probe' },
      ...refusalAnswers(checkoutDialect, [], checkoutDialect),
    },
    handler: () => (c) => c.json({ caller: c.get('caller') }),
  });
  return surfaceApp(deps, [probe], {
    authenticate: { bearer: bearerAuth(deps) },
    authDialect: checkoutDialect,
    dialectOf: () => checkoutDialect,
  });
}

export async function probe(sb: Sandbox, env: EnvName, authorization?: string): Promise<Response> {
  return probeApp(sb, env).request('/probe', authorization === undefined ? {} : { headers: { authorization } });
}

/** Decodes a JWT part without verifying it (for asserting on claims). */
export function jwtPart(token: string, index: 0 | 1): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[index] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
}
