/**
 * The service's own form of an instant, as its checkout, order and webhook answers write them:
 * seven fractional digits and an offset (`2024-01-30T10:02:31.2700113+00:00`, .NET's "o"
 * format of a DateTimeOffset). The sandbox clock counts milliseconds, so the last four digits
 * are zeros.
 */
import { instant } from '../clock.js';

/**
 * The latest instant the service can write: .NET's DateTimeOffset.MaxValue. A moment the sandbox
 * derives past it (a checkout's expiry from a clock set to the last day of year 9999) is written
 * as this, not in JavaScript's six-digit years, which no client parses.
 */
const LATEST = '9999-12-31T23:59:59.9999999+00:00';

/** `2026-11-29T03:15:46.1230000+00:00` from an ISO instant in UTC (`…Z`); anything else as given. */
export function serviceInstant(iso: string): string {
  if (/^\+\d{6}-.*Z$/.test(iso)) return LATEST;
  const match = /^(.*T\d{2}:\d{2}:\d{2})(?:\.(\d+))?Z$/.exec(iso);
  if (!match) return iso;
  return `${match[1]}.${(match[2] ?? '').padEnd(7, '0').slice(0, 7)}+00:00`;
}

/** Whole seconds since the Unix epoch (a webhook's Walley-Timestamp header). */
export function unixSeconds(iso: string): number {
  return Math.floor(Date.parse(iso) / 1000);
}

/**
 * Sweden's offset from UTC at an instant (CET, CEST), from the time zone database Node carries.
 * Made on the first order webhook, not at load: a formatter with a time zone loads the zone data,
 * which a start does not need.
 */
let stockholm: Intl.DateTimeFormat | undefined;

function stockholmOffsetMinutes(ms: number): number {
  stockholm ??= new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Stockholm', timeZoneName: 'longOffset' });
  const name = stockholm.formatToParts(ms).find((part) => part.type === 'timeZoneName')?.value ?? '';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
}

/**
 * The service's form in Swedish local time, `2024-01-30T11:02:42.5997621+01:00` (+02:00 in
 * summer): how the order webhooks write their Timestamp
 * (https://dev.walleypay.com/docs/webhooks/orders), where the authorization and
 * customer-token webhooks write the same moment in UTC. Anything but an ISO instant in UTC
 * stays as given.
 */
export function stockholmServiceInstant(iso: string): string {
  const utc = serviceInstant(iso);
  const ms = Date.parse(iso);
  if (utc === iso || Number.isNaN(ms)) return iso;
  const minutes = stockholmOffsetMinutes(ms);
  const local = serviceInstant(instant(ms + minutes * 60_000).toISOString());
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${local.slice(0, -6)}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}
