/**
 * Go-live readiness in the report: two shops against one sandbox, one following every item and
 * one breaking each, told apart item by item, with evidence that points at the entries that show it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { main } from '../../src/cli/index.js';
import type { MigrationReport, PrincipalReport } from '../../src/journal/report.js';
import { READINESS_ITEMS } from '../../src/domain/readiness/readiness.js';

const ITEMS = READINESS_ITEMS.length;
import { openSandbox, useSandbox } from '../support/sandbox.js';
import { useReceiver } from '../support/receiver.js';
import { BAD_CLIENT, GOOD_CLIENT, driveBothShops } from '../support/readiness-shops.js';
import { FJORD } from '../support/checkout-requests.js';

const sb = useSandbox({ now: '2026-10-01T10:00:00Z', frozen: true });
const shop = useReceiver();
afterEach(() => {
  vi.restoreAllMocks();
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
    expect(statuses(bad)).toEqual(Object.fromEntries(ids.map((id) => [id, id === 'current-api' ? 'met' : 'not-met'])));
    // The legacy call is its SharedKey user's: that integration fails current-api, not the API client.
    expect(statuses(principal(report, FJORD.username))['current-api']).toBe('not-met');
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
    const entry = async (id: number): Promise<Record<string, unknown>> =>
      (await (await sb.fetch(`/__admin/requests/${id}`)).json()) as Record<string, unknown>;
    const evidence = async (id: string): Promise<Record<string, unknown>[]> =>
      Promise.all(bad.readiness.find((item) => item.id === id)!.evidence.map(entry));
    const line = (e: Record<string, unknown>): string =>
      `${String(e.method)} ${String(e.surface)} ${String(e.path)} ${String(e.status)} ${String(e.kind ?? e.auth)}`;
    const lines = async (id: string): Promise<string[]> => (await evidence(id)).map(line);

    // The two initializations of order bad-1.
    expect(await lines('reuse-public-token')).toEqual([
      expect.stringMatching(/^POST api \/checkouts 200/),
      expect.stringMatching(/^POST api \/checkouts 200/),
    ]);
    // The notification, then the shop's next write on that checkout, no read between (the next customer's checkout is no evidence).
    expect(await lines('get-after-notification')).toEqual([
      expect.stringMatching(/^GET merchant \/bad\/notify 200 notification/),
      expect.stringMatching(/^PUT api \/checkouts\/[^/]+\/cart 900/),
    ]);
    // The unchanged cart, cart and fees together, the three fast reads.
    expect(await lines('necessary-requests')).toEqual([
      expect.stringMatching(/^PUT api \/checkouts\/[^/]+\/cart 200/),
      expect.stringMatching(/^PUT api \/checkouts\/[^/]+ 200/),
      ...Array(3).fill(expect.stringMatching(/^GET api \/checkouts\/[^/]+ 200/)),
    ]);
    // The purchase, then the clock move that shows an hour passed with no confirmation page.
    expect(await lines('confirmation-iframe')).toEqual([
      expect.stringMatching(/^POST admin .*\/purchase 200/),
      expect.stringMatching(/^POST admin \/__admin\/clock\/advance 200/),
    ]);
    expect(await lines('validation-answer')).toEqual([expect.stringMatching(/^POST merchant \/bad\/validate 500 validation/)]);
    expect((await lines('token-reuse')).every((l) => /^POST (auth|api) \/oauth2\/v2\.0\/token 200 token:ok/.test(l))).toBe(true);
    expect(await lines('recovers-expired-token')).toEqual([
      expect.stringMatching(/^GET api \/checkouts\/[^/]+ 401 bearer:expired/),
      expect.stringMatching(/^GET api \/checkouts\/[^/]+ 401 bearer:expired/),
    ]);
    expect(await lines('stops-after-completion')).toEqual([
      expect.stringMatching(/^PUT api \/checkouts\/[^/]+\/cart 900/),
      expect.stringMatching(/^PUT api \/checkouts\/[^/]+\/fees 900/),
    ]);
    // Every attempt of the notification answered 500: the first and the retries due in the two hours.
    const unanswered = await lines('notification-answered');
    expect(unanswered.length).toBeGreaterThanOrEqual(3);
    expect(unanswered.every((l) => /^GET merchant \/bad\/notify-500 500 notification$/.test(l))).toBe(true);
    expect(await lines('within-what-is-left')).toEqual([expect.stringMatching(/^POST api \/manage\/orders\/[^/]+\/capture 422/)]);
    expect(await lines('widget-token-reuse')).toEqual(Array(2).fill(expect.stringMatching(/^POST api \/widgets 200/)));
    expect(await lines('terms-https')).toEqual([expect.stringMatching(/^POST api \/checkouts 200/)]);
    const calls = bad.readiness.find((item) => item.id === 'within-what-is-left')!.calls;
    expect(calls).toEqual([
      {
        id: expect.any(Number),
        direction: 'in',
        method: 'POST',
        path: expect.stringMatching(/capture$/),
        status: 422,
        concerns: expect.stringMatching(/^order /),
      },
    ]);
    // The 423 and the four resends into the lock.
    expect(await lines('retries-locked')).toEqual(Array(5).fill(expect.stringMatching(/^PUT api \/checkouts\/[^/]+\/cart 423/)));
  });

  it('says not seen, with how to exercise it, before the traffic can tell', async () => {
    await sb.fetch('/uat/api/checkouts/00000000-0000-4000-8000-000000000000', {
      headers: { authorization: `Bearer ${await (await import('../support/identity.js')).tokenFor(sb, 'uat')}` },
    });
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
    const small = await openSandbox({ now: '2026-10-01T10:00:00Z', frozen: true, journalSize: 12 });
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

  describe('`checkout-sandbox report --readiness`', () => {
    /** Runs the CLI in process; what it printed, and its exit code. */
    async function cli(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
      let out = '';
      let err = '';
      const stdout = vi
        .spyOn(process.stdout, 'write')
        .mockImplementation((chunk: string | Uint8Array) => ((out += chunk.toString()), true));
      const stderr = vi
        .spyOn(process.stderr, 'write')
        .mockImplementation((chunk: string | Uint8Array) => ((err += chunk.toString()), true));
      try {
        return { code: await main(['report', ...argv]), out, err };
      } finally {
        stdout.mockRestore();
        stderr.mockRestore();
      }
    }

    it('exits 0 for the shop that follows every item and 1 for the one that breaks them; JUnit tells them apart per item', async () => {
      await driveBothShops(sb, shop);
      const { url } = await sb.listen();

      const good = await cli('--url', url, '--readiness', '--principal', GOOD_CLIENT);
      expect(good.code).toBe(0);
      expect(good.out).toContain(`API client ${GOOD_CLIENT} (merchant 1001) [UAT]`);
      expect(good.out).toContain(`${ITEMS} met, 0 not met, 0 not seen.`);
      expect(good.out).not.toContain(BAD_CLIENT);
      expect((await cli('--url', url, '--readiness', '--principal', GOOD_CLIENT, '--strict')).code).toBe(0);

      const bad = await cli('--url', url, '--readiness', '--principal', BAD_CLIENT);
      expect(bad.code).toBe(1);
      expect(bad.out).toMatch(/NOT MET {2}reuse-public-token: /);
      expect(bad.out).toMatch(
        /Evidence \(http:\/\/127\.0\.0\.1:\d+\/__admin\/requests\/\{id\}\):\n +#\d+ POST \/checkouts → 200, checkout [\w-]+\n/,
      );
      expect(bad.out).toContain(`1 met, ${ITEMS - 1} not met, 0 not seen.`);
      expect(bad.out).toContain('Left to the shop');
      expect((await cli('--url', url, '--readiness')).code).toBe(1);

      const junit = await cli('--url', url, '--readiness', '--format', 'junit');
      expect(junit.code).toBe(1);
      expect(junit.out.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="go-live readiness"')).toBe(true);
      const suite = (name: string): string => {
        const match = new RegExp(`<testsuite name="API client ${name}[^"]*"[^>]*>([\\s\\S]*?)</testsuite>`).exec(junit.out);
        if (!match) throw new Error(`no suite for ${name}`);
        return match[0];
      };
      const cases = (xml: string): string[] => xml.match(/<testcase [\s\S]*?<\/testcase>/g) ?? [];
      const goodCases = cases(suite(GOOD_CLIENT));
      const badCases = cases(suite(BAD_CLIENT));
      expect(goodCases).toHaveLength(ITEMS);
      expect(badCases).toHaveLength(ITEMS);
      expect(goodCases.every((c) => !c.includes('<failure') && !c.includes('<skipped'))).toBe(true);
      expect(
        badCases.filter((c) =>
          /<failure type="not-met" message="[^"]+">[^<]*Evidence \(http:\/\/127\.0\.0\.1:\d+\/__admin\/requests\/\{id\}\):\n {2}#\d+ [A-Z]+ \//.test(
            c,
          ),
        ),
      ).toHaveLength(ITEMS - 1);
      expect(suite(BAD_CLIENT)).toContain(`tests="${ITEMS}" failures="${ITEMS - 1}" errors="0" skipped="0" time="0"`);
      // Titles with quotes and apostrophes stay inside their attributes.
      expect(junit.out).toContain('<testcase name="validation-answer" classname="readiness.');
      expect(junit.out).toContain('message="The shop&apos;s validation callback answers as documented');
    });

    it('--strict also fails on items not seen; an integration that never called fails; bad flags exit 2', async () => {
      const quiet = await openSandbox({ now: '2026-10-01T10:00:00Z', frozen: true });
      try {
        const token = await (await import('../support/identity.js')).tokenFor(quiet, 'uat');
        for (let i = 0; i < 2; i++)
          await quiet.fetch('/uat/api/checkouts/00000000-0000-4000-8000-000000000000', { headers: { authorization: `Bearer ${token}` } });
        const { url } = await quiet.listen();
        const relaxed = await cli('--url', url, '--readiness');
        expect(relaxed.code).toBe(0);
        expect(relaxed.out).toMatch(/NOT SEEN {1}retries-locked: [^\n]*\n[^\n]*\n\s+To see it: Add a fault rule/);
        expect((await cli('--url', url, '--readiness', '--strict')).code).toBe(1);
        const junit = await cli('--url', url, '--readiness', '--format', 'junit');
        expect(junit.out).toMatch(/<skipped message="not seen: [^"]+"\/>/);
        const missing = await cli('--url', url, '--readiness', '--principal', BAD_CLIENT);
        expect(missing.code).toBe(1);
        expect(missing.err).toContain(`no integration ${BAD_CLIENT} in the report yet`);
      } finally {
        await quiet.close();
      }
      expect((await cli('--strict')).code).toBe(2);
      expect((await cli('--readiness', '--format', 'xml')).code).toBe(2);
    });
  });
});
