/**
 * How an API client's secret is kept: salted SHA-256, compared in constant time. A rule of
 * the model (seeding and the identity provider must agree on it), so it lives here.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

export function hashSecret(secret: string, salt: string): string {
  return createHash('sha256').update(salt).update(':').update(secret, 'utf8').digest('hex');
}

export function secretMatches(secret: string, salt: string, expectedHash: string): boolean {
  const actual = Buffer.from(hashSecret(secret, salt), 'hex');
  const expected = Buffer.from(expectedHash, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
