/**
 * Go-live readiness in the report: two shops against one sandbox, one following every item and
 * one breaking each, told apart item by item, with evidence that points at the entries that show it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MigrationReport, PrincipalReport } from '../../src/control/report.js';
import { READINESS_ITEMS } from '../../src/domain/readiness/readiness.js';
import { type Sandbox, createSandbox } from '../../src/sandbox.js';
import { Receiver } from '../support/receiver.js';
import { BAD_CLIENT, GOOD_CLIENT, driveBothShops } from '../support/readiness-shops.js';

let sb: Sandbox;
let shop: Receiver;
beforeEach(async () => {
  sb = await createSandbox({ logLevel: 'silent', now: '2026-10-01T10:00:00Z', frozen: true });
  shop = new Receiver();
  await shop.start();
});
afterEach(async () => {
  await sb.close();
  await shop.stop();
});

function principal(report: MigrationReport, name: string): PrincipalReport {
  const found = report.principals.find((p) => p.principal === name);
  if (!found) throw new Error(`no ${name} in ${report.principals.map((p) => p.principal).join(', ')}`);
  return found;
}

const statuses = (p: PrincipalReport): Record<string, string> => Object.fromEntries(p.readiness.map((item) => [item.id, item.status]));

describe('go-live readiness', () => {
  it('tells the shop that follows every item from the one that breaks each', async () => {
    await driveBothShops(sb, shop);
    const response = await sb.fetch('/__admin/report');
    expect(response.status).toBe(200);
    const report = (await response.json()) as MigrationReport;
    const ids = READINESS_ITEMS.map((item) => item.id);

    const good = principal(report, GOOD_CLIENT);
    expect(good.readiness.map((item) => item.id)).toEqual(ids);
    expect(statuses(good)).toEqual(Object.fromEntries(ids.map((id) => [id, 'met'])));
    const bad = principal(report, BAD_CLIENT);
    expect(statuses(bad)).toEqual(Object.fromEntries(ids.map((id) => [id, 'not-met'])));
    for (const item of [...good.readiness, ...bad.readiness]) {
      expect(item.evidence.length, item.id).toBeGreaterThan(0);
      expect(item.source).toMatch(/^https:\/\/(dev\.walleypay\.com|payments\.collectorbank\.se)\//);
      expect(item.title).toMatch(/\.$/);
    }
    expect(report.leftToTheShop.map((left) => left.title).join(' ')).toMatch(/terms of purchase/);
    expect(report.window).toMatchObject({ full: false, oldestId: 1 });
  });

  it("points each failing item's evidence at the entries that show it", async () => {
    await driveBothShops(sb, shop);
    const bad = principal((await (await sb.fetch('/__admin/report')).json()) as MigrationReport, BAD_CLIENT);
    const entry = async (id: number): Promise<Record<string, unknown>> => (await (await sb.fetch(`/__admin/requests/${id}`)).json()) as Record<string, unknown>;
    const evidence = async (id: string): Promise<Record<string, unknown>[]> => Promise.all(bad.readiness.find((item) => item.id === id)!.evidence.map(entry));
    const line = (e: Record<string, unknown>): string => `${String(e.method)} ${String(e.surface)} ${String(e.path)} ${String(e.status)} ${String(e.kind ?? e.auth)}`;
    const lines = async (id: string): Promise<string[]> => (await evidence(id)).map(line);

    // The two initializations of order bad-1.
    expect(await lines('reuse-public-token')).toEqual([expect.stringMatching(/^POST api \/checkouts 200/), expect.stringMatching(/^POST api \/checkouts 200/)]);
    // The notification, then the shop's next call (a new checkout), no read between.
    expect(await lines('get-after-notification')).toEqual([expect.stringMatching(/^GET merchant \/bad\/notify 200 notification/), expect.stringMatching(/^POST api \/checkouts 200/)]);
    // The unchanged cart, cart and fees together, the three fast reads.
    expect(await lines('necessary-requests')).toEqual([
      expect.stringMatching(/^PUT api \/checkouts\/[^/]+\/cart 200/),
      expect.stringMatching(/^PUT api \/checkouts\/[^/]+ 200/),
      ...Array(3).fill(expect.stringMatching(/^GET api \/checkouts\/[^/]+ 200/)),
    ]);
    // The purchase, then the next checkout instead of a confirmation page.
    expect(await lines('confirmation-iframe')).toEqual([expect.stringMatching(/^POST admin .*\/purchase 200/), expect.stringMatching(/^POST api \/checkouts 200/)]);
    expect(await lines('validation-answer')).toEqual([expect.stringMatching(/^POST merchant \/bad\/validate 400 validation/)]);
    expect((await lines('token-reuse')).every((l) => /^POST (auth|api) \/oauth2\/v2\.0\/token 200 token:ok/.test(l))).toBe(true);
    expect(await lines('current-api')).toEqual([expect.stringMatching(/^GET legacy \/merchants\/2234\/checkouts\/[^/]+ 200 sharedkey:ok/)]);
    expect(await lines('recovers-expired-token')).toEqual([expect.stringMatching(/^GET api \/checkouts\/[^/]+ 401 bearer:expired/), expect.stringMatching(/^GET api \/checkouts\/[^/]+ 401 bearer:expired/)]);
    expect(await lines('stops-after-completion')).toEqual([expect.stringMatching(/^PUT api \/checkouts\/[^/]+\/cart 900/), expect.stringMatching(/^PUT api \/checkouts\/[^/]+\/fees 900/)]);
    // The 423 and every resend within the second after it (the 900 one included, when the test runs fast).
    const locked = await lines('retries-locked');
    expect(locked.slice(0, 5)).toEqual(Array(5).fill(expect.stringMatching(/^PUT api \/checkouts\/[^/]+\/cart 423/)));
    expect(locked.every((l) => /^PUT api \/checkouts\/[^/]+\/cart (423|900)/.test(l))).toBe(true);
  });

  it('says not seen, with how to exercise it, before the traffic can tell', async () => {
    await sb.fetch('/uat/api/checkouts/00000000-0000-4000-8000-000000000000', { headers: { authorization: `Bearer ${await (await import('../support/identity.js')).tokenFor(sb, 'uat')}` } });
    const report = await sb.report();
    const good = principal(report, GOOD_CLIENT);
    expect(statuses(good)['reuse-public-token']).toBe('not-seen');
    expect(statuses(good)['current-api']).toBe('met');
    const locked = good.readiness.find((item) => item.id === 'retries-locked')!;
    expect(locked).toMatchObject({ status: 'not-seen', evidence: [] });
    expect(locked.advice).toMatch(/POST \/__admin\/faults/);
    expect(good.readiness.find((item) => item.id === 'recovers-expired-token')!.advice).toMatch(/clock/);
  });

  it('reads only what the ring still holds, and says so', async () => {
    const small = await createSandbox({ logLevel: 'silent', now: '2026-10-01T10:00:00Z', frozen: true, journalSize: 12 });
    try {
      await driveBothShops(small, shop);
      const report = await small.report();
      expect(report.window).toMatchObject({ held: 12, size: 12, full: true });
      const oldest = report.window.oldestId!;
      expect(oldest).toBeGreaterThan(1);
      for (const p of report.principals) {
        for (const item of p.readiness) {
          expect(item.detail).toContain(`from #${oldest}`);
          for (const id of item.evidence) expect(id).toBeGreaterThanOrEqual(oldest);
        }
      }
      // The good shop's early calls are gone: what they showed is not seen any more.
      const good = principal(report, GOOD_CLIENT);
      expect(statuses(good)['reuse-public-token']).toBe('not-seen');
    } finally {
      await small.close();
    }
  });
});
