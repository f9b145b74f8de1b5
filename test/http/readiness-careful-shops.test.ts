/**
 * Go-live readiness on careful integrations built from real shops' patterns: none gets a
 * not-met, however busy, however its calls interleave with the sandbox's, with or without pages,
 * and `report --readiness` gates each with exit 0. Each driver is in
 * test/support/readiness-careful-shops.ts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { main } from '../../src/cli/index.js';
import { useSandbox } from '../support/sandbox.js';
import { useReceiver } from '../support/receiver.js';
import {
  backendOnlySuite,
  busyShop,
  confirmationBeforeNotification,
  emptyReferenceShop,
  sharedValidationUrl,
  suiteWithHelper,
} from '../support/readiness-careful-shops.js';
import { notMetOf, principalIn, reportOf, verdictsOf } from '../support/readiness-integrations.js';

const sb = useSandbox({ now: '2026-10-01T10:00:00Z', frozen: true });
const shop = useReceiver();
afterEach(() => {
  vi.restoreAllMocks();
});

/** `checkout-sandbox report …` in process: its exit code and what it printed. */
async function cli(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => ((out += chunk.toString()), true));
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => ((err += chunk.toString()), true));
  try {
    return { code: await main(['report', ...argv]), out, err };
  } finally {
    vi.restoreAllMocks();
  }
}

describe('careful integrations get no not-met', () => {
  it('a busy shop: the next customer started before the first is read after its notification', async () => {
    const s = await busyShop(sb, shop);
    expect(await notMetOf(sb, s.clientId)).toEqual([]);
    expect(await verdictsOf(sb, s.clientId)).toMatchObject({
      'get-after-notification': 'met',
      'confirmation-iframe': 'met',
      'reuse-public-token': 'met',
      'notification-answered': 'met',
      'within-what-is-left': 'met',
    });
    const { url } = await sb.listen();
    const gate = await cli('--url', url, '--readiness', '--principal', s.clientId);
    expect(gate.code, gate.out + gate.err).toBe(0);
    expect(gate.out).toContain(`API client ${s.clientId} (merchant 1001)`);
  });

  it('a confirmation page that reads before the notification arrives, and a handler that reads 30 s later', async () => {
    const s = await confirmationBeforeNotification(sb, shop);
    expect(await notMetOf(sb, s.clientId)).toEqual([]);
    const item = principalIn(await reportOf(sb), s.clientId).readiness.find((i) => i.id === 'get-after-notification')!;
    expect(item).toMatchObject({ status: 'met', detail: expect.stringMatching(/^Each of 2 notifications was followed by a GET/) });
    // The evidence: each notification with the read that told the shop its outcome (Y's came first).
    expect(item.calls.map((c) => `${c.direction} ${c.method}`).sort()).toEqual(['in GET', 'in GET', 'out GET', 'out GET']);
  });

  it('a backend-only suite: no page ever loaded, so the confirmation page is not seen rather than not met', async () => {
    const s = await backendOnlySuite(sb, shop);
    expect(await notMetOf(sb, s.clientId)).toEqual([]);
    const verdicts = await verdictsOf(sb, s.clientId);
    expect(verdicts).toMatchObject({ 'confirmation-iframe': 'not-seen', 'get-after-notification': 'met', 'within-what-is-left': 'met' });
  });

  it('a shop that sends "reference": "": two customers buying the same tent are two orders', async () => {
    const s = await emptyReferenceShop(sb, shop);
    expect(await notMetOf(sb, s.clientId)).toEqual([]);
    expect((await verdictsOf(sb, s.clientId))['reuse-public-token']).toBe('met');
  });

  it("a suite's own helper client is an integration of its own, and --principal leaves it out of the gate", async () => {
    const { shop: s, helper } = await suiteWithHelper(sb, shop);
    expect(await notMetOf(sb, s.clientId)).toEqual([]);
    // The helper's wait loop is polling: that is the helper's verdict, not the shop's.
    expect((await verdictsOf(sb, helper.clientId))['necessary-requests']).toBe('not-met');
    const { url } = await sb.listen();
    expect((await cli('--url', url, '--readiness')).code).toBe(1);
    const gate = await cli('--url', url, '--readiness', '--principal', s.clientId, '--format', 'junit');
    expect(gate.code).toBe(0);
    expect(gate.out).not.toContain(helper.clientId);
    expect((await cli('--url', url, '--readiness', '--principal', s.clientId, '--principal', helper.clientId)).code).toBe(1);
    const missing = await cli('--url', url, '--readiness', '--principal', s.clientId, '--principal', 'not-a-client');
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('no integration not-a-client in the report yet');
  });

  it("two integrations sharing one validation URL: each is judged by its own checkouts' calls", async () => {
    const { bought, browsing } = await sharedValidationUrl(sb, shop);
    const report = await reportOf(sb);
    const validation = (principal: string) => principalIn(report, principal).readiness.find((i) => i.id === 'validation-answer')!;
    expect(validation(bought.clientId)).toMatchObject({ status: 'met', evidence: [expect.any(Number)] });
    expect(validation(bought.clientId).calls[0]).toMatchObject({ direction: 'out', method: 'POST', path: '/shared/validate', status: 200 });
    expect(validation(browsing.clientId).status).toBe('not-seen');
    expect(await notMetOf(sb, bought.clientId)).toEqual([]);
    expect(await notMetOf(sb, browsing.clientId)).toEqual([]);
  });
});
