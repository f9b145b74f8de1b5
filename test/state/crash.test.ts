/**
 * Durability against a real process: kill -9 in the middle of a write load loses no
 * acknowledged write, also while a streamed compaction of a large world is half written,
 * never leaves a completed purchase without its notification, and a second process on the
 * same state file is refused.
 */
import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { initPayload } from '../support/checkout-requests.js';
import { tokenFor } from '../support/identity.js';
import { runCli, startSandbox } from '../support/spawn.js';

const WRITERS = 20;

async function writeUntilKilled(url: string, acknowledged: string[], stop: { now: boolean }, writer: number): Promise<void> {
  for (let i = 0; !stop.now; i += 1) {
    const name = `w${writer}-${i}`;
    try {
      const response = await fetch(`${url}/__admin/uat/merchants/1001/api-clients`, { method: 'POST', body: JSON.stringify({ name }) });
      if (response.status === 201) acknowledged.push(name);
    } catch {
      return; // the process is gone: this request was never acknowledged
    }
  }
}

describe('kill -9 under write load', () => {
  it('keeps every acknowledged write after a restart', async () => {
    const state = join(mkdtempSync(join(tmpdir(), 'sandbox-crash-')), 'state.json');
    let acknowledged: string[] = [];
    for (let round = 0; round < 2; round += 1) {
      const sandbox = await startSandbox(['--state', state, '--now', '2026-06-01T00:00:00Z']);
      const stop = { now: false };
      const writers = Array.from({ length: WRITERS }, (_, w) => writeUntilKilled(sandbox.url, acknowledged, stop, round * 100 + w));
      await new Promise((resolve) => setTimeout(resolve, 700 + round * 300));
      process.kill(sandbox.pid, 'SIGKILL');
      stop.now = true;
      await Promise.all(writers);
      await sandbox.stop().catch(() => undefined);

      const after = await startSandbox(['--state', state]);
      const listed = (await (await fetch(`${after.url}/__admin/uat/merchants/1001/api-clients`)).json()) as {
        apiClients: { name: string }[];
      };
      const names = new Set(listed.apiClients.map((c) => c.name));
      const lost = acknowledged.filter((name) => !names.has(name));
      expect(acknowledged.length).toBeGreaterThan(WRITERS);
      expect(lost).toEqual([]);
      await after.stop();
      acknowledged = [...names].filter((n) => n.startsWith('w'));
    }
  });

  it('keeps every acknowledged write when killed mid-compaction of the scale world, and the state loads', async () => {
    const state = join(mkdtempSync(join(tmpdir(), 'sandbox-crash-compact-')), 'state.json');
    // A compaction every 64 KiB of log: on a ~30 MB world one is nearly always streaming.
    const env = { CHECKOUT_SANDBOX_COMPACT_BYTES: String(64 * 1024) };
    const sandbox = await startSandbox(['--state', state, '--scenario', 'scale', '--now', '2026-06-01T00:00:00Z'], env);
    const orderCount = async (url: string): Promise<number> =>
      ((await (await fetch(`${url}/__admin/uat/orders`)).json()) as { orders: unknown[] }).orders.length;
    const seeded = await orderCount(sandbox.url);
    expect(seeded).toBeGreaterThanOrEqual(10_000);
    const acknowledged: string[] = [];
    const stop = { now: false };
    const writers = Array.from({ length: WRITERS }, (_, w) => writeUntilKilled(sandbox.url, acknowledged, stop, 500 + w));
    // Kill while a snapshot is half written (its temp file exists and holds part of the world).
    const halfWritten = (): string | undefined =>
      readdirSync(dirname(state)).find((name) => {
        if (!name.endsWith('.tmp')) return false;
        try {
          const size = statSync(join(dirname(state), name)).size;
          return size > 0 && size < statSync(state).size;
        } catch {
          return false; // renamed in between
        }
      });
    const deadline = performance.now() + 30_000;
    let temp: string | undefined;
    while (performance.now() < deadline && (acknowledged.length < 200 || !(temp = halfWritten())))
      await new Promise((resolve) => setTimeout(resolve, 2));
    process.kill(sandbox.pid, 'SIGKILL');
    stop.now = true;
    await Promise.all(writers);
    await sandbox.stop().catch(() => undefined);
    expect(temp, 'no compaction was caught half written').toBeDefined();

    const after = await startSandbox(['--state', state], env);
    try {
      const listed = (await (await fetch(`${after.url}/__admin/uat/merchants/1001/api-clients`)).json()) as {
        apiClients: { name: string }[];
      };
      const names = new Set(listed.apiClients.map((c) => c.name));
      expect(acknowledged.filter((name) => !names.has(name))).toEqual([]);
      expect(await orderCount(after.url)).toBe(seeded);
      // The killed writer's temp file is cleared at start, under the lock.
      expect(readdirSync(dirname(state)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    } finally {
      await after.stop();
    }
  }, 90_000);

  it('never leaves a completed purchase without its notification, over four kills in the middle of purchases', async () => {
    const state = join(mkdtempSync(join(tmpdir(), 'sandbox-crash-purchase-')), 'state.json');
    const acknowledged = new Set<string>();
    const token = (url: string): Promise<string> => tokenFor({ fetch: (path, init) => fetch(`${url}${path}`, init) }, 'uat');
    const purchaseUntilKilled = async (url: string, bearer: string, stop: { now: boolean }): Promise<void> => {
      while (!stop.now) {
        try {
          const initialized = await fetch(`${url}/uat/api/checkouts`, {
            method: 'POST',
            headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
            body: JSON.stringify(initPayload({ reference: 'crash', notificationUri: 'https://shop.example/notify/{checkout.id}' })),
          });
          const { privateId } = ((await initialized.json()) as { data: { privateId: string } }).data;
          const purchase = await fetch(`${url}/__admin/uat/checkouts/${privateId}/purchase`, { method: 'POST', body: '{}' });
          if (purchase.status === 200) acknowledged.add(privateId);
        } catch {
          return; // the process is gone
        }
      }
    };
    for (let round = 0; round < 4; round += 1) {
      const sandbox = await startSandbox(['--state', state, '--now', '2026-06-01T00:00:00Z', '--frozen']);
      const bearer = await token(sandbox.url);
      const stop = { now: false };
      const writers = Array.from({ length: WRITERS }, () => purchaseUntilKilled(sandbox.url, bearer, stop));
      await new Promise((resolve) => setTimeout(resolve, 500 + round * 200));
      process.kill(sandbox.pid, 'SIGKILL');
      stop.now = true;
      await Promise.all(writers);
      await sandbox.stop().catch(() => undefined);
    }

    const after = await startSandbox(['--state', state]);
    try {
      const { checkouts } = (await (await fetch(`${after.url}/__admin/uat/checkouts`)).json()) as {
        checkouts: { privateId: string; status: string; reference: string }[];
      };
      const completed = checkouts.filter((c) => c.reference === 'crash' && c.status === 'PurchaseCompleted').map((c) => c.privateId);
      const { callbacks } = (await (await fetch(`${after.url}/__admin/uat/callbacks`)).json()) as {
        callbacks: { kind: string; privateId: string | null }[];
      };
      const notified = new Set(callbacks.filter((c) => c.kind === 'notification').map((c) => c.privateId));
      expect(acknowledged.size).toBeGreaterThan(WRITERS);
      expect([...acknowledged].filter((id) => !completed.includes(id))).toEqual([]);
      expect(completed.filter((id) => !notified.has(id))).toEqual([]);
    } finally {
      await after.stop();
    }
  }, 90_000);

  it('refuses a second process on the same state file, naming the first one', async () => {
    const state = join(mkdtempSync(join(tmpdir(), 'sandbox-two-')), 'state.json');
    const first = await startSandbox(['--state', state]);
    try {
      const second = await runCli(['--port', '0', '--state', state]);
      expect(second.code).not.toBe(0);
      expect(second.output).toContain(`in use by process ${first.pid}`);
      expect((await fetch(`${first.url}/__admin/health`)).status).toBe(200);
    } finally {
      await first.stop();
    }
  });
});
