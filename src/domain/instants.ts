/**
 * The service's own form of an instant, as its checkout, order and webhook answers write them:
 * seven fractional digits and an offset (`2024-01-30T10:02:31.2700113+00:00`, .NET's "o"
 * format of a DateTimeOffset). The sandbox clock counts milliseconds, so the last four digits
 * are zeros.
 */

/** `2026-11-29T03:15:46.1230000+00:00` from an ISO instant in UTC (`…Z`); anything else as given. */
export function serviceInstant(iso: string): string {
  const match = /^(.*T\d{2}:\d{2}:\d{2})(?:\.(\d+))?Z$/.exec(iso);
  if (!match) return iso;
  return `${match[1]}.${(match[2] ?? '').padEnd(7, '0').slice(0, 7)}+00:00`;
}

/** Whole seconds since the Unix epoch (a webhook's Walley-Timestamp header). */
export function unixSeconds(iso: string): number {
  return Math.floor(Date.parse(iso) / 1000);
}
