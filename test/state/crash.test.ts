/**
 * Durability against a real process: kill -9 in the middle of a write load loses no
 * acknowledged write, and a second process on the same state file is refused.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
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
      const listed = (await (await fetch(`${after.url}/__admin/uat/merchants/1001/api-clients`)).json()) as { apiClients: { name: string }[] };
      const names = new Set(listed.apiClients.map((c) => c.name));
      const lost = acknowledged.filter((name) => !names.has(name));
      expect(acknowledged.length).toBeGreaterThan(WRITERS);
      expect(lost).toEqual([]);
      await after.stop();
      acknowledged = [...names].filter((n) => n.startsWith('w'));
    }
  });

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
