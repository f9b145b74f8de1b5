/**
 * The format of a value, for comparing what both sides generate (ids, tokens, instants):
 * two fresh privateIds never agree in value, but they must agree in shape. A format names
 * what a client parser would care about, lengths included: a uuid, an instant with its number
 * of fractional digits and the form of its offset (`Z`, `+00:00`, a local offset such as
 * `+01:00`), `public-SE-<hex×48>` (a 32-digit token is another shape), a JWT, an amount as a
 * decimal string.
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
const UUID_INSIDE = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const INSTANT = /^\d{4}-\d{2}-\d{2}([T ])\d{2}:\d{2}(?::\d{2}(?:\.(\d+))?)?(Z|[+-]\d{2}:?\d{2})?$/;
const JWT = /^[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*$/;
/** A run of base64 characters long enough to be generated; told from words and hex by its mixed case and digits. */
const BASE64_RUN = /[A-Za-z0-9+/]{32,}={0,2}/g;
const HEX_RUN = /[0-9a-f]{16,}/gi;

export function formatOf(value: unknown): string {
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'decimal';
  if (typeof value !== 'string') return jsonType(value);
  if (isRedacted(value)) return 'redacted';
  if (value === '') return 'empty';
  if (UUID.test(value)) return value === value.toLowerCase() ? 'uuid' : 'uuid (upper case)';
  const instant = INSTANT.exec(value);
  if (instant)
    return `ISO-8601 instant (${instant[1] === ' ' ? 'space, ' : ''}${instant[2]?.length ?? 0} fractional digits, ${zoneOf(instant[3])})`;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return 'ISO-8601 date';
  if (JWT.test(value)) return 'JWT';
  if (/^-?\d+\.\d+$/.test(value)) return 'decimal string';
  if (/^-?\d+$/.test(value)) return 'digits';
  if (/^https?:\/\//i.test(value)) return 'URL';
  return shapeOfGenerated(value) ?? 'text';
}

/**
 * The offset of an instant as a client's parser meets it: `Z`, UTC written as an offset, a
 * local offset (`+01:00` in a Stockholm winter), or an offset without its colon.
 */
function zoneOf(zone: string | undefined): string {
  if (zone === undefined) return 'no zone';
  if (zone === 'Z') return 'Z';
  if (!zone.includes(':')) return 'offset without colon';
  return /^[+-]00:00$/.test(zone) ? '+00:00' : 'local offset';
}

/**
 * Prefixed generated tokens (public-SE-<hex×48>, widget-NO-<base64×96>, a URL with a uuid in
 * it): the generated runs named with their kind and length, so that a 32-digit token and a
 * 48-digit one are different shapes. Null when the string has no generated part.
 */
function shapeOfGenerated(value: string): string | null {
  const shape = value
    .replace(UUID_INSIDE, '<uuid>')
    .replace(BASE64_RUN, (run) => (/[A-Z]/.test(run) && /[a-z]/.test(run) && /\d/.test(run) ? `<base64×${run.length}>` : run))
    .replace(HEX_RUN, (run) => `<hex×${run.length}>`)
    .replace(/\d{6,}/g, '<digits>');
  return shape !== value ? shape : null;
}

/** Formats a generated value takes: what a field whose real values differ every time must look like to be learned as generated. */
export function looksGenerated(value: unknown): boolean {
  if (typeof value !== 'string' || isRedacted(value)) return false;
  const format = formatOf(value);
  return (
    format.startsWith('uuid') ||
    format.startsWith('ISO-8601') ||
    format === 'JWT' ||
    hasGeneratedRun(format) ||
    (format === 'digits' && value.length >= 6)
  );
}

/** Formats worth learning an id mapping from (not instants: a time is never sent back as an id). */
export function looksLikeId(value: unknown): boolean {
  if (typeof value !== 'string' || isRedacted(value)) return false;
  const format = formatOf(value);
  return format.startsWith('uuid') || hasGeneratedRun(format) || (format === 'digits' && value.length >= 6);
}

function hasGeneratedRun(format: string): boolean {
  return /<(?:hex|base64)×\d+>|<uuid>/.test(format);
}
