/**
 * `checkout-sandbox report --readiness` as CI runs it: the built command in its own process
 * against a listening sandbox that three shops used (the good, the bad and a busy one), gating by
 * exit code, one integration or several, and writing JUnit.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useSandbox } from '../support/sandbox.js';
import { useReceiver } from '../support/receiver.js';
import { BAD_CLIENT, GOOD_CLIENT, driveBothShops } from '../support/readiness-shops.js';
import { runCli } from '../support/spawn.js';
import { busyShop } from '../support/readiness-careful-shops.js';
import { READINESS_ITEMS } from '../../src/domain/readiness/readiness.js';

const ITEMS = READINESS_ITEMS.length;

const sb = useSandbox({ port: 0, now: '2026-10-01T10:00:00Z', frozen: true }, 'file');
const shop = useReceiver('file');
let url: string;
let busy: string;
beforeAll(async () => {
  ({ url } = await sb.listen());
  await driveBothShops(sb, shop);
  busy = (await busyShop(sb, shop)).clientId;
  await sb.deliveries.settled();
});

describe('report --readiness in a process of its own', () => {
  it('exits 0 for the shop that follows every item, 1 for the one that breaks them, and writes JUnit', async () => {
    const good = await runCli(['report', '--url', url, '--readiness', '--principal', GOOD_CLIENT, '--strict']);
    expect(good.code).toBe(0);
    expect(good.output).toContain(`${ITEMS} met, 0 not met, 0 not seen.`);

    const bad = await runCli(['report', '--url', url, '--readiness', '--principal', BAD_CLIENT, '--format', 'junit']);
    expect(bad.code).toBe(1);
    expect(
      bad.output.startsWith(
        `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="go-live readiness" time="0" tests="${ITEMS}" failures="${ITEMS - 1}" errors="0">`,
      ),
    ).toBe(true);
    expect(bad.output.match(/<testcase /g)).toHaveLength(ITEMS);
    // current-api is met: the merchant's legacy calls are its SharedKey user's.
    expect(bad.output.match(/<failure type="not-met"/g)).toHaveLength(ITEMS - 1);
    expect(bad.output.trimEnd().endsWith('</testsuites>')).toBe(true);
  });

  it("gates a busy shop, and the shop's integrations named together, with exit 0", async () => {
    const gate = await runCli(['report', '--url', url, '--readiness', '--principal', busy]);
    expect(gate.code, gate.output).toBe(0);
    expect(gate.output).toContain(`API client ${busy} (merchant 1001)`);
    expect(gate.output).toContain(' 0 not met, ');
    expect((await runCli(['report', '--url', url, '--readiness', '--principal', busy, '--principal', GOOD_CLIENT])).code).toBe(0);
    expect((await runCli(['report', '--url', url, '--readiness', '--principal', busy, '--principal', BAD_CLIENT])).code).toBe(1);
  });
});
