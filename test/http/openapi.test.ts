/**
 * /__admin/openapi.json, /__admin/openapi/{surface}.json and /__admin/docs: the documents
 * validate as OpenAPI 3.1, carry both auth schemes and every error envelope, and show the
 * very schemas the binders read.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { useSandbox } from '../support/sandbox.js';

const sb = useSandbox({}, 'file');

type Doc = {
  openapi: string;
  paths: Record<string, Record<string, { security?: unknown[]; requestBody?: unknown; deprecated?: boolean }>>;
  components: Record<string, Record<string, unknown>>;
  servers: { url: string }[];
};

async function documentAt(path: string): Promise<Doc> {
  const response = await sb.fetch(path);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/application\/json/);
  return (await response.json()) as Doc;
}

async function validate(doc: Doc): Promise<void> {
  const validator = new Validator();
  const result = await validator.validate(structuredClone(doc));
  expect(result.errors ?? []).toEqual([]);
  expect(result.valid).toBe(true);
  expect(validator.version).toBe('3.1');
}

describe('GET /__admin/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document of every surface and the control plane', async () => {
    const doc = await documentAt('/__admin/openapi.json');
    await validate(doc);
    expect(doc.openapi).toBe('3.1.0');
    const ids = Object.values(doc.paths).flatMap((operations) =>
      Object.values(operations).map((op) => (op as { operationId: string }).operationId),
    );
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain('api_post_manage_orders_orderId_capture');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/{env}/auth/oauth2/v2.0/token',
        '/{env}/api/checkouts',
        '/{env}/api/manage/orders/{orderId}/capture',
        '/{env}/legacy/checkout',
        '/{env}/legacy/merchants/{storeId}/checkouts/{privateId}',
        '/{env}/retired/checkouts',
        '/__admin/{env}/checkouts/{privateId}/purchase',
      ]),
    );
  });

  it('names both auth schemes and every error envelope', async () => {
    const doc = await documentAt('/__admin/openapi.json');
    expect(Object.keys(doc.components.securitySchemes ?? {})).toEqual(['bearer', 'sharedKey']);
    expect(doc.paths['/{env}/api/checkouts']?.post?.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/{env}/legacy/checkouts']?.post?.security).toEqual([{ sharedKey: [] }]);
    expect(doc.paths['/{env}/auth/oauth2/v2.0/token']?.post?.security).toEqual([]);
    expect(doc.paths['/{env}/retired/checkout']?.post?.deprecated).toBe(true);
    expect(Object.keys(doc.components.schemas ?? {})).toEqual(
      expect.arrayContaining(['CheckoutError', 'Problem', 'OAuthError', 'AdminError']),
    );
    expect(JSON.stringify(doc.components.responses?.Problem)).toContain('application/problem+json');
  });

  it('shows the request bodies the binders read: lenient numbers, both cart shapes', async () => {
    const doc = await documentAt('/__admin/openapi.json');
    const init = doc.components.schemas?.CheckoutInit as { properties: Record<string, unknown>; required: string[] };
    expect(init.required).toEqual(expect.arrayContaining(['countryCode', 'merchantTermsUri', 'cart']));
    expect(Object.keys(init.properties)).toEqual(expect.arrayContaining(['storeId', 'reference', 'fees', 'metadata']));
    const item = doc.components.schemas?.CartItem as { properties: { unitPrice: { anyOf: { type: string }[] } } };
    expect(item.properties.unitPrice.anyOf.map((s) => s.type)).toEqual(['number', 'string']);
    const token = doc.components.schemas?.TokenRequest as { properties: Record<string, unknown> };
    expect(Object.keys(token.properties)).toEqual(['grant_type', 'client_id', 'client_secret', 'scope']);
  });

  it('describes the shipping properties update, the pay link, shipment ids, token details and the signing key', async () => {
    const doc = await documentAt('/__admin/openapi.json');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/{env}/api/checkouts/{privateId}/shippingProperties',
        '/{env}/legacy/merchants/{storeId}/checkouts/{privateId}/shippingProperties',
        '/{env}/frontend/p/{publicToken}',
      ]),
    );
    expect(doc.paths['/{env}/api/checkouts/{privateId}/shippingProperties']?.put?.requestBody).toBeDefined();
    const text = JSON.stringify(doc.components);
    for (const field of ['paymentUri', 'bookedShipmentId', 'externalShipmentId', 'maskedCardNumber', 'webhookSigningKey'])
      expect(text, field).toContain(`"${field}"`);
  });

  it('shows every request body field by field, though the schemas bind them through transforms', async () => {
    const doc = await documentAt('/__admin/openapi.json');
    type Shown = { type?: string | string[]; anyOf?: unknown[]; $ref?: string; properties?: Record<string, Shown>; required?: string[] };
    const schemas = doc.components.schemas as Record<string, Shown>;
    const init = schemas.CheckoutInit!;
    expect(init.type).toBe('object');
    expect(Object.keys(init.properties!)).toEqual(
      expect.arrayContaining([
        'storeId',
        'countryCode',
        'merchantTermsUri',
        'notificationUri',
        'cart',
        'fees',
        'shipping',
        'reference',
        'customer',
      ]),
    );
    expect(init.properties!.storeId!.type).toEqual(['string', 'number', 'null']);
    expect(init.properties!.countryCode!.type).toBe('string');
    expect(init.properties!.cart!.$ref).toBe('#/components/schemas/Cart');
    // Both cart shapes, each with its items.
    expect(JSON.stringify(schemas.Cart!.anyOf)).toMatch(
      /"type":"object","properties":\{"items":\{.*"type":"array".*\},\{"minItems":1,"type":"array"/,
    );
    // Every request body shows what it takes: properties, or the shapes it comes in.
    const bodies = [
      'CheckoutInit',
      'CheckoutUpdate',
      'Cart',
      'FeesUpdate',
      'ReferenceUpdate',
      'MetadataUpdate',
      'Paylink',
      'Widget',
      'OrderAmountCommand',
      'OrderActionReference',
      'Authorization',
      'AuthorizationFailure',
    ];
    for (const name of bodies) {
      const body = schemas[name]!;
      expect(Object.keys(body.properties ?? {}).length + (body.anyOf?.length ?? 0), name).toBeGreaterThan(0);
      for (const [key, field] of Object.entries(body.properties ?? {})) expect(field, `${name}.${key}`).not.toEqual({});
    }
    expect(schemas.OrderAmountCommand!.required).toEqual(['amount']);
    expect(Object.keys(schemas.Authorization!.properties!.order!.properties!)).toEqual([
      'currency',
      'captureMode',
      'items',
      'reference',
      'actionReference',
    ]);
  });
});

describe('GET /__admin/openapi/{surface}.json', () => {
  it.each(['auth', 'api', 'legacy', 'retired', 'admin'])('serves a valid document of %s', async (name) => {
    const doc = await documentAt(`/__admin/openapi/${name}.json`);
    await validate(doc);
  });

  it('has the paths as the real host serves them, with the sandbox and the real host as servers', async () => {
    const doc = await documentAt('/__admin/openapi/api.json');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/checkouts', '/manage/orders/{orderId}', '/oauth2/v2.0/token']));
    expect(doc.paths['/checkout']).toBeUndefined();
    expect(doc.servers.map((s) => s.url)).toEqual(expect.arrayContaining([sb.baseUrl('uat', 'api'), `https://${sb.hosts.uat.api.host}`]));
  });

  it('answers 404 naming the documents for an unknown one', async () => {
    const response = await sb.fetch('/__admin/openapi/nope.json');
    expect(response.status).toBe(404);
    const body = (await response.json()) as { error: { message: string } };
    expect(body.error.message).toContain('auth.json, api.json, legacy.json, retired.json, frontend.json, admin.json');
  });
});

describe('GET /__admin/docs', () => {
  it('renders Swagger UI from the package, no CDN', async () => {
    const response = await sb.fetch('/__admin/docs');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    const html = await response.text();
    expect(html).toContain('/__admin/openapi.json');
    expect(html).not.toMatch(/https?:\/\//);
    for (const asset of html.matchAll(/(?:src|href)="(\/__admin\/docs\/[^"]+)"/g)) {
      const file = await sb.fetch(asset[1] as string);
      expect(file.status, asset[1]).toBe(200);
      expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(0);
    }
  });

  it('serves nothing else of the package', async () => {
    const response = await sb.fetch('/__admin/docs/package.json');
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: { message: string } }).error.message).toContain('/__admin/docs');
  });
});
