/**
 * A span of sandbox time in words, as the migration report's findings and the dashboard's
 * countdown both say it: days and hours, hours and minutes under a day. Imports nothing, so the
 * dashboard's script (bundled for the browser) can carry it.
 */
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

function count(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

export function spanInWords(ms: number): string {
  const days = Math.floor(ms / DAY_MS);
  const hours = Math.floor((ms % DAY_MS) / HOUR_MS);
  const minutes = Math.floor((ms % HOUR_MS) / MINUTE_MS);
  if (days > 0) return `${count(days, 'day')} ${count(hours, 'hour')}`;
  if (hours > 0) return minutes > 0 ? `${count(hours, 'hour')} ${count(minutes, 'minute')}` : count(hours, 'hour');
  return minutes > 0 ? count(minutes, 'minute') : 'less than a minute';
}
