/**
 * POST /__admin/{env}/merchants: a shop brings its own merchant, store and credentials, and
 * its integration, configured as it already is, works against the sandbox: a token with its
 * API client, a checkout in its store on the current API and on the legacy host with its
 * SharedKey, and the same after a restart on the state file. Conflicts and bad bodies are refused.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type Sandbox, createSandbox } from '../../src/index.js';
import { openSandbox } from '../support/sandbox.js';
import { admin, at, initPayload, signedFetch } from '../support/checkout-requests.js';
import { UAT_SCOPE, postForm } from '../support/identity.js';

const dir = mkdtempSync(join(tmpdir(), 'sandbox-own-merchant-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The shop's own settings, as it would keep them in its configuration. */
const SHOP = {
  id: '7001',
  name: 'Bergen Bikes AS (UAT)',
  stores: [{ id: 7101, countryCode: 'SE', currency: 'SEK' }],
  sharedKey: { username: 'bergen-bikes-uat', key: 'bergen-bikes-shared-key' },
  apiClients: [{ clientId: '1b2c3d4e-0000-4000-8000-00000000b1be', clientSecret: 'bergen-bikes-secret-01' }],
};

async function tokenOf(sb: Sandbox, clientId: string, clientSecret: string): Promise<Response> {
  return postForm(sb, 'uat', { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret, scope: UAT_SCOPE });
}

