/**
 * Merchants, stores and API clients of a state file answer every documented field. default-state.json
 * is a state file as the sandbox wrote it: seeded from the default scenario on a frozen clock, a
 * checkout initialized on store 1234 and purchased (Preliminary), and closed. An older file is made
 * from it as an earlier version wrote it: without the fields added since. The answer check is on
 * in the suite, so a field that answered undefined where its schema says otherwise answers 500.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { merchantSchema } from '../../src/admin/answers/world.js';
import { ENVIRONMENTS } from '../../src/hosts.js';
import { type Sandbox, createSandbox } from '../../src/sandbox.js';
import { bearerToken, UAT_CLIENT } from '../support/manage-api.js';

const FIXTURE = join(import.meta.dirname, '../fixtures/state/default-state.json');

interface FileStore {
  id: string;
  countryCode: string;
  currency: string;
  salesSegment?: string;
  profiles?: { name: string }[];
}
interface FileMerchant {
  id: string;
  name: string;
  stores: FileStore[];
  sharedKey: { username: string; key: string };
  webhookUri?: string | null;
  webhookHmacKey?: string | null;
  invoiceStatusUri?: string | null;
  orderReadLagSeconds?: number | null;
}
interface FileApiClient {
  clientId: string;
  merchantId: string;
  name: string;
  revokedAt: string | null;
  tokenLifetimeSeconds?: number | null;
  secrets: { secretId: string; hint: string; createdAt: string; expiresAt: string | null }[];
}
interface FileDoc {
  environments: Record<string, { merchants: FileMerchant[]; apiClients: FileApiClient[] }>;
}

const written = (): FileDoc => JSON.parse(readFileSync(FIXTURE, 'utf8')) as FileDoc;

/** The file as a version before the later fields wrote it: none of them on any merchant, store or API client. */
function older(): FileDoc {
  const doc = written();
  for (const env of Object.values(doc.environments)) {
    env.merchants = env.merchants.map(
      ({ webhookUri: _u, webhookHmacKey: _k, invoiceStatusUri: _i, orderReadLagSeconds: _l, stores, ...merchant }) => ({
        ...merchant,
        stores: stores.map(({ salesSegment: _s, profiles: _p, ...store }) => store),
      }),
    );
    env.apiClients = env.apiClients.map(({ tokenLifetimeSeconds: _t, ...client }) => client);
  }
  return doc;
}

const open: Sandbox[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((sb) => sb.close()));
});

async function resume(doc: FileDoc): Promise<Sandbox> {
  const file = join(mkdtempSync(join(tmpdir(), 'stored-records-')), 'state.json');
  writeFileSync(file, JSON.stringify(doc));
  const sb = await createSandbox({ logLevel: 'silent', statePath: file });
  open.push(sb);
  expect(sb.resumed).toBe(true);
  return sb;
}

async function merchantsOf(sb: Sandbox, env: string): Promise<Record<string, unknown>[]> {
  const response = await sb.fetch(`/__admin/${env}/merchants`);
  const body = (await response.json()) as { merchants: Record<string, unknown>[] };
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body.merchants;
}

async function apiClientsOf(sb: Sandbox, env: string, merchantId: string): Promise<Record<string, unknown>[]> {
  const response = await sb.fetch(`/__admin/${env}/merchants/${merchantId}/api-clients`);
  const body = (await response.json()) as { apiClients: Record<string, unknown>[] };
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body.apiClients;
}

const DOCUMENTED = Object.keys(merchantSchema.shape).sort();

