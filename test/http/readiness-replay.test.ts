/**
 * Go-live readiness is judged from the order of the journal's calls and the sandbox clock only:
 * one recorded journal (careful and sloppy shops together), replayed as if it had run fast and
 * slow, the shop answering the sandbox's calls at once or late, and asked for at two moments,
 * gives the same verdicts.
 */
import { describe, expect, it } from 'vitest';
import { isoOf, type RawEntry } from '../../src/journal/journal.js';
import { type MigrationReport, buildReport } from '../../src/journal/report.js';
import { useSandboxShell } from '../support/sandbox.js';
import { useReceiver } from '../support/receiver.js';
import { driveBothShops } from '../support/readiness-shops.js';
import { busyShop, confirmationBeforeNotification } from '../support/readiness-careful-shops.js';
import { SLOPPY } from '../support/readiness-sloppy-shops.js';

const sb = useSandboxShell({ now: '2026-10-01T10:00:00Z', frozen: true });
const shop = useReceiver();

const MINUTE_MS = 60_000;

type Answers = 'as journaled' | 'at once' | 'late';

/**
 * The same calls in the same order of starting, `stepMs` of real time apart, on a ticking clock
 * (so sandbox time moves on with them). Each call the sandbox made to the shop answered as
 * journaled, at once (before the next call was answered), or late (only after the next three
 * were: a slow shop, a busy machine), and is journaled then, with that sandbox time.
 */
function replay(recorded: readonly RawEntry[], stepMs: number, answers: Answers): RawEntry[] {
  const byStart = [...recorded].sort((a, b) => a.startedMono - b.startedMono || a.id - b.id);
  const rank = new Map(byStart.map((entry, i) => [entry.id, i]));
  const shifted = new Map(byStart.map((entry, i) => [entry.id, entry.atMs + i * stepMs]));
  return recorded.map((entry) => {
    const i = rank.get(entry.id)!;
    const next = (n: number): number[] => byStart.slice(i, i + n + 1).map((other) => shifted.get(other.id)!);
    const atMs =
      entry.direction !== 'out' || answers === 'as journaled'
        ? shifted.get(entry.id)!
        : answers === 'at once'
          ? Math.min(...next(1))
          : Math.max(...next(3));
    const startedAtMs = entry.startedAtMs === undefined ? {} : { startedAtMs: entry.startedAtMs + i * stepMs };
    return { ...entry, startedMono: i * stepMs, atMs, ...startedAtMs };
  });
}

function reportAt(entries: readonly RawEntry[], nowMs: number): MigrationReport {
  return buildReport(entries, {
    nowMs,
    retirement: sb.services.settings.current().retirement,
    hostName: (env, surface) => `${env}/${surface}`,
    isoOf,
  });
}

/** What a gate reads: each integration's items with their status and evidence. */
function verdicts(report: MigrationReport): Record<string, string[]> {
  return Object.fromEntries(
    report.principals.map((p) => [p.principal, p.readiness.map((item) => `${item.id} ${item.status} ${item.evidence.join(',')}`)]),
  );
}

describe('the same traffic, the same verdicts', () => {
  it('at any speed, with answers late, and whenever the report is asked', async () => {
    await driveBothShops(sb, shop);
    await busyShop(sb, shop);
    await confirmationBeforeNotification(sb, shop);
    const unread = await SLOPPY['no read after the notification'](sb, shop);
    await SLOPPY['update dropped after 423'](sb, shop);
    await SLOPPY['notification endpoint always 500'](sb, shop);
    await sb.deliveries.settled();
    const recorded = sb.journal.entries();
    const lastMs = Math.max(...recorded.map((entry) => entry.atMs));

    const asRecorded = verdicts(reportAt(recorded, lastMs));
    // The journal shows every status somewhere, so the comparison below compares something.
    const all = Object.values(asRecorded).flat().join('\n');
    for (const status of ['met', 'not-met', 'not-seen']) expect(all).toContain(` ${status} `);

    for (const stepMs of [1, 2000]) {
      for (const answers of ['as journaled', 'at once', 'late'] as const) {
        const entries = replay(recorded, stepMs, answers);
        const endMs = Math.max(...entries.map((entry) => entry.atMs));
        for (const nowMs of [endMs, endMs + 30 * 24 * 60 * MINUTE_MS]) {
          expect(verdicts(reportAt(entries, nowMs)), `${stepMs} ms apart, answers ${answers}, asked at ${isoOf(nowMs)}`).toEqual(
            asRecorded,
          );
        }
      }
    }
    // And they are the right ones: the shop that never read after its notification is caught.
    expect(asRecorded[unread]).toContainEqual(expect.stringMatching(/^get-after-notification not-met \d/));
  });
});
