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

/**
 * Tokens remembered per environment (docs/identity.md states it). A client uses one token for
 * its hour, so this is far more than are in use at once; past it the oldest is forgotten (it is
 * only verified again when next used), so a long run that keeps fetching new tokens keeps a
 * bounded memory instead of every token it was ever shown.
 */
export const MAX_VERIFIED_TOKENS = 1_000;

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
    entries.delete(token);
    entries.set(token, outcome);
    // A Map iterates in insertion order: the first key is the token remembered longest ago.
    if (entries.size > MAX_VERIFIED_TOKENS) entries.delete(entries.keys().next().value!);
  }
}
