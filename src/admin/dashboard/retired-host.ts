/**
 * The retired host's state as the dashboard shows it, worked out in the page from the schedule
 * GET /__admin/retirement gives and the sandbox's now (the dashboard's ticking clock), so the
 * badge changes the second the clock crosses a boundary, without a round trip. The rule is the
 * sandbox's own, imported (src/domain/retirement.ts): shut from shutdownAt on, shut during a
 * brownout window before it, open otherwise. Every instant is written in UTC and in the merchants' zone.
 * No DOM here: the clock panel renders it, and the wording's own test runs it as it is.
 */
import { retirementState } from '../../domain/retirement.js';
import type { Retirement } from './answers.js';

/** What the wording reads of the schedule (the answer of GET /__admin/retirement has more). */
type Schedule = Pick<Retirement, 'shutdownAt' | 'afterShutdown' | 'brownouts'>;

/** The retired host now: the same shape as the answer's `state` (src/domain/retirement.ts). */
type RetiredState = Retirement['state'];

const ZONE = 'Europe/Stockholm';
const formats = new Map<string, Intl.DateTimeFormat>();

function format(zone: string, seconds: boolean): Intl.DateTimeFormat {
  const key = zone + (seconds ? ' s' : '');
  let known = formats.get(key);
  if (!known) {
    known = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      second: seconds ? '2-digit' : undefined,
      hourCycle: 'h23',
    });
    formats.set(key, known);
  }
  return known;
}

/** "31 Oct 00:00": day, month and time of day in the zone, whatever punctuation the locale puts between them. */
function wallTime(ms: number, zone: string, seconds = false): string {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of format(zone, seconds).formatToParts(ms)) parts[part.type] = part.value;
  return `${parts.day} ${parts.month} ${parts.hour}:${parts.minute}${seconds ? `:${parts.second}` : ''}`;
}

/** The sandbox clock's now in the merchants' zone, to the second: "31 Oct 00:00:12". */
export function local(ms: number): string {
  return wallTime(Math.floor(ms / 1000) * 1000, ZONE, true);
}

/** "30 Oct 23:00 UTC (31 Oct 00:00 Stockholm)" */
export function when(iso: string): string {
  const ms = Date.parse(iso);
  return `${wallTime(ms, 'UTC')} UTC (${wallTime(ms, ZONE)} Stockholm)`;
}

/** The retired host now, by the sandbox's own rule. */
export const state: (retirement: Schedule, nowMs: number) => RetiredState = retirementState;

/** What a client gets while the host does not answer. */
function refusal(retirement: Schedule): string {
  return retirement.afterShutdown === 'refuse'
    ? 'connections are closed with no answer'
    : 'calls are answered 410 Host_Retired, naming the current API and the legacy host';
}

/** The badge's word for each state. */
export type Badge = 'open' | 'brownout' | 'shut';

/** One plain wording per state: the badge's word and the sentence beside it. */
export function wording(retirement: Schedule, nowMs: number): { badge: Badge; text: string } {
  const now = state(retirement, nowMs);
  if (now.open) {
    return {
      badge: 'open',
      text: `Answering until the shutdown at ${when(retirement.shutdownAt)}, and announcing it in Deprecation and Sunset headers.`,
    };
  }
  if (now.cause === 'brownout') {
    return {
      badge: 'brownout',
      text: `In a brownout until ${when(now.until)}: ${refusal(retirement)}; then it answers again until the shutdown.`,
    };
  }
  return { badge: 'shut', text: `Shut down since ${when(now.since)}: ${refusal(retirement)}.` };
}

/** Where the schedule has brownout windows: what one is, and each window (past ones marked), else null. */
export function brownouts(retirement: Schedule, nowMs: number): string | null {
  if (!retirement.brownouts.length) return null;
  const windows = retirement.brownouts.map((b) => `from ${when(b.start)} to ${when(b.end)}${Date.parse(b.end) <= nowMs ? ' (past)' : ''}`);
  return (
    `A brownout is a planned window before the shutdown when the host does not answer (${refusal(retirement)}), as a rehearsal: ` +
    `a shop still calling it finds out while it can still move. Windows: ${windows.join('; ')}.`
  );
}