describe('the merchants of a state file', () => {
  it('written by the sandbox: every documented field answers with its value', async () => {
    const doc = written();
    const sb = await resume(doc);
    for (const env of ENVIRONMENTS) {
      const file = doc.environments[env]!;
      const answered = await merchantsOf(sb, env);
      expect(answered.map((m) => m.id)).toEqual(file.merchants.map((m) => m.id));
      for (const [i, m] of file.merchants.entries()) {
        const answer = answered[i]!;
        expect(Object.keys(answer).sort()).toEqual(DOCUMENTED);
        expect(answer).toMatchObject({
          id: m.id,
          name: m.name,
          sharedKey: m.sharedKey,
          webhookUri: m.webhookUri,
          webhookSigningKey: m.webhookHmacKey,
          invoiceStatusUri: m.invoiceStatusUri,
          orderReadLagSeconds: m.orderReadLagSeconds,
        });
        expect(answer.webhookSigningKey).toMatch(/^[0-9a-f]{32}$/);
        expect(answer.stores).toEqual(
          m.stores.map((s) =>
            expect.objectContaining({
              id: s.id,
              countryCode: s.countryCode,
              currency: s.currency,
              salesSegment: s.salesSegment,
              profiles: s.profiles ? s.profiles.map((p) => expect.objectContaining({ name: p.name })) : null,
            }),
          ),
        );
        const clients = file.apiClients.filter((c) => c.merchantId === m.id);
        expect(answer.apiClients).toEqual(
          clients.map((c) => ({
            clientId: c.clientId,
            name: c.name,
            revokedAt: c.revokedAt,
            secrets: c.secrets.map(({ secretId, hint, createdAt, expiresAt }) => ({ secretId, hint, createdAt, expiresAt })),
          })),
        );
        const listed = await apiClientsOf(sb, env, m.id);
        expect(listed.map((c) => c.tokenLifetimeSeconds)).toEqual(clients.map((c) => c.tokenLifetimeSeconds));
      }
    }
    // The file's own values act: its B2B store is one, and a profile with a delivery module shows its carriers.
    const nordic = (await merchantsOf(sb, 'uat')).find((m) => m.id === '1001')!;
    expect(nordic.stores).toContainEqual(expect.objectContaining({ id: '1236', salesSegment: 'B2B' }));
  });

  it('written before the later fields: every documented field answers with its default', async () => {
    const sb = await resume(older());
    for (const env of ENVIRONMENTS) {
      const file = written().environments[env]!;
      const answered = await merchantsOf(sb, env);
      expect(answered.map((m) => m.id)).toEqual(file.merchants.map((m) => m.id));
      for (const [i, m] of file.merchants.entries()) {
        const answer = answered[i]!;
        expect(Object.keys(answer).sort()).toEqual(DOCUMENTED);
        expect(answer).toMatchObject({ id: m.id, name: m.name, sharedKey: m.sharedKey });
        // No callbacks are called, webhooks go unsigned, every read sees every action at once.
        expect(answer).toMatchObject({ webhookUri: null, webhookSigningKey: null, invoiceStatusUri: null, orderReadLagSeconds: null });
        // A store of a file without segments sells to private persons and accepts any profileName.
        expect(answer.stores).toEqual(
          m.stores.map((s) => ({ id: s.id, countryCode: s.countryCode, currency: s.currency, salesSegment: 'B2C', profiles: null })),
        );
        const listed = await apiClientsOf(sb, env, m.id);
        expect(listed.map((c) => c.tokenLifetimeSeconds)).toEqual(listed.map(() => null));
      }
    }
  });

  it('written before API clients had their own token lifetime: tokens last as the token settings say', async () => {
    const sb = await resume(older());
    const response = await sb.fetch('/uat/api/oauth2/v2.0/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(UAT_CLIENT).toString(),
    });
    const body = (await response.json()) as Record<string, unknown>;
    expect(response.status, JSON.stringify(body)).toBe(200);
    const tokens = (await (await sb.fetch('/__admin/tokens')).json()) as { lifetimeSeconds: number; extLifetimeSeconds: number };
    expect(body.expires_in).toBe(tokens.lifetimeSeconds);
    expect(body.ext_expires_in).toBe(tokens.extLifetimeSeconds);
    expect(await bearerToken(sb)).toMatch(/^ey/);
  });
});
