/**
 * Optional throttling of the token endpoint per client (settings.tokens.rateLimit), measured
 * on the sandbox clock: a sliding window of the last `requests` calls within `perSeconds`.
 * Entra answers throttled apps with 429, a plain-text body and Retry-After (docs/real-service.md, "Throttling").
 *
 * The window lives in memory: a restart forgives, as a new STS node would.
 */
import type { RateLimit } from '../domain/settings.js';

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export class TokenRateLimiter {
  private readonly calls = new Map<string, number[]>();

  /** Records a call by `key` at `nowMs` unless it is over the limit. */
  take(key: string, limit: RateLimit | null, nowMs: number): RateDecision {
    if (!limit) return { allowed: true };
    const windowMs = limit.perSeconds * 1000;
    // Calls "in the future" (the clock was moved back) no longer count either.
    const recent = (this.calls.get(key) ?? []).filter((t) => t > nowMs - windowMs && t <= nowMs).sort((a, b) => a - b);
    if (recent.length >= limit.requests) {
      this.calls.set(key, recent);
      const oldest = recent[recent.length - limit.requests] as number;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + windowMs - nowMs) / 1000)) };
    }
    recent.push(nowMs);
    this.calls.set(key, recent);
    return { allowed: true };
  }

  /** Forgets every window (after a settings change or a reset). */
  clear(): void {
    this.calls.clear();
  }
}

/** Entra's throttling answer: plain text, not JSON (MSAL.NET reports it as unparseable). */
export function tooManyRequests(retryAfterSeconds: number, requestId: string): Response {
  return new Response('Too Many Requests', {
    status: 429,
    headers: {
      'content-type': 'text/plain; charset=utf-8',
      'retry-after': String(retryAfterSeconds),
      'cache-control': 'no-store, no-cache',
      'x-ms-request-id': requestId,
    },
  });
}
