/**
 * Bearer checks on the api surface: the token is verified with jose against this
 * environment's keys on the sandbox clock (skew: settings.tokens.clockSkewSeconds), and its
 * API client must still exist. Failures are 401 in the checkout envelope with the challenge
 * Microsoft's ASP.NET APIs send (RFC 6750 §3):
 *   no credentials (no header, an empty one, "Bearer" alone, another scheme) → `Bearer`
 *   a token that fails → `Bearer error="invalid_token", error_description="…"`
 */
import type { MiddlewareHandler } from 'hono';
import { decodeJwt } from 'jose';
import { instant } from '../clock.js';
import type { SurfaceDeps } from '../surfaces/deps.js';
import { ENVIRONMENTS } from '../hosts.js';
import { CheckoutApiError } from '../http/envelope.js';
import type { SurfaceEnv } from '../http/types.js';
import { TENANTS } from '../identity/tenants.js';
import type { VerifyOutcome } from '../identity/verifier.js';

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

export function bearerAuth(deps: BearerDeps): MiddlewareHandler<SurfaceEnv> {
  // Read the URL per request: the main port is only known after listen().
  const advice = (fresh: boolean): string =>
    `Request ${fresh ? 'a new' : 'a'} token from ${deps.urls.baseUrl(deps.env, 'auth')}/oauth2/v2.0/token ` +
    `(grant_type=client_credentials, scope=${TENANTS[deps.env].scope}).`;

  return async (c, next) => {
    const presented = presentedToken(c.req.header('authorization'));
    if (presented.kind === 'none') {
      throw challenge('Authentication_Required', `This call needs an access token: send 'Authorization: Bearer <access_token>'. ${advice(false)}`);
    }
    if (presented.kind === 'scheme') {
      const legacy = presented.scheme.toLowerCase() === 'sharedkey' ? ` SharedKey signatures work on ${deps.urls.baseUrl(deps.env, 'legacy')}.` : '';
      throw challenge(
        'Authentication_Required',
        `The '${presented.scheme}' scheme is not accepted here: this API takes 'Authorization: Bearer <access_token>'.${legacy} ${advice(false)}`,
      );
    }

    const outcome = await deps.identity.verify(deps.env, presented.token);
    if (!outcome.ok) throw rejected(outcome, presented.token, deps, advice(true));

    const clientId = typeof outcome.claims.azp === 'string' ? outcome.claims.azp.toLowerCase() : '';
    const client = deps.services.apiClients.find(clientId);
    if (!client || client.revokedAt !== null) {
      const when = client ? ` on ${client.revokedAt}` : '';
      throw invalidToken(
        'Client_Revoked',
        `The API client '${clientId}' this token was issued to was revoked${when} (or no longer exists after a reset). ` +
          `Create a new API client in the merchant portal (sandbox: POST /__admin/${deps.env}/merchants/{merchantId}/api-clients), then ${advice(true).replace(/^R/, 'r')}`,
        `The client '${clientId}' has been revoked`,
      );
    }
    c.set('caller', { scheme: 'bearer', merchantId: client.merchantId, clientId: client.clientId });
    await next();
  };
}

function rejected(outcome: Extract<VerifyOutcome, { ok: false }>, token: string, deps: BearerDeps, advice: string): CheckoutApiError {
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
      return invalidToken('Token_Not_Yet_Valid', `The access token is not valid yet: ${description} (sandbox time ${deps.clock.iso()}). ${advice}`, description);
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
      return invalidToken('Invalid_Token', `The access token is not valid: ${description}. Send the access_token exactly as received. ${advice}`, description);
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

function challenge(reason: string, message: string): CheckoutApiError {
  // RFC 6750 §3: no error attributes when the request carried no credentials.
  return CheckoutApiError.single(401, reason, message, { 'www-authenticate': 'Bearer' });
}

function invalidToken(reason: string, message: string, description: string): CheckoutApiError {
  return CheckoutApiError.single(401, reason, message, {
    'www-authenticate': `Bearer error="invalid_token", error_description="${quotable(description)}"`,
  });
}

/** error_description allows %x20-21 / %x23-5B / %x5D-7E only (RFC 6750 §3): no quote, no backslash. */
function quotable(text: string): string {
  return text.replace(/[^\x20\x21\x23-\x5b\x5d-\x7e]/g, '?');
}
