/**
 * What the journal shows of headers and bodies: secrets replaced, bodies capped. Done on
 * read, never on the hot path. Redaction works on text (not on parsed JSON) so a truncated
 * or malformed body is redacted too.
 */

/** Bodies longer than this are cut (the journal is for reading, not for replaying). */
export const BODY_CAP = 8 * 1024;
const MASK = '[redacted]';

export interface Redacted {
  text: string;
  /** Parsed JSON when the (capped) text is JSON. */
  json?: unknown;
  bytes: number;
  truncated: boolean;
}

/** JSON members whose values are secrets: client_secret, sharedKey, access_token, password, … */
const SECRET_MEMBER = /("(?:[A-Za-z_]*(?:secret|password|sharedkey|access_token|refresh_token|id_token|client_assertion|apikey|api_key)|key)"\s*:\s*)"(?:[^"\\]|\\.)*"/gi;
/** Form fields with secrets (the token endpoint's body). */
const SECRET_FIELD = /(^|&)((?:client_secret|client_assertion|password|refresh_token|code)=)[^&]*/gi;
const SECRET_HEADERS = new Set(['authorization', 'cookie', 'set-cookie', 'x-admin-token', 'proxy-authorization']);

export function redactText(text: string): string {
  return text.replace(SECRET_MEMBER, `$1"${MASK}"`).replace(SECRET_FIELD, `$1$2${MASK}`);
}

/** `fullBytes`: the length before the journal cut the body (when it did). */
export function redactBody(body: Uint8Array | string, fullBytes?: number): Redacted | null {
  const bytes = fullBytes ?? (typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength);
  if (bytes === 0) return null;
  const full = typeof body === 'string' ? body.slice(0, BODY_CAP) : Buffer.from(body.buffer, body.byteOffset, Math.min(body.byteLength, BODY_CAP)).toString('utf8');
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

/** Header values as sent, with the credential part of Authorization (and cookies) replaced. */
export function redactHeaders(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    if (!SECRET_HEADERS.has(name)) out[name] = value;
    else if (name === 'authorization' || name === 'proxy-authorization') out[name] = `${value.trim().split(/\s+/)[0] ?? ''} ${MASK}`.trim();
    else out[name] = MASK;
  });
  return out;
}
