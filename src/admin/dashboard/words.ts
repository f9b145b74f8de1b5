/**
 * How the dashboard writes ids, instants and spans of time: short, and in the words the
 * migration report's findings use (spans of time: src/domain/time-span.ts, shared with the report).
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

export { spanInWords as span } from '../../domain/time-span.js';
