/**
 * The SharedKey signature (docs/real-service.md, "SharedKey signature"), shared by the verifier (src/auth/sharedkey.ts)
 * and the `checkout-sandbox sign` command, so both compute it the one same way:
 *
 *   hex    = lowercase hex SHA-256 of ( raw body bytes + path + sharedKey )
 *   header = "SharedKey " + base64( username + ":" + hex )
 *
 * The body is hashed as the raw bytes received: PHP clients escape `/` as `\/` and non-ASCII
 * as \uXXXX, so a re-serialisation of the parsed JSON would hash different bytes.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

export function sharedKeyHex(body: Uint8Array | string, path: string, sharedKey: string): string {
  const hash = createHash('sha256');
  hash.update(typeof body === 'string' ? Buffer.from(body, 'utf8') : body);
  hash.update(path, 'utf8');
  hash.update(sharedKey, 'utf8');
  return hash.digest('hex');
}

export function sharedKeyHeaderValue(username: string, sharedKey: string, path: string, body: Uint8Array | string = ''): string {
  const hex = sharedKeyHex(body, path, sharedKey);
  return `SharedKey ${Buffer.from(`${username}:${hex}`, 'utf8').toString('base64')}`;
}

export type ParsedSharedKey = { ok: true; username: string; hex: string } | { ok: false; problem: 'missing' | 'scheme' | 'garbled' };

/**
 * Reads `SharedKey <base64(username:hex)>`. The scheme is matched case-insensitively and any
 * run of spaces is accepted after it; `Authorization:SharedKey x` (no space after the colon)
 * already reaches us as `SharedKey x`, since HTTP parsing drops leading whitespace.
 */
export function parseSharedKeyHeader(value: string | undefined): ParsedSharedKey {
  const trimmed = (value ?? '').trim();
  if (trimmed === '') return { ok: false, problem: 'missing' };
  const match = /^(\S+)\s+(\S+)$/.exec(trimmed);
  if (!match || match[1]!.toLowerCase() !== 'sharedkey') return { ok: false, problem: 'scheme' };
  const token = match[2]!;
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(token)) return { ok: false, problem: 'garbled' };
  const decoded = Buffer.from(token, 'base64').toString('utf8');
  // The hex never contains ':', so the last colon separates it even from a username with one.
  const colon = decoded.lastIndexOf(':');
  if (colon <= 0) return { ok: false, problem: 'garbled' };
  const username = decoded.slice(0, colon);
  const hex = decoded.slice(colon + 1);
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) return { ok: false, problem: 'garbled' };
  return { ok: true, username, hex: hex.toLowerCase() };
}

/** Constant-time comparison of two 64-character hex digests (case-insensitive). */
export function hexDigestsMatch(a: string, b: string): boolean {
  const left = Buffer.from(a.toLowerCase(), 'utf8');
  const right = Buffer.from(b.toLowerCase(), 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}
