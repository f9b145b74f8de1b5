/**
 * The token endpoint's throttle: a sliding window per key, on whatever clock the caller reads.
 */
import { describe, expect, it } from 'vitest';
import { TokenRateLimiter, tooManyRequests } from '../../src/identity/ratelimit.js';

const limit = { requests: 3, perSeconds: 60 };

describe('TokenRateLimiter', () => {
  it('allows everything without a limit', () => {
    const limiter = new TokenRateLimiter();
    for (let i = 0; i < 100; i++) expect(limiter.take('a', null, 0)).toEqual({ allowed: true });
  });

  it('refuses the call over the limit with the seconds until a slot frees up', () => {
    const limiter = new TokenRateLimiter();
    expect(limiter.take('a', limit, 0).allowed).toBe(true);
    expect(limiter.take('a', limit, 5_000).allowed).toBe(true);
    expect(limiter.take('a', limit, 20_000).allowed).toBe(true);
    expect(limiter.take('a', limit, 30_000)).toEqual({ allowed: false, retryAfterSeconds: 30 });
    // Refused calls do not count: at 60 s the first call leaves the window.
    expect(limiter.take('a', limit, 59_999)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(limiter.take('a', limit, 60_000).allowed).toBe(true);
    expect(limiter.take('a', limit, 60_001)).toEqual({ allowed: false, retryAfterSeconds: 5 });
  });

  it('keeps keys apart', () => {
    const limiter = new TokenRateLimiter();
    const one = { requests: 1, perSeconds: 60 };
    expect(limiter.take('uat:a', one, 0).allowed).toBe(true);
    expect(limiter.take('uat:a', one, 1).allowed).toBe(false);
    expect(limiter.take('uat:b', one, 1).allowed).toBe(true);
  });

  it('forgets calls "in the future" when the clock is moved back, and everything on clear()', () => {
    const limiter = new TokenRateLimiter();
    const one = { requests: 1, perSeconds: 60 };
    expect(limiter.take('a', one, 100_000).allowed).toBe(true);
    expect(limiter.take('a', one, 50_000).allowed).toBe(true);
    expect(limiter.take('a', one, 50_001).allowed).toBe(false);
    limiter.clear();
    expect(limiter.take('a', one, 50_002).allowed).toBe(true);
  });
});

describe('tooManyRequests', () => {
  it('is plain text with Retry-After, as Entra answers', async () => {
    const response = tooManyRequests(60, 'abc');
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('60');
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(response.headers.get('x-ms-request-id')).toBe('abc');
    expect(await response.text()).toBe('Too Many Requests');
  });
});
