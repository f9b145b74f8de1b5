/**
 * Redaction of real traffic before a byte of it is written: a recording must be safe to mail.
 *
 * - Secrets: the journal's rules (src/journal/redact.ts): Authorization values (bearer and
 *   SharedKey), cookies, client_secret, access_token, passwords, in headers, JSON, forms and
 *   multipart parts.
 * - The customer's personal data: JSON members by name (names, e-mail, phone, addresses,
 *   national and organisation numbers), e-mail addresses anywhere, client addresses in
 *   forwarding headers, and every personal value already seen wherever it appears again
 *   (a query, an HTML page, an error message).
 *
 * Each value becomes `redacted:<kind>:<12 hex>`, an HMAC of the value under a key made per
 * recorder run and never written: the same value always gives the same placeholder, so
 * exchanges stay linked (the token an answer issued is the one a later request bears), yet a
 * short value (a phone number) cannot be found again by hashing candidates.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { type Mask, SECRET_HEADERS, isSecretName, redactHeaderValue, redactText } from '../journal/redact.js';
import type { RecordedBody } from './recording.js';

export const PLACEHOLDER = /redacted:[a-z-]+:[0-9a-f]{12}/;
const PLACEHOLDER_ONLY = new RegExp(`^${PLACEHOLDER.source}$`);

/** True when a recorded value is (or contains) a placeholder: compared by presence and type only. */
export function isRedacted(value: unknown): boolean {
  return typeof value === 'string' && PLACEHOLDER.test(value);
}

/** Member names (lower case) whose values are the customer's personal data, and the placeholder kind. */
const PERSONAL: Record<string, string> = Object.fromEntries(
  Object.entries({
    name: ['firstName', 'lastName', 'name', 'fullName', 'receiverName', 'companyName', 'invoiceReference', 'invoiceTag'],
    email: ['email', 'emailAddress'],
    phone: ['mobilePhoneNumber', 'phoneNumber', 'homePhoneNumber', 'workPhoneNumber', 'mobilePhone', 'phone'],
    address: ['address', 'address2', 'addressLine1', 'addressLine2', 'addressLine3', 'coAddress', 'street', 'streetAddress'],
    'postal-code': ['postalCode', 'zipCode'],
    city: ['city'],
    'id-number': [
      'nationalIdentificationNumber',
      'organizationNumber',
      'organisationNumber',
      'registrationNumber',
      'personalIdentityNumber',
      'socialSecurityNumber',
      'ssn',
      'dateOfBirth',
      'birthDate',
    ],
  }).flatMap(([kind, names]) => names.map((name) => [name.toLowerCase(), kind])),
);

/** Headers that carry the address of the person behind a request. */
const CLIENT_ADDRESS_HEADERS = new Set(['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-client-ip', 'cf-connecting-ip', 'true-client-ip']);
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
/**
 * Which personal values are also replaced inside other text: at least 4 characters, and not a
 * short number (a postal code is five digits that also occur in amounts and references); those
 * are replaced only where they are a member's whole value. Inside text, a value counts only as
 * a whole word: "85353" inside an id such as "…-4985353…" is not the postal code.
 */
const SCRUB_MIN = 4;
const scrubbable = (value: string): boolean => value.length >= SCRUB_MIN && !/^[\d\s]{0,7}$/.test(value);
const WORD_CHAR = /[\p{L}\p{N}]/u;

export class Redactor {
  private readonly key: Buffer;
  /** Personal values seen so far → their placeholders. */
  private readonly known = new Map<string, string>();
  /** The same values by their first four characters, longest first: a lookup per word, however many are known. */
  private readonly byPrefix = new Map<string, string[]>();

  constructor(key: Buffer = randomBytes(32)) {
    this.key = key;
  }

  placeholder(value: string, kind: string): string {
    return `redacted:${kind}:${createHmac('sha256', this.key).update(value, 'utf8').digest('hex').slice(0, 12)}`;
  }

  /** The secret masks of src/journal/redact.ts, giving placeholders (the value unescaped first, so header and body agree). */
  private readonly mask: Mask = (secret, name) => {
    if (PLACEHOLDER_ONLY.test(secret)) return secret;
    return this.placeholder(unescape(secret), secretKind(name));
  };

