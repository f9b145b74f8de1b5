/**
 * The checkout API's envelope (service-facts §4.1), the same on every surface:
 *   success: {"id": <guid per response>, "data": <object|null>, "error": null}
 *   error:   {"id": <guid>, "data": null, "error": {"code": <int>, "message", "errors": [{reason, message}]}}
 * SDK/M2 treat a call as successful only when `error` is present and empty, so every success
 * carries a JSON body (never 204), and every error carries a numeric code and an array.
 */
import { randomUUID } from 'node:crypto';
import type { Violation, ViolationKind } from '../domain/violation.js';

export interface ErrorEntry {
  reason: string;
  message: string;
}

export interface CheckoutEnvelope<T> {
  id: string;
  data: T | null;
  error: { code: number; message: string; errors: ErrorEntry[] } | null;
}

export function successBody<T>(data: T | null): CheckoutEnvelope<T> {
  return { id: randomUUID(), data, error: null };
}

/** A success envelope around `data` already serialised (a cached view), without parsing it again. */
export function successJson(dataJson: string): Response {
  return new Response(`{"id":"${randomUUID()}","data":${dataJson},"error":null}`, {
    status: 200,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
}

export function errorBody(code: number, message: string, errors: ErrorEntry[] = []): CheckoutEnvelope<never> {
  return { id: randomUUID(), data: null, error: { code, message, errors } };
}

/**
 * An error in the checkout API's envelope. Thrown anywhere below a surface, rendered by the
 * surface's error handler. `status` may be the non-standard 900 (business rule rejection).
 */
export class Refusal extends Error {
  override name = 'Refusal';
  constructor(
    readonly status: number,
    message: string,
    readonly errors: ErrorEntry[] = [],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  static single(status: number, reason: string, message: string, headers: Record<string, string> = {}): Refusal {
    return new Refusal(status, message, [{ reason, message }], headers);
  }
}

/** How the checkout API answers each kind of refusal: a broken business rule is its 900. */
const CHECKOUT_STATUS: Record<ViolationKind, number> = { invalid: 400, forbidden: 403, not_found: 404, conflict: 409, locked: 423, rule: 900 };

export function checkoutErrorOf(violation: Violation): Refusal {
  return Refusal.single(CHECKOUT_STATUS[violation.kind], violation.code, violation.message);
}

export function renderCheckoutError(error: Refusal): Response {
  return jsonResponse(errorBody(error.status, error.message, error.errors), error.status, error.headers);
}

/**
 * The real API answers business-rule rejections with HTTP 900, which the WHATWG Response
 * refuses (200–599 only) while Node's HTTP server sends it fine. This Response reports the
 * real status through its getter, so both app.request() callers and the socket see 900.
 * Middleware must therefore add headers with `c.res.headers.set`, never by re-creating
 * the response (`c.header` after `next()` would).
 */
export class StatusResponse extends Response {
  constructor(body: ConstructorParameters<typeof Response>[0], init: ResponseInit, realStatus: number) {
    super(body, { ...init, status: realStatus >= 200 && realStatus <= 599 ? realStatus : 200 });
    // Own properties shadow the prototype getters of Response.
    Object.defineProperty(this, 'status', { value: realStatus });
    Object.defineProperty(this, 'ok', { value: realStatus >= 200 && realStatus <= 299 });
  }
}

/** A JSON response with any status, including 900, which Hono's typed helpers refuse. */
export function jsonResponse(body: unknown, status: number, headers: Record<string, string> = {}): Response {
  const init = { headers: { 'content-type': 'application/json; charset=utf-8', ...headers } };
  // A plain Response when the status allows it: @hono/node-server writes those on its fast path.
  if (status >= 200 && status <= 599) return new Response(JSON.stringify(body), { ...init, status });
  return new StatusResponse(JSON.stringify(body), init, status);
}
