/**
 * The comparison of one exchange: each divergence kind with its pointer, and the noise it
 * must not report (generated values by format, messages by type, redacted values by
 * presence, ids mapped, fields learned as generated, rules).
 */
import { describe, expect, it } from 'vitest';
import { type RecordedResponse, type Divergence, compareResponses } from '../../src/fidelity/compare.js';
import { FieldClasses } from '../../src/fidelity/fields.js';
import { routeOperations } from '../../src/fidelity/operations.js';
import { API_OPERATIONS } from '../../src/surfaces/api.js';
import { formatOf } from '../../src/fidelity/formats.js';
import { IdMap } from '../../src/fidelity/ids.js';
import { Rules } from '../../src/fidelity/rules.js';

const json = (
  value: unknown,
  status = 200,
  headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' },
): RecordedResponse => ({ status, headers, body: { json: value } });

/** Field classes as a replay has them: what the api surface's answer schemas mark as generated. */
function tableClasses(): FieldClasses {
  const operations = routeOperations(() => API_OPERATIONS);
  return new FieldClasses((operation) => operations.generatedOf(operation));
}

function compare(
  real: RecordedResponse,
  sandbox: RecordedResponse,
  options: { endpoint?: string; ids?: IdMap; classes?: FieldClasses; rules?: Rules } = {},
): Divergence[] {
  const where = { endpoint: options.endpoint ?? 'GET /checkouts/{privateId}', env: 'uat', surface: 'api' };
  return compareResponses(
    { where, classes: options.classes ?? tableClasses(), rules: options.rules ?? Rules.empty(), ids: options.ids ?? new IdMap() },
    real,
    sandbox,
  );
}

const checkout = (data: Record<string, unknown>) => ({ id: 'c8050b4c-65be-4555-a297-49813cdc7948', data, error: null });

