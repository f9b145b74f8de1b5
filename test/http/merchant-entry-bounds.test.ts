/**
 * A merchant entry is taken only as the sandbox can then use it: store ids as the API reads
 * them, token lifetimes the issuer can sign and the API then accepts, bounded ids, names, keys
 * and secrets, and callback URLs that are http or https. Each refusal is a 400 in the admin
 * envelope naming the field (POST /__admin/{env}/merchants, the api-clients calls, PUT …/callbacks),
 * and a scenario file with such an entry stops the start with the same words.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type Sandbox, createSandbox } from '../../src/index.js';
import { MAX_TOKEN_LIFETIME_SECONDS } from '../../src/domain/scenario-fields.js';
import { openSandbox } from '../support/sandbox.js';
import { admin, at, initPayload, signedFetch } from '../support/checkout-requests.js';
import { UAT_SCOPE, postForm } from '../support/identity.js';

const dir = mkdtempSync(join(tmpdir(), 'sandbox-merchant-bounds-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const CLIENT = { clientId: '1b2c3d4e-0000-4000-8000-0000000b0d5e', clientSecret: 'bounded-shop-secret-01' };
const SHOP = {
  id: '7201',
  name: 'Bounded Shop AB (UAT)',
  stores: [{ id: 7301, countryCode: 'SE', currency: 'SEK' }],
  sharedKey: { username: 'bounded-shop-uat', key: 'bounded-shop-shared-key' },
  apiClients: [CLIENT],
};

const long = (length: number): string => 'x'.repeat(length);

async function tokenOf(sb: Sandbox, clientId = CLIENT.clientId, clientSecret = CLIENT.clientSecret): Promise<string> {
  const answer = await postForm(sb, 'uat', {
    grant_type: 'client_credentials',
    client_id: clientId,
    client_secret: clientSecret,
    scope: UAT_SCOPE,
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { access_token: string }).access_token;
}

async function initialize(sb: Sandbox, token: string, storeId: unknown): Promise<Response> {
  return sb.fetch('/uat/api/checkouts', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(initPayload({ storeId })),
  });
}

/** The 400 of the admin plane: {"error": {"status": 400, "message"}}, its message naming `field`. */
function expectRefused(answer: { status: number; body: Record<string, unknown> }, field: string): void {
  expect(answer.status).toBe(400);
  expect(at(answer.body, 'error', 'status')).toBe(400);
  const message = at(answer.body, 'error', 'message') as string;
  expect(message).toContain(`${field}: `);
  // The refusal names the field; it does not echo a hostile value back in full.
  expect(message.length).toBeLessThan(2000);
}

