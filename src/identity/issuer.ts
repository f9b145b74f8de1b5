/**
 * Minting app-only v2 access tokens as Entra does (docs/real-service.md, "Access token claims"): RS256 with the
 * environment's signing key, header {typ, alg, kid}, the claims an app-only token carries,
 * and every time from the sandbox clock.
 */
import { randomBytes } from 'node:crypto';
import type { ApiClient } from '../domain/merchant.js';
import type { Settings } from '../domain/settings.js';
import { loadJose } from './jose.js';
import { type KeyRing, SIGNING_ALG } from './keys.js';
import type { Tenant } from './tenants.js';

/** Entra back-dates iat/nbf by five minutes (the doc sample tokens: exp - iat = 3600 + 300). */
const BACKDATE_SECONDS = 300;

export interface AccessTokenClaims {
  aud: string;
  iss: string;
  iat: number;
  nbf: number;
  exp: number;
  aio: string;
  azp: string;
  /** "1": the client authenticated with a secret. */
  azpacr: string;
  oid: string;
  rh: string;
  sub: string;
  tid: string;
  uti: string;
  ver: '2.0';
}

export interface TokenLifetimes {
  expiresIn: number;
  extExpiresIn: number;
}

/**
 * The scenario's lifetimes, unless the API client has its own; Entra's ext_expires_in equals
 * expires_in in every capture, so a client override sets both.
 */
export function lifetimesFor(settings: Settings, client: ApiClient): TokenLifetimes {
  if (client.tokenLifetimeSeconds !== null) return { expiresIn: client.tokenLifetimeSeconds, extExpiresIn: client.tokenLifetimeSeconds };
  return { expiresIn: settings.tokens.lifetimeSeconds, extExpiresIn: settings.tokens.extLifetimeSeconds };
}

export interface MintInput {
  ring: KeyRing;
  tenant: Tenant;
  client: ApiClient;
  /** Sandbox time, Unix seconds. */
  nowSeconds: number;
  lifetimeSeconds: number;
}

export async function mintAccessToken(input: MintInput): Promise<{ accessToken: string; claims: AccessTokenClaims }> {
  const { ring, tenant, client, nowSeconds, lifetimeSeconds } = input;
  const claims: AccessTokenClaims = {
    aud: tenant.resourceId,
    iss: tenant.issuer,
    iat: nowSeconds - BACKDATE_SECONDS,
    nbf: nowSeconds - BACKDATE_SECONDS,
    exp: nowSeconds + lifetimeSeconds,
    // aio and rh are opaque to resources; they only need to look like Entra's.
    aio: opaque(72),
    azp: client.clientId,
    azpacr: '1',
    oid: client.objectId,
    rh: `0.${opaque(60)}.`,
    sub: client.objectId,
    tid: tenant.tenantId,
    uti: opaque(16),
    ver: '2.0',
  };
  const { SignJWT } = await loadJose();
  const accessToken = await new SignJWT({ ...claims })
    .setProtectedHeader({ typ: 'JWT', alg: SIGNING_ALG, kid: ring.signing.kid })
    .sign(ring.signing.privateKey);
  return { accessToken, claims };
}

function opaque(bytes: number): string {
  return randomBytes(bytes).toString('base64url');
}
