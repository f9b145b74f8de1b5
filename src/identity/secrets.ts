/**
 * API client secrets are stored hashed (the real portal cannot show a secret again).
 * Salted SHA-256 with a constant-time comparison: portal-made secrets are random, and a
 * slow KDF would make every token request of a CI run pay for it.
 */
import { randomBytes } from 'node:crypto';

export { hashSecret, secretMatches } from '../domain/secret-hash.js';

/** A secret in the portal's style: 40 characters, with a `~` like Entra's generated ones. */
export function generateSecret(): string {
  const body = randomBytes(30).toString('base64url');
  return `${body.slice(0, 3)}8Q~${body.slice(3, 37)}`;
}

export function randomSalt(): string {
  return randomBytes(16).toString('hex');
}
