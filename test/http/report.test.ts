/**
 * The migration report on a scripted mixed workload: one merchant still on the retired host,
 * one on the legacy host, one client on the current API, one client fetching a token per
 * call, and auth failures; JSON, text, and `checkout-sandbox report` against a listener.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sharedKeyHeaderValue } from '../../src/domain/sharedkey-signature.js';
import { main } from '../../src/cli/index.js';
import type { MigrationReport, PrincipalReport } from '../../src/journal/report.js';
import type { Sandbox } from '../../src/index.js';
import { openSandbox } from '../support/sandbox.js';
import { FJORD, NORDIC, signedFetch } from '../support/checkout-requests.js';
import { CREDENTIALS, tokenFor } from '../support/identity.js';

const NOW = '2026-10-01T10:00:00Z';
const NORDIC_CHECKOUT = '0b7d6a52-1f0e-4c1e-9a11-5d2a1c3e4f01';
const FJORD_CLIENT = {
  grant_type: 'client_credentials',
  client_id: '6f1e2d3c-4b5a-4978-8a1b-2c3d4e5f6a02',
  client_secret: 'uat-secret-fjord-books-0002',
  scope: CREDENTIALS.uat.scope,
};

afterEach(() => {
  vi.restoreAllMocks();
});

async function workload(): Promise<Sandbox> {
  const sb = await openSandbox({ now: NOW, frozen: true });
  // Nordic Outdoor (SharedKey) still calls the retired host.
  for (let i = 0; i < 2; i++) await signedFetch(sb, 'retired', 'GET', `/merchants/1234/checkouts/${NORDIC_CHECKOUT}`);
  // Fjord Books (SharedKey) moved to the legacy host.
  await signedFetch(sb, 'legacy', 'GET', `/merchants/2234/checkouts/${NORDIC_CHECKOUT}`, undefined, FJORD);
  // Nordic's API client is on the current API and caches its token.
  const token = await tokenFor(sb, 'uat');
  for (let i = 0; i < 3; i++) await sb.fetch(`/uat/api/checkouts/${NORDIC_CHECKOUT}`, { headers: { authorization: `Bearer ${token}` } });
  // Fjord's API client fetches a token for every call.
  for (let i = 0; i < 3; i++) {
    const fresh = await tokenFor(sb, 'uat', FJORD_CLIENT);
    await sb.fetch('/uat/api/checkouts/00000000-0000-4000-8000-000000000000', { headers: { authorization: `Bearer ${fresh}` } });
  }
  // Auth failures: a wrong shared key on the legacy host; an expired token on the current API.
  const path = `/merchants/1234/checkouts/${NORDIC_CHECKOUT}`;
  await sb.fetch(`/uat/legacy${path}`, { headers: { authorization: sharedKeyHeaderValue(NORDIC.username, 'not-the-key', path, '') } });
  await sb.fetch('/__admin/clock/advance', { method: 'POST', body: JSON.stringify({ duration: 'PT2H' }) });
  await sb.fetch(`/uat/api/checkouts/${NORDIC_CHECKOUT}`, { headers: { authorization: `Bearer ${token}` } });
  return sb;
}

function principal(report: MigrationReport, name: string): PrincipalReport {
  const found = report.principals.find((p) => p.principal === name);
  if (!found) throw new Error(`no ${name} in ${report.principals.map((p) => p.principal).join(', ')}`);
  return found;
}

const codes = (p: PrincipalReport): string[] => p.findings.map((f) => f.code);

describe('the migration report', () => {
  it('names each finding per principal', async () => {
    const sb = await workload();
    const response = await sb.fetch('/__admin/report');
    expect(response.status).toBe(200);
    const report = (await response.json()) as MigrationReport;
    expect(report.retirement).toMatchObject({ shutDown: false, shutdownAt: '2026-10-30T23:00:00.000Z' });

    const retired = principal(report, NORDIC.username);
    expect(retired.retired.calls).toBe(2);
    expect(retired.retired.endpoints).toEqual({ 'GET /merchants/{id}/checkouts/{id}': 2 });
    expect(codes(retired)).toEqual(['retired-host', 'legacy-host', 'auth-failure']);
    expect(retired.findings[0]!.message).toMatch(
      /still go to the retired host .* will fail after the shutdown at 2026-10-30T23:00:00\.000Z/,
    );
    expect(retired.authFailures).toHaveLength(1);
    expect(retired.authFailures[0]).toMatchObject({ auth: 'sharedkey:bad-signature', status: 401 });
    expect(retired.authFailures[0]!.cause).toMatch(/does not match/);

    const legacy = principal(report, FJORD.username);
    expect(codes(legacy)).toEqual(['legacy-host']);
    expect(legacy.legacy.calls).toBe(1);

    const current = principal(report, CREDENTIALS.uat.clientId);
    expect(current.tokens).toEqual({ requested: 1, apiCalls: 3 });
    expect(codes(current)).toEqual(['current-api', 'auth-failure']);
    expect(current.authFailures[0]).toMatchObject({ auth: 'bearer:expired' });
    expect(current.authFailures[0]!.cause).toMatch(/expired/);

    const perCall = principal(report, FJORD_CLIENT.client_id);
    expect(perCall.tokens).toEqual({ requested: 3, apiCalls: 3 });
    expect(codes(perCall)).toContain('token-per-call');
    expect(perCall.findings.find((f) => f.code === 'token-per-call')!.message).toMatch(/cache it/);
  });

  it('says when the retired host already refuses, and prints for a terminal', async () => {
    const sb = await workload();
    await sb.fetch('/__admin/clock', { method: 'PUT', body: JSON.stringify({ now: '2026-11-02T00:00:00Z' }) });
    const text = await (await sb.fetch('/__admin/report?format=text')).text();
    expect(text).toContain('The retired host was shut down at 2026-10-30T23:00:00.000Z');
    expect(text).toMatch(/SharedKey user nordic-outdoor-uat .*\n\s+ERROR\s+2 calls still go to the retired host .* these calls fail now/);
    expect(text).toMatch(
      /API client 6f1e2d3c-4b5a-4978-8a1b-2c3d4e5f6a02[^\n]*\n(\s+[^\n]*\n)*?\s+WARNING requested 3 tokens for 3 API calls/,
    );
    expect(text).toContain('bearer:expired');
    // Each integration's go-live readiness in one line; the items are report --readiness's.
    expect(text).toMatch(
      /API client 6f1e2d3c-4b5a-4978-8a1b-2c3d4e5f6a02[^\n]*\n(\s+[^\n]*\n)*?\s+Go-live readiness: \d+ met, [1-9]\d* not met, \d+ not seen \(item by item: report --readiness\)\./,
    );
    expect((await sb.fetch('/__admin/report?format=xml')).status).toBe(400);
  });

  it('says when each integration was last seen on each host; calls the shut retired host refused count for the user they name', async () => {
    const sb = await workload();
    let report = (await (await sb.fetch('/__admin/report')).json()) as MigrationReport;
    const nordic = principal(report, NORDIC.username);
    expect(nordic.retired.lastSeen).toBe('2026-10-01T10:00:00.000Z');
    expect(nordic.current.lastSeen).toBeNull();
    // Nordic's last call (the wrong key on the legacy host) came before the clock moved two hours; its client's expired token after.
    expect(nordic.lastSeen).toBe('2026-10-01T10:00:00.000Z');
    expect(principal(report, CREDENTIALS.uat.clientId).lastSeen).toBe('2026-10-01T12:00:00.000Z');

    await sb.fetch('/__admin/clock', { method: 'PUT', body: JSON.stringify({ now: '2026-11-02T00:00:00Z' }) });
    await expect(signedFetch(sb, 'retired', 'GET', `/merchants/1234/checkouts/${NORDIC_CHECKOUT}`)).rejects.toThrow();
    report = (await (await sb.fetch('/__admin/report')).json()) as MigrationReport;
    const after = principal(report, NORDIC.username);
    expect(after.retired).toMatchObject({ calls: 3, lastSeen: '2026-11-02T00:00:00.000Z' });
    expect(after.merchantId).toBe('1001');
    expect(after.findings[0]!.message).toMatch(/3 calls still go to the retired host .* these calls fail now/);
    expect(report.principals.map((p) => p.principal)).not.toContain('(no credentials)');
  });

  it('`checkout-sandbox report --url` prints it from a listening sandbox', async () => {
    const sb = await workload();
    const { url } = await sb.listen();
    let out = '';
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      out += chunk.toString();
      return true;
    });
    expect(await main(['report', '--url', url])).toBe(0);
    expect(out).toContain('Migration report at 2026-10-01T12:00:00.000Z');
    expect(out).toContain('still go to the retired host');
    expect(out).toContain('cache it');
    out = '';
    expect(await main(['report', '--url', url, '--json'])).toBe(0);
    expect((JSON.parse(out) as MigrationReport).principals.length).toBeGreaterThanOrEqual(4);
  });

  it('`checkout-sandbox report` says when nothing answers', async () => {
    let err = '';
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      err += chunk.toString();
      return true;
    });
    expect(await main(['report', '--url', 'http://127.0.0.1:1'])).toBe(3);
    expect(await main(['report', '--url', 'http://127.0.0.1:1', '--readiness', '--format', 'junit'])).toBe(3);
    expect(err).toContain('no sandbox answered at http://127.0.0.1:1');
  });
});
