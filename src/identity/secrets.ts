/**
 * API client secrets are stored hashed (the real portal cannot show a secret again).
 * Salted SHA-256 with a constant-time comparison: portal-made secrets are random, and a
 * slow KDF would make every token request of a CI run pay for it.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export function hashSecret(secret: string, salt: string): string {
  return createHash('sha256').update(salt).update(':').update(secret, 'utf8').digest('hex');
}

export function secretMatches(secret: string, salt: string, expectedHash: string): boolean {
  const actual = Buffer.from(hashSecret(secret, salt), 'hex');
  const expected = Buffer.from(expectedHash, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A secret in the portal's style: 40 characters, with a `~` like Entra's generated ones. */
export function generateSecret(): string {
  const body = randomBytes(30).toString('base64url');
  return `${body.slice(0, 3)}8Q~${body.slice(3, 37)}`;
}

export function randomSalt(): string {
  return randomBytes(16).toString('hex');
}
