/** The fault set's piece that the HTTP tests reach only indirectly: the principal (the path glob: path-glob.test.ts). */
import { describe, expect, it } from 'vitest';
import { principalOf } from '../../src/faults/faults.js';

describe('principals from the Authorization header', () => {
  const jwt = (payload: object): string =>
    ['{"alg":"none"}', JSON.stringify(payload)].map((part) => Buffer.from(part).toString('base64url')).join('.') + '.';

  it("reads a bearer token's azp, a SharedKey username and a Basic client id, in lower case", () => {
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
