/**
 * Tokens survive a restart: real clients cache a token for an hour and never refetch on 401,
 * so a token issued before a restart with file state must still pass after it (fixed keys,
 * persisted clients), and an API client created through the admin API keeps its secret.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createSandbox } from '../../src/sandbox.js';
import { UAT_SCOPE, probe, tokenFor } from '../support/identity.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'identity-restart-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

it('a token issued before a restart still works after it, and so does an admin-made client', async () => {
  const statePath = join(dir, 'state.json');
  const before = await createSandbox({ logLevel: 'silent', statePath, now: '2026-10-30T12:00:00Z', frozen: true });
  const seededToken = await tokenFor(before, 'uat');
  const created = (await (
    await before.fetch('/__admin/uat/merchants/1001/api-clients', { method: 'POST', body: JSON.stringify({ name: 'Restart shop' }) })
  ).json()) as { clientId: string; clientSecret: string };
  const fields = { grant_type: 'client_credentials', client_id: created.clientId, client_secret: created.clientSecret, scope: UAT_SCOPE };
  const adminToken = await tokenFor(before, 'uat', fields);
  await before.close();

  const after = await createSandbox({ logLevel: 'silent', statePath });
  try {
    expect(after.clock.iso()).toBe('2026-10-30T12:00:00.000Z');
    for (const token of [seededToken, adminToken]) {
      const response = await probe(after, 'uat', `Bearer ${token}`);
      expect(response.status).toBe(200);
    }
    expect(((await (await probe(after, 'uat', `Bearer ${adminToken}`)).json()) as { caller: { clientId: string } }).caller.clientId).toBe(
      created.clientId,
    );
    await expect(tokenFor(after, 'uat', fields)).resolves.toMatch(/^eyJ/);
  } finally {
    await after.close();
  }
});