  headers(headers: Headers | Record<string, string>): Record<string, string> {
    const out: Record<string, string> = {};
    const entries = headers instanceof Headers ? [...headers.entries()] : Object.entries(headers);
    for (const [rawName, value] of entries) {
      const name = rawName.toLowerCase();
      if (SECRET_HEADERS.has(name)) out[name] = redactHeaderValue(name, value, this.mask);
      else if (CLIENT_ADDRESS_HEADERS.has(name)) out[name] = this.placeholder(value, 'ip');
      else out[name] = this.scrub(value);
    }
    return out;
  }

  /** The path and query: secrets in the query masked, personal values scrubbed. */
  path(pathAndQuery: string): string {
    const question = pathAndQuery.indexOf('?');
    if (question === -1) return this.scrub(pathAndQuery);
    return `${this.scrub(pathAndQuery.slice(0, question))}?${this.scrub(redactText(pathAndQuery.slice(question + 1), this.mask))}`;
  }

  /** A body as recorded, given its bytes (already decoded from any Content-Encoding). */
  body(bytes: Uint8Array, contentType: string | null): RecordedBody | null {
    if (bytes.byteLength === 0) return null;
    const text = utf8(bytes);
    if (text === null) return { omitted: 'binary', bytes: bytes.byteLength };
    const masked = redactText(text, this.mask);
    if (/json/i.test(contentType ?? '') || /^\s*[[{]/.test(masked)) {
      try {
        return { json: this.json(JSON.parse(masked) as unknown, null) };
      } catch {
        // Not JSON after all (a broken body is worth recording as sent): redacted as text.
      }
    }
    return { text: this.scrub(masked) };
  }

  /** Walks parsed JSON: personal members replaced (and remembered), other strings scrubbed. */
  json(value: unknown, name: string | null): unknown {
    if (Array.isArray(value)) return value.map((item) => this.json(item, name));
    if (value !== null && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(value)) out[key] = this.json(child, key);
      return out;
    }
    if (value === null || typeof value === 'boolean') return value;
    const text = String(value);
    if (name !== null && isSecretName(name)) return this.mask(text, name);
    const kind = name === null ? undefined : PERSONAL[name.toLowerCase()];
    if (kind !== undefined && text.trim() !== '') return this.remember(text, kind);
    return typeof value === 'string' ? this.scrub(value) : value;
  }

  /** E-mail addresses and personal values already seen (as whole words), replaced inside any text. */
  scrub(text: string): string {
    const out = text.replace(EMAIL, (email) => this.remember(email, 'email'));
    if (this.byPrefix.size === 0) return out;
    let result = '';
    let last = 0;
    for (let i = 0; i <= out.length - SCRUB_MIN; i++) {
      if (i > 0 && WORD_CHAR.test(out[i - 1]!)) continue;
      const candidates = this.byPrefix.get(out.slice(i, i + SCRUB_MIN));
      const value = candidates?.find((v) => out.startsWith(v, i) && !WORD_CHAR.test(out[i + v.length] ?? ' '));
      if (value === undefined) continue;
      result += out.slice(last, i) + this.known.get(value)!;
      last = i + value.length;
      i = last - 1;
    }
    return result + out.slice(last);
  }

  private remember(value: string, kind: string): string {
    if (PLACEHOLDER_ONLY.test(value)) return value;
    const placeholder = this.placeholder(value, kind);
    if (scrubbable(value) && !this.known.has(value)) {
      this.known.set(value, placeholder);
      const prefix = value.slice(0, SCRUB_MIN);
      const list = [...(this.byPrefix.get(prefix) ?? []), value].sort((a, b) => b.length - a.length);
      this.byPrefix.set(prefix, list);
    }
    return placeholder;
  }
}

function secretKind(name: string): string {
  const lower = name.toLowerCase();
  if (lower === 'bearer' || lower.endsWith('token')) return 'token';
  if (lower === 'sharedkey') return 'sharedkey';
  if (lower.includes('cookie')) return 'cookie';
  return 'secret';
}

/** The value a mask saw, unescaped from JSON or form encoding, so one token gives one placeholder wherever it stood. */
function unescape(raw: string): string {
  if (raw.includes('\\')) {
    try {
      return JSON.parse(`"${raw}"`) as string;
    } catch {
      return raw;
    }
  }
  if (raw.includes('%') || raw.includes('+')) {
    try {
      return decodeURIComponent(raw.replace(/\+/g, ' '));
    } catch {
      return raw;
    }
  }
  return raw;
}

function utf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}
