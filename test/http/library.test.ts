/**
 * The package as a library: `import { createSandbox } from 'checkout-sandbox'`.
 */
import { describe, expect, it } from 'vitest';
import { ConnectionRefusedError, createSandbox } from 'checkout-sandbox';

describe("import { createSandbox } from 'checkout-sandbox'", () => {
  it('gives an in-process sandbox with fetch, clock, listen and close', async () => {
    const sandbox = await createSandbox({ port: 0, scenario: 'minimal', now: '2026-10-30T22:59:00Z', frozen: true, logLevel: 'silent' });
    expect(sandbox.clock.iso()).toBe('2026-10-30T22:59:00.000Z');
    const inProcess = await sandbox.fetch('/__admin/health');
    expect(inProcess.status).toBe(200);

    const { url } = await sandbox.listen();
    const overSocket = await fetch(`${url}/__admin/clock`);
    expect(await overSocket.json()).toEqual({ now: '2026-10-30T22:59:00.000Z', frozen: true });
    await sandbox.close();
    await expect(fetch(`${url}/__admin/health`)).rejects.toThrow();
  });

  it('rejects like fetch() where the real host would close the connection', async () => {
    const sandbox = await createSandbox({ scenario: 'minimal', now: '2026-11-01T00:00:00Z', logLevel: 'silent' });
    const attempt = sandbox.fetch('/uat/retired/checkout', { method: 'POST', body: '{}' });
    await expect(attempt).rejects.toBeInstanceOf(ConnectionRefusedError);
    await expect(sandbox.fetch('/uat/retired/checkout')).rejects.toThrow('fetch failed');
    await sandbox.close();
  });
});
