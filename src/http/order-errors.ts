/**
 * Errors of the management API (/manage/orders) as RFC 9457 problem details:
 *
 *   {"type": "urn:checkout-sandbox:problem:CAPTURE_ORDER_ALREADY_CAPTURED",
 *    "title": "CAPTURE_ORDER_ALREADY_CAPTURED", "status": 422,
 *    "detail": "<what was wrong and how to fix it>", "instance": "/manage/orders/<id>/capture"}
 *
 * The real body format is undocumented; clients only look for the business code as a
 * substring of the error (WC, service-facts §4.3), so the code is the title. Authentication
 * failures are not rendered here: the bearer middleware answers them in the checkout envelope.
 */
import type { Context, Handler } from 'hono';
import type { ViolationKind } from '../domain/order-violation.js';
import { PersistenceError, Violation } from '../domain/violation.js';
import { Refusal, jsonResponse } from './envelope.js';
import type { SurfaceEnv } from './types.js';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';

/** Order administration answers a broken business rule with 422 (WC matches CAPTURE_ORDER_ALREADY_CAPTURED there). */
const STATUS: Record<ViolationKind, number> = { rule: 422, not_found: 404, conflict: 409, invalid: 400, forbidden: 403, locked: 423 };

export interface ProblemDetails {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance: string;
}

export function problemOf(violation: Violation, instance: string): ProblemDetails {
  return problem(STATUS[violation.kind], violation.code, violation.message, instance);
}

function problem(status: number, code: string, detail: string, instance: string): ProblemDetails {
  return { type: `urn:checkout-sandbox:problem:${code}`, title: code, status, detail, instance };
}

export function renderOrderProblem(violation: Violation, instance: string): Response {
  return renderProblem(problemOf(violation, instance));
}

function renderProblem(details: ProblemDetails, headers: Record<string, string> = {}): Response {
  return jsonResponse(details, details.status, { ...headers, 'content-type': PROBLEM_CONTENT_TYPE });
}

/** What /manage/orders serves: path pattern → method. Anything else under /manage answers 404 or 405 as problem details. */
const ORDER_ROUTES: [RegExp, string][] = [
  [/^\/manage\/orders\/?$/, 'GET'],
  [/^\/manage\/orders\/[^/]+\/?$/, 'GET'],
  [/^\/manage\/orders\/[^/]+\/(capture|refund|reauthorize|cancel|extend)\/?$/, 'POST'],
  [/^\/manage\/orders\/[^/]+\/reauthorize\/[^/]+\/?$/, 'GET'],
];

export function unknownOrderRoute(c: Context<SurfaceEnv>): Response {
  const path = c.req.path;
  const allowed = ORDER_ROUTES.find(([pattern]) => pattern.test(path))?.[1];
  if (allowed) {
    const detail = `${path} answers ${allowed} only (got ${c.req.method}). docs/orders.md lists every /manage/orders call.`;
    return renderProblem(problem(405, 'METHOD_NOT_ALLOWED', detail, path), { allow: allowed });
  }
  const detail = `No ${c.req.method} ${path} in order administration. Use GET /manage/orders/{orderId} or POST /manage/orders/{orderId}/capture|refund|cancel|extend|reauthorize.`;
  return renderProblem(problem(404, 'NOT_FOUND', detail, path));
}

/**
 * Wraps a route handler so that a refused call answers as problem details. (The surface's
 * own error handler renders the checkout envelope; order administration has its own shape.)
 */
export function withOrderProblems(handler: (c: Context<SurfaceEnv>) => Promise<Response>): Handler<SurfaceEnv> {
  return async (c) => {
    try {
      return await handler(c);
    } catch (error) {
      const instance = c.req.path;
      if (error instanceof Violation) return renderOrderProblem(error, instance);
      if (error instanceof PersistenceError) return renderProblem(problem(503, 'NOT_SAVED', error.message, instance), { 'retry-after': '1' });
      // A body over the limit (413, from reading the raw body) keeps this API's shape too.
      if (error instanceof Refusal) {
        const code = (error.errors[0]?.reason ?? 'BAD_REQUEST').toUpperCase();
        return renderProblem(problem(error.status, code, error.message, instance), error.headers);
      }
      throw error;
    }
  };
}
