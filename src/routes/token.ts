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
import type { SurfaceContext } from '../context.js';
import { CheckoutApiError, jsonResponse } from '../http/envelope.js';
import type { SurfaceEnv } from '../http/types.js';
import { DISCOVERY_HEADERS, jwksDocument, openIdConfiguration } from '../identity/discovery.js';
import { AADSTS, type Trace, identityHeaders, tokenErrorResponse, traceFor, withHint } from '../identity/errors.js';
import { checkGrant } from '../identity/grant.js';
import { tooManyRequests } from '../identity/ratelimit.js';
import { ISSUER_TEMPLATE, TENANTS, type Tenant, matchTenant } from '../identity/tenants.js';
import { type TokenRequest, readTokenRequest } from '../identity/token-request.js';
import { ENVIRONMENTS } from '../hosts.js';

export const TOKEN_PATH = '/oauth2/v2.0/token';

export function registerIdentityRoutes(app: Hono<SurfaceEnv>, ctx: SurfaceContext): void {
  // strict:false on the surface app makes the trailing-slash form (the PHP SDK's) match too.
  app.all(TOKEN_PATH, (c) => tokenEndpoint(c, ctx));

  app.get('/:tenant/v2.0/.well-known/openid-configuration', (c) =>
    withTenant(c, ctx, (segment, issuer) =>
      jsonResponse(openIdConfiguration({ authBase: ctx.baseUrl(ctx.env, 'auth'), tenantSegment: segment, issuer }), 200, DISCOVERY_HEADERS),
    ),
  );

  app.get('/:tenant/discovery/v2.0/keys', (c) =>
    withTenant(c, ctx, (_segment, issuer) => jsonResponse(jwksDocument(ctx.identity.keyRing(ctx.env), issuer), 200, DISCOVERY_HEADERS)),
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

async function tokenEndpoint(c: Context<SurfaceEnv>, ctx: SurfaceContext): Promise<Response> {
  const trace = traceFor(c.req.raw.headers, ctx.clock.now());
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
  if (request.clientId !== null) {
    const decision = ctx.identity.rateLimiter.take(
      `${ctx.env}:${request.clientId.toLowerCase()}`,
      ctx.settings().tokens.rateLimit,
      ctx.clock.nowMs(),
    );
    if (!decision.allowed) return tooManyRequests(decision.retryAfterSeconds, trace.traceId);
  }

  const tenant = ctx.identity.tenant(ctx.env);
  const result = checkGrant(request, {
    tenant,
    clients: ctx.store.env(ctx.env).apiClients,
    elsewhere: (clientId) =>
      ENVIRONMENTS.find((env) => env !== ctx.env && ctx.store.env(env).apiClients.some((a) => a.clientId === clientId.toLowerCase())) ?? null,
    adminUrl: adminClientsUrl(ctx),
    nowMs: ctx.clock.nowMs(),
  });
  if (!result.ok) {
    ctx.logger.debug({ env: ctx.env, aadsts: result.failure.code, clientId: request.clientId }, 'token request refused');
    return tokenErrorResponse(result.failure, trace);
  }

  const issued = await ctx.identity.issue(ctx.env, result.client);
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

function withTenant(c: Context<SurfaceEnv>, ctx: SurfaceContext, answer: (segment: string, issuer: string) => Response): Response {
  const segment = c.req.param('tenant') ?? '';
  const match = matchTenant(ctx.env, segment);
  if (match.kind === 'tenant') return answer(segment, match.tenant.issuer);
  if (match.kind === 'multi-tenant') return answer(segment, ISSUER_TEMPLATE);
  const own: Tenant = TENANTS[ctx.env];
  const other = ENVIRONMENTS.map((env) => TENANTS[env]).find((t) => t.env !== ctx.env && matchTenant(t.env, segment).kind === 'tenant');
  const hint = other
    ? `That is the ${other.env.toUpperCase()} tenant; the ${ctx.env.toUpperCase()} tenant is ${own.tenantId}.`
    : `The ${ctx.env.toUpperCase()} tenant is ${own.tenantId} (or ${own.domain}).`;
  return tokenErrorResponse(withHint(AADSTS.unknownTenant(segment), hint), traceFor(c.req.raw.headers, ctx.clock.now()));
}

function adminClientsUrl(ctx: SurfaceContext): string {
  const base = new URL(ctx.baseUrl(ctx.env, 'auth'));
  return `${base.origin}/__admin/${ctx.env}/merchants`;
}
