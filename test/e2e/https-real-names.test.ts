/**
 * docs/php-and-woocommerce.md's HTTPS recipe, step by step, in a network namespace of this
 * test's own (`ip netns add`): the sandbox serves HTTPS on 443 there, configured by environment
 * variables alone and making its certificates at start; the namespace's own hosts file
 * (/etc/netns/NAME/hosts, which `ip netns exec` puts over /etc/hosts) sends the real names to
 * it; the job fetches the CA from GET /__admin/tls/ca.crt; and unchanged clients call
 * https://api.uat.walleydev.com: Node with NODE_EXTRA_CA_CERTS, and the PHPUnit example with
 * curl.cainfo and no base URL set. Nothing leaves the namespace's loopback. Skipped, saying
 * why, where the machine cannot make a namespace (not root, no `ip`, no CAP_SYS_ADMIN).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOP_SETTINGS, phpMissing, runPhpunit } from '../support/php.js';
import { MAIN, type Spawned, startCommand } from '../support/spawn.js';

const NAMESPACE = `csb-https-${process.pid}`;
const NETNS_DIR = `/etc/netns/${NAMESPACE}`;
const UAT_TENANT = 'b5e2c8a1-4f3d-4e6b-9a72-1d8c3f5e7a90';

/** Why no namespace can be made here, or null once this test's own is made (with its loopback up). */
function makeNamespace(): string | null {
  const add = spawnSync('ip', ['netns', 'add', NAMESPACE]);
  if (add.error) return '`ip` (iproute2) is not installed';
  if (add.status !== 0)
    return `this machine cannot make a network namespace (${add.stderr.toString().trim() || `ip netns add exited ${add.status}`})`;
  const up = spawnSync('ip', ['netns', 'exec', NAMESPACE, 'ip', 'link', 'set', 'lo', 'up']);
  if (up.status !== 0) return `the namespace's loopback does not come up (${up.stderr.toString().trim()})`;
  return null;
}

const cannot = makeNamespace();
const via = ['ip', 'netns', 'exec', NAMESPACE];
const inside = (args: string[], env: NodeJS.ProcessEnv = {}) =>
  spawnSync(via[0]!, [...via.slice(1), ...args], { env: { ...process.env, ...env }, encoding: 'utf8' });

describe(`HTTPS on the real names in a namespace of its own${cannot ? ` (skipped: ${cannot})` : ''}`, () => {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-netns-'));
  const ca = join(dir, 'ca.crt');
  let sandbox: Spawned | undefined;

  beforeAll(async () => {
    if (cannot) return;
    // 1. The names resolve to the sandbox: the lines `checkout-sandbox hosts` prints, in the namespace's hosts file.
    mkdirSync(NETNS_DIR, { recursive: true });
    const hosts = execFileSync(process.execPath, [MAIN, 'hosts'], { encoding: 'utf8' });
    writeFileSync(join(NETNS_DIR, 'hosts'), `127.0.0.1 localhost\n${hosts}`);
    // 2. The sandbox, as a service container starts it: variables only, no certificates yet, HTTPS on 443.
    sandbox = await startCommand([], ['--memory'], { SANDBOX_TLS: '1', SANDBOX_TLS_PORT: '443', SANDBOX_TLS_DIR: join(dir, 'tls') }, via);
  }, 60_000);

  afterAll(async () => {
    await sandbox?.stop();
    if (!cannot) spawnSync('ip', ['netns', 'del', NAMESPACE]);
    rmSync(NETNS_DIR, { recursive: true, force: true });
    rmSync(dir, { recursive: true, force: true });
  });

  it.skipIf(cannot !== null)('made its certificates at start and serves HTTPS on 443', () => {
    expect(sandbox?.output()).toMatch(/https: {4}port 443: https:\/\/api\.uat\.walleydev\.com and every real host name/);
    expect(sandbox?.output()).toContain('(made at this start in');
  });

  it.skipIf(cannot !== null)('gives the job its CA at /__admin/tls/ca.crt, and an unchanged Node client gets through with it only', () => {
    // 3. The job fetches the CA from the sandbox (no token needed, no file shared with the container).
    const fetched = inside([
      process.execPath,
      '-e',
      `fetch(process.argv[1]).then(async (r) => { if (r.status !== 200) process.exit(1); require('fs').writeFileSync(process.argv[2], await r.text()); })`,
      `${sandbox!.url}/__admin/tls/ca.crt`,
      ca,
    ]);
    expect(fetched.status, fetched.stderr).toBe(0);
    // 4. The client, unchanged: the real URL, resolved by the hosts file, trusted by the CA alone.
    const client = `fetch('https://api.uat.walleydev.com/${UAT_TENANT}/v2.0/.well-known/openid-configuration').then(async (r) => console.log(r.status, (await r.json()).token_endpoint), (e) => console.log('failed', e.cause?.code ?? e.message))`;
    const trusted = inside([process.execPath, '-e', client], { NODE_EXTRA_CA_CERTS: ca });
    expect(trusted.stdout.trim()).toMatch(/^200 /);
    const untrusted = inside([process.execPath, '-e', client], { NODE_EXTRA_CA_CERTS: '' });
    expect(untrusted.stdout.trim()).toMatch(
      /^failed (UNABLE_TO_VERIFY_LEAF_SIGNATURE|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_GET_ISSUER_CERT_LOCALLY)$/,
    );
  });

  const php = phpMissing();
  it.skipIf(cannot !== null || php !== null)(
    `runs the PHPUnit example unchanged on https://api.uat.walleydev.com, trusting the CA in PHP's cURL${php ? ` (skipped: ${php})` : ''}`,
    async () => {
      // No WALLEY_AUTH_URL, WALLEY_BASE_URL or WALLEY_LEGACY_URL: the clients' own defaults, the real UAT hosts.
      const run = await runPhpunit({ ...SHOP_SETTINGS, SANDBOX_URL: sandbox!.url }, via, ['-d', `curl.cainfo=${ca}`]);
      expect(run.output, run.output).toMatch(/^OK \(5 tests, \d+ assertions\)$/m);
      expect(run.code, run.output).toBe(0);
    },
    60_000,
  );
});
