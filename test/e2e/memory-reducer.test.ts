/**
 * The idle memory reducer (src/memory-reducer.ts, issue 20's footprint): a burst of writes
 * grows V8's heap well past what is live, and Node never gives it back on its own; the
 * server, once quiet, does. Two servers spawned as users run them take the same burst, one
 * with CHECKOUT_SANDBOX_IDLE_GC=0, and a preloaded hook (test/support/heap-log.mjs) reports
 * each one's committed and used heap on SIGUSR2.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { sharedKeyHeaderValue } from '../../src/domain/sharedkey-signature.js';
import { type Spawned, startSandbox } from '../support/spawn.js';

const dir = mkdtempSync(join(tmpdir(), 'memory-reducer-'));
const running: Spawned[] = [];
afterAll(async () => {
  await Promise.all(running.map((s) => s.stop()));
  rmSync(dir, { recursive: true, force: true });
});

const HOOK = pathToFileURL(join(import.meta.dirname, '../support/heap-log.mjs')).href;
const MiB = 1024 * 1024;
/** The default scenario's Initialized checkout of merchant 1001 (store 1234) and its SharedKey. */
const CART_PATH = '/merchants/1234/checkouts/0b7d6a52-1f0e-4c1e-9a11-5d2a1c3e4f01/cart';
const CREDENTIAL = { username: 'nordic-outdoor-uat', key: 'uat-shared-key-nordic-0001' };
/** A 400-line cart (~40 KB): 1,200 PUTs of it leave 50–100 MB committed past what is live (measured). */
const CART = JSON.stringify({
  items: Array.from({ length: 400 }, (_, i) => ({ id: `SKU-${i}`, description: `Tent peg pack ${i}`, unitPrice: '10.00', quantity: 1, vat: 25 })),
});

interface Heap {
  committed: number;
  used: number;
}

async function start(name: string, env: NodeJS.ProcessEnv): Promise<{ sandbox: Spawned; heap: () => Promise<Heap> }> {
  const log = join(dir, `${name}.log`);
  const sandbox = await startSandbox(['--memory', '--now', '2026-06-01T00:00:00Z'], { NODE_OPTIONS: `--import=${HOOK}`, HEAP_LOG: log, ...env });
  running.push(sandbox);
  const heap = async (): Promise<Heap> => {
    const before = readLines(log).length;
    process.kill(sandbox.pid, 'SIGUSR2');
    for (let waited = 0; waited < 2000 && readLines(log).length === before; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    const [committed, used] = (readLines(log).at(-1) ?? '').split(' ').map(Number);
    return { committed: committed ?? NaN, used: used ?? NaN };
  };
  return { sandbox, heap };
}

function readLines(file: string): string[] {
  try {
    return readFileSync(file, 'utf8').split('\n').filter(Boolean);
  } catch {
    return [];
  }
}

async function burst(url: string, requests: number): Promise<void> {
  const authorization = sharedKeyHeaderValue(CREDENTIAL.username, CREDENTIAL.key, CART_PATH, CART);
  let sent = 0;
  await Promise.all(
    Array.from({ length: 25 }, async () => {
      while (sent++ < requests) {
        const response = await fetch(`${url}/uat/legacy${CART_PATH}`, { method: 'PUT', headers: { authorization, 'content-type': 'application/json' }, body: CART });
        expect(response.status).toBe(200);
        await response.arrayBuffer();
      }
    }),
  );
}

const slack = (heap: Heap): number => heap.committed - heap.used;

describe('the idle memory reducer', () => {
  it('gives back what a burst left committed once the server is quiet; CHECKOUT_SANDBOX_IDLE_GC=0 leaves it', async () => {
    const [reducing, control] = await Promise.all([start('reducing', {}), start('control', { CHECKOUT_SANDBOX_IDLE_GC: '0' })]);
    await Promise.all([burst(reducing.sandbox.url, 1200), burst(control.sandbox.url, 1200)]);

    // The burst grew both heaps well past what is live (else this test proves nothing).
    const [afterBurst, controlAfterBurst] = await Promise.all([reducing.heap(), control.heap()]);
    expect(slack(afterBurst), 'committed minus used right after the burst').toBeGreaterThan(32 * MiB);
    expect(slack(controlAfterBurst), 'committed minus used right after the burst, control').toBeGreaterThan(32 * MiB);

    // Quiet: within a few seconds the reducer has collected; the control still holds its peak.
    let now = afterBurst;
    for (let waited = 0; waited < 6000 && slack(now) >= 16 * MiB; waited += 250) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      now = await reducing.heap();
    }
    expect(slack(now), 'committed minus used once quiet').toBeLessThan(16 * MiB);
    expect(now.committed).toBeLessThan(afterBurst.committed - 24 * MiB);
    const controlNow = await control.heap();
    expect(slack(controlNow), 'committed minus used once quiet, control').toBeGreaterThan(32 * MiB);

    // Still serving as before.
    expect((await fetch(`${reducing.sandbox.url}/__admin/health`)).status).toBe(200);
  }, 60_000);
});
