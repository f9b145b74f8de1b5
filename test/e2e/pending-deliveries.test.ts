/**
 * A sandbox starts and answers on a state file holding 200,000 pending deliveries (a shared
 * sandbox whose shop has been down for a while), on a ticking clock: the worker finds the
 * earliest due without visiting the others (before, the earliest due time was computed with an
 * argument spread, which overflowed the stack past about 125,000 and kept the process from
 * starting on its own state). The state file is made here, not kept in the repository.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { instant } from '../../src/clock.js';
import type { CallbackRecord } from '../../src/domain/records.js';
import { createSandbox } from '../../src/index.js';
import { tokenFor } from '../support/identity.js';
import { spawnScope, startSandbox } from '../support/spawn.js';

const { dir, running } = spawnScope('sandbox-pending-');
const PENDING = 200_000;
const NOW = '2026-06-01T10:00:00.000Z';

describe(`a state file with ${PENDING.toLocaleString('en')} pending deliveries`, () => {
  it('starts, answers, takes a purchase and lists them as pending, not due', async () => {
    const state = join(dir, 'state.json');
    const seeded = await createSandbox({ statePath: state, now: NOW, frozen: true, logLevel: 'silent' });
    await seeded.close();
    const doc = JSON.parse(readFileSync(state, 'utf8')) as { environments: { uat: { records: Record<string, unknown[]> } } };
    // Retries an hour ahead of the clock, as a shop that is down leaves them.
    const due = '2026-06-01T11:00:00.000Z';
    const pending = Array.from({ length: PENDING }, (_, i): CallbackRecord => ({
      id: `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`,
      kind: 'notification',
      privateId: null,
      url: `https://shop.example/notify/${i}`,
      createdAt: NOW,
      state: 'pending',
      nextAttemptAt: instant(Date.parse(due) + (i % 3600) * 1000).toISOString(),
      attempts: [],
    }));
    doc.environments.uat.records.callbacks = [...(doc.environments.uat.records.callbacks ?? []), ...pending];
    writeFileSync(state, JSON.stringify(doc));

    // A ticking clock: the worker sets its timer for the earliest of them.
    const sandbox = await startSandbox(['--state', state, '--now', NOW]);
    running.push(sandbox);
    const call = (path: string, init?: RequestInit): Promise<Response> => fetch(`${sandbox.url}${path}`, init);
    expect((await call('/__admin/health')).status).toBe(200);
    expect(await (await call('/__admin/deliveries')).json()).toEqual({ settled: true, due: 0, delivering: false });

    const token = await tokenFor({ fetch: call }, 'uat');
    const initialized = await call('/uat/api/checkouts', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        storeId: 1234,
        countryCode: 'SE',
        reference: 'after-the-outage',
        merchantTermsUri: 'https://shop.example/terms',
        notificationUri: 'https://shop.example/notify/new',
        cart: { items: [{ id: 'TENT-2P', description: 'Two-person tent', unitPrice: '2499.00', quantity: 1, vat: 25 }] },
      }),
    });
    const { privateId } = ((await initialized.json()) as { data: { privateId: string } }).data;
    expect((await call(`/__admin/uat/checkouts/${privateId}/purchase`, { method: 'POST', body: '{}' })).status).toBe(200);
    expect(await (await call('/__admin/deliveries/settle', { method: 'POST' })).json()).toEqual({
      settled: true,
      due: 0,
      delivering: false,
    });
    const callbacks = (await (await call(`/__admin/uat/checkouts/${privateId}/callbacks`)).json()) as { attempts: { error: string }[] };
    expect(callbacks.attempts).toMatchObject([{ error: expect.stringContaining('reserved for examples') }]);
  }, 120_000);
});