describe("a shop's own merchant, added over the admin API", () => {
  it('answers 201 with the merchant as the list shows it, secrets as hints only', async () => {
    const sb = await openSandbox({ scenario: 'minimal' });
    const added = await admin(sb, '/uat/merchants', SHOP);
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      id: '7001',
      name: SHOP.name,
      stores: [{ id: '7101', countryCode: 'SE', currency: 'SEK', salesSegment: 'B2C' }],
      sharedKey: SHOP.sharedKey,
    });
    expect(at(added.body, 'apiClients', 0, 'clientId')).toBe(SHOP.apiClients[0]!.clientId);
    expect(at(added.body, 'apiClients', 0, 'secrets', 0, 'hint')).toBe('ber');
    expect(JSON.stringify(added.body)).not.toContain(SHOP.apiClients[0]!.clientSecret);
    const list = await admin(sb, '/uat/merchants', {}, 'GET');
    expect((list.body.merchants as { id: string }[]).map((m) => m.id)).toEqual(['1001', '7001']);
    // PROD is another world: the UAT merchant is not there.
    expect(((await admin(sb, '/prod/merchants', {}, 'GET')).body.merchants as { id: string }[]).map((m) => m.id)).toEqual(['1001']);
  });

  it("serves the shop's credentials on the current API and the legacy host, and keeps them across a restart", async () => {
    const statePath = join(dir, 'state.json');
    const first = await createSandbox({ scenario: 'minimal', statePath, logLevel: 'silent' });
    expect((await admin(first, '/uat/merchants', SHOP)).status).toBe(201);
    await first.close();

    const sb = await createSandbox({ scenario: 'minimal', statePath, logLevel: 'silent' });
    try {
      const token = await tokenOf(sb, SHOP.apiClients[0]!.clientId, SHOP.apiClients[0]!.clientSecret);
      expect(token.status).toBe(200);
      const { access_token: accessToken } = (await token.json()) as { access_token: string };
      const init = await sb.fetch('/uat/api/checkouts', {
        method: 'POST',
        headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify(initPayload({ storeId: 7101 })),
      });
      expect(init.status).toBe(200);
      const privateId = at(await init.json(), 'data', 'privateId') as string;

      const merchant = { username: SHOP.sharedKey.username, key: SHOP.sharedKey.key, storeId: '7101' };
      const legacy = await signedFetch(sb, 'legacy', 'GET', `/checkouts/${privateId}`, undefined, merchant);
      expect(legacy.status).toBe(200);
      expect(at(legacy.body, 'data', 'status')).toBe('Initialized');
      // Another merchant's store is still refused to the shop's client.
      const foreign = await sb.fetch('/uat/api/checkouts', {
        method: 'POST',
        headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify(initPayload({ storeId: 1234 })),
      });
      expect(foreign.status).toBeGreaterThanOrEqual(400);
      expect(foreign.status).toBeLessThan(500);
      // A reset goes back to the scenario: the shop's merchant is gone.
      await sb.reset();
      expect((await tokenOf(sb, SHOP.apiClients[0]!.clientId, SHOP.apiClients[0]!.clientSecret)).status).toBe(400);
    } finally {
      await sb.close();
    }
  });

  it('answers 200 to the same registration again, and 409 naming each field of the existing merchant that differs', async () => {
    const sb = await openSandbox({ scenario: 'minimal' });
    try {
      expect((await admin(sb, '/uat/merchants', SHOP)).status).toBe(201);
      const again = await admin(sb, '/uat/merchants', SHOP);
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ id: '7001', name: SHOP.name });
      const other = {
        ...SHOP,
        name: 'Another shop',
        sharedKey: { ...SHOP.sharedKey, key: 'another-shared-key' },
        apiClients: [{ ...SHOP.apiClients[0]!, clientSecret: 'another-secret-0001' }],
      };
      const refused = await admin(sb, '/uat/merchants', other);
      expect(refused.status).toBe(409);
      const message = at(refused.body, 'error', 'message') as string;
      expect(message).toContain('merchant 7001 exists already, with other settings: ');
      expect(message).toContain(`name is '${SHOP.name}', not 'Another shop'`);
      expect(message).toContain('the SharedKey of bergen-bikes-uat is another');
      expect(message).toContain(`the secret of API client ${SHOP.apiClients[0]!.clientId} is another`);
      const moved = await admin(sb, '/uat/merchants', { ...SHOP, stores: [{ id: 7102, countryCode: 'SE', currency: 'SEK' }] });
      expect(at(moved.body, 'error', 'message')).toContain('stores are 7101 (SE, SEK), not 7102 (SE, SEK)');
      // The secret of the first registration still gets a token: nothing changed.
      expect((await tokenOf(sb, SHOP.apiClients[0]!.clientId, SHOP.apiClients[0]!.clientSecret)).status).toBe(200);
    } finally {
      await sb.close();
    }
  });

  it('refuses an id, username, store or client another merchant has (409), and a bad body (400), changing nothing', async () => {
    const sb = await openSandbox({ scenario: 'minimal' });
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...SHOP, id: '1001' }, /merchant 1001 exists already/],
      [{ ...SHOP, sharedKey: { username: 'minimal-uat', key: 'x' } }, /SharedKey username minimal-uat belongs to merchant 1001/],
      [{ ...SHOP, stores: [{ id: 1234, countryCode: 'SE', currency: 'SEK' }] }, /store 1234 belongs to merchant 1001/],
      [
        { ...SHOP, apiClients: [{ clientId: '0c0c0c0c-0000-4000-8000-000000000001', clientSecret: 'long-enough-1' }] },
        /API client 0c0c0c0c-0000-4000-8000-000000000001 belongs to merchant 1001/,
      ],
    ];
    for (const [body, message] of cases) {
      const refused = await admin(sb, '/uat/merchants', body);
      expect(refused.status).toBe(409);
      expect(at(refused.body, 'error', 'message')).toMatch(message);
    }
    const bad = await admin(sb, '/uat/merchants', { ...SHOP, stores: [{ id: 7101, countryCode: 'XX', currency: 'SEK' }], checkouts: [] });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toMatch(/countryCode|checkouts/);
    expect(((await admin(sb, '/uat/merchants', {}, 'GET')).body.merchants as unknown[]).length).toBe(1);
    expect((await admin(sb, '/staging/merchants', SHOP)).status).toBe(404);
  });
});
