/**
 * The token endpoint's failure cases, table-driven (docs/real-service.md, "Token endpoint failures"): status, `error`,
 * AADSTS code, the full body and the headers, on a frozen sandbox clock.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useSandbox } from '../support/sandbox.js';
import { CREDENTIALS, type Fields, PROD_SCOPE, UAT_SCOPE, clientCredentials, postForm, rawUrlEncoded } from '../support/identity.js';

const NOW = '2026-10-30T12:00:00Z';
const TIMESTAMP = '2026-10-30 12:00:00Z';
const CORRELATION = '0f0e0d0c-0b0a-4009-8807-060504030201';
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const EXPIRED_CLIENT_SECRET = 'expired-secret-value-0001';
const uat = CREDENTIALS.uat;

const sb = useSandbox({ now: NOW, frozen: true }, 'file');
let expiredClientId: string;

beforeAll(async () => {
  const created = await sb.fetch(`/__admin/uat/merchants/1001/api-clients`, {
    method: 'POST',
    body: JSON.stringify({ clientSecret: EXPIRED_CLIENT_SECRET, secretExpiresAt: '2026-10-30T11:59:59Z' }),
  });
  expiredClientId = ((await created.json()) as { clientId: string }).clientId;
});

interface Case {
  name: string;
  send: () => Promise<Response>;
  status: number;
  error: string;
  code: number;
  /** Text the AADSTS message must contain (after "AADSTSnnn: "). */
  says: string | (() => string);
  /** Words the x-sandbox-hint header must contain. */
  hint?: string;
}

const withFields =
  (change: Fields, env: 'uat' | 'prod' = 'uat') =>
  () =>
    postForm(sb, env, { ...clientCredentials(env), ...change }, { 'client-request-id': CORRELATION });

