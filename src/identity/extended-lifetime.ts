/**
 * ext_expires_in during an identity outage: Entra's resilience extension lets a resource
 * accept a token past `exp` up to iat + ext_expires_in while the identity provider is down
 * (the token endpoint answers 503 temporarily_unavailable). Tokens carry no claim for it, so
 * the provider remembers, per token (`uti`), how much longer than expires_in its
 * ext_expires_in was; a token it does not know (minted before a restart) gets the
 * scenario's default difference.
 */
import { instant } from '../clock.js';
import type { Settings } from '../domain/settings.js';
import { type VerifyInput, type VerifyOutcome, verifyAccessToken } from './verifier.js';

/**
 * Tokens remembered (docs/identity.md states it); past it the oldest is forgotten, and a token
 * not remembered gets the scenario's default difference.
 */
const MAX_EXTENDED_LIFETIMES = 10_000;

export class ExtendedLifetimes {
  private readonly extra = new Map<string, number>();

  remember(uti: string, extraSeconds: number): void {
    this.extra.set(uti, Math.max(0, extraSeconds));
    // A Map iterates in insertion order: the first key is the token issued longest ago.
    if (this.extra.size > MAX_EXTENDED_LIFETIMES) this.extra.delete(this.extra.keys().next().value!);
  }

  extraSeconds(uti: unknown, settings: Settings): number {
    const known = typeof uti === 'string' ? this.extra.get(uti) : undefined;
    return known ?? Math.max(0, settings.tokens.extLifetimeSeconds - settings.tokens.lifetimeSeconds);
  }
}

type Expired = Extract<VerifyOutcome, { ok: false }>;

/**
 * An expired token re-checked as of its last valid second (signature, audience and issuer
 * still apply) when the sandbox clock is within its extended lifetime; otherwise the
 * original refusal.
 */
export async function withinExtendedLifetime(
  token: string,
  expired: Expired,
  extraSeconds: number,
  input: VerifyInput,
): Promise<VerifyOutcome> {
  const exp = expired.claims?.exp;
  if (typeof exp !== 'number' || extraSeconds <= 0) return expired;
  const nowSeconds = input.now.getTime() / 1000;
  if (nowSeconds - input.clockSkewSeconds >= exp + extraSeconds) return expired;
  const outcome = await verifyAccessToken(token, { ...input, now: instant((exp - 1) * 1000) });
  return outcome.ok ? outcome : expired;
}
