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
import { OrderViolation, type ViolationKind } from '../domain/order-violation.js';
import { jsonResponse } from './envelope.js';
import type { SurfaceEnv } from './types.js';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';

const STATUS: Record<ViolationKind, number> = { rule: 422, not_found: 404, conflict: 409, invalid: 400 };

export interface ProblemDetails {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance: string;
}

export function problemOf(violation: OrderViolation, instance: string): ProblemDetails {
  return {
    type: `urn:checkout-sandbox:problem:${violation.code}`,
    title: violation.code,
    status: STATUS[violation.kind],
    detail: violation.message,
    instance,
  };
}

export function renderOrderProblem(violation: OrderViolation, instance: string): Response {
  const problem = problemOf(violation, instance);
  return jsonResponse(problem, problem.status, { 'content-type': PROBLEM_CONTENT_TYPE });
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
      if (error instanceof OrderViolation) return renderOrderProblem(error, new URL(c.req.url).pathname);
      throw error;
    }
  };
}
