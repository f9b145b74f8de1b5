/**
 * The retired host ({deprecated_base_url}): legacy behaviour with deprecation headers until
 * the shutdown instant on the sandbox clock, then refused (closed connection) or gone (410);
 * brownouts; moving the clock back reopens it; one world behind retired and legacy.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sharedKeyHeaderValue } from '../../src/domain/sharedkey-signature.js';
import { ConnectionRefusedError } from '../../src/http/refuse.js';
import type { Sandbox, SandboxOptions } from '../../src/index.js';
import { openSandbox } from '../support/sandbox.js';
import { SCENARIO_DIR } from '../../src/store/scenario.js';
import { NORDIC, admin, at, initPayload, initializeOldStyle, signedFetch } from '../support/checkout-requests.js';

const BEFORE = '2026-10-30T22:59:00Z';
const SHUTDOWN = '2026-10-30T23:00:00Z';
const AFTER = '2026-10-31T08:00:00Z';

const dir = mkdtempSync(join(tmpdir(), 'retired-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** shutdown-eve with afterShutdown: gone. */
function goneScenario(): string {
  const file = join(dir, 'gone.yaml');
  const yaml = readFileSync(join(SCENARIO_DIR, 'shutdown-eve.yaml'), 'utf8')
    .replace('afterShutdown: refuse', 'afterShutdown: gone')
    .replace('name: shutdown-eve', 'name: shutdown-eve-gone');
  writeFileSync(file, yaml);
  return file;
}

function sandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  return openSandbox({ now: BEFORE, frozen: true, ...options });
}

function signedGet(sb: Sandbox, path: string): Promise<Response> {
  return sb.fetch(`/uat/retired${path}`, { headers: { authorization: sharedKeyHeaderValue(NORDIC.username, NORDIC.key, path, '') } });
}

