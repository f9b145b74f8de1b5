/**
 * A purchase is one change: the checkout completed, its order, its webhooks, its notification
 * and what the purchase brings (a customer token on a recurring profile, an on-hold review) are
 * one line of the change log, so no crash can keep some of them without the others; an abort
 * and its notification likewise. Read from the log a sandbox on a real state file wrote.
 */
import { readFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Change } from '../../src/store/state.js';
import { admin, initPayload, initializeOldStyle } from '../support/checkout-requests.js';
import { openSandbox } from '../support/sandbox.js';

/** The change-log lines (one group of changes each) that put this checkout. */
function linesOf(statePath: string, privateId: string): Change[][] {
  return readFileSync(`${statePath}.log`, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Change[])
    .filter((group) => group.some((c) => c.t === 'put' && c.c === 'checkouts' && (c.v as { privateId: string }).privateId === privateId));
}

const puts = (group: Change[], collection: string): Record<string, unknown>[] =>
  group.filter((c) => c.t === 'put' && c.c === collection).map((c) => (c as { v: Record<string, unknown> }).v);

describe('a purchase in the change log', () => {
  it.each([
    ['a purchase', {}, 'Preliminary', []],
    ['a recurring profile’s purchase', { profileName: 'Coffee-Recurring' }, 'Preliminary', ['customerTokens']],
    ['an on-hold purchase', {}, 'OnHold', ['onHoldReviews']],
  ] as const)('%s: the completed checkout, its order, webhooks and notification are one line', async (_name, extra, result, more) => {
    const statePath = join(mkdtempSync(join(tmpdir(), 'sandbox-purchase-change-')), 'state.json');
    const sb = await openSandbox({ statePath, now: '2026-06-01T10:00:00Z', frozen: true });
    expect((await admin(sb, '/uat/merchants/1001/callbacks', { webhookUri: 'https://shop.example/hooks' }, 'PUT')).status).toBe(200);
    const { privateId } = await initializeOldStyle(sb, 'legacy', initPayload(extra));
    const purchase = await admin(sb, `/uat/checkouts/${privateId}/purchase`, { result });
    expect(purchase.status).toBe(200);

    const completed = linesOf(statePath, privateId).filter((group) =>
      puts(group, 'checkouts').some((checkout) => checkout.status === 'PurchaseCompleted'),
    );
    expect(completed).toHaveLength(1);
    const line = completed[0]!;
    expect(puts(line, 'orders').map((o) => o.orderId)).toEqual([(purchase.body as { orderId: string }).orderId]);
    const callbacks = puts(line, 'callbacks');
    expect(callbacks.filter((c) => c.kind === 'notification')).toEqual([
      expect.objectContaining({ privateId, state: 'pending', url: `https://shop.example/notify?private-id=${privateId}` }),
    ]);
    expect(callbacks.filter((c) => c.kind === 'webhook').map((c) => c.type)).toEqual([
      'walley:order:created',
      ...(more.includes('customerTokens' as never) ? ['walley:customer-token:active'] : []),
    ]);
    for (const collection of more) expect(puts(line, collection)).toHaveLength(1);
  });

  it('an abort and its notification are one line', async () => {
    const statePath = join(mkdtempSync(join(tmpdir(), 'sandbox-abort-change-')), 'state.json');
    const sb = await openSandbox({ statePath, now: '2026-06-01T10:00:00Z', frozen: true });
    const { privateId } = await initializeOldStyle(sb, 'legacy');
    expect((await admin(sb, `/uat/checkouts/${privateId}/abort`)).status).toBe(200);
    const aborted = linesOf(statePath, privateId).filter((group) => puts(group, 'checkouts').some((c) => c.status === 'Aborted'));
    expect(aborted).toHaveLength(1);
    expect(puts(aborted[0]!, 'callbacks')).toEqual([expect.objectContaining({ kind: 'notification', privateId, state: 'pending' })]);
  });
});