const cases: Case[] = [
  {
    name: 'missing grant_type',
    send: withFields({ grant_type: undefined }),
    status: 400,
    error: 'invalid_request',
    code: 900144,
    says: "The request body must contain the following parameter: 'grant_type'.",
    hint: 'grant_type=client_credentials',
  },
  {
    name: 'unsupported grant_type',
    send: withFields({ grant_type: 'password' }),
    status: 400,
    error: 'unsupported_grant_type',
    code: 70003,
    says: "The app requested an unsupported grant type 'password'.",
  },
  {
    name: 'missing client_id',
    send: withFields({ client_id: undefined }),
    status: 400,
    error: 'invalid_request',
    code: 900144,
    says: "The request body must contain the following parameter: 'client_id'.",
  },
  {
    name: 'missing scope',
    send: withFields({ scope: undefined }),
    status: 400,
    error: 'invalid_request',
    code: 90014,
    says: "The required field 'scope' is missing from the credential. Ensure that you have all the necessary parameters for the login request.",
  },
  {
    name: 'unknown client',
    send: withFields({ client_id: '11111111-2222-4333-8444-555555555555' }),
    status: 400,
    error: 'unauthorized_client',
    code: 700016,
    says: "Application with identifier '11111111-2222-4333-8444-555555555555' was not found in the directory 'Walley UAT'.",
    hint: 'POST',
  },
  {
    name: 'a UAT client id at PROD',
    send: withFields({ client_id: uat.clientId }, 'prod'),
    status: 400,
    error: 'unauthorized_client',
    code: 700016,
    says: `Application with identifier '${uat.clientId}' was not found in the directory 'Walley'.`,
    hint: 'belongs to UAT',
  },
  {
    name: 'wrong secret',
    send: withFields({ client_secret: 'not-the-secret' }),
    status: 401,
    error: 'invalid_client',
    code: 7000215,
    says: `Invalid client secret provided. Ensure the secret being sent in the request is the client secret value, not the client secret ID, for a secret added to app '${uat.clientId}'.`,
  },
  {
    name: 'missing secret',
    send: withFields({ client_secret: undefined }),
    status: 401,
    error: 'invalid_client',
    code: 7000216,
    says: "'client_assertion', 'client_secret' or 'request' is required for the 'client_credentials' grant type.",
  },
  {
    name: 'expired secret (secretExpiresAt reached on the sandbox clock)',
    send: () => withFields({ client_id: expiredClientId, client_secret: EXPIRED_CLIENT_SECRET })(),
    status: 401,
    error: 'invalid_client',
    code: 7000222,
    says: () => `The provided client secret keys for app '${expiredClientId}' are expired.`,
    hint: '/secrets',
  },
  {
    name: 'malformed scope (no resource before /.default)',
    send: withFields({ scope: '/.default' }),
    status: 400,
    error: 'invalid_scope',
    code: 70011,
    says: "The provided value for the input parameter 'scope' is not valid. The scope /.default is not valid.",
  },
  {
    name: 'malformed scope (characters a scope cannot hold)',
    send: withFields({ scope: `"${UAT_SCOPE}"` }),
    status: 400,
    error: 'invalid_scope',
    code: 70011,
    says: `The scope "${UAT_SCOPE}" is not valid.`,
  },
  {
    name: 'scope without /.default',
    send: withFields({ scope: '705798e0-8cef-427c-ae00-6023deba29af' }),
    status: 400,
    error: 'invalid_scope',
    code: 1002012,
    says: 'The provided value for scope 705798e0-8cef-427c-ae00-6023deba29af is not valid. Client credential flows must have a scope value with /.default suffixed to the resource identifier (application ID URI).',
  },
  {
    name: 'scope spanning two resources',
    send: withFields({ scope: `${UAT_SCOPE} 00000000-0000-4000-8000-000000000000/.default` }),
    status: 400,
    error: 'invalid_scope',
    code: 700022,
    says: 'because it contains more than one resource',
  },
  {
    name: 'unknown resource',
    send: withFields({ scope: '00000000-0000-4000-8000-000000000000/.default' }),
    status: 400,
    error: 'invalid_resource',
    code: 500011,
    says: 'The resource principal named 00000000-0000-4000-8000-000000000000 was not found in the tenant named Walley UAT.',
  },
  {
    name: "the other environment's scope (PROD scope at UAT)",
    send: withFields({ scope: PROD_SCOPE }),
    status: 400,
    error: 'invalid_resource',
    code: 500011,
    says: 'The resource principal named a3f3019f-2be9-41cc-a254-7bb347238e89 was not found in the tenant named Walley UAT.',
    hint: 'PROD scope',
  },
  {
    name: "the other environment's scope (UAT scope at PROD)",
    send: withFields({ scope: UAT_SCOPE }, 'prod'),
    status: 400,
    error: 'invalid_resource',
    code: 500011,
    says: 'The resource principal named 705798e0-8cef-427c-ae00-6023deba29af was not found in the tenant named Walley.',
    hint: 'UAT scope',
  },
  {
    name: 'JSON body',
    send: () =>
      sb.fetch('/uat/auth/oauth2/v2.0/token', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'client-request-id': CORRELATION },
        body: JSON.stringify(clientCredentials('uat')),
      }),
    status: 400,
    error: 'invalid_request',
    code: 900144,
    says: "The request body must contain the following parameter: 'grant_type'.",
    hint: 'not JSON',
  },
  {
    name: 'JSON body under a form content type',
    send: () =>
      sb.fetch('/uat/auth/oauth2/v2.0/token', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'client-request-id': CORRELATION },
        body: JSON.stringify(clientCredentials('uat')),
      }),
    status: 400,
    error: 'invalid_request',
    code: 900144,
    says: "The request body must contain the following parameter: 'grant_type'.",
  },
  {
    name: 'GET',
    send: () =>
      sb.fetch(`/uat/auth/oauth2/v2.0/token?${rawUrlEncoded(clientCredentials('uat'))}`, { headers: { 'client-request-id': CORRELATION } }),
    status: 400,
    error: 'invalid_request',
    code: 900561,
    says: 'The endpoint only accepts POST requests. Received a GET request.',
  },
  {
    name: 'unknown tenant (discovery)',
    send: () =>
      sb.fetch('/uat/auth/contoso.onmicrosoft.com/v2.0/.well-known/openid-configuration', {
        headers: { 'client-request-id': CORRELATION },
      }),
    status: 400,
    error: 'invalid_tenant',
    code: 90002,
    says: "Tenant 'contoso.onmicrosoft.com' not found. Check to make sure you have the correct tenant ID and are signing into the correct cloud.",
  },
  {
    name: 'the PROD tenant at UAT (keys)',
    send: () =>
      sb.fetch('/uat/auth/e3a7d2f6-9c41-4b8e-8d05-6f2a1c9b4e37/discovery/v2.0/keys', { headers: { 'client-request-id': CORRELATION } }),
    status: 400,
    error: 'invalid_tenant',
    code: 90002,
    says: "Tenant 'e3a7d2f6-9c41-4b8e-8d05-6f2a1c9b4e37' not found.",
    hint: 'PROD tenant',
  },
];

