/**
 * The identity provider's routes on the auth surface (and the api surface, which shares the
 * host in reality): the token endpoint, the discovery document and the JWKS.
 *
 *   POST /oauth2/v2.0/token[/]                          client credentials → access token
 *   GET  /{tenant}/v2.0/.well-known/openid-configuration
 *   GET  /{tenant}/discovery/v2.0/keys
 *
 * Every answer takes Entra's shape (docs/real-service.md, "The identity provider"), not the checkout envelope: OAuth
 * libraries are what call these paths.
 */
import type { Context } from 'hono';
import { tokenRequestSchema } from '../domain/requests/token.js';
import { jsonResponse } from '../http/response.js';
import { type AnyOperation, jsonAnswer, operation } from '../http/operation.js';
import type { Answer } from '../http/types.js';
import { identityErrorSchema } from '../http/envelopes.js';
import { type SurfaceEnv, notesOf } from '../http/types.js';
import { oauthDialect, tokenDialect } from '../identity/dialects.js';
import { DISCOVERY_HEADERS, jwksDocument, openIdConfiguration } from '../identity/discovery.js';
import { AADSTS, type Trace, identityHeaders, tokenErrorResponse, traceFor, withHint } from '../identity/errors.js';
import { checkGrant } from '../identity/grant.js';
import { tooManyRequests } from '../identity/ratelimit.js';
import { ISSUER_TEMPLATE, TENANTS, type Tenant, matchTenant } from '../identity/tenants.js';
import { TOKEN_PATH, type TokenRequest, readTokenRequest } from '../identity/token-request.js';
import { ENVIRONMENTS } from '../hosts.js';
import { jwksSchema, openIdConfigurationSchema, tokenSchema } from './answers/identity.js';
import type { SurfaceDeps } from './deps.js';

export type TokenDeps = Pick<SurfaceDeps, 'env' | 'clock' | 'urls' | 'logger' | 'services' | 'settings' | 'identity' | 'clientEnvironment'>;

const TOKEN = jsonAnswer('An access token.', tokenSchema, 'Token');
const TOKEN_REFUSED: Answer = {
  description: "Refused, in Entra's shape: AADSTS codes (the sandbox's advice in x-sandbox-hint).",
  schema: identityErrorSchema,
  name: 'IdentityError',
};
const THROTTLED: Answer = {
  description: "Throttled, as Entra answers: plain text 'Too Many Requests' with Retry-After.",
  contentType: 'text/plain',
  headers: { 'Retry-After': 'Seconds to wait.' },
};
const METADATA_REFUSED: Answer = { description: "An OAuth error in Entra's shape.", schema: identityErrorSchema, name: 'IdentityError' };
const PREFLIGHT: Answer = { description: 'A CORS preflight: the methods and origins allowed.' };
const DISCOVERY_PATH = '/:tenant/v2.0/.well-known/openid-configuration';
const KEYS_PATH = '/:tenant/discovery/v2.0/keys';

const preflight = (op: string, path: string): AnyOperation<TokenDeps> =>
  operation<TokenDeps>({
    op,
    method: 'OPTIONS',
    path,
    auth: 'none',
    dialect: oauthDialect,
    summary: 'CORS preflight',
    answers: { '204': PREFLIGHT },
    handler: () => () => new Response(null, { status: 204, headers: DISCOVERY_HEADERS }),
  });

/**
 * The identity provider's operations: on the auth surface, and on the api surface, which
 * shares the host in reality. Other methods on the metadata paths answer 405 in the OAuth
 * shape (oauthDialect); the token endpoint answers every method itself.
 */
export const IDENTITY_OPERATIONS: readonly AnyOperation<TokenDeps>[] = [
  operation<TokenDeps>({
    op: 'requestToken',
    method: 'POST',
    path: TOKEN_PATH,
    anyMethod: true,
    auth: 'none',
    dialect: tokenDialect,
    summary: 'Client-credentials token',
    description: 'Client id and secret in the form or as HTTP Basic. Other methods answer AADSTS900561.',
    // The form is read by the handler: percent-encoded or multipart, credentials also in Basic.
    body: {
      schema: tokenRequestSchema,
      name: 'TokenRequest',
      contentType: ['application/x-www-form-urlencoded', 'multipart/form-data'],
      bind: 'handler',
    },
    answers: {
      '200': TOKEN,
      '204': PREFLIGHT,
      '400': TOKEN_REFUSED,
      '401': TOKEN_REFUSED,
      '413': TOKEN_REFUSED,
      '429': THROTTLED,
      '503': TOKEN_REFUSED,
    },
    handler: (deps) => (c) => tokenEndpoint(c, deps),
  }),
  operation<TokenDeps>({
    op: 'getOpenIdConfiguration',
    method: 'GET',
    path: DISCOVERY_PATH,
    auth: 'none',
    dialect: oauthDialect,
    summary: 'OpenID discovery document',
    answers: {
      '200': jsonAnswer('The OpenID discovery document.', openIdConfigurationSchema, 'OpenIdConfiguration'),
      '400': METADATA_REFUSED,
    },
    handler: (deps) => (c) =>
      withTenant(c, deps, (segment, issuer) =>
        jsonResponse(
          openIdConfiguration({ authBase: deps.urls.baseUrl(deps.env, 'auth'), tenantSegment: segment, issuer }),
          200,
          DISCOVERY_HEADERS,
        ),
      ),
  }),
  preflight('preflightOpenIdConfiguration', DISCOVERY_PATH),
  operation<TokenDeps>({
    op: 'getSigningKeys',
    method: 'GET',
    path: KEYS_PATH,
    auth: 'none',
    dialect: oauthDialect,
    summary: 'Signing keys (JWKS)',
    answers: { '200': jsonAnswer('The signing keys.', jwksSchema, 'Jwks'), '400': METADATA_REFUSED },
    handler: (deps) => (c) =>
      withTenant(c, deps, async (_segment, issuer) =>
        jsonResponse(jwksDocument(await deps.identity.keyRing(deps.env), issuer), 200, DISCOVERY_HEADERS),
      ),
  }),
  preflight('preflightSigningKeys', KEYS_PATH),
];