describe('a merchant entry the sandbox cannot use is refused, naming the field', () => {
  const hostile: [string, Record<string, unknown>, string][] = [
    ['a store id with a leading space', { stores: [{ id: ' 7301', countryCode: 'SE', currency: 'SEK' }] }, 'stores.0.id'],
    ['a store id with a leading zero', { stores: [{ id: '07301', countryCode: 'SE', currency: 'SEK' }] }, 'stores.0.id'],
    ['a store id that is not a number', { stores: [{ id: 'store-a', countryCode: 'SE', currency: 'SEK' }] }, 'stores.0.id'],
    ['a store id of zero', { stores: [{ id: 0, countryCode: 'SE', currency: 'SEK' }] }, 'stores.0.id'],
    ['a store id past the 32-bit integers', { stores: [{ id: 2_147_483_648, countryCode: 'SE', currency: 'SEK' }] }, 'stores.0.id'],
    [
      'a token lifetime the API would refuse its own tokens for',
      { apiClients: [{ ...CLIENT, tokenLifetimeSeconds: Number.MAX_SAFE_INTEGER }] },
      'apiClients.0.tokenLifetimeSeconds',
    ],
    [
      'a token lifetime one past the bound',
      { apiClients: [{ ...CLIENT, tokenLifetimeSeconds: MAX_TOKEN_LIFETIME_SECONDS + 1 }] },
      'apiClients.0.tokenLifetimeSeconds',
    ],
    ['a 100,000-character merchant id', { id: long(100_000) }, 'id'],
    ['a 100,000-character name', { name: long(100_000) }, 'name'],
    ['a 100,000-character SharedKey username', { sharedKey: { username: long(100_000), key: 'k' } }, 'sharedKey.username'],
    ['a 100,000-character SharedKey key', { sharedKey: { username: 'bounded-shop-uat', key: long(100_000) } }, 'sharedKey.key'],
    ['a 100,000-character client secret', { apiClients: [{ ...CLIENT, clientSecret: long(100_000) }] }, 'apiClients.0.clientSecret'],
    ['a 100,000-character client name', { apiClients: [{ ...CLIENT, name: long(100_000) }] }, 'apiClients.0.name'],
    ['a 100,000-character webhook key', { webhookHmacKey: long(100_000) }, 'webhookHmacKey'],
    ['a javascript: webhook URL', { webhookUri: 'javascript:alert(1)' }, 'webhookUri'],
    ['a file: webhook URL', { webhookUri: 'file:///etc/passwd' }, 'webhookUri'],
    ['a data: webhook URL', { webhookUri: 'data:text/plain,hello' }, 'webhookUri'],
    ['a javascript: invoice-status URL', { invoiceStatusUri: 'javascript:alert(1)' }, 'invoiceStatusUri'],
    ['a webhook URL past 2048 characters', { webhookUri: `https://shop.example/${long(2048)}` }, 'webhookUri'],
  ];

  for (const [what, change, field] of hostile) {
    it(`POST /__admin/uat/merchants refuses ${what} (400, ${field})`, async () => {
      const sb = await openSandbox({ scenario: 'minimal' });
      expectRefused(await admin(sb, '/uat/merchants', { ...SHOP, ...change }), field);
      // Nothing was added.
      expect(((await admin(sb, '/uat/merchants', {}, 'GET')).body.merchants as unknown[]).length).toBe(1);
    });
  }

  it('the api-clients calls refuse the same token lifetime and lengths (POST and PATCH)', async () => {
    const sb = await openSandbox({ scenario: 'minimal' });
    const base = '/uat/merchants/1001/api-clients';
    expectRefused(await admin(sb, base, { tokenLifetimeSeconds: Number.MAX_SAFE_INTEGER }), 'tokenLifetimeSeconds');
    expectRefused(await admin(sb, base, { tokenLifetimeSeconds: MAX_TOKEN_LIFETIME_SECONDS + 1 }), 'tokenLifetimeSeconds');
    expectRefused(await admin(sb, base, { name: long(100_000) }), 'name');
    expectRefused(await admin(sb, base, { clientSecret: long(100_000) }), 'clientSecret');
    const created = await admin(sb, base, {});
    expect(created.status).toBe(201);
    const one = `${base}/${created.body.clientId as string}`;
    expectRefused(await admin(sb, one, { tokenLifetimeSeconds: MAX_TOKEN_LIFETIME_SECONDS + 1 }, 'PATCH'), 'tokenLifetimeSeconds');
    expect((await admin(sb, one, {}, 'GET')).body.tokenLifetimeSeconds).toBeNull();
  });

  it('PATCH /__admin/tokens refuses the same token lifetime for every client', async () => {
    const sb = await openSandbox({ scenario: 'minimal' });
    expectRefused(await admin(sb, '/tokens', { lifetimeSeconds: MAX_TOKEN_LIFETIME_SECONDS + 1 }, 'PATCH'), 'lifetimeSeconds');
    expectRefused(await admin(sb, '/tokens', { extLifetimeSeconds: Number.MAX_SAFE_INTEGER }, 'PATCH'), 'extLifetimeSeconds');
    expect((await admin(sb, '/tokens', {}, 'GET')).body).toMatchObject({ lifetimeSeconds: 3599, extLifetimeSeconds: 3599 });
  });

  it('PUT …/callbacks refuses URLs that are not http(s) or past 2048 characters, and an unbounded key', async () => {
    const sb = await openSandbox({ scenario: 'minimal' });
    const path = '/uat/merchants/1001/callbacks';
    expectRefused(await admin(sb, path, { webhookUri: 'javascript:alert(1)' }, 'PUT'), 'webhookUri');
    expectRefused(await admin(sb, path, { invoiceStatusUri: 'file:///etc/passwd' }, 'PUT'), 'invoiceStatusUri');
    expectRefused(await admin(sb, path, { webhookUri: `https://shop.example/${long(2048)}` }, 'PUT'), 'webhookUri');
    expectRefused(await admin(sb, path, { webhookHmacKey: long(100_000) }, 'PUT'), 'webhookHmacKey');
  });

  it('a scenario file with such an entry stops the start, naming the field with the same words', async () => {
    const admitted = await admin(await openSandbox({ scenario: 'minimal' }), '/uat/merchants', {
      ...SHOP,
      stores: [{ id: '07301', countryCode: 'SE', currency: 'SEK' }],
    });
    const words = (at(admitted.body, 'error', 'message') as string).replace(/^stores\.0\.id: /, '');
    const file = join(dir, 'leading-zero.yaml');
    writeFileSync(
      file,
      [
        'name: leading-zero',
        'environments:',
        '  uat:',
        '    merchants:',
        '      - id: "7201"',
        '        name: Bounded Shop AB (UAT)',
        '        stores: [{ id: "07301", countryCode: SE, currency: SEK }]',
        '        sharedKey: { username: bounded-shop-uat, key: bounded-shop-shared-key }',
        '        webhookUri: "javascript:alert(1)"',
        '',
      ].join('\n'),
    );
    const start = createSandbox({ scenario: file, logLevel: 'silent' });
    await expect(start).rejects.toThrow(`merchants[0].stores[0].id: ${words}`);
    await expect(start).rejects.toThrow(/merchants\[0\]\.webhookUri: /);
  });
});