describe('before the shutdown', () => {
  it('behaves as the legacy host, and every response announces the retirement', async () => {
    const sb = await sandbox();
    const init = await signedFetch(sb, 'retired', 'POST', '/checkout', JSON.stringify(initPayload()));
    expect(init.status).toBe(200);
    const privateId = String(at(init.body, 'data', 'privateId'));

    const responses = [
      init.headers,
      (await signedFetch(sb, 'retired', 'GET', `/merchants/1234/checkouts/${privateId}`)).headers,
      (await sb.fetch('/uat/retired/checkout', { method: 'POST', body: '{}' })).headers, // 401
      (await sb.fetch('/uat/retired/no-such-path')).headers, // 404
    ];
    for (const headers of responses) {
      // RFC 9745: a structured-field date, never after the Sunset; RFC 8594: IMF-fixdate in GMT.
      expect(headers.get('deprecation')).toMatch(/^@\d+$/);
      expect(Number(headers.get('deprecation')!.slice(1))).toBeLessThanOrEqual(Date.parse(SHUTDOWN) / 1000);
      expect(headers.get('sunset')).toBe('Fri, 30 Oct 2026 23:00:00 GMT');
      const link = headers.get('link')!;
      expect(link).toContain(`<${sb.baseUrl('uat', 'api')}>`);
      expect(link).toContain(`<${sb.baseUrl('uat', 'legacy')}>`);
      expect(link).toMatch(/rel="[^"]*\bsunset\b/);
      expect(link).toMatch(/rel="[^"]*\bdeprecation\b/);
      expect(link).toContain('api.uat.walleydev.com');
      expect(link).toContain('api.checkout.uat.walleydev.com');
    }
  });

  it('serves every checkout endpoint in both path styles', async () => {
    const sb = await sandbox();
    const item = { id: 'R', description: 'R', unitPrice: '10.00', quantity: 1, vat: 25 };
    const old = await initializeOldStyle(sb, 'retired');
    const fresh = await signedFetch(sb, 'retired', 'POST', '/checkouts', JSON.stringify(initPayload()));
    const newId = String(at(fresh.body, 'data', 'privateId'));
    const calls: [string, string, unknown][] = [
      ['GET', `/merchants/1234/checkouts/${old.privateId}`, undefined],
      ['PUT', `/merchants/1234/checkouts/${old.privateId}/cart`, { items: [item] }],
      ['PUT', `/merchants/1234/checkouts/${old.privateId}/fees`, { shipping: null }],
      ['PUT', `/merchants/1234/checkouts/${old.privateId}/reference`, { Reference: 'R-1' }],
      ['PUT', `/merchants/1234/checkouts/${old.privateId}/metadata`, { metadata: { a: 1 } }],
      ['POST', `/merchants/1234/checkouts/${old.privateId}/paylink`, { destination: { mobilePhoneNumber: '0701234567' } }],
      ['POST', '/widget', { storeId: 1234 }],
      ['GET', `/checkouts/${newId}`, undefined],
      ['PUT', `/checkouts/${newId}/`, { cart: [item] }],
      ['PUT', `/checkouts/${newId}/cart`, [item]],
      ['PUT', `/checkouts/${newId}/fees`, ''],
      ['PUT', `/checkouts/${newId}/reference`, { Reference: 'R-2' }],
      ['PUT', `/checkouts/${newId}/metadata`, { metadata: null }],
      ['POST', `/checkouts/${newId}/paylink`, { destination: { mobilePhoneNumber: '0701234567' } }],
      ['POST', '/widgets', { storeId: 1234 }],
    ];
    for (const [method, path, body] of calls) {
      const sent = await signedFetch(sb, 'retired', method, path, body === undefined ? undefined : JSON.stringify(body));
      expect([method, path, sent.status, sent.body.error, sent.headers.has('sunset')]).toEqual([method, path, 200, null, true]);
    }
  });

  it('keeps the non-standard 900 status while adding its headers', async () => {
    const sb = await sandbox();
    const { privateId } = await initializeOldStyle(sb, 'retired');
    await admin(sb, `/uat/checkouts/${privateId}/purchase`);
    const sent = await signedFetch(sb, 'retired', 'PUT', `/merchants/1234/checkouts/${privateId}/fees`, '{"shipping":null}');
    expect(sent.status).toBe(900);
    expect(sent.body.error?.errors[0]?.reason).toBe('Purchase_Completed');
    expect(sent.headers.get('sunset')).toBe('Fri, 30 Oct 2026 23:00:00 GMT');
  });

  it("shares one world with the legacy host: a checkout made on either is the other's", async () => {
    const sb = await sandbox();
    const onRetired = await initializeOldStyle(sb, 'retired');
    const seenOnLegacy = await signedFetch(sb, 'legacy', 'GET', `/merchants/1234/checkouts/${onRetired.privateId}`);
    expect(seenOnLegacy.status).toBe(200);
    expect(seenOnLegacy.headers.get('sunset')).toBeNull();

    const onLegacy = await initializeOldStyle(sb, 'legacy');
    await signedFetch(sb, 'legacy', 'PUT', `/checkouts/${onLegacy.privateId}/reference`, '{"Reference":"L-1"}');
    const seenOnRetired = await signedFetch(sb, 'retired', 'GET', `/checkouts/${onLegacy.privateId}`);
    expect(at(seenOnRetired.body, 'data', 'reference')).toBe('L-1');
  });
});

describe('after the shutdown (afterShutdown: refuse)', () => {
  it('closes the connection: in-process fetch rejects like a vanished host', async () => {
    const sb = await sandbox({ now: SHUTDOWN });
    const { privateId } = await initializeOldStyle(sb, 'legacy');
    await expect(signedGet(sb, `/merchants/1234/checkouts/${privateId}`)).rejects.toBeInstanceOf(ConnectionRefusedError);
    await expect(sb.fetch('/uat/retired/anything')).rejects.toThrow('fetch failed');
    // The legacy host and the same checkout are still there.
    expect((await signedFetch(sb, 'legacy', 'GET', `/merchants/1234/checkouts/${privateId}`)).status).toBe(200);
  });

  it('closes the socket with no answer over a real connection', async () => {
    const sb = await sandbox({ now: AFTER, port: 0 });
    const { url } = await sb.listen();
    await expect(fetch(`${url}/uat/retired/merchants/1234/checkouts/x`)).rejects.toThrow();
    expect((await fetch(`${url}/uat/legacy/merchants/1234/checkouts/x`)).status).toBe(401);
  });

  it('reopens when the clock is moved back before the shutdown', async () => {
    const sb = await sandbox({ now: AFTER });
    const path = '/merchants/1234/checkouts/0b7d6a52-1f0e-4c1e-9a11-5d2a1c3e4f01';
    await expect(signedGet(sb, path)).rejects.toThrow();
    sb.clock.set({ now: BEFORE });
    expect((await signedGet(sb, path)).status).toBe(200);
    // …and shuts again as the clock passes the instant.
    sb.clock.advance(60_000);
    await expect(signedGet(sb, path)).rejects.toThrow();
  });

  it('is driven by the admin clock, as a merchant would move it', async () => {
    const sb = await sandbox();
    const path = '/merchants/1234/checkouts/0b7d6a52-1f0e-4c1e-9a11-5d2a1c3e4f01';
    expect((await signedGet(sb, path)).status).toBe(200);
    expect((await admin(sb, '/clock/advance', { seconds: 60 })).status).toBe(200);
    await expect(signedGet(sb, path)).rejects.toThrow();
  });
});

