/**
 * `checkout-sandbox report --readiness` as CI runs it: the built command in its own process
 * against a listening sandbox that two shops used, gating by exit code and writing JUnit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useSandbox } from '../support/sandbox.js';
import { Receiver } from '../support/receiver.js';
import { BAD_CLIENT, GOOD_CLIENT, driveBothShops } from '../support/readiness-shops.js';
import { runCli } from '../support/spawn.js';
import { READINESS_ITEMS } from '../../src/domain/readiness/readiness.js';

const ITEMS = READINESS_ITEMS.length;

const sb = useSandbox({ port: 0, now: '2026-10-01T10:00:00Z', frozen: true }, 'file');
let shop: Receiver;
let url: string;
beforeAll(async () => {
  ({ url } = await sb.listen());
  shop = new Receiver();
  await shop.start();
  await driveBothShops(sb, shop);
});
afterAll(async () => {
  await shop?.stop();
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
});
