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

/** Names whose values are secrets: client_secret, sharedKey, access_token, password, … */
const SECRET_NAME = '(?:[A-Za-z_]*(?:secret|password|sharedkey|access_token|refresh_token|id_token|client_assertion|apikey|api_key)|key)';
/** JSON members with those names. */
const SECRET_MEMBER = new RegExp(`("(${SECRET_NAME})"\\s*:\\s*)"((?:[^"\\\\]|\\\\.)*)"`, 'gi');
/** Form fields with secrets (the token endpoint's body). */
const FORM_SECRETS = '(?:client_secret|client_assertion|password|refresh_token|code)';
const SECRET_FIELD = new RegExp(`(^|&)((${FORM_SECRETS})=)([^&]*)`, 'gi');
/** The same fields as multipart/form-data parts (the PHP SDK posts its token request so). */
const SECRET_PART = new RegExp(`(name="(${FORM_SECRETS})"[^\\r\\n]*\\r?\\n(?:[^\\r\\n]+\\r?\\n)*\\r?\\n)([^\\r\\n]*)`, 'gi');
/** Headers that carry credentials or sessions. */
export const SECRET_HEADERS: ReadonlySet<string> = new Set([
  'authorization',
  'cookie',
  'set-cookie',
  'x-admin-token',
  'proxy-authorization',
]);

const SECRET_NAME_ONLY = new RegExp(`^${SECRET_NAME}$`, 'i');

/** True for a JSON member or form field name whose value is a secret. */
export function isSecretName(name: string): boolean {
  return SECRET_NAME_ONLY.test(name);
}

export function redactText(text: string, mask: Mask = fixedMask): string {
  return text
    .replace(SECRET_MEMBER, (_all, head: string, name: string, value: string) => `${head}"${mask(value, name).replace(/["\\]/g, '\\$&')}"`)
    .replace(SECRET_FIELD, (_all, start: string, head: string, name: string, value: string) => `${start}${head}${mask(value, name)}`)
    .replace(SECRET_PART, (_all, head: string, name: string, value: string) => `${head}${mask(value, name)}`);
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
