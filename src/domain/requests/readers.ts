/**
 * Reading JSON values as real clients send them (docs/real-service.md, "Lenient JSON"): property names in any
 * letter case (`Reference`, `UnitPrice`), numbers as strings ("199.00", "25"), ids as strings
 * or numbers. The building blocks of fields.ts read every value through these.
 */
export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Not given: absent, null or "" (what PHP clients send for "nothing"). */
export function isBlank(value: unknown): value is undefined | null | '' {
  return value === undefined || value === null || value === '';
}

/** The value of `name` in `obj`, matching the key case-insensitively (exact match first). */
export function field(obj: JsonObject, name: string): unknown {
  // Own keys only: `in` would also find Object.prototype's (toString, constructor).
  if (Object.hasOwn(obj, name)) return obj[name];
  const lower = name.toLowerCase();
  for (const key of Object.keys(obj)) if (key.toLowerCase() === lower) return obj[key];
  return undefined;
}

/** A string from a string or a number (storeId 1234 or "1234"); null for anything else. */
export function asText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** asText, trimmed; null when blank. */
export function asTrimmedText(value: unknown): string | null {
  return asText(value)?.trim() || null;
}

/** A finite number from a number or a numeric string ("25", "25.0"); null otherwise. */
export function asNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '' && /^[+-]?\d+(\.\d+)?$/.test(value.trim())) return Number(value.trim());
  return null;
}

/** An integer from 2, 2.0 or "2"; null otherwise. */
export function asInteger(value: unknown): number | null {
  const n = asNumber(value);
  return n !== null && Number.isInteger(n) ? n : null;
}

export function asBoolean(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === 1 || value === '1') return true;
  if (value === 'false' || value === 0 || value === '0') return false;
  return null;
}

const SHOWN_LENGTH = 80;

/**
 * A client's value as a message may quote it. Never String(value) or `${value}`: on an object
 * those call its toString/valueOf, which JSON can set to anything ({"toString": 1} throws).
 */
export function shown(value: unknown): string {
  let text: string;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number' || typeof value === 'boolean' || value === null) text = JSON.stringify(value);
  else {
    try {
      text = JSON.stringify(value) ?? typeof value;
    } catch {
      text = Array.isArray(value) ? 'an array' : typeof value;
    }
  }
  return text.length > SHOWN_LENGTH ? `${text.slice(0, SHOWN_LENGTH)}…` : text;
}

/**
 * String(value), as some messages have always quoted it ("[object Object]", "1,2"); a value
 * String() cannot convert ({"toString": 1} nested in an array) is shown instead of throwing.
 */
export function spelled(value: unknown): string {
  try {
    return String(value);
  } catch {
    return shown(value);
  }
}
