/**
 * The idempotency of an order administration write (docs/real-service.md, "Idempotency"): a key from the
 * X-Idempotency / Idempotency-Key / Walley-Idempotency-Key header, or the body's
 * actionReference, and a fingerprint of the order action, the order and the body. (The body
 * itself is read and bound by the table entry: src/routes/order-operations.ts.)
 */
import type { Context } from 'hono';
import type { OrderAction } from '../domain/order-admin.js';
import type { SurfaceEnv } from '../http/types.js';
import { type IdempotentRequest, fingerprintOf } from '../services/order-idempotency.js';

const IDEMPOTENCY_HEADERS = ['x-idempotency', 'idempotency-key', 'walley-idempotency-key'];

export function idempotentRequest(
  c: Context<SurfaceEnv>,
  action: OrderAction,
  orderId: string,
  body: unknown,
  actionReference: string | null,
): IdempotentRequest {
  const headerKey = IDEMPOTENCY_HEADERS.map((name) => c.req.header(name)?.trim()).find((value) => value) ?? null;
  return { headerKey, actionReference, fingerprint: fingerprintOf(action, orderId, body) };
}