describe('after the shutdown (afterShutdown: gone)', () => {
  it('answers 410 in the envelope naming both migration options and their hosts', async () => {
    const sb = await sandbox({ scenario: goneScenario(), now: AFTER });
    const response = await signedGet(sb, '/merchants/1234/checkouts/0b7d6a52-1f0e-4c1e-9a11-5d2a1c3e4f01');
    expect(response.status).toBe(410);
    const body = (await response.json()) as { data: null; error: { code: number; message: string; errors: { reason: string }[] } };
    expect(body.data).toBeNull();
    expect(body.error.code).toBe(410);
    expect(body.error.errors[0]!.reason).toBe('Host_Retired');
    for (const fragment of [
      sb.baseUrl('uat', 'api'),
      'api.uat.walleydev.com',
      sb.baseUrl('uat', 'legacy'),
      'api.checkout.uat.walleydev.com',
      'bearer',
      'SharedKey',
    ]) {
      expect(body.error.message).toContain(fragment);
    }
    expect(response.headers.get('sunset')).toBe('Fri, 30 Oct 2026 23:00:00 GMT');
  });
});

describe('brownouts', () => {
  it('shut the host for their window only (shutdown-eve has one from 18:00 to 18:15 UTC)', async () => {
    const sb = await sandbox({ scenario: 'shutdown-eve', now: '2026-10-30T18:05:00Z' });
    const path = '/merchants/1234/checkouts/0b7d6a52-1f0e-4c1e-9a11-5d2a1c3e4f01';
    await expect(signedGet(sb, path)).rejects.toBeInstanceOf(ConnectionRefusedError);
    sb.clock.set({ now: '2026-10-30T18:15:00Z' });
    expect((await signedGet(sb, path)).status).toBe(200);
  });

  it('answer 410 with Retry-After until the window ends when afterShutdown is gone', async () => {
    const sb = await sandbox({ scenario: goneScenario(), now: '2026-10-30T18:10:00Z' });
    const response = await signedGet(sb, '/merchants/1234/checkouts/0b7d6a52-1f0e-4c1e-9a11-5d2a1c3e4f01');
    expect(response.status).toBe(410);
    expect(response.headers.get('retry-after')).toBe('300');
    expect(await response.text()).toContain('brownout');
  });
});

describe('scenarios', () => {
  it('shutdown-eve starts a ticking clock one minute before the shutdown', async () => {
    const sb = await openSandbox({ scenario: 'shutdown-eve' });
    expect(sb.clock.isFrozen()).toBe(false);
    // Seeded at 22:59:00 and ticking; a test lasts far less than the minute left (the test timeout is 20 s).
    expect(sb.clock.nowMs()).toBeGreaterThanOrEqual(Date.parse(BEFORE));
    expect(sb.clock.nowMs()).toBeLessThan(Date.parse(SHUTDOWN));
    expect((await signedGet(sb, '/merchants/1234/checkouts/0b7d6a52-1f0e-4c1e-9a11-5d2a1c3e4f01')).status).toBe(200);
  });

  it('post-shutdown refuses the retired host while legacy serves the same seeded checkout', async () => {
    const sb = await openSandbox({ scenario: 'post-shutdown' });
    const path = '/merchants/1234/checkouts/0b7d6a52-1f0e-4c1e-9a11-5d2a1c3e4f01';
    await expect(signedGet(sb, path)).rejects.toThrow('fetch failed');
    const legacy = await signedFetch(sb, 'legacy', 'GET', path);
    expect(legacy.status).toBe(200);
    expect(at(legacy.body, 'data', 'cart', 'totalAmount')).toBe(2499);
  });
});
