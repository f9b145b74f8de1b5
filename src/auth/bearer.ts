/**
 * Bearer checks on the api surface: the token is verified with jose against this
 * environment's keys on the sandbox clock (skew: settings.tokens.clockSkewSeconds), and its
 * API client must still exist. Failures are 401 in the checkout envelope with the challenge
 * Microsoft's ASP.NET APIs send (RFC 6750 §3):
 *   no credentials (no header, an empty one, "Bearer" alone, another scheme) → `Bearer`
 *   a token that fails → `Bearer error="invalid_token", error_description="…"`
 */
// The decoder alone (a few modules): the rest of jose loads with the keys, on first use.
import { decodeJwt } from 'jose/jwt/decode';
import { instant } from '../clock.js';
import type { SurfaceDeps } from '../routes/deps.js';
import { ENVIRONMENTS } from '../hosts.js';
import type { Authenticate } from '../http/types.js';
import { Refusal } from '../http/refusal.js';
import { TENANTS } from '../identity/tenants.js';
import type { VerifyOutcome } from '../identity/verifier.js';
import { authFailed, noteAuth } from './notes.js';

type BearerDeps = Pick<SurfaceDeps, 'env' | 'clock' | 'urls' | 'services' | 'settings' | 'identity'>;

type Presented = { kind: 'none' } | { kind: 'scheme'; scheme: string } | { kind: 'token'; token: string };

/** Tolerant of `Authorization:Bearer x`, any case of the scheme, extra spaces and an empty header. */
export function presentedToken(header: string | undefined): Presented {
  const value = (header ?? '').trim();
  if (value === '') return { kind: 'none' };
  const match = /^(\S+)(?:\s+([\s\S]*))?$/.exec(value);
  const scheme = match?.[1] ?? '';
  const token = (match?.[2] ?? '').trim();
  if (scheme.toLowerCase() !== 'bearer') return { kind: 'scheme', scheme };
  return token === '' ? { kind: 'none' } : { kind: 'token', token };
}

export function bearerAuth(deps: BearerDeps): Authenticate {
  // Read the URL per request: the main port is only known after listen().
  const advice = (fresh: boolean): string =>
    `Request ${fresh ? 'a new' : 'a'} token from ${deps.urls.baseUrl(deps.env, 'auth')}/oauth2/v2.0/token ` +
    `(grant_type=client_credentials, scope=${TENANTS[deps.env].scope}).`;

  return async (c) => {
    const presented = presentedToken(c.req.header('authorization'));
    if (presented.kind === 'none') {
      throw authFailed(
        c,
        'bearer:missing',
        challenge(
          'Authentication_Required',
          `This call needs an access token: send 'Authorization: Bearer <access_token>'. ${advice(false)}`,
        ),
      );
    }
    if (presented.kind === 'scheme') {
      const legacy =
        presented.scheme.toLowerCase() === 'sharedkey' ? ` SharedKey signatures work on ${deps.urls.baseUrl(deps.env, 'legacy')}.` : '';
      throw authFailed(
        c,
        `bearer:wrong-scheme`,
        challenge(
          'Authentication_Required',
          `The '${presented.scheme}' scheme is not accepted here: this API takes 'Authorization: Bearer <access_token>'.${legacy} ${advice(false)}`,
        ),
        {
          nearMiss: legacy
            ? {
                kind: 'host',
                closest: deps.urls.baseUrl(deps.env, 'legacy'),
                differs: 'SharedKey is accepted on the legacy host, not on the current API',
              }
            : null,
        },
      );
    }

    const outcome = await deps.identity.verify(deps.env, presented.token);
    if (!outcome.ok) {
      const other = otherEnvironmentOf(presented.token, deps);
      throw authFailed(c, bearerOutcome(outcome.problem, other), rejected(outcome, presented.token, deps, advice(true)), {
        ...(claimedClient(presented.token) ? { principal: { clientId: claimedClient(presented.token)! } } : {}),
        nearMiss: other
          ? {
              kind: 'bearer-environment',
              closest: `a ${deps.env.toUpperCase()} token`,
              differs: `the token was issued for ${other.toUpperCase()}; request one from ${deps.urls.baseUrl(deps.env, 'auth')}/oauth2/v2.0/token`,
            }
          : null,
      });
    }

    const clientId = typeof outcome.claims.azp === 'string' ? outcome.claims.azp.toLowerCase() : '';
    const client = deps.services.apiClients.find(clientId);
    if (!client || client.revokedAt !== null) {
      const when = client ? ` on ${client.revokedAt}` : '';
      throw authFailed(
        c,
        'bearer:revoked',
        invalidToken(
          'Client_Revoked',
          `The API client '${clientId}' this token was issued to was revoked${when} (or no longer exists after a reset). ` +
            `Create a new API client in the merchant portal (sandbox: POST /__admin/${deps.env}/merchants/{merchantId}/api-clients), then ${advice(true).replace(/^R/, 'r')}`,
          `The client '${clientId}' has been revoked`,
        ),
        { principal: { clientId } },
      );
    }
    c.set('caller', { scheme: 'bearer', merchantId: client.merchantId, clientId: client.clientId });
    noteAuth(c, 'bearer:ok', { clientId: client.clientId, merchantId: client.merchantId });
  };
}

