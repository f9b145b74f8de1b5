/** The fault set's pieces that the HTTP tests reach only indirectly: the glob and the principal. */
import { describe, expect, it } from 'vitest';
import { globToRegExp, principalOf } from '../../src/control/faults.js';

describe('path globs', () => {
  it('matches * across segments, case-insensitively, ignoring a trailing slash; the rest literally', () => {
    const orders = globToRegExp('/manage/orders/*');
    expect(orders.test('/manage/orders/abc')).toBe(true);
    expect(orders.test('/manage/orders/abc/capture')).toBe(true);
    expect(orders.test('/MANAGE/Orders/abc')).toBe(true);
    expect(orders.test('/manage/orders')).toBe(false);
    expect(globToRegExp('/checkouts/').test('/checkouts')).toBe(true);
    expect(globToRegExp('/a.b(c)').test('/aXb(c)')).toBe(false);
    expect(globToRegExp('/a.b(c)').test('/a.b(c)')).toBe(true);
  });
});

describe('principals from the Authorization header', () => {
  const jwt = (payload: object): string =>
    ['{"alg":"none"}', JSON.stringify(payload)].map((part) => Buffer.from(part).toString('base64url')).join('.') + '.';

  it('reads a bearer token\'s azp, a SharedKey username and a Basic client id, in lower case', () => {
    expect(principalOf(`Bearer ${jwt({ azp: 'ABC-123' })}`)).toBe('abc-123');
    expect(principalOf(`SharedKey ${Buffer.from(`Shop-User:${'a'.repeat(64)}`).toString('base64')}`)).toBe('shop-user');
    expect(principalOf(`Basic ${Buffer.from('client%2Did:secret').toString('base64')}`)).toBe('client-id');
  });

  it('answers null for anything it cannot read', () => {
    expect(principalOf(null)).toBeNull();
    expect(principalOf('Bearer not-a-jwt')).toBeNull();
    expect(principalOf('SharedKey ???')).toBeNull();
    expect(principalOf('Digest x')).toBeNull();
  });
});
