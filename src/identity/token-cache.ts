/**
 * Verified access tokens, remembered by their string: a signature is checked once, and
 * every later use only re-checks the lifetime against the sandbox clock (with the skew of
 * the moment), so moving the clock still expires a cached token. Revocation is checked by
 * the bearer middleware on every use. A token that fails on the clock goes back through
 * full verification, which words the failure.
 */
import type { EnvName } from '../hosts.js';
import type { VerifyOutcome } from './verifier.js';

type Verified = Extract<VerifyOutcome, { ok: true }>;

/** Enough for any CI run; when full, the cache starts over (verification is only slower). */
const MAX_ENTRIES = 10_000;

export class VerifiedTokenCache {
  // One map per environment: a key made of env + token would copy the whole token per lookup.
  private readonly entries: Record<EnvName, Map<string, Verified>> = { uat: new Map(), prod: new Map() };

  get(env: EnvName, token: string, nowSeconds: number, skewSeconds: number): Verified | null {
    const hit = this.entries[env].get(token);
    if (!hit) return null;
    const { exp, nbf } = hit.claims;
    // jose's own rules (RFC 7519 §4.1.4-5 with a tolerance): expired when exp <= now - skew.
    if (typeof exp !== 'number' || exp <= nowSeconds - skewSeconds) return null;
    if (typeof nbf === 'number' && nbf > nowSeconds + skewSeconds) return null;
    return hit;
  }

  remember(env: EnvName, token: string, outcome: Verified): void {
    const entries = this.entries[env];
    if (entries.size >= MAX_ENTRIES) entries.clear();
    entries.set(token, outcome);
  }
}
