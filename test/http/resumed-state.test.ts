/**
 * What a resumed state changed must all be told: the banner names every kind of change (a
 * merchant's webhook URL and a clock running ahead as much as token settings), and
 * GET /__admin/{env}/merchants shows the callback URLs. A sandbox with a state file is changed every way the banner must tell, closed,
 * reopened on the same file, and its banner lines read.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resumedLines } from '../../src/cli/banner.js';
import { createSandbox } from '../../src/sandbox.js';
import { admin, initializeOldStyle } from '../support/checkout-requests.js';

const dir = mkdtempSync(join(tmpdir(), 'sandbox-resumed-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the banner of a resumed state', () => {
  it('lists callback URLs, the clock offset, API clients, token settings, and checkouts created', async () => {
    const statePath = join(dir, 'state.json');
    const first = await createSandbox({ statePath, logLevel: 'silent' });
    expect(resumedLines(first)).toEqual([]);
    expect(
      (await admin(first, '/uat/merchants/1001/callbacks', { webhookUri: 'http://127.0.0.1:4099/walley/webhooks' }, 'PUT')).status,
    ).toBe(200);
    expect((await admin(first, '/clock/advance', { duration: 'PT10M' })).status).toBe(200);
    const created = await admin(first, '/uat/merchants/1002/api-clients', { name: 'ci' });
    expect(created.status).toBe(201);
    expect((await admin(first, '/tokens', { lifetimeSeconds: 300 }, 'PATCH')).status).toBe(200);
    await initializeOldStyle(first, 'legacy');
    await first.close();

    const again = await createSandbox({ statePath, logLevel: 'silent' });
    try {
      const lines = resumedLines(again);
      expect(lines[0]).toContain(`resumed:  saved state from ${statePath}`);
      const clientId = (created.body as { clientId: string }).clientId;
      expect(lines.slice(1)).toEqual([
        expect.stringMatching(
          /^ {2}changed: {2}clock: the machine's time in the scenario, 10 min (0 s )?ahead of the machine's time now \(DELETE \/__admin\/clock goes back to it\)$/,
        ),
        '  changed:  tokens.lifetimeSeconds: 3599 in the scenario, 300 now',
        '  changed:  uat.merchants.1001.webhookUri: none in the scenario, http://127.0.0.1:4099/walley/webhooks now',
        `  changed:  uat.merchants.1002.apiClients.${clientId}: created since the seed`,
        '  changed:  uat.checkouts: 1 created since the seed (9 in all)',
      ]);

      // The merchant list shows the callback URLs the banner speaks of.
      const list = (await (await again.fetch('/__admin/uat/merchants')).json()) as {
        merchants: { id: string; webhookUri: string | null; invoiceStatusUri: string | null }[];
      };
      expect(list.merchants.find((m) => m.id === '1001')).toMatchObject({
        webhookUri: 'http://127.0.0.1:4099/walley/webhooks',
        invoiceStatusUri: null,
      });
      expect(list.merchants.find((m) => m.id === '1002')).toMatchObject({ webhookUri: null, invoiceStatusUri: null });
    } finally {
      await again.close();
    }
  });

  it('says nothing changed when nothing did, and names a frozen clock against a real-time scenario', async () => {
    const statePath = join(dir, 'frozen.json');
    const first = await createSandbox({ statePath, logLevel: 'silent' });
    await first.close();
    const untouched = await createSandbox({ statePath, logLevel: 'silent' });
    expect(resumedLines(untouched)).toHaveLength(1);
    untouched.clock.set({ now: '2026-10-30T22:59:00Z', frozen: true });
    await untouched.close();

    const frozen = await createSandbox({ statePath, logLevel: 'silent' });
    try {
      expect(resumedLines(frozen).slice(1)).toEqual([
        "  changed:  clock: the machine's time in the scenario, frozen at 2026-10-30T22:59:00.000Z now (DELETE /__admin/clock goes back to it)",
      ]);
    } finally {
      await frozen.close();
    }
  });
});
