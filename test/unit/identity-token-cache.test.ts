/** The verified-token cache: bounded, the token remembered longest ago forgotten first, lifetimes re-checked on every use. */
import { describe, expect, it } from 'vitest';
import { MAX_VERIFIED_TOKENS, VerifiedTokenCache } from '../../src/identity/token-cache.js';

const verified = (exp: number) => ({ ok: true as const, claims: { exp, nbf: 0 } });

describe('VerifiedTokenCache', () => {
  it('keeps the newest tokens up to its cap, per environment', () => {
    const cache = new VerifiedTokenCache();
    for (let i = 0; i <= MAX_VERIFIED_TOKENS; i++) cache.remember('uat', `t${i}`, verified(1000));
    cache.remember('prod', 't0', verified(1000));
    expect(cache.get('uat', 't0', 0, 0)).toBeNull();
    expect(cache.get('uat', 't1', 0, 0)).not.toBeNull();
    expect(cache.get('uat', `t${MAX_VERIFIED_TOKENS}`, 0, 0)).not.toBeNull();
    expect(cache.get('prod', 't0', 0, 0)).not.toBeNull();
  });

  it('a token remembered again counts as new; a cached token past exp + skew is not returned', () => {
    const cache = new VerifiedTokenCache();
    for (let i = 0; i < MAX_VERIFIED_TOKENS; i++) cache.remember('uat', `t${i}`, verified(1000));
    cache.remember('uat', 't0', verified(1000));
    cache.remember('uat', 'new', verified(1000));
    expect(cache.get('uat', 't0', 0, 0)).not.toBeNull();
    expect(cache.get('uat', 't1', 0, 0)).toBeNull();
    expect(cache.get('uat', 'new', 1299, 300)).not.toBeNull();
    expect(cache.get('uat', 'new', 1300, 300)).toBeNull();
  });
});
