/**
 * The state engine on a real file, in-process: replay of the change log, a torn last line,
 * a failed save rolled back (and its retry applied once), compaction, the lock, and the
 * state files start-up refuses.
 */
import { appendFileSync, existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Sandbox, createSandbox } from '../../src/sandbox.js';
import { fileIo, type LogIo } from '../../src/store/change-log.js';
import { tokenFor } from '../support/identity.js';

const NOW = '2026-06-01T00:00:00Z';
const open: Sandbox[] = [];

function stateFile(): string {
  return join(mkdtempSync(join(tmpdir(), 'sandbox-state-')), 'state.json');
}

async function start(
  statePath: string,
  extra: Parameters<typeof createSandbox>[1] = {},
  options: Parameters<typeof createSandbox>[0] = {},
): Promise<Sandbox> {
  const sb = await createSandbox({ logLevel: 'silent', statePath, now: NOW, frozen: true, ...options }, extra);
  open.push(sb);
  return sb;
}

async function closeAll(): Promise<void> {
  await Promise.all(open.splice(0).map((sb) => sb.close().catch(() => undefined)));
}

afterEach(closeAll);

/** A LogIo that fails while `failing` is set, as a full disk would. */
function switchableIo(): LogIo & { failing: boolean } {
  const io = {
    failing: false,
    async write(fd: number, data: Buffer) {
      if (io.failing) throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
      await fileIo.write(fd, data);
    },
  };
  return io;
}

async function capture(sb: Sandbox, token: string, orderId: string, key: string): Promise<Response> {
  return sb.fetch(`/uat/api/manage/orders/${orderId}/capture`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-idempotency': key },
    body: JSON.stringify({ amount: 1 }),
  });
}

function openOrder(sb: Sandbox): string {
  const order = sb
    .snapshot()
    .environments.uat.orders.find((o) => o.merchantId === '1001' && o.status === 'NotActivated' && o.totalAmount > 500);
  if (!order) throw new Error('the default scenario has no open order');
  return order.orderId;
}

