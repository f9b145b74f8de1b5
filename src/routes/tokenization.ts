/**
 * Recurring payments on the current API (service-facts §5.10), bearer only: the legacy
 * SharedKey hosts never served tokenization (§7 lists no such path), so they answer 404.
 *   POST   /purchase/authorizations            200 {authorizationId, orderId} | 202 {authorizationId}
 *   GET    /purchase/customer-tokens/{token}   {status, cancellationDate?}
 *   DELETE /purchase/customer-tokens/{token}   202 | 403 already cancelled | 404
 *   PUT    /purchase/customer-tokens/{token}   UAT test hook {AuthorizationFailure: {Reason}}; refused on PROD
 * Bodies as the tokenization docs show them: `{id, data}` on success, `{id, error}` (no data) on errors.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { SurfaceDeps } from '../surfaces/deps.js';
import { type Bound, bindBody } from '../domain/schemas/problems.js';
import { authorizationFailureSchema, authorizationSchema } from '../domain/schemas/tokenization.js';
import { TokenizationRefusal } from '../domain/tokenization.js';
import { parseJson, rawBodyOf } from '../http/body.js';
import { CheckoutApiError, type ErrorEntry, jsonResponse } from '../http/envelope.js';
import type { SurfaceEnv } from '../http/types.js';

type Handler = (c: Context<SurfaceEnv>) => Promise<Response>;

export function registerTokenizationRoutes(app: Hono<SurfaceEnv>, ctx: Pick<SurfaceDeps, 'env' | 'services'>, options: { auth: MiddlewareHandler<SurfaceEnv> }): void {
  const service = ctx.services.tokenization;
  const merchantOf = (c: Context<SurfaceEnv>): string => c.get('caller').merchantId;
  const tokenOf = (c: Context<SurfaceEnv>): string => c.req.param('token') ?? '';

  app.post(
    '/purchase/authorizations',
    options.auth,
    refusals(async (c) => {
      const raw = await rawBodyOf(c);
      const request = bound(bindBody(authorizationSchema, json(raw)));
      const key = c.req.header('walley-idempotency-key')?.trim();
      const idempotency = key ? { key, fingerprint: createHash('sha256').update(raw).digest('hex') } : null;
      const answer = await service.authorize(merchantOf(c), request, idempotency);
      const headers: Record<string, string> = answer.replayed ? { 'x-sandbox-idempotent-replay': 'true' } : {};
      return jsonResponse({ id: randomUUID(), data: answer.data }, answer.status, headers);
    }),
  );

  app.get(
    '/purchase/customer-tokens/:token',
    options.auth,
    refusals(async (c) => {
      const token = service.token(merchantOf(c), tokenOf(c));
      const data = token.cancelledAt ? { status: token.status, cancellationDate: token.cancelledAt } : { status: token.status };
      return jsonResponse({ id: randomUUID(), data }, 200);
    }),
  );

  app.delete(
    '/purchase/customer-tokens/:token',
    options.auth,
    refusals(async (c) => {
      await service.cancel(merchantOf(c), tokenOf(c));
      return jsonResponse({ id: randomUUID() }, 202);
    }),
  );

  app.put(
    '/purchase/customer-tokens/:token',
    options.auth,
    refusals(async (c) => {
      const failure = bound(bindBody(authorizationFailureSchema, json(await rawBodyOf(c))));
      // The real hook exists in the test environment only; PROD refuses it whatever the token.
      if (failure !== undefined && ctx.env !== 'uat') {
        throw new TokenizationRefusal(
          403,
          'Forbidden',
          'AuthorizationFailure simulates failed authorizations and is only available in the test environment (UAT). Use the UAT host to test failures.',
        );
      }
      const token = service.token(merchantOf(c), tokenOf(c));
      if (failure !== undefined) await service.setAuthorizationFailure(merchantOf(c), token.token, failure);
      return jsonResponse({ id: randomUUID() }, 200);
    }),
  );
}

/** Refusals in the tokenization docs' shape: `{id, error}`; a 404 lists no errors, as the docs show. */
function refusals(handler: Handler): Handler {
  return async (c) => {
    try {
      return await handler(c);
    } catch (error) {
      if (error instanceof TokenizationRefusal) {
        return errorResponse(error.status, error.message, error.status === 404 ? [] : [{ reason: error.reason, message: error.message }]);
      }
      if (error instanceof CheckoutApiError) return errorResponse(error.status, error.message, error.errors);
      throw error;
    }
  };
}

function errorResponse(status: number, message: string, errors: ErrorEntry[]): Response {
  return jsonResponse({ id: randomUUID(), error: { code: status, message, errors } }, status);
}

function json(raw: Uint8Array): unknown {
  const parsed = parseJson(raw);
  if (parsed.ok) return parsed.value;
  throw new TokenizationRefusal(400, 'Validation_Error', `The request body is not valid JSON (${parsed.message}). Send a JSON object, UTF-8 encoded.`);
}

function bound<T>(binding: Bound<T>): T {
  if (binding.ok) return binding.value;
  throw new CheckoutApiError(400, `The request is invalid: ${binding.problems.length} problem${binding.problems.length === 1 ? '' : 's'}, listed in errors.`, binding.problems);
}
