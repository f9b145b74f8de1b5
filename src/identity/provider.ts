/**
 * The identity provider of one sandbox: its signing keys (loaded on first use), its tenants, its
 * throttle, and the two things the rest of the sandbox asks of it: mint a token for an API
 * client, and verify a presented token. Time always comes from the sandbox clock.
 */
import type { Clock } from '../clock.js';
import type { ApiClient } from '../domain/merchant.js';
import type { EnvName } from '../hosts.js';
import type { Settings } from '../domain/settings.js';
import { type AccessTokenClaims, type TokenLifetimes, lifetimesFor, mintAccessToken } from './issuer.js';
import { DEFAULT_KEY_DIR, type KeyRing, type KeyRingSource, keyRingsOnDemand } from './keys.js';
import { TokenRateLimiter } from './ratelimit.js';
import { TENANTS, type Tenant } from './tenants.js';
import { type VerifyOutcome, verifyAccessToken } from './verifier.js';
import { VerifiedTokenCache } from './token-cache.js';
import { ExtendedLifetimes, withinExtendedLifetime } from './extended-lifetime.js';

interface IssuedToken extends TokenLifetimes {
  accessToken: string;
  claims: AccessTokenClaims;
}

export interface IdentityProvider {
  tenant(env: EnvName): Tenant;
  /** The environment's keys, loaded on the first call (the first token, verification or JWKS). */
  keyRing(env: EnvName): Promise<KeyRing>;
  readonly rateLimiter: TokenRateLimiter;
  /** A token for the client, as the token endpoint issues it (no credential checks here). */
  issue(env: EnvName, client: ApiClient): Promise<IssuedToken>;
  /** Signature, lifetime (with the configured skew), audience and issuer, on the sandbox clock. */
  verify(env: EnvName, token: string): Promise<VerifyOutcome>;
}

export interface IdentityOptions {
  clock: Clock;
  settings(): Settings;
  keyDir?: string;
  /**
   * Whether the identity provider is down for the environment (a fault rule): while it is,
   * resources accept tokens up to ext_expires_in, as Entra's resilience extension promises.
   */
  outage?(env: EnvName): boolean;
  /** Where the keys come from (loading them needs jose and the key files): isolated sandboxes share the process's. */
  rings?: KeyRingSource;
}

export async function createIdentityProvider(options: IdentityOptions): Promise<IdentityProvider> {
  const { clock, settings } = options;
  const rings: KeyRingSource = options.rings ?? keyRingsOnDemand(options.keyDir ?? DEFAULT_KEY_DIR);
  const verified = new VerifiedTokenCache();
  const extensions = new ExtendedLifetimes();
  // A token being verified: requests that present it meanwhile wait for the same verification
  // (a client that switches to a new token sends it on all its connections at once).
  const verifying: Record<EnvName, Map<string, Promise<VerifyOutcome>>> = { uat: new Map(), prod: new Map() };
  return {
    tenant: (env) => TENANTS[env],
    keyRing: (env) => rings.ring(env),
    rateLimiter: new TokenRateLimiter(),
    async issue(env, client) {
      const lifetimes = lifetimesFor(settings(), client);
      const minted = await mintAccessToken({
        ring: await rings.ring(env),
        tenant: TENANTS[env],
        client,
        nowSeconds: clock.epochSeconds(),
        lifetimeSeconds: lifetimes.expiresIn,
      });
      extensions.remember(minted.claims.uti, lifetimes.extExpiresIn - lifetimes.expiresIn);
      return { ...lifetimes, ...minted };
    },
    async verify(env, token) {
      const skew = settings().tokens.clockSkewSeconds;
      // A token verified before is only re-checked on the clock: no keys (nor jose) needed.
      const cached = verified.get(env, token, clock.epochSeconds(), skew);
      if (cached) return cached;
      const inFlight = verifying[env].get(token);
      if (inFlight) {
        const shared = await inFlight;
        // Shared only when it holds now as well (the clock may have moved while it ran); anything else is verified again.
        const still = shared.ok ? verified.get(env, token, clock.epochSeconds(), settings().tokens.clockSkewSeconds) : null;
        if (still) return still;
      }
      const ring = await rings.ring(env);
      const verification = verifyAccessToken(token, { ring, tenant: TENANTS[env], now: clock.now(), clockSkewSeconds: skew });
      verifying[env].set(token, verification);
      let outcome: VerifyOutcome;
      try {
        outcome = await verification;
      } finally {
        if (verifying[env].get(token) === verification) verifying[env].delete(token);
      }
      if (outcome.ok) verified.remember(env, token, outcome);
      else if (outcome.problem === 'expired' && options.outage?.(env)) {
        const extra = extensions.extraSeconds(outcome.claims?.uti, settings());
        return withinExtendedLifetime(token, outcome, extra, { ring, tenant: TENANTS[env], now: clock.now(), clockSkewSeconds: skew });
      }
      return outcome;
    },
  };
}