describe('compareResponses', () => {
  it('reports a different status alone', () => {
    expect(compare(json({ a: 1 }, 404), json({ b: 2 }, 200))).toEqual([{ kind: 'status', pointer: null, real: 404, sandbox: 200 }]);
    expect(compare(json({}, 200), { status: 'refused', headers: {}, body: null })).toEqual([
      { kind: 'status', pointer: null, real: 200, sandbox: 'refused' },
    ]);
  });

  it('reports missing, extra and type by JSON Pointer, both ways, into arrays', () => {
    const real = checkout({
      status: 'Initialized',
      riskScore: 0.1,
      cart: {
        items: [
          { id: 'A', unitPrice: 10 },
          { id: 'B', unitPrice: 5 },
        ],
      },
      reference: null,
    });
    const sandbox = checkout({ status: 'Initialized', metadata: null, cart: { items: [{ id: 'A', unitPrice: '10' }] }, reference: 'ORD' });
    expect(compare(json(real), json(sandbox))).toEqual([
      { kind: 'missing', pointer: '/data/riskScore', real: 0.1, sandbox: null },
      { kind: 'type', pointer: '/data/cart/items/0/unitPrice', real: 10, sandbox: '10' },
      { kind: 'missing', pointer: '/data/cart/items/1', real: { id: 'B', unitPrice: 5 }, sandbox: null },
      { kind: 'type', pointer: '/data/reference', real: null, sandbox: 'ORD' },
      { kind: 'extra', pointer: '/data/metadata', real: null, sandbox: null },
    ]);
  });

  it('compares enums and values by value, generated values by format, messages not at all', () => {
    const real = {
      id: '91714012-6ae9-4780-a927-fe459bc95bf6',
      data: {
        privateId: '1eec44b5-66d3-4058-a31f-3444229fb727',
        publicToken: 'public-SE-7f1b3d2a2a73d348dfbd17d3965ff1458c249f84c695eac1',
        expiresAt: '2025-12-07T07:16:49.8098107+00:00',
      },
      error: null,
    };
    const same = {
      id: 'c8050b4c-65be-4555-a297-49813cdc7948',
      data: {
        privateId: '90117a99-1df7-4f9d-a6ec-85b1d804b1bb',
        publicToken: 'public-SE-70d526beced2054e301bd5f4e137a9aa0123456789abcdef',
        expiresAt: '2026-11-30T18:01:05.0320000+00:00',
      },
      error: null,
    };
    expect(compare(json(real), json(same), { endpoint: 'POST /checkouts' })).toEqual([]);
    const otherFormat = { ...same, data: { ...same.data, expiresAt: '2026-11-30T18:01:05.032Z' } };
    expect(compare(json(real), json(otherFormat), { endpoint: 'POST /checkouts' })).toEqual([
      {
        kind: 'format',
        pointer: '/data/expiresAt',
        real: 'ISO-8601 instant (7 fractional digits, +00:00)',
        sandbox: 'ISO-8601 instant (3 fractional digits, Z)',
      },
    ]);
    const shorterToken = { ...same, data: { ...same.data, publicToken: 'public-SE-70d526beced2054e301bd5f4e137a9aa' } };
    expect(compare(json(real), json(shorterToken), { endpoint: 'POST /checkouts' })).toEqual([
      { kind: 'format', pointer: '/data/publicToken', real: 'public-SE-<hex×48>', sandbox: 'public-SE-<hex×32>' },
    ]);

    const error = (reason: string, message: string, code = 400) => ({
      id: 'x',
      data: null,
      error: { code, message, errors: [{ reason, message }] },
    });
    expect(
      compare(
        json(error('Validation_Error', 'The Cart field is required.'), 400),
        json(error('Validation_Error', 'cart: give items, e.g. …'), 400),
      ),
    ).toEqual([]);
    expect(compare(json(error('Duplicate_Articles', 'x'), 400), json(error('Validation_Error', 'x'), 400))).toEqual([
      { kind: 'enum', pointer: '/error/errors/0/reason', real: 'Duplicate_Articles', sandbox: 'Validation_Error' },
    ]);
    expect(compare(json(checkout({ cart: { totalAmount: 159 } })), json(checkout({ cart: { totalAmount: 158 } })))).toEqual([
      { kind: 'value', pointer: '/data/cart/totalAmount', real: 159, sandbox: 158 },
    ]);
  });

  it('compares redacted values by presence and type only', () => {
    const real = checkout({
      customer: {
        email: 'redacted:email:0123456789ab',
        mobilePhoneNumber: 'redacted:phone:0123456789ab',
        postalCode: 'redacted:postal-code:0123456789ab',
      },
    });
    expect(
      compare(json(real), json(checkout({ customer: { email: 'someone@example.se', mobilePhoneNumber: '+4670', postalCode: 85353 } }))),
    ).toEqual([]);
    expect(compare(json(real), json(checkout({ customer: { email: null, mobilePhoneNumber: '+4670' } })))).toEqual([
      { kind: 'type', pointer: '/data/customer/email', real: 'redacted:email:0123456789ab', sandbox: null },
      { kind: 'missing', pointer: '/data/customer/postalCode', real: 'redacted:postal-code:0123456789ab', sandbox: null },
    ]);
  });

  it('maps the real ids to the world ones before comparing values', () => {
    const ids = new IdMap();
    ids.learn('2B44E476-F270-4E05-9003-F8E79148DF1E', '9f3c7b10-0000-4000-8000-000000000001');
    const real = { data: { items: [] }, links: { self: { href: '/manage/orders/2b44e476-f270-4e05-9003-f8e79148df1e' } } };
    const sandbox = { data: { items: [] }, links: { self: { href: '/manage/orders/9f3c7b10-0000-4000-8000-000000000001' } } };
    expect(compare(json(real), json(sandbox), { endpoint: 'GET /manage/orders/{orderId}', ids })).toEqual([]);
    expect(compare(json(real), json(sandbox), { endpoint: 'GET /manage/orders/{orderId}' })).toHaveLength(1);
  });

  it('compares only the headers clients act on, reduced to what they act on', () => {
    const headers = (h: Record<string, string>) => ({ status: 202, headers: h, body: null });
    expect(
      compare(
        headers({ location: '/manage/orders/2b44e476-f270-4e05-9003-f8e79148df1e', date: 'a', 'x-ms-request-id': '1' }),
        headers({ location: '/manage/orders/9f3c7b10-0000-4000-8000-000000000001', date: 'b' }),
      ),
    ).toEqual([]);
    expect(
      compare(
        headers({ location: 'https://api.uat.walleydev.com/manage/orders/2b44e476-f270-4e05-9003-f8e79148df1e' }),
        headers({ location: '/manage/orders/9f3c7b10-0000-4000-8000-000000000001' }),
      ),
    ).toEqual([
      {
        kind: 'header',
        pointer: null,
        header: 'location',
        real: 'location: https://api.uat.walleydev.com/manage/orders/{uuid}',
        sandbox: 'location: /manage/orders/{uuid}',
      },
    ]);
    expect(
      compare(
        headers({ 'content-type': 'application/problem+json', 'retry-after': '1' }),
        headers({ 'content-type': 'application/json; charset=utf-8' }),
      ),
    ).toEqual([
      {
        kind: 'header',
        pointer: null,
        header: 'content-type',
        real: 'content-type: application/problem+json',
        sandbox: 'content-type: application/json',
      },
      { kind: 'header', pointer: null, header: 'retry-after', real: 'retry-after: <seconds>', sandbox: null },
    ]);
    expect(
      compare(
        headers({ 'www-authenticate': 'Bearer error="invalid_token", error_description="expired"' }),
        headers({ 'www-authenticate': 'Bearer error="invalid_token", error_description="The token expired at …"' }),
      ),
    ).toEqual([]);
    expect(
      compare(
        headers({ sunset: 'Sat, 31 Oct 2026 00:00:00 GMT', deprecation: '@1772323200', link: '<a>; rel="successor-version sunset"' }),
        headers({ sunset: 'Fri, 30 Oct 2026 23:00:00 GMT', deprecation: '@1772000000', link: '<b>; rel="sunset successor-version"' }),
      ),
    ).toEqual([]);
  });

  it('follows rules: ignore a subtree, compare a field by format only, ignore a header', () => {
    const rules = new Rules([
      { pointer: '/data/metadata', action: 'ignore' },
      { endpoint: 'GET /checkouts/{privateId}', pointer: '/data/reference', action: 'format-only' },
      { header: 'content-type', action: 'ignore' },
    ]);
    const real = {
      status: 200,
      headers: { 'content-type': 'text/json' },
      body: { json: checkout({ metadata: { a: 1 }, reference: 'ORD-1' }) },
    };
    const sandbox = json(checkout({ metadata: { b: 2 }, reference: 'ORD-2' }));
    expect(compare(real, sandbox, { rules })).toEqual([]);
    expect(compare(real, sandbox, { rules, endpoint: 'GET /merchants/{storeId}/checkouts/{privateId}' })).toEqual([
      { kind: 'value', pointer: '/data/reference', real: 'ORD-1', sandbox: 'ORD-2' },
    ]);
  });

  it('learns fields whose real values differ in every exchange as generated (not states, not amounts)', () => {
    const classes = tableClasses();
    for (const [trace, total, status] of [
      ['0f1e2d3c4b5a69788796a5b4c3d2e1f0', 10, 'Initialized'],
      ['1f1e2d3c4b5a69788796a5b4c3d2e1f0', 20, 'PurchaseCompleted'],
    ] as const) {
      classes.observe('GET /checkouts/{privateId}', { data: { traceRef: `trace-${trace}`, total, status } });
    }
    expect(classes.learnedFields()).toEqual({ 'GET /checkouts/{privateId}': ['/data/traceRef'] });
    const real = json({ data: { traceRef: 'trace-aaaabbbbccccddddeeeeffff00001111', total: 10, status: 'Initialized' } });
    expect(
      compare(real, json({ data: { traceRef: 'trace-99998888777766665555444433332222', total: 10, status: 'Initialized' } }), { classes }),
    ).toEqual([]);
    classes.observe('GET /checkouts/{privateId}', { data: { traceRef: 'trace-0f1e2d3c4b5a69788796a5b4c3d2e1f0' } });
    expect(classes.learnedFields()).toEqual({ 'GET /checkouts/{privateId}': [] });
  });
});

