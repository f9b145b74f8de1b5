/**
 * docs/php-and-woocommerce.md's PHPUnit example passes against a sandbox started as the image
 * starts it (the Dockerfile's ENTRYPOINT and CMD, with a free port, a state file of its own and
 * the job's admin token): the shop registers its own merchant and credentials, then runs its
 * integration with plain PHP cURL on the sandbox's base URLs. Skipped, saying why, where PHP,
 * its cURL extension or PHPUnit is missing.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SHOP_SETTINGS, phpMissing, runPhpunit } from '../support/php.js';
import { ROOT, type Spawned, startCommand } from '../support/spawn.js';

const missing = phpMissing();
const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
const entrypoint = JSON.parse(/^ENTRYPOINT (\[.*\])$/m.exec(dockerfile)![1]!) as string[];
const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)![1]!) as string[];

describe(`the PHPUnit example against the image's command line${missing ? ` (skipped: ${missing})` : ''}`, () => {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-php-'));
  let sandbox: Spawned | undefined;
  afterAll(async () => {
    await sandbox?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it.skipIf(missing !== null)(
    'passes with the shop registering its own store and credentials',
    async () => {
      expect(entrypoint).toEqual(['node', 'dist/main.js']);
      // The image's own arguments, but a free port and a state file of this test's.
      const args = cmd.map((arg, i) => (cmd[i - 1] === '--port' ? '0' : cmd[i - 1] === '--state' ? join(dir, 'state.json') : arg));
      const token = 'php-job-admin-token';
      sandbox = await startCommand([], args, { SANDBOX_ADMIN_TOKEN: token });
      const url = sandbox.url.replace('0.0.0.0', '127.0.0.1');
      const job = {
        ...SHOP_SETTINGS,
        SANDBOX_URL: url,
        SANDBOX_ADMIN_TOKEN: token,
        WALLEY_AUTH_URL: `${url}/uat/auth`,
        WALLEY_BASE_URL: `${url}/uat/api`,
        WALLEY_LEGACY_URL: `${url}/uat/legacy`,
      };
      const run = await runPhpunit(job);
      // The current API's three tests and the SharedKey shop's two on the legacy host.
      expect(run.output, run.output).toMatch(/^OK \(5 tests, \d+ assertions\)$/m);
      expect(run.code, run.output).toBe(0);

      // A second run finds the same merchant registered and goes on.
      const again = await runPhpunit(job);
      expect(again.output, again.output).toMatch(/^OK \(5 tests, \d+ assertions\)$/m);

      // A job whose secret is not the one the sandbox holds stops at the registration, saying what differs.
      const refused = await runPhpunit({ ...job, WALLEY_CLIENT_SECRET: 'another-shop-secret' });
      expect(refused.code).not.toBe(0);
      expect(refused.output).toContain(`refused the shop's merchant ${SHOP_SETTINGS.WALLEY_MERCHANT_ID}: `);
      expect(refused.output).toContain(`the secret of API client ${SHOP_SETTINGS.WALLEY_CLIENT_ID} is another`);
      expect(refused.output).not.toContain('AADSTS');

      // The shop's merchant is the sandbox's now, with the store the job named.
      const merchants = (await (await fetch(`${url}/__admin/uat/merchants`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
        merchants: { id: string; stores: { id: string }[] }[];
      };
      expect(merchants.merchants.find((m) => m.id === SHOP_SETTINGS.WALLEY_MERCHANT_ID)?.stores.map((s) => s.id)).toEqual([
        SHOP_SETTINGS.WALLEY_STORE_ID,
      ]);
    },
    60_000,
  );
});
