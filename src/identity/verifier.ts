/**
 * Access token validation as Microsoft's own API stack does it (ASP.NET Core JwtBearer over
 * Microsoft.IdentityModel): signature against the environment's published keys, then
 * lifetime with a clock skew (default 300 s), then audience, then issuer. jose does the
 * cryptography and the lifetime on the sandbox clock; the failure descriptions are
 * JwtBearerHandler's, so a developer sees what an ASP.NET API would tell them.
 */
import type { JWTPayload } from 'jose';
import { LAST_DATE_MS, instant } from '../clock.js';
import { loadJose } from './jose.js';
import { type KeyRing, SIGNING_ALG } from './keys.js';
import type { Tenant } from './tenants.js';

type TokenProblem =
  'malformed' | 'key_not_found' | 'bad_signature' | 'no_expiration' | 'not_yet_valid' | 'expired' | 'bad_audience' | 'bad_issuer';

export type VerifyOutcome =
  { ok: true; claims: JWTPayload } | { ok: false; problem: TokenProblem; description: string; claims: JWTPayload | null };

export interface VerifyInput {
  ring: KeyRing;
  tenant: Tenant;
  now: Date;
  clockSkewSeconds: number;
}

class KeyNotFound extends Error {}

type JoseErrors = (typeof import('jose'))['errors'];

export async function verifyAccessToken(token: string, input: VerifyInput): Promise<VerifyOutcome> {
  const { ring, tenant } = input;
  const { jwtVerify, errors } = await loadJose();
  let claims: JWTPayload;
  try {
    const verified = await jwtVerify(
      token,
      (header) => {
        const key = header.kid === undefined ? undefined : ring.byKid(header.kid);
        if (!key) throw new KeyNotFound();
        return key.publicKey;
      },
      { algorithms: [SIGNING_ALG], currentDate: input.now, clockTolerance: input.clockSkewSeconds, requiredClaims: ['exp'] },
    );
    claims = verified.payload;
  } catch (error) {
    // An expiry or not-before claim that jose compared but no calendar can show: refused as malformed.
    const failed = error instanceof errors.JWTClaimValidationFailed || error instanceof errors.JWTExpired ? error.payload : null;
    if (failed && timeClaimsOutOfRange(failed)) return outOfRange(failed);
    return fromJoseError(error, errors);
  }
  if (timeClaimsOutOfRange(claims)) return outOfRange(claims);
  const audiences = Array.isArray(claims.aud) ? claims.aud : claims.aud === undefined ? [] : [claims.aud];
  if (!audiences.some((aud) => aud.toLowerCase() === tenant.resourceId)) {
    return problem('bad_audience', `The audience '${audiences.join(', ') || 'empty'}' is invalid`, claims);
  }
  if (claims.iss !== tenant.issuer) return problem('bad_issuer', `The issuer '${claims.iss ?? '(null)'}' is invalid`, claims);
  return { ok: true, claims };
}

function fromJoseError(error: unknown, errors: JoseErrors): VerifyOutcome {
  if (error instanceof KeyNotFound) return problem('key_not_found', 'The signature key was not found', null);
  if (error instanceof errors.JWTExpired) {
    return problem('expired', `The token expired at '${aspNetInstant(error.payload.exp)}'`, error.payload);
  }
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'exp') return problem('no_expiration', 'The token has no expiration', error.payload);
    if (error.claim === 'nbf') {
      return problem('not_yet_valid', `The token is not valid before '${aspNetInstant(error.payload.nbf)}'`, error.payload);
    }
    return problem('malformed', `The token's '${error.claim}' claim is not valid`, error.payload);
  }
  if (error instanceof errors.JWSSignatureVerificationFailed || error instanceof errors.JOSEAlgNotAllowed) {
    return problem('bad_signature', 'The signature is invalid', null);
  }
  if (error instanceof errors.JOSEError) return problem('malformed', 'The token is malformed', null);
  throw error;
}

/**
 * RFC 7519 §2 NumericDate: seconds since the epoch. jose checks only that it is a number, so
 * 1e300 passes as "far future"; a date the sandbox can show ends where a JavaScript Date does.
 */
const MAX_NUMERIC_DATE = LAST_DATE_MS / 1000;
const TIME_CLAIMS = ['exp', 'nbf', 'iat'] as const;

function timeClaimsOutOfRange(claims: JWTPayload): boolean {
  return TIME_CLAIMS.some((name) => {
    const value = claims[name];
    return typeof value === 'number' && !(Number.isFinite(value) && Math.abs(value) <= MAX_NUMERIC_DATE);
  });
}

function outOfRange(claims: JWTPayload): VerifyOutcome {
  const name = TIME_CLAIMS.find((n) => typeof claims[n] === 'number' && !(Math.abs(claims[n] as number) <= MAX_NUMERIC_DATE)) ?? 'exp';
  // Words in ASCII: this description is also the WWW-Authenticate header's error_description.
  return problem(
    'malformed',
    `The token's '${name}' claim is not a valid date (seconds since 1970, from -${MAX_NUMERIC_DATE} to ${MAX_NUMERIC_DATE})`,
    claims,
  );
}

function problem(kind: TokenProblem, description: string, claims: JWTPayload | null): VerifyOutcome {
  return { ok: false, problem: kind, description, claims };
}

/** .NET's invariant-culture DateTime ("MM/dd/yyyy HH:mm:ss", UTC), as JwtBearerHandler prints it. */
export function aspNetInstant(epochSeconds: number | undefined): string {
  if (epochSeconds === undefined) return '';
  const iso = instant(epochSeconds * 1000).toISOString();
  return `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)} ${iso.slice(11, 19)}`;
}
