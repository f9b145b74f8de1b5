/**
 * HTTPS drop-in: `tls` makes a CA and host certificates, `hosts` prints /etc/hosts lines, and
 * `--tls` serves the real host names so that an unmodified client (base URL hard-wired to
 * https://api.uat.walleydev.com) works with only the CA trusted and the names resolved here.
 * /etc/hosts is simulated: a custom lookup for Node, --resolve for curl.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emulatedHostNames, loadHosts } from '../../src/hosts.js';
import { type Spawned, runCli, startSandbox } from '../support/spawn.js';

const dir = mkdtempSync(join(tmpdir(), 'sandbox-tls-'));
const tlsDir = join(dir, 'tls');
const NAMES = [
  'api.uat.walleydev.com',
  'api.checkout.uat.walleydev.com',
  'checkout-api-uat.collector.se',
  'api.walleypay.com',
  'api.checkout.walleypay.com',
  'checkout-api.collector.se',
  // The customer's page under its old names: a bookmarked or embedded URL still reaches it over HTTPS.
  'checkout-uat.collector.se',
  'checkout.collector.se',
];
const UAT_TENANT = 'b5e2c8a1-4f3d-4e6b-9a72-1d8c3f5e7a90';

let sandbox: Spawned | undefined;
let tlsPort = 0;
afterAll(async () => {
  await sandbox?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** A client in its own process: trusts the CA only through NODE_EXTRA_CA_CERTS, resolves every name to 127.0.0.1. */
const CLIENT = `
const https = require('node:https');
const [url] = process.argv.slice(1);
const lookup = (host, options, callback) =>
  options && options.all ? callback(null, [{ address: '127.0.0.1', family: 4 }]) : callback(null, '127.0.0.1', 4);
https.get(url, { lookup }, (res) => {
  let body = '';
  res.on('data', (d) => (body += d)).on('end', () => console.log(JSON.stringify({ status: res.statusCode, body })));
}).on('error', (e) => console.log(JSON.stringify({ error: e.code || e.message })));
`;

