/**
 * Go-live readiness on sloppy integrations: each sloppiness (test/support/readiness-sloppy-shops.ts),
 * driven as such a shop does under credentials of its own, is caught by the item it is about,
 * and by that item only.
 */
import { describe, expect, it } from 'vitest';
import { useSandbox } from '../support/sandbox.js';
import { useReceiver } from '../support/receiver.js';
import { SLOPPY } from '../support/readiness-sloppy-shops.js';
import { principalIn, reportOf } from '../support/readiness-integrations.js';

const sb = useSandbox({ now: '2026-10-01T10:00:00Z', frozen: true });
const shop = useReceiver();

/** The item that catches each sloppiness. */
const CAUGHT_BY: Record<keyof typeof SLOPPY, string> = {
  'expired token kept': 'recovers-expired-token',
  'a token per call': 'token-reuse',
  'validation hangs': 'validation-answer',
  'validation answers 500': 'validation-answer',
  'validation refuses in plain text': 'validation-answer',
  'capture above the order': 'within-what-is-left',
  'refund above what was captured': 'within-what-is-left',
  'update dropped after 423': 'retries-locked',
  'update hammered after 423': 'retries-locked',
  'updates after 900 Purchase_Completed': 'stops-after-completion',
  'updates after 900 Checkout_Aborted': 'stops-after-completion',
  'updates after 900 Purchase_Commitment_Found': 'stops-after-completion',
  'the retired host': 'current-api',
  'an order initialized on every page view': 'reuse-public-token',
  'no read after the notification': 'get-after-notification',
  'no confirmation page': 'confirmation-iframe',
  'unchanged updates': 'necessary-requests',
  polling: 'necessary-requests',
  'notification endpoint always 500': 'notification-answered',
};

/** A refusal without a title and message still stops the purchase, as documented: advice, not a failure. */
const ADVICE_ONLY: ReadonlySet<string> = new Set(['validation refuses in plain text']);

/** The merchant's calls to the validation endpoint wait for the sandbox's own limit on a merchant call. */
const HANGS_FOR_MS = 30_000;

describe('each sloppy integration is caught by its item', () => {
  it.each(Object.keys(SLOPPY) as (keyof typeof SLOPPY)[])(
    '%s',
    async (sloppiness) => {
      const principal = await SLOPPY[sloppiness](sb, shop);
      const readiness = principalIn(await reportOf(sb), principal).readiness;
      const item = readiness.find((i) => i.id === CAUGHT_BY[sloppiness])!;
      const notMet = readiness.filter((i) => i.status === 'not-met').map((i) => i.id);
      if (ADVICE_ONLY.has(sloppiness)) {
        expect(item).toMatchObject({ status: 'met', detail: expect.stringMatching(/Advice: 1 refusal without a JSON title and message/) });
        expect(notMet).toEqual([]);
        return;
      }
      expect(notMet, item.detail).toEqual([item.id]);
      expect(item.evidence.length).toBeGreaterThan(0);
      expect(item.calls.map((c) => c.id)).toEqual(item.evidence);
    },
    HANGS_FOR_MS,
  );
});