describe('formats and generated fields', () => {
  it('names the formats clients parse', () => {
    expect(formatOf('1eec44b5-66d3-4058-a31f-3444229fb727')).toBe('uuid');
    expect(formatOf('1EEC44B5-66D3-4058-A31F-3444229FB727')).toBe('uuid (upper case)');
    expect(formatOf('2025-12-07T07:16:49.8098107+00:00')).toBe('ISO-8601 instant (7 fractional digits, +00:00)');
    expect(formatOf('2026-10-30 22:59:01Z')).toBe('ISO-8601 instant (space, 0 fractional digits, Z)');
    expect(formatOf('public-SE-7f1b3d2a2a73d348dfbd17d3965ff1458c249f84c695eac1')).toBe('public-SE-<hex×48>');
    expect(formatOf('eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxMjMifQ.c2lnbmF0dXJl')).toBe('JWT');
    expect(formatOf('199.00')).toBe('decimal string');
    expect(formatOf('57614595')).toBe('digits');
    expect(formatOf(3599)).toBe('integer');
    expect(formatOf('redacted:token:0123456789ab')).toBe('redacted');
    expect(formatOf('Two-person tent')).toBe('text');
  });

  it('tells apart the lengths of generated runs: hex, base64, uuids inside strings', () => {
    // The documentation's public token has 48 hex digits; one of 32 is another shape.
    expect(formatOf('public-SE-7f1b3d2a2a73d348dfbd17d3965ff1458c249f84c695eac1')).not.toBe(
      formatOf('public-SE-0123456789abcdef0123456789abcdef'),
    );
    expect(formatOf('public-SE-0123456789abcdef0123456789abcdef')).toBe('public-SE-<hex×32>');
    expect(formatOf('0123456789abcdef0123456789abcdef')).toBe('<hex×32>');
    expect(formatOf('widget-NO-0TTJOMERnUGlVN1JtazFwZUo2UmFZVW92dFA5cXpEOXVzZit5dFJlcVZ4QUdpMlF5MmdUNVVqN3I4T3BzVEpCekJCelNY')).toBe(
      'widget-NO-<base64×93>',
    );
    expect(formatOf('widget-NO-0123456789abcdef0123456789abcdef')).toBe('widget-NO-<hex×32>');
    // A GUID is a GUID wherever it stands; 32 hex digits without the dashes are not one.
    expect(formatOf('order-1eec44b5-66d3-4058-a31f-3444229fb727')).toBe('order-<uuid>');
    expect(formatOf('1eec44b566d34058a31f3444229fb727')).toBe('<hex×32>');
    expect(formatOf('1eec44b5-66d3-4058-a31f-3444229fb727')).toBe('uuid');
    // Words in mixed case are not base64, and neither is a run without digits.
    expect(formatOf('ABCDEFGHJIKLMNOP')).toBe('text');
    expect(formatOf('AnUnusuallyLongCamelCaseIdentifierWithoutDigits')).toBe('text');
  });

  it('tells apart the fractional digits and the offset forms of instants', () => {
    const seven = formatOf('2025-12-07T07:16:49.8098107+00:00');
    expect(formatOf('2025-12-07T07:16:49.809+00:00')).toBe('ISO-8601 instant (3 fractional digits, +00:00)');
    expect(formatOf('2025-12-07T07:16:49.809+00:00')).not.toBe(seven);
    expect(formatOf('2025-12-07T07:16:49.8098107Z')).toBe('ISO-8601 instant (7 fractional digits, Z)');
    expect(formatOf('2024-01-30T11:02:42.5997621+01:00')).toBe('ISO-8601 instant (7 fractional digits, local offset)');
    // +01:00 in winter and +02:00 in summer are the same local form; UTC is another, written either way.
    expect(formatOf('2024-07-30T12:02:42.5997621+02:00')).toBe(formatOf('2024-01-30T11:02:42.5997621+01:00'));
    expect(new Set([seven, formatOf('2025-12-07T07:16:49.8098107Z'), formatOf('2025-12-07T08:16:49.8098107+01:00')]).size).toBe(3);
    expect(formatOf('2025-12-07T07:16:49.8098107-00:00')).toBe(seven);
    expect(formatOf('2025-12-07T07:16:49+0100')).toBe('ISO-8601 instant (0 fractional digits, offset without colon)');
    expect(formatOf('2025-12-07T07:16:49')).toBe('ISO-8601 instant (0 fractional digits, no zone)');
  });

  it('compares the shapes of Location ids by kind', () => {
    const headers = (h: Record<string, string>) => ({ status: 201, headers: h, body: null });
    expect(
      compare(
        headers({ location: '/manage/orders/2b44e476-f270-4e05-9003-f8e79148df1e/reauthorize/5e1b9c2a-0000-4000-8000-000000000001' }),
        headers({ location: '/manage/orders/9f3c7b10-0000-4000-8000-000000000001/reauthorize/0123456789abcdef0123456789abcdef' }),
      ),
    ).toEqual([
      {
        kind: 'header',
        pointer: null,
        header: 'location',
        real: 'location: /manage/orders/{uuid}/reauthorize/{uuid}',
        sandbox: 'location: /manage/orders/{uuid}/reauthorize/{id}',
      },
    ]);
  });

  it('lists what the sandbox generates per operation, the envelope id everywhere', () => {
    // Read from the answer schemas of the api surface's table (generated() in src/http/envelopes.ts).
    const operations = routeOperations(() => API_OPERATIONS);
    const generatedOf = (method: string, path: string): readonly string[] =>
      operations.generatedOf(operations.operationOf('uat', 'api', method, path).name);
    expect(generatedOf('POST', '/checkouts')).toEqual(
      expect.arrayContaining(['/id', '/data/privateId', '/data/publicToken', '/data/expiresAt']),
    );
    expect(generatedOf('GET', '/manage/orders/x')).toEqual(
      expect.arrayContaining(['/data/id', '/data/placedAt', '/data/invoices/*/invoiceNumber', '/data/invoices/*/createdAt']),
    );
    expect(generatedOf('PUT', '/checkouts/x/cart')).toEqual(['/id']);
    expect(generatedOf('POST', '/oauth2/v2.0/token')).toEqual(
      expect.arrayContaining(['/access_token', '/trace_id', '/correlation_id', '/timestamp']),
    );
  });
});
