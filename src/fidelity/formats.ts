/**
 * The format of a value, for comparing what both sides generate (ids, tokens, instants):
 * two fresh privateIds never agree in value, but they must agree in shape. A format names
 * what a client parser would care about: a uuid, an instant with 7 fractional digits and an
 * offset (the real API's), `public-SE-<hex>`, a JWT, an amount as a decimal string.
 */
import { isRedacted } from './redaction.js';

export type JsonType = 'null' | 'boolean' | 'number' | 'string' | 'array' | 'object';

export function jsonType(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  const type = typeof value;
  return type === 'boolean' || type === 'number' || type === 'string' ? type : 'object';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INSTANT = /^\d{4}-\d{2}-\d{2}([T ])\d{2}:\d{2}(?::\d{2}(?:\.(\d+))?)?(Z|[+-]\d{2}:?\d{2})?$/;
const JWT = /^[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*$/;

export function formatOf(value: unknown): string {
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'decimal';
  if (typeof value !== 'string') return jsonType(value);
  if (isRedacted(value)) return 'redacted';
  if (value === '') return 'empty';
  if (UUID.test(value)) return value === value.toLowerCase() ? 'uuid' : 'uuid (upper case)';
  const instant = INSTANT.exec(value);
  if (instant) {
    const digits = instant[2]?.length ?? 0;
    const zone = instant[3] === undefined ? 'no zone' : instant[3] === 'Z' ? 'Z' : 'offset';
    return `ISO-8601 instant (${instant[1] === ' ' ? 'space, ' : ''}${digits} fractional digits, ${zone})`;
  }
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return 'ISO-8601 date';
  if (JWT.test(value)) return 'JWT';
  if (/^-?\d+\.\d+$/.test(value)) return 'decimal string';
  if (/^-?\d+$/.test(value)) return 'digits';
  if (/^https?:\/\//i.test(value)) return 'URL';
  // Prefixed generated tokens: public-SE-<hex>, widget-NO-<hex>; long hex and digit runs are the generated part.
  const shape = value.replace(/[0-9a-f]{16,}/gi, '<hex>').replace(/\d{6,}/g, '<digits>');
  return shape !== value ? shape : 'text';
}

/** Formats a generated value takes: what a field whose real values differ every time must look like to be learned as generated. */
export function looksGenerated(value: unknown): boolean {
  if (typeof value !== 'string' || isRedacted(value)) return false;
  const format = formatOf(value);
  return format.startsWith('uuid') || format.startsWith('ISO-8601') || format === 'JWT' || format.includes('<hex>') || (format === 'digits' && value.length >= 6);
}

/** Formats worth learning an id mapping from (not instants: a time is never sent back as an id). */
export function looksLikeId(value: unknown): boolean {
  if (typeof value !== 'string' || isRedacted(value)) return false;
  const format = formatOf(value);
  return format.startsWith('uuid') || format.includes('<hex>') || (format === 'digits' && value.length >= 6);
}