describe('the forms a merchant entry takes still work end to end', () => {
  it('a store id given as a string number: its checkouts are created, by number or string, on both hosts', async () => {
    const sb = await openSandbox({ scenario: 'minimal' });
    const added = await admin(sb, '/uat/merchants', { ...SHOP, stores: [{ id: '7301', countryCode: 'SE', currency: 'SEK' }] });
    expect(added.status).toBe(201);
    expect(at(added.body, 'stores', 0, 'id')).toBe('7301');
    const token = await tokenOf(sb);
    for (const storeId of [7301, '7301']) {
      const init = await initialize(sb, token, storeId);
      expect(init.status).toBe(200);
      const privateId = at(await init.json(), 'data', 'privateId') as string;
      const shared = { username: SHOP.sharedKey.username, key: SHOP.sharedKey.key, storeId: '7301' };
      const old = await signedFetch(sb, 'legacy', 'GET', `/merchants/7301/checkouts/${privateId}`, undefined, shared);
      expect(old.status).toBe(200);
    }
  });

  it('the largest store id, and the bounds of each length, are taken', async () => {
    const sb = await openSandbox({ scenario: 'minimal' });
    const added = await admin(sb, '/uat/merchants', {
      ...SHOP,
      id: long(64),
      name: long(200),
      stores: [{ id: 2_147_483_647, countryCode: 'SE', currency: 'SEK' }],
      sharedKey: { username: long(64), key: long(256) },
      apiClients: [{ ...CLIENT, clientSecret: long(256), name: long(200) }],
      webhookUri: `https://shop.example/${long(2048 - 'https://shop.example/'.length)}`,
    });
    expect(added.status).toBe(201);
    const token = await tokenOf(sb, CLIENT.clientId, long(256));
    expect((await initialize(sb, token, 2_147_483_647)).status).toBe(200);
  });

  it('a token of the longest lifetime, issued at the last instant of the clock, is accepted by the API', async () => {
    const sb = await openSandbox({ scenario: 'minimal' });
    const entry = { ...SHOP, apiClients: [{ ...CLIENT, tokenLifetimeSeconds: MAX_TOKEN_LIFETIME_SECONDS }] };
    expect((await admin(sb, '/uat/merchants', entry)).status).toBe(201);
    expect((await admin(sb, '/clock', { now: '9999-12-31T23:59:59.999Z', frozen: true }, 'PUT')).status).toBe(200);
    const answer = await postForm(sb, 'uat', {
      grant_type: 'client_credentials',
      client_id: CLIENT.clientId,
      client_secret: CLIENT.clientSecret,
      scope: UAT_SCOPE,
    });
    expect(answer.status).toBe(200);
    const issued = (await answer.json()) as { access_token: string; expires_in: number };
    expect(issued.expires_in).toBe(MAX_TOKEN_LIFETIME_SECONDS);
    // The API takes the token: the read is refused for the checkout it does not know, not for the token.
    const read = await sb.fetch('/uat/api/checkouts/00000000-0000-4000-8000-000000000000', {
      headers: { authorization: `Bearer ${issued.access_token}` },
    });
    expect(read.status).toBe(404);
    expect(read.headers.get('www-authenticate')).toBeNull();
    // A checkout made then expires past what the service can write: its expiresAt is the latest instant it can.
    const made = await initialize(sb, issued.access_token, 7301);
    expect(made.status).toBe(200);
    expect(((await made.json()) as { data: { expiresAt: string } }).data.expiresAt).toBe('9999-12-31T23:59:59.9999999+00:00');
  });
});