describe('the change log', () => {
  it('keeps every acknowledged change across a restart without a clean close (replayed from the log)', async () => {
    const file = stateFile();
    const sb = await start(file);
    const created = await sb.fetch('/__admin/uat/merchants/1001/api-clients', { method: 'POST', body: '{"name":"from the log"}' });
    expect(created.status).toBe(201);
    expect(readFileSync(`${file}.log`, 'utf8')).toContain('from the log');
    // No close(): what a crash leaves behind. The next start replays the log and folds it into the snapshot.
    open.splice(open.indexOf(sb), 1);
    const lock = `${file}.lock`;
    writeFileSync(lock, '999999999\n'); // a holder that no longer runs
    const again = await start(file);
    expect(again.snapshot().environments.uat.apiClients.map((c) => c.name)).toContain('from the log');
    expect(JSON.parse(readFileSync(file, 'utf8')).environments.uat.apiClients.map((c: { name: string }) => c.name)).toContain(
      'from the log',
    );
  });

  it('skips a torn last line with a warning and keeps the lines before it', async () => {
    const file = stateFile();
    const sb = await start(file);
    await sb.fetch('/__admin/uat/merchants/1001/api-clients', { method: 'POST', body: '{"name":"whole line"}' });
    open.splice(open.indexOf(sb), 1);
    appendFileSync(`${file}.log`, '[{"t":"put","env":"uat","c":"apiClients","v":{"clientId":"torn'); // the write a crash cut short
    writeFileSync(`${file}.lock`, '999999999\n');
    const again = await start(file);
    const names = again.snapshot().environments.uat.apiClients.map((c) => c.name);
    expect(names).toContain('whole line');
    expect(names).not.toContain(undefined);
  });

  it('rolls a change back when its save fails, answers that nothing was applied, and a retry applies it once', async () => {
    const io = switchableIo();
    const sb = await start(stateFile(), { logIo: io });
    const token = await tokenFor(sb, 'uat');
    const orderId = openOrder(sb);
    io.failing = true;
    const failed = await capture(sb, token, orderId, 'capture-1');
    expect(failed.status).toBe(503);
    expect(failed.headers.get('content-type')).toContain('problem+json');
    expect(((await failed.json()) as { detail: string }).detail).toContain('nothing was applied');
    expect(sb.snapshot().environments.uat.orders.find((o) => o.orderId === orderId)?.invoices).toHaveLength(0);
    io.failing = false;
    expect((await capture(sb, token, orderId, 'capture-1')).status).toBe(202);
    expect((await capture(sb, token, orderId, 'capture-1')).headers.get('x-sandbox-idempotent-replay')).toBe('true');
    expect(sb.snapshot().environments.uat.orders.find((o) => o.orderId === orderId)?.invoices).toHaveLength(1);
  });

  it('rolls back a failed checkout update in the checkout envelope (503), leaving the cart as it was', async () => {
    const io = switchableIo();
    const sb = await start(stateFile(), { logIo: io });
    const token = await tokenFor(sb, 'uat');
    const id = '0b7d6a52-1f0e-4c1e-9a11-5d2a1c3e4f01';
    const before = sb.snapshot().environments.uat.checkouts.find((c) => c.privateId === id)?.cart;
    io.failing = true;
    const put = await sb.fetch(`/uat/api/checkouts/${id}/cart`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ items: [{ id: 'X', description: 'x', unitPrice: 1, quantity: 1, vat: 25 }] }),
    });
    expect(put.status).toBe(503);
    const body = (await put.json()) as { data: null; error: { code: number; errors: { reason: string }[] } };
    expect(body.error.code).toBe(503);
    expect(body.error.errors[0]?.reason).toBe('Not_Saved');
    expect(sb.snapshot().environments.uat.checkouts.find((c) => c.privateId === id)?.cart).toEqual(before);
  });

  it('compacts the log into the snapshot on close and leaves no temp files behind', async () => {
    const file = stateFile();
    const sb = await start(file);
    await sb.fetch('/__admin/uat/merchants/1001/api-clients', { method: 'POST', body: '{"name":"compacted"}' });
    await sb.close();
    open.splice(open.indexOf(sb), 1);
    expect(readFileSync(`${file}.log`, 'utf8')).toBe('');
    expect(readFileSync(file, 'utf8')).toContain('compacted');
    expect(existsSync(`${file}.lock`)).toBe(false);
    expect(readdirSync(join(file, '..')).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('does not write the world again while its log stays small against the snapshot, however long it changes', async () => {
    const file = stateFile();
    const sb = await start(file);
    const snapshot = readFileSync(file, 'utf8');
    const realNow = performance.now.bind(performance);
    let skewMs = 0;
    const now = vi.spyOn(performance, 'now').mockImplementation(() => realNow() + skewMs);
    try {
      // Changes over ten minutes of real time, a few at a time.
      for (let minute = 0; minute < 10; minute += 1) {
        skewMs += 61_000;
        const made = await sb.fetch('/__admin/uat/merchants/1001/api-clients', { method: 'POST', body: `{"name":"minute-${minute}"}` });
        expect(made.status).toBe(201);
      }
    } finally {
      now.mockRestore();
    }
    expect(readFileSync(file, 'utf8')).toBe(snapshot);
    expect(readFileSync(`${file}.log`, 'utf8')).toContain('minute-9');
  });
});

describe('start-up on a state file', () => {
  it('refuses a second sandbox on the same file, naming the holder', async () => {
    const file = stateFile();
    await start(file);
    await expect(start(file)).rejects.toThrow(/in use by this process/);
  });

  it.each([
    [
      'an earlier process with the same pid (a container restarted as pid 1)',
      () => `${process.pid} 00000000-0000-4000-8000-000000000000\n`,
    ],
    ['an older build, which wrote the pid alone', () => `${process.pid}\n`],
  ])('takes over a lock naming this pid that %s left', async (_case, holder) => {
    const file = stateFile();
    const sb = await start(file);
    await sb.fetch('/__admin/uat/merchants/1001/api-clients', { method: 'POST', body: '{"name":"before the kill"}' });
    open.splice(open.indexOf(sb), 1);
    writeFileSync(`${file}.lock`, holder());
    const again = await start(file);
    expect(again.snapshot().environments.uat.apiClients.map((c) => c.name)).toContain('before the kill');
  });

  it.each([
    ['null', 'null'],
    ['an array', '[]'],
    ['an empty object', '{}'],
    ['version 99', null],
    ['checkouts: "x"', null],
    ['a merchant without sharedKey', null],
    ['not JSON', '{"version": 2,'],
  ])('refuses %s, naming the file and the field, and changes nothing', async (_what, text) => {
    const file = stateFile();
    const good = await start(file);
    await good.close();
    open.splice(open.indexOf(good), 1);
    const doc = JSON.parse(readFileSync(file, 'utf8'));
    let content = text;
    if (content === null) {
      if (_what === 'version 99') doc.version = 99;
      if (_what === 'checkouts: "x"') doc.environments.uat.checkouts = 'x';
      if (_what === 'a merchant without sharedKey') delete doc.environments.uat.merchants[0].sharedKey;
      content = JSON.stringify(doc);
    }
    writeFileSync(file, content);
    const error = await start(file).then(
      () => null,
      (e: Error) => e,
    );
    expect(error?.message).toContain(file);
    expect(error?.message).toMatch(/--reset/);
    if (_what === 'checkouts: "x"') expect(error?.message).toContain('environments.uat.checkouts');
    if (_what === 'a merchant without sharedKey') expect(error?.message).toContain('environments.uat.merchants.0.sharedKey');
    expect(readFileSync(file, 'utf8')).toBe(content);
    expect(existsSync(`${file}.lock`)).toBe(false);
  });

  it('--reset reseeds a bad file and keeps it as a backup', async () => {
    const file = stateFile();
    writeFileSync(file, '{}');
    const sb = await start(file, {}, { reset: true });
    expect(sb.scenario()).toBe('default');
    const backups = readdirSync(join(file, '..')).filter((f) => f.endsWith('.bak'));
    expect(backups).toHaveLength(1);
    expect(readFileSync(join(file, '..', backups[0]!), 'utf8')).toBe('{}');
  });

  it('refuses a state file it cannot write, saying which', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-state-'));
    writeFileSync(join(dir, 'a-file'), 'not a directory');
    await expect(start(join(dir, 'a-file', 'state.json'))).rejects.toThrow(/a-file\/state\.json/);
  });
});