async function tokenEndpoint(c: Context<SurfaceEnv>, deps: TokenDeps): Promise<Response> {
  const trace = traceFor(c.req.raw.headers, deps.clock.now());
  const method = c.req.method.toUpperCase();
  if (method === 'OPTIONS') {
    return new Response(null, { status: 204, headers: { allow: 'POST, OPTIONS', 'access-control-allow-origin': '*' } });
  }
  if (method !== 'POST') {
    return tokenErrorResponse(withHint(AADSTS.methodNotAllowed(method), 'Request a token with POST and a form body.'), trace);
  }

  // A body over the cap is refused in the token dialect (the short OAuth form), on both hosts.
  const request: TokenRequest = await readTokenRequest(c);
  // The journal counts tokens per client (the migration report) and keeps why one was refused.
  const notes = notesOf(c.env);
  if (notes && request.clientId !== null) notes.principal = { clientId: request.clientId.toLowerCase() };
  if (request.clientId !== null) {
    const decision = deps.identity.rateLimiter.take(
      `${deps.env}:${request.clientId.toLowerCase()}`,
      deps.settings.current().tokens.rateLimit,
      deps.clock.nowMs(),
    );
    if (notes && !decision.allowed) notes.auth = 'token:throttled';
    if (!decision.allowed) return tooManyRequests(decision.retryAfterSeconds, trace.traceId);
  }

  const tenant = deps.identity.tenant(deps.env);
  const result = checkGrant(request, {
    tenant,
    findClient: (clientId) => deps.services.apiClients.find(clientId),
    elsewhere: (clientId) => deps.clientEnvironment(clientId),
    adminUrl: () => adminClientsUrl(deps),
    nowMs: deps.clock.nowMs(),
  });
  if (!result.ok) {
    deps.logger.debug({ env: deps.env, aadsts: result.failure.code, clientId: request.clientId }, 'token request refused');
    if (notes) {
      notes.auth = `token:${result.failure.error}`;
      notes.authCause = `AADSTS${result.failure.code}: ${result.failure.message}`;
    }
    return tokenErrorResponse(result.failure, trace);
  }

  const issued = await deps.identity.issue(deps.env, result.client);
  if (notes) {
    notes.auth = 'token:ok';
    notes.principal = { clientId: result.client.clientId, merchantId: result.client.merchantId };
  }
  return successResponse(issued.expiresIn, issued.extExpiresIn, issued.accessToken, trace);
}

function successResponse(expiresIn: number, extExpiresIn: number, accessToken: string, trace: Trace): Response {
  // Field order and integer lifetimes as in the captured v2 responses.
  return jsonResponse(
    { token_type: 'Bearer', expires_in: expiresIn, ext_expires_in: extExpiresIn, access_token: accessToken },
    200,
    identityHeaders(trace),
  );
}

/** The answer for a known tenant (the JWKS's waits for the keys, loaded on first use); else AADSTS90002. */
function withTenant<A extends Response | Promise<Response>>(
  c: Context<SurfaceEnv>,
  deps: TokenDeps,
  answer: (segment: string, issuer: string) => A,
): A | Response {
  const segment = c.req.param('tenant') ?? '';
  const match = matchTenant(deps.env, segment);
  if (match.kind === 'tenant') return answer(segment, match.tenant.issuer);
  if (match.kind === 'multi-tenant') return answer(segment, ISSUER_TEMPLATE);
  const own: Tenant = TENANTS[deps.env];
  const other = ENVIRONMENTS.map((env) => TENANTS[env]).find((t) => t.env !== deps.env && matchTenant(t.env, segment).kind === 'tenant');
  const hint = other
    ? `That is the ${other.env.toUpperCase()} tenant; the ${deps.env.toUpperCase()} tenant is ${own.tenantId}.`
    : `The ${deps.env.toUpperCase()} tenant is ${own.tenantId} (or ${own.domain}).`;
  return tokenErrorResponse(withHint(AADSTS.unknownTenant(segment), hint), traceFor(c.req.raw.headers, deps.clock.now()));
}

function adminClientsUrl(deps: TokenDeps): string {
  const base = new URL(deps.urls.baseUrl(deps.env, 'auth'));
  return `${base.origin}/__admin/${deps.env}/merchants`;
}
