/**
 * The identity provider's routes on the auth surface (and the api surface, which shares the
 * host in reality): the token endpoint, the discovery document and the JWKS.
 *
 *   POST /oauth2/v2.0/token[/]                          client credentials → access token
 *   GET  /{tenant}/v2.0/.well-known/openid-configuration
 *   GET  /{tenant}/discovery/v2.0/keys
 *
 * Every answer takes Entra's shape (identity-facts §0-§3), not the checkout envelope: OAuth
 * libraries are what call these paths.
 */
import type { Context, Hono } from 'hono';
import type { SurfaceDeps } from './deps.js';
import { CheckoutApiError, jsonResponse } from '../http/envelope.js';
import { type SurfaceEnv, notesOf } from '../http/types.js';
import { DISCOVERY_HEADERS, jwksDocument, openIdConfiguration } from '../identity/discovery.js';
import { AADSTS, type Trace, identityHeaders, tokenErrorResponse, traceFor, withHint } from '../identity/errors.js';
import { checkGrant } from '../identity/grant.js';
import { tooManyRequests } from '../identity/ratelimit.js';
import { ISSUER_TEMPLATE, TENANTS, type Tenant, matchTenant } from '../identity/tenants.js';
import { TOKEN_PATH, type TokenRequest, readTokenRequest } from '../identity/token-request.js';
import { ENVIRONMENTS } from '../hosts.js';

type TokenDeps = Pick<SurfaceDeps, 'env' | 'clock' | 'urls' | 'logger' | 'services' | 'settings' | 'identity' | 'clientEnvironment'>;

export function registerIdentityRoutes(app: Hono<SurfaceEnv>, deps: TokenDeps): void {
  // strict:false on the surface app makes the trailing-slash form (the PHP SDK's) match too.
  app.all(TOKEN_PATH, (c) => tokenEndpoint(c, deps));

  app.get('/:tenant/v2.0/.well-known/openid-configuration', (c) =>
    withTenant(c, deps, (segment, issuer) =>
      jsonResponse(openIdConfiguration({ authBase: deps.urls.baseUrl(deps.env, 'auth'), tenantSegment: segment, issuer }), 200, DISCOVERY_HEADERS),
    ),
  );

  app.get('/:tenant/discovery/v2.0/keys', (c) =>
    withTenant(c, deps, (_segment, issuer) => jsonResponse(jwksDocument(deps.identity.keyRing(deps.env), issuer), 200, DISCOVERY_HEADERS)),
  );

  // Other methods on the metadata paths, alike on both hosts: the CORS preflight Entra allows, else a refusal in the OAuth shape.
  for (const path of ['/:tenant/v2.0/.well-known/openid-configuration', '/:tenant/discovery/v2.0/keys']) {
    app.all(path, (c) =>
      c.req.method === 'OPTIONS'
        ? new Response(null, { status: 204, headers: DISCOVERY_HEADERS })
        : jsonResponse(
            { error: 'invalid_request', error_description: `The endpoint only accepts GET, OPTIONS requests. Received a ${c.req.method} request.` },
            405,
            { allow: 'GET, OPTIONS' },
          ),
    );
  }
}

async function tokenEndpoint(c: Context<SurfaceEnv>, deps: TokenDeps): Promise<Response> {
  const trace = traceFor(c.req.raw.headers, deps.clock.now());
  const method = c.req.method.toUpperCase();
  if (method === 'OPTIONS') {
    return new Response(null, { status: 204, headers: { allow: 'POST, OPTIONS', 'access-control-allow-origin': '*' } });
  }
  if (method !== 'POST') {
    return tokenErrorResponse(withHint(AADSTS.methodNotAllowed(method), 'Request a token with POST and a form body.'), trace);
  }

  let request: TokenRequest;
  try {
    request = await readTokenRequest(c);
  } catch (error) {
    // A body over the limit (413): in the OAuth shape on both hosts, not the api surface's checkout envelope.
    if (!(error instanceof CheckoutApiError)) throw error;
    return jsonResponse({ error: 'invalid_request', error_description: error.message }, error.status, identityHeaders(trace));
  }
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
    adminUrl: adminClientsUrl(deps),
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

function withTenant(c: Context<SurfaceEnv>, deps: TokenDeps, answer: (segment: string, issuer: string) => Response): Response {
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
