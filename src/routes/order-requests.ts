/**
 * Reading order administration requests (service-facts §6.1): the JSON body, the first problem
 * of its binding (src/domain/schemas/order.ts) as 400 VALIDATION_ERROR in the problem shape,
 * and the idempotency of a write.
 */
import type { Context } from 'hono';
import type { z } from 'zod';
import { invalidRequest } from '../domain/order-violation.js';
import { bindBody } from '../domain/schemas/problems.js';
import { parseJson, rawBodyOf } from '../http/body.js';
import type { SurfaceEnv } from '../http/types.js';
import { type IdempotentRequest, fingerprintOf } from '../services/order-idempotency.js';

/** The request's JSON body; undefined when empty. Malformed JSON is a 400 in the problem shape. */
export async function readBody(c: Context<SurfaceEnv>): Promise<unknown> {
  const parsed = parseJson(await rawBodyOf(c));
  if (!parsed.ok) {
    throw invalidRequest(`The body is not valid JSON (${parsed.message}). Send a JSON object such as {"amount": 285.00}.`, 'INVALID_JSON');
  }
  return parsed.value;
}

/** The body bound by `schema`; the first problem refuses the request, as the service names one at a time. */
export function orderBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const bound = bindBody(schema, body);
  if (bound.ok) return bound.value;
  throw invalidRequest(bound.problems[0]?.message ?? 'The body is invalid.');
}

const IDEMPOTENCY_HEADERS = ['x-idempotency', 'idempotency-key', 'walley-idempotency-key'];

export function idempotentRequest(c: Context<SurfaceEnv>, operation: string, orderId: string, body: unknown, actionReference: string | null): IdempotentRequest {
  const headerKey = IDEMPOTENCY_HEADERS.map((name) => c.req.header(name)?.trim()).find((value) => value) ?? null;
  return { headerKey, actionReference, fingerprint: fingerprintOf(operation, orderId, body) };
}