function rejected(outcome: Extract<VerifyOutcome, { ok: false }>, token: string, deps: BearerDeps, advice: string): Refusal {
  const description = outcome.description;
  switch (outcome.problem) {
    case 'expired': {
      const exp = typeof outcome.claims?.exp === 'number' ? instant(outcome.claims.exp * 1000).toISOString() : 'an unknown time';
      const skew = deps.settings.current().tokens.clockSkewSeconds;
      return invalidToken(
        'Token_Expired',
        `The access token expired at ${exp} (sandbox time is now ${deps.clock.iso()}; ${skew} s of clock skew allowed). ${advice}`,
        description,
      );
    }
    case 'not_yet_valid':
      return invalidToken(
        'Token_Not_Yet_Valid',
        `The access token is not valid yet: ${description} (sandbox time ${deps.clock.iso()}). ${advice}`,
        description,
      );
    case 'key_not_found':
    case 'bad_issuer':
    case 'bad_audience': {
      const other = otherEnvironmentOf(token, deps);
      const why = other
        ? `It was issued by the ${other.toUpperCase()} identity provider; ${deps.env.toUpperCase()} accepts only ${deps.env.toUpperCase()} tokens.`
        : `It was not issued for this API by the ${deps.env.toUpperCase()} identity provider (${description}).`;
      return invalidToken('Invalid_Token', `The access token is not valid here. ${why} ${advice}`, description);
    }
    default:
      return invalidToken(
        'Invalid_Token',
        `The access token is not valid: ${description}. Send the access_token exactly as received. ${advice}`,
        description,
      );
  }
}

/** The journal's outcome name for a token that failed verification. */
function bearerOutcome(problem: Extract<VerifyOutcome, { ok: false }>['problem'], otherEnvironment: string | null): string {
  if (otherEnvironment) return 'bearer:other-environment';
  if (problem === 'expired') return 'bearer:expired';
  if (problem === 'not_yet_valid') return 'bearer:not-yet-valid';
  return 'bearer:invalid';
}

/** The client a token claims to be for (unverified: only for the journal's principal). */
function claimedClient(token: string): string | null {
  try {
    const azp = decodeJwt(token).azp;
    return typeof azp === 'string' ? azp.toLowerCase() : null;
  } catch {
    return null;
  }
}

/** Which other environment minted a token, from its unverified `tid` (for the message only). */
function otherEnvironmentOf(token: string, deps: BearerDeps): string | null {
  try {
    const tid = decodeJwt(token).tid;
    return ENVIRONMENTS.find((env) => env !== deps.env && TENANTS[env].tenantId === tid) ?? null;
  } catch {
    return null;
  }
}

function challenge(reason: string, message: string): Refusal {
  // RFC 6750 §3: no error attributes when the request carried no credentials.
  return Refusal.single(401, reason, message, { 'www-authenticate': 'Bearer' });
}

function invalidToken(reason: string, message: string, description: string): Refusal {
  return Refusal.single(401, reason, message, {
    'www-authenticate': `Bearer error="invalid_token", error_description="${quotable(description)}"`,
  });
}

/** error_description allows %x20-21 / %x23-5B / %x5D-7E only (RFC 6750 §3): no quote, no backslash. */
function quotable(text: string): string {
  return text.replace(/[^\x20\x21\x23-\x5b\x5d-\x7e]/g, '?');
}
