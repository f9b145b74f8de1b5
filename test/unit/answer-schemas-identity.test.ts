/**
 * The answer schemas of the identity provider, tokenization, the hosted checkout page and the
 * gateway describe what the sandbox really sends: real answers, driven through the app
 * in-process, match with no issue under the strict check; the OAuth error's enum names every
 * AADSTS case; and the served OpenAPI documents show these shapes instead of opaque objects.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { answerIssues } from '../../src/http/answer-check.js';
import {
  OAUTH_ERRORS,
  adminErrorSchema,
  checkoutErrorSchema,
  gatewayErrorSchema,
  identityErrorSchema,
  oauthBriefErrorSchema,
  oauthErrorSchema,
  pageErrorSchema,
  problemSchema,
  tokenizationErrorSchema,
} from '../../src/http/envelopes.js';
import { AADSTS } from '../../src/identity/errors.js';
import { pageIdentifiedSchema, pagePurchasedSchema } from '../../src/routes/answers/frontend.js';
import { jwksSchema, openIdConfigurationSchema, tokenSchema } from '../../src/routes/answers/identity.js';
import {
  authorizationCompletedAnswer,
  authorizationScheduledAnswer,
  customerTokenAcknowledgedAnswer,
  customerTokenAnswer,
} from '../../src/routes/answers/tokenization.js';
import { useSandbox } from '../support/sandbox.js';
import { admin, at, initPayload } from '../support/checkout-requests.js';
import { UAT_TENANT, clientCredentials, postForm } from '../support/identity.js';
import { type ReadResponse, ManageApi } from '../support/manage-api.js';

const sb = useSandbox({ now: '2026-11-02T10:00:00Z', frozen: true }, 'file');
let api: ManageApi;
beforeAll(async () => {
  api = new ManageApi(sb);
});

type Schema = Parameters<typeof answerIssues>[0];

async function expectResponse(response: Response, status: number, schema: Schema): Promise<Record<string, unknown>> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  const json = JSON.parse(text) as Record<string, unknown>;
  expect(answerIssues(schema, json), text).toEqual([]);
  return json;
}

function expectAnswer(answer: ReadResponse, status: number, schema: Schema): Record<string, unknown> {
  expect(answer.status, answer.text).toBe(status);
  expect(answerIssues(schema, JSON.parse(answer.text)), answer.text).toEqual([]);
  return answer.json;
}

describe('the identity provider', () => {
  it('a token, and the token endpoint refusals in both OAuth shapes', async () => {
    await expectResponse(await postForm(sb, 'uat', clientCredentials('uat')), 200, tokenSchema);
    const wrongSecret = await postForm(
      sb,
      'uat',
      { ...clientCredentials('uat'), client_secret: 'nope' },
      { 'client-request-id': 'AAAAAAAA-0000-1111-2222-333333333333' },
    );
    expect(at(await expectResponse(wrongSecret, 401, oauthErrorSchema), 'correlation_id')).toBe('aaaaaaaa-0000-1111-2222-333333333333');
    await expectResponse(await postForm(sb, 'uat', { ...clientCredentials('uat'), scope: undefined }), 400, oauthErrorSchema);
    await expectResponse(
      await postForm(sb, 'uat', { ...clientCredentials('uat'), client_id: '11111111-2222-3333-4444-555555555555' }),
      400,
      oauthErrorSchema,
    );
    await expectResponse(await sb.fetch('/uat/auth/oauth2/v2.0/token'), 400, oauthErrorSchema);
    const tooBig = await postForm(sb, 'uat', { ...clientCredentials('uat'), padding: 'x'.repeat(2 * 1024 * 1024) });
    await expectResponse(tooBig, 413, oauthBriefErrorSchema);
  });

  it('discovery and keys, for the tenant and common; an unknown tenant and a POST refused', async () => {
    for (const tenant of [UAT_TENANT, 'common']) {
      await expectResponse(await sb.fetch(`/uat/auth/${tenant}/v2.0/.well-known/openid-configuration`), 200, openIdConfigurationSchema);
      await expectResponse(await sb.fetch(`/uat/auth/${tenant}/discovery/v2.0/keys`), 200, jwksSchema);
    }
    await expectResponse(await sb.fetch('/uat/api/common/discovery/v2.0/keys'), 200, jwksSchema);
    await expectResponse(await sb.fetch('/uat/auth/no-such-tenant/v2.0/.well-known/openid-configuration'), 400, identityErrorSchema);
    await expectResponse(await sb.fetch(`/uat/auth/${UAT_TENANT}/discovery/v2.0/keys`, { method: 'POST' }), 405, oauthBriefErrorSchema);
    expect(at(await expectResponse(await sb.fetch('/uat/auth/no/such/path'), 404, oauthBriefErrorSchema), 'error')).toBe('not_found');
  });

  it('OAUTH_ERRORS names the error of every AADSTS case', () => {
    const cases = Object.values(AADSTS).map((make) => (make as (a: string, b: string) => { error: string })('x', 'y'));
    for (const failure of cases) expect(OAUTH_ERRORS).toContain(failure.error);
  });
});

describe('tokenization', () => {
  async function recurringToken(): Promise<string> {
    const init = await api.post('/checkouts', initPayload({ profileName: 'Recurring' }));
    const privateId = String(at(init.json, 'data', 'privateId'));
    expect((await admin(sb, `/uat/checkouts/${privateId}/purchase`, { result: 'Preliminary', paymentName: 'Card' })).status).toBe(200);
    return String(at((await api.get(`/checkouts/${privateId}`)).json, 'data', 'order', 'customerToken'));
  }
  const charge = (customerToken: string, attemptSchedule?: unknown) => ({
    customerToken,
    ...(attemptSchedule ? { attemptSchedule } : {}),
    order: {
      reference: 'SUB-1',
      currency: 'SEK',
      captureMode: 'Manual',
      items: [{ id: 'BOX', description: 'Monthly box', unitPrice: '199.00', quantity: '1', vat: '12' }],
    },
  });

  it('authorizations (200 and 202), the token, its cancellation and the test hook', async () => {
    const token = await recurringToken();
    const done = expectAnswer(
      await api.post('/purchase/authorizations', charge(token, { preferSynchronous: true })),
      200,
      authorizationCompletedAnswer,
    );
    expectAnswer(await api.post('/purchase/authorizations', charge(token, { relative: ['01:00:00'] })), 202, authorizationScheduledAnswer);
    expect(at(done, 'data', 'orderId')).toEqual(expect.any(String));
    expectAnswer(
      await api.call('PUT', `/purchase/customer-tokens/${token}`, { AuthorizationFailure: { Reason: 'PAYMENT_METHOD_DECLINED' } }),
      200,
      customerTokenAcknowledgedAnswer,
    );
    expect(at(expectAnswer(await api.get(`/purchase/customer-tokens/${token}`), 200, customerTokenAnswer), 'data')).toEqual({
      status: 'Active',
      paymentMethod: { type: 'Card', maskedCardNumber: expect.stringMatching(/^516020\*{6}\d{4}$/) },
    });
    expectAnswer(await api.call('DELETE', `/purchase/customer-tokens/${token}`), 202, customerTokenAcknowledgedAnswer);
    const cancelled = expectAnswer(await api.get(`/purchase/customer-tokens/${token}`), 200, customerTokenAnswer);
    expect(at(cancelled, 'data', 'cancellationDate')).toBe('2026-11-02T10:00:00.000Z');
  });

  it('refusals are {id, error}; a missing token the checkout envelope', async () => {
    const token = await recurringToken();
    await api.call('DELETE', `/purchase/customer-tokens/${token}`);
    expectAnswer(await api.call('DELETE', `/purchase/customer-tokens/${token}`), 403, tokenizationErrorSchema);
    expectAnswer(await api.get('/purchase/customer-tokens/00000000-0000-4000-8000-000000000000'), 404, tokenizationErrorSchema);
    expectAnswer(await api.post('/purchase/authorizations', { order: {} }), 400, tokenizationErrorSchema);
    expectAnswer(await api.post('/purchase/authorizations', '{nope'), 400, tokenizationErrorSchema);
    await expectResponse(await sb.fetch('/uat/api/purchase/authorizations', { method: 'POST', body: '{}' }), 401, checkoutErrorSchema);
  });
});

describe('the hosted checkout page, the gateway and the control plane', () => {
  const post = (path: string, body: unknown): Promise<Response> =>
    sb.fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  async function publicToken(): Promise<string> {
    return String(at((await api.post('/checkouts', initPayload())).json, 'data', 'publicToken'));
  }

  it('identify and purchase; refusals with and without the validation event', async () => {
    const token = await publicToken();
    const page = `/uat/frontend/checkout/${token}`;
    await expectResponse(
      await post(`${page}/customer`, { email: 'kim@example.se', mobilePhoneNumber: '+46700000000', postalCode: '41101' }),
      200,
      pageIdentifiedSchema,
    );
    await expectResponse(await post(`${page}/purchase`, { paymentName: 'Bitcoin' }), 400, pageErrorSchema);
    await expectResponse(await post(`${page}/purchase`, { paymentName: 'Card' }), 200, pagePurchasedSchema);
    await expectResponse(await post(`${page}/purchase`, { paymentName: 'Card' }), 409, pageErrorSchema);
    await expectResponse(
      await post('/uat/frontend/checkout/public-SE-nope/customer', {
        email: 'kim@example.se',
        mobilePhoneNumber: '+46700000000',
        postalCode: '41101',
      }),
      404,
      pageErrorSchema,
    );

    const failing = `/uat/frontend/checkout/${await publicToken()}`;
    await expectResponse(
      await post(`${failing}/customer`, { email: 'validation-fails@example.com', mobilePhoneNumber: '+46701234569', postalCode: '11124' }),
      200,
      pageIdentifiedSchema,
    );
    const refused = await expectResponse(await post(`${failing}/purchase`, { paymentName: 'DirectInvoice' }), 422, pageErrorSchema);
    expect(refused.event).toBe('OrderValidationFailed');
  });

  it("the gateway's 404 and the control plane's error", async () => {
    await expectResponse(await sb.fetch('/nowhere/at/all'), 404, gatewayErrorSchema);
    await expectResponse(await sb.fetch('/__admin/uat/checkouts/00000000-0000-4000-8000-000000000000'), 404, adminErrorSchema);
  });

  it('a union names the branch that came closest', () => {
    const brief = { error: 'invalid_request', error_description: 'too big', trace: 1 };
    expect(answerIssues(identityErrorSchema, brief)).toEqual(['trace: unknown field']);
    expect(answerIssues(identityErrorSchema, { error: 'bad_thing', error_description: 'x' })).toEqual([
      `error: expected one of ${OAUTH_ERRORS.map((e) => `"${e}"`).join(', ')}, got "bad_thing"`,
    ]);
  });
});

describe('injected faults answer in the dialect of the surface they hit', () => {
  async function fault(rule: Record<string, unknown>): Promise<void> {
    const response = await sb.fetch('/__admin/faults', { method: 'POST', body: JSON.stringify({ count: 1, ...rule }) });
    expect(response.status, await response.clone().text()).toBe(201);
  }

  it.each([
    [
      'the token endpoint',
      { surface: 'auth', path: '/oauth2/v2.0/token', effect: 'status', status: 503 },
      '/uat/auth/oauth2/v2.0/token',
      503,
      oauthErrorSchema,
    ],
    ['an identity outage', { effect: 'identity-outage' }, '/uat/auth/oauth2/v2.0/token', 503, oauthErrorSchema],
    [
      'discovery',
      { surface: 'auth', path: '/common/**', effect: 'status', status: 500 },
      '/uat/auth/common/discovery/v2.0/keys',
      500,
      oauthBriefErrorSchema,
    ],
    [
      'order administration',
      { surface: 'api', path: '/manage/*', effect: 'status', status: 503 },
      '/uat/api/manage/orders',
      503,
      problemSchema,
    ],
    ['the checkout API', { surface: 'api', path: '/checkouts', effect: 'throttle' }, '/uat/api/checkouts', 429, checkoutErrorSchema],
    [
      'the hosted page',
      { surface: 'frontend', effect: 'status', status: 502 },
      '/uat/frontend/checkout/public-SE-x/cart',
      502,
      pageErrorSchema,
    ],
  ] as const)('%s', async (_name, rule, path, status, schema) => {
    await fault(rule);
    await expectResponse(
      await sb.fetch(path, { method: path.endsWith('/token') ? 'POST' : 'GET', body: path.endsWith('/token') ? '' : undefined }),
      status,
      schema,
    );
  });
});

describe('the served OpenAPI document shows the answers', () => {
  type Content = Record<string, { schema: { $ref: string } }>;
  type Doc = {
    paths: Record<string, Record<string, { responses: Record<string, { content?: Content }> }>>;
    components: Record<string, unknown>;
  };
  let doc: Doc;
  beforeAll(async () => {
    doc = (await (await sb.fetch('/__admin/openapi/api.json')).json()) as Doc;
  });

  it('names each operation its answer, strict, with the fields as sent', () => {
    const schemaOf = (path: string, method: string, status: string, type = 'application/json') =>
      doc.paths[path]?.[method]?.responses[status]?.content?.[type]?.schema;
    expect(schemaOf('/checkouts/{privateId}', 'get', '200')).toEqual({ $ref: '#/components/schemas/CheckoutViewAnswer' });
    expect(schemaOf('/manage/orders/{orderId}', 'get', '200')).toEqual({ $ref: '#/components/schemas/OrderDocument' });
    expect(schemaOf('/manage/orders', 'get', '200')).toEqual({ $ref: '#/components/schemas/OrderList' });
    const refusal = (path: string, method: string, status: string) =>
      (doc.paths[path]?.[method]?.responses[status] as { $ref?: string } | undefined)?.$ref;
    expect(refusal('/purchase/authorizations', 'post', '400')).toBe('#/components/responses/TokenizationError');
    const schemas = doc.components.schemas;
    expect(at(schemas, 'CheckoutView', 'additionalProperties')).toBe(false);
    expect(at(schemas, 'CheckoutView', 'properties', 'status', 'enum')).toEqual([
      'Initialized',
      'CustomerIdentified',
      'CommittedToPurchase',
      'PurchaseCompleted',
      'Aborted',
    ]);
    expect(at(schemas, 'OrderData', 'required')).toContain('id');
    expect(Object.keys(at(schemas, 'OrderData', 'properties') as object)).not.toContain('orderId');
    expect(at(schemas, 'CheckoutInitialized', 'properties', 'expiresAt', 'format')).toBe('date-time');
    expect(refusal('/manage/orders/{orderId}/capture', 'post', '422')).toBe('#/components/responses/Problem');
    expect(at(doc.components.responses, 'Problem', 'content', 'application/problem+json', 'schema')).toEqual({
      $ref: '#/components/schemas/Problem',
    });
  });
});
