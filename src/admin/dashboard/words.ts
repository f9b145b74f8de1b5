/**
 * How the dashboard writes ids, instants and spans of time: short, and in the words the
 * migration report's findings use (src/journal/report.ts words its spans the same way).
 */

/** The first characters of an id, enough to tell rows apart (the cell's title holds it whole). */
export function short(id: string | null): string {
  return id ? `${id.slice(0, 8)}…` : '';
}

/** An instant to the second, as the sandbox writes it without the milliseconds. */
export function instant(iso: string | null): string {
  return iso ? iso.replace(/\.\d{3}Z$/, 'Z') : '';
}

export function sentence(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function count(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A span of sandbox time in days and hours (hours and minutes when under a day). */
export function span(ms: number): string {
  const days = Math.floor(ms / DAY);
  const hours = Math.floor((ms % DAY) / HOUR);
  const minutes = Math.floor((ms % HOUR) / MINUTE);
  if (days > 0) return `${count(days, 'day')} ${count(hours, 'hour')}`;
  if (hours > 0) return count(hours, 'hour') + (minutes > 0 ? ` ${count(minutes, 'minute')}` : '');
  return minutes > 0 ? count(minutes, 'minute') : 'less than a minute';
}
