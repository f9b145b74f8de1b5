/**
 * The start page's first steps (a token, a checkout, a purchase) are this sandbox's own: run
 * in a shell as shown, against a spawned sandbox, they end with a completed purchase; the
 * HTML page shows the same commands. A scenario without a UAT API client shows none.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { openSandbox } from '../support/sandbox.js';
import { type Spawned, startSandbox } from '../support/spawn.js';

describe.skipIf(spawnSync('curl', ['--version']).error !== undefined)("the start page's first steps", () => {
  let sandbox: Spawned | undefined;
  beforeAll(async () => {
    sandbox = await startSandbox(['--memory', '--scenario', 'minimal']);
  });
  afterAll(async () => {
    await sandbox?.stop();
  });

  it('run as shown, a token, a checkout and a purchase', async () => {
    const start = (await (await fetch(`${sandbox!.url}/`)).json()) as { firstSteps: { merchant: string; commands: string[] } };
    expect(start.firstSteps.merchant).toBe('Minimal Merchant (UAT)');
    expect(start.firstSteps.commands).toHaveLength(3);
    const run = spawnSync(
      'bash',
      ['-e', '-o', 'pipefail', '-c', `${start.firstSteps.commands.join('\n')}\necho "token=\${#TOKEN} id=$ID"`],
      { encoding: 'utf8' },
    );
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('"status":"PurchaseCompleted"');
    expect(run.stdout).toMatch(/token=\d{3,} id=[0-9a-f-]{36}$/m);

    const html = await (await fetch(`${sandbox!.url}/`, { headers: { accept: 'text/html' } })).text();
    expect(html).toContain('<h2>First steps</h2>');
    expect(html).toContain(`/uat/auth/oauth2/v2.0/token -d grant_type=client_credentials`);
  });

  it('shows no steps where the scenario gives no UAT API client', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-steps-'));
    const file = join(dir, 'no-clients.yaml');
    writeFileSync(
      file,
      'name: no-clients\nenvironments:\n  uat:\n    merchants:\n      - { id: "1", name: Shop, stores: [{ id: 1, countryCode: SE, currency: SEK }], sharedKey: { username: u, key: k } }\n',
    );
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const sb = await openSandbox({ scenario: file });
    const body = (await (await sb.fetch('/')).json()) as { firstSteps: unknown };
    expect(body.firstSteps).toBeNull();
    expect(await (await sb.fetch('/', { headers: { accept: 'text/html' } })).text()).not.toContain('First steps');
  });
});