function nodeClient(url: string, extraCa?: string): Promise<{ status?: number; body?: string; error?: string }> {
  return new Promise((resolve) => {
    const env = { ...process.env };
    delete env.NODE_EXTRA_CA_CERTS;
    if (extraCa) env.NODE_EXTRA_CA_CERTS = extraCa;
    const child = spawn(process.execPath, ['-e', CLIENT, url], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('exit', () =>
      resolve(JSON.parse(out.trim() || '{"error":"no output"}') as { status?: number; body?: string; error?: string }),
    );
  });
}

describe('checkout-sandbox tls', () => {
  it('writes a CA and one certificate per real host name, signed by it', async () => {
    const { code, output } = await runCli(['tls', '--dir', tlsDir]);
    expect(code).toBe(0);
    // The count it reports is what is on disk.
    const hostNames = emulatedHostNames(loadHosts());
    expect(hostNames).toHaveLength(10); // the API, legacy, retired and frontend hosts of UAT and PROD, and the frontend's old names
    const written = readdirSync(tlsDir);
    expect(written).toHaveLength(2 + 2 * hostNames.length);
    expect(output).toContain(
      `created ${written.length} files in ${tlsDir}: the CA (ca.crt, ca.key) and a certificate and key for each of the 10 real host names`,
    );
    expect(output).toContain(`NODE_EXTRA_CA_CERTS=${join(tlsDir, 'ca.crt')}`);

    const ca = new X509Certificate(readFileSync(join(tlsDir, 'ca.crt')));
    expect(ca.ca).toBe(true);
    for (const name of NAMES) {
      const cert = new X509Certificate(readFileSync(join(tlsDir, `${name}.crt`)));
      expect(cert.subjectAltName).toBe(`DNS:${name}`);
      expect(cert.checkHost(name)).toBe(name);
      expect(cert.checkIssued(ca)).toBe(true);
      expect(cert.verify(ca.publicKey)).toBe(true);
      expect(existsSync(join(tlsDir, `${name}.key`))).toBe(true);
    }
  }, 60_000);

  it('keeps what exists on a second run', async () => {
    const before = readFileSync(join(tlsDir, 'ca.crt'), 'utf8');
    const { code, output } = await runCli(['tls', '--dir', tlsDir]);
    expect(code).toBe(0);
    expect(output).toContain('nothing to do');
    expect(readFileSync(join(tlsDir, 'ca.crt'), 'utf8')).toBe(before);
  });
});

describe('checkout-sandbox hosts', () => {
  it('prints an /etc/hosts line for every real host name', async () => {
    const { code, output } = await runCli(['hosts']);
    expect(code).toBe(0);
    for (const name of NAMES) expect(output).toContain(`127.0.0.1 ${name}\n`);
    const docker = await runCli(['hosts', '--address', '172.17.0.2']);
    expect(docker.output).toContain('172.17.0.2 api.checkout.uat.walleydev.com\n');
    const bad = await runCli(['hosts', '--address', 'sandbox']);
    expect(bad.code).toBe(2);
    expect(bad.output).toContain("--address: 'sandbox' is not an IP address");
  });
});

describe('--tls', () => {
  beforeAll(async () => {
    if (!existsSync(join(tlsDir, 'ca.crt'))) execFileSync('npm', ['start', '--silent', '--', 'tls', '--dir', tlsDir]);
    sandbox = await startSandbox(['--memory', '--tls', '--tls-port', '0', '--tls-dir', tlsDir, '--now', '2026-06-01T00:00:00Z']);
    tlsPort = Number(/https: {4}port (\d+)/.exec(sandbox.output())?.[1]);
  }, 60_000);

  it('reports the HTTPS port in the banner and in /__admin/hosts', async () => {
    expect(tlsPort).toBeGreaterThan(0);
    expect(sandbox?.output()).toContain(`trust the CA: ${tlsDir}/ca.crt, or GET ${sandbox?.url}/__admin/tls/ca.crt`);
    const hosts = (await (await fetch(`${sandbox?.url}/__admin/hosts`)).json()) as {
      hosts: { env: string; surface: string; httpsUrl: string }[];
    };
    expect(hosts.hosts.find((h) => h.env === 'uat' && h.surface === 'legacy')?.httpsUrl).toBe(
      `https://api.checkout.uat.walleydev.com:${tlsPort}`,
    );
  });

  it('serves a Node client that trusts the CA through NODE_EXTRA_CA_CERTS, by SNI and Host', async () => {
    const ca = join(tlsDir, 'ca.crt');
    const discovery = await nodeClient(`https://api.uat.walleydev.com:${tlsPort}/${UAT_TENANT}/v2.0/.well-known/openid-configuration`, ca);
    expect(discovery.status).toBe(200);
    expect(JSON.parse(discovery.body ?? '{}')).toMatchObject({ issuer: `https://login.microsoftonline.com/${UAT_TENANT}/v2.0` });

    // Another name on the same port: its own certificate, its own surface (PROD legacy).
    const legacy = await nodeClient(`https://api.checkout.walleypay.com:${tlsPort}/no-such-path`, ca);
    expect(legacy.status).toBe(404);
    expect(legacy.body).toContain('/no-such-path');
    expect(legacy.body?.toLowerCase()).toContain('prod');
  });

  it('is refused by a client that does not trust the CA', async () => {
    const result = await nodeClient(`https://api.uat.walleydev.com:${tlsPort}/${UAT_TENANT}/v2.0/.well-known/openid-configuration`);
    expect(result.error).toMatch(/CERT|SIGNATURE|ISSUER/);
  });

  it.runIf(spawnSync('curl', ['--version']).status === 0)('serves curl with --cacert and --resolve', () => {
    const out = execFileSync('curl', [
      '-s',
      '-w',
      '\n%{http_code}',
      '--cacert',
      join(tlsDir, 'ca.crt'),
      '--resolve',
      `checkout-api-uat.collector.se:${tlsPort}:127.0.0.1`,
      `https://checkout-api-uat.collector.se:${tlsPort}/no-such-path`,
    ]).toString();
    const [body, status] = [out.slice(0, out.lastIndexOf('\n')), out.slice(out.lastIndexOf('\n') + 1)];
    expect(status).toBe('404');
    expect(body).toContain('/no-such-path');
  });

  it('serves its CA at /__admin/tls/ca.crt, without the admin token', async () => {
    const response = await fetch(`${sandbox?.url}/__admin/tls/ca.crt`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/x-pem-file');
    expect(await response.text()).toBe(readFileSync(join(tlsDir, 'ca.crt'), 'utf8'));
  });
});

describe('HTTPS configured by environment variables alone, with no certificates yet', () => {
  const empty = join(dir, 'made-at-start');
  const token = 'tls-env-admin-token';
  let started: Spawned | undefined;
  let port = 0;
  beforeAll(async () => {
    // As a CI service container is started: variables, no flags, no `tls` step before it.
    started = await startSandbox(['--memory'], {
      SANDBOX_TLS: '1',
      SANDBOX_TLS_PORT: '0',
      SANDBOX_TLS_DIR: empty,
      SANDBOX_ADMIN_TOKEN: token,
    });
    port = Number(/https: {4}port (\d+)/.exec(started.output())?.[1]);
  }, 60_000);
  afterAll(async () => {
    await started?.stop();
  });

  it('makes the CA and host certificates at start and says so', () => {
    expect(port).toBeGreaterThan(0);
    expect(started?.output()).toContain(`(made at this start in ${empty}/)`);
    for (const name of [...emulatedHostNames(loadHosts()), 'ca']) expect(existsSync(join(empty, `${name}.crt`))).toBe(true);
  });

  it('serves the CA it made to a job that has no token, and a client trusting it gets through', async () => {
    const response = await fetch(`${started?.url}/__admin/tls/ca.crt`);
    expect(response.status).toBe(200);
    const pem = await response.text();
    expect(new X509Certificate(pem).ca).toBe(true);
    const caFile = join(dir, 'fetched-ca.crt');
    writeFileSync(caFile, pem);
    const discovery = await nodeClient(`https://api.uat.walleydev.com:${port}/${UAT_TENANT}/v2.0/.well-known/openid-configuration`, caFile);
    expect(discovery.status).toBe(200);
    // The rest of /__admin still needs the token.
    expect((await fetch(`${started?.url}/__admin/hosts`)).status).toBe(401);
  });

  it('answers 404 at /__admin/tls/ca.crt on a sandbox without HTTPS', async () => {
    const plain = await startSandbox(['--memory']);
    try {
      const response = await fetch(`${plain.url}/__admin/tls/ca.crt`);
      expect(response.status).toBe(404);
      expect(((await response.json()) as { error: { message: string } }).error.message).toContain('SANDBOX_TLS=1');
    } finally {
      await plain.stop();
    }
  });
});