describe('token endpoint failures', () => {
  it.each(cases)('$name → $status $error AADSTS$code', async (c) => {
    const response = await c.send();
    expect(response.status).toBe(c.status);

    // Headers: Entra's no-store set, JSON, and the request id that is also the trace id.
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store, no-cache');
    expect(response.headers.get('pragma')).toBe('no-cache');
    expect(response.headers.get('expires')).toBe('-1');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(response.headers.get('www-authenticate')).toBeNull();
    const requestId = response.headers.get('x-ms-request-id') ?? '';
    expect(requestId).toMatch(GUID);
    if (c.hint) expect(response.headers.get('x-sandbox-hint')).toContain(c.hint);

    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual([
      'error',
      'error_description',
      'error_codes',
      'timestamp',
      'trace_id',
      'correlation_id',
      'error_uri',
    ]);
    expect(body.error).toBe(c.error);
    expect(body.error_codes).toEqual([c.code]);
    expect(body.timestamp).toBe(TIMESTAMP);
    expect(body.trace_id).toBe(requestId);
    expect(body.correlation_id).toBe(CORRELATION);
    expect(body.error_uri).toBe(`https://login.microsoftonline.com/error?code=${c.code}`);

    const description = body.error_description as string;
    const [message, ...lines] = description.split('\r\n');
    expect(message).toMatch(new RegExp(`^AADSTS${c.code}: `));
    expect(message).toContain(typeof c.says === 'function' ? c.says() : c.says);
    expect(lines).toEqual([`Trace ID: ${requestId}`, `Correlation ID: ${CORRELATION}`, `Timestamp: ${TIMESTAMP}`]);
  });
});

describe('correlation ids', () => {
  it('echoes x-ms-client-request-id as Azure SDKs send it', async () => {
    const response = await postForm(sb, 'uat', { grant_type: 'nope' }, { 'x-ms-client-request-id': CORRELATION.toUpperCase() });
    expect(((await response.json()) as { correlation_id: string }).correlation_id).toBe(CORRELATION);
  });

  it('makes up a fresh GUID when none (or no GUID) is sent', async () => {
    const first = (await (await postForm(sb, 'uat', { grant_type: 'nope' })).json()) as { correlation_id: string; trace_id: string };
    const second = (await (await postForm(sb, 'uat', { grant_type: 'nope' }, { 'client-request-id': 'not-a-guid' })).json()) as {
      correlation_id: string;
    };
    expect(first.correlation_id).toMatch(GUID);
    expect(first.correlation_id).not.toBe(first.trace_id);
    expect(second.correlation_id).toMatch(GUID);
    expect(second.correlation_id).not.toBe('not-a-guid');
  });

  it('stamps the sandbox time, not the machine time', async () => {
    sb.clock.set({ now: '2031-02-03T04:05:06.789Z' });
    const body = (await (await postForm(sb, 'uat', { grant_type: 'nope' })).json()) as { timestamp: string; error_description: string };
    sb.clock.set({ now: NOW });
    expect(body.timestamp).toBe('2031-02-03 04:05:06Z');
    expect(body.error_description.endsWith('\r\nTimestamp: 2031-02-03 04:05:06Z')).toBe(true);
  });
});

describe('secret selection', () => {
  it('an expired secret next to a current one: the current one still works, the expired one fails with 7000222', async () => {
    const base = `/__admin/uat/merchants/1001/api-clients/${expiredClientId}/secrets`;
    const added = await sb.fetch(base, { method: 'POST', body: JSON.stringify({ clientSecret: 'fresh-secret-value-0002' }) });
    expect(added.status).toBe(201);
    const fields = { grant_type: 'client_credentials', client_id: expiredClientId, scope: UAT_SCOPE };
    expect((await postForm(sb, 'uat', { ...fields, client_secret: 'fresh-secret-value-0002' })).status).toBe(200);
    const old = await postForm(sb, 'uat', { ...fields, client_secret: EXPIRED_CLIENT_SECRET });
    expect(((await old.json()) as { error_codes: number[] }).error_codes).toEqual([7000222]);
    const wrong = await postForm(sb, 'uat', { ...fields, client_secret: 'something-else-entirely' });
    expect(((await wrong.json()) as { error_codes: number[] }).error_codes).toEqual([7000215]);
  });

  it('sending the secret ID instead of its value gets 7000215 with a hint saying so', async () => {
    const list = (await (await sb.fetch('/__admin/uat/merchants/1001/api-clients')).json()) as {
      apiClients: { clientId: string; secrets: { secretId: string }[] }[];
    };
    const secretId = list.apiClients.find((c) => c.clientId === uat.clientId)?.secrets[0]?.secretId ?? '';
    const response = await postForm(sb, 'uat', { ...clientCredentials('uat'), client_secret: secretId });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error_codes: number[] }).error_codes).toEqual([7000215]);
    expect(response.headers.get('x-sandbox-hint')).toContain('secret ID');
  });
});
