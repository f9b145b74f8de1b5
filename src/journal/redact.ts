/**
 * What the journal shows of headers and bodies: secrets replaced, bodies capped. Done on
 * read, never on the hot path. Redaction works on text (not on parsed JSON) so a truncated
 * or malformed body is redacted too.
 *
 * The same rules redact a recording of real traffic (src/fidelity/redaction.ts), which
 * replaces each secret with a stable placeholder instead of one fixed mask: that is the
 * `mask` parameter.
 */

/** Bodies longer than this are cut (the journal is for reading, not for replaying). */
export const BODY_CAP = 8 * 1024;
const MASK = '[redacted]';

/** What a secret is replaced with; `secret` is the value as it stood in the text (JSON-escaped, form-encoded). */
export type Mask = (secret: string, name: string) => string;
const fixedMask: Mask = () => MASK;

export interface Redacted {
  text: string;
  /** Parsed JSON when the (capped) text is JSON. */
  json?: unknown;
  bytes: number;
  truncated: boolean;
}

/**
 * Names whose values are secrets, as their spelling folds: case and separators dropped
 * (`client_secret`, `clientSecret` and `Client-Secret` are one name). A name is a secret when
 * it ends with one of these (`merchantSharedKey`, `apiKey`) or is `key` itself.
 */
const SECRET_ENDINGS = ['secret', 'password', 'sharedkey', 'accesstoken', 'refreshtoken', 'idtoken', 'clientassertion', 'apikey'];
/** Form fields with secrets that are no secret in JSON (the token endpoint's grant `code`). */
const FORM_ONLY_SECRETS = new Set(['code']);
/** JSON members: a string key (escapes and all) and a string value. */
const JSON_MEMBER = /("((?:[^"\\]|\\.)*)"\s*:\s*)"((?:[^"\\]|\\.)*)"/g;
/** Form fields (a token request's body, a query). */
const FORM_FIELD = /(^|&)([^=&]*)=([^&]*)/g;
/** Multipart/form-data parts (the PHP SDK posts its token request so). */
const FORM_PART = /(name="([^"]*)"[^\r\n]*\r?\n(?:[^\r\n]+\r?\n)*\r?\n)([^\r\n]*)/gi;
/** Headers that carry credentials or sessions. */
export const SECRET_HEADERS: ReadonlySet<string> = new Set([
  'authorization',
  'cookie',
  'set-cookie',
  'x-admin-token',
  'proxy-authorization',
]);

function folded(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** True for a JSON member or form field name whose value is a secret, however it is spelled. */
export function isSecretName(name: string): boolean {
  const key = folded(name);
  return key === 'key' || SECRET_ENDINGS.some((ending) => key.endsWith(ending));
}

function isSecretField(name: string): boolean {
  return isSecretName(name) || FORM_ONLY_SECRETS.has(folded(name));
}

/** A JSON key as it reads once its escapes (`\u0053`) are decoded; the text itself when it is no valid key. */
function jsonKey(raw: string): string {
  try {
    return JSON.parse(`"${raw}"`) as string;
  } catch {
    return raw;
  }
}

/** A form field name as it reads once decoded (`client%5Fsecret`, `+` for a space). */
function formName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

export function redactText(text: string, mask: Mask = fixedMask): string {
  return text
    .replace(JSON_MEMBER, (all, head: string, raw: string, value: string) => {
      const name = jsonKey(raw);
      return isSecretName(name) ? `${head}"${mask(value, name).replace(/["\\]/g, '\\$&')}"` : all;
    })
    .replace(FORM_FIELD, (all, start: string, raw: string, value: string) => {
      const name = formName(raw);
      return isSecretField(name) ? `${start}${raw}=${mask(value, name)}` : all;
    })
    .replace(FORM_PART, (all, head: string, name: string, value: string) => (isSecretField(name) ? `${head}${mask(value, name)}` : all));
}

/** A query string (or a URL with one) with its secret fields replaced. */
export function redactQuery(query: string): string {
  const question = query.indexOf('?');
  return question === -1 ? redactText(query) : `${query.slice(0, question)}?${redactText(query.slice(question + 1))}`;
}

/** `fullBytes`: the length before the journal cut the body (when it did). */
export function redactBody(body: Uint8Array | string, fullBytes?: number): Redacted | null {
  const bytes = fullBytes ?? (typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength);
  if (bytes === 0) return null;
  const full =
    typeof body === 'string'
      ? body.slice(0, BODY_CAP)
      : Buffer.from(body.buffer, body.byteOffset, Math.min(body.byteLength, BODY_CAP)).toString('utf8');
  const truncated = bytes > BODY_CAP;
  const text = redactText(full);
  const out: Redacted = { text, bytes, truncated };
  if (!truncated && /^\s*[[{]/.test(text)) {
    try {
      out.json = JSON.parse(text);
    } catch {
      // Not JSON after all: the text says what was sent.
    }
  }
  return out;
}

/** One header value with the credential part of Authorization (or a whole cookie) replaced. */
export function redactHeaderValue(name: string, value: string, mask: Mask = fixedMask): string {
  if (!SECRET_HEADERS.has(name)) return value;
  if (name !== 'authorization' && name !== 'proxy-authorization') return mask(value, name);
  const [scheme = '', ...rest] = value.trim().split(/\s+/);
  // A value without a scheme is all credential (a bare token): nothing of it is kept.
  if (rest.length === 0) return scheme === '' ? '' : mask(scheme, 'authorization');
  return `${scheme} ${mask(rest.join(' '), scheme.toLowerCase())}`;
}

/** Header values as sent, with the credential part of Authorization (and cookies) replaced. */
export function redactHeaders(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    out[name] = redactHeaderValue(name, value);
  });
  return out;
}
