/**
 * The checkout API's dialect (docs/real-service.md, "Checkout envelope"), the same on the api, legacy and retired
 * hosts, and the answer to a failed bearer or SharedKey authentication everywhere:
 *   success: {"id": <guid per response>, "data": <object|null>, "error": null}
 *   error:   {"id": <guid>, "data": null, "error": {"code": <int>, "message", "errors": [{reason, message}]}}
 * SDK/M2 treat a call as successful only when `error` is present and empty, so every success
 * carries a JSON body (never 204), and every error carries a numeric code and an array. A
 * broken business rule is the real API's HTTP 900.
 */
import { randomUUID } from 'node:crypto';
import { jsonResponse, jsonTextResponse } from '../response.js';
import { problemsSummary } from '../dialect.js';
import type { RecordDialect } from '../types.js';
import { checkoutErrorSchema } from '../envelopes.js';
import { type ErrorEntry, Refusal } from '../refusal.js';

/** `{id, data, error: null}` around `data`. */
export function checkoutOk(data: unknown): Response {
  return jsonResponse({ id: randomUUID(), data, error: null }, 200);
}

/** A success envelope around `data` already serialised (a cached view), without parsing it again. */
export function checkoutOkJson(dataJson: string): Response {
  return jsonTextResponse(`{"id":"${randomUUID()}","data":${dataJson},"error":null}`, 200);
}

function invalid(problems: ErrorEntry[]): Refusal {
  return new Refusal(400, problemsSummary(problems), problems);
}

export const checkoutDialect: RecordDialect = {
  name: 'checkout',
  refusal: {
    description: 'In the checkout envelope: {id, data: null, error: {code, message, errors}}.',
    schema: checkoutErrorSchema,
    name: 'CheckoutError',
  },
  statusOf: { invalid: 400, forbidden: 403, not_found: 404, conflict: 409, locked: 423, rule: 900 },
  render: (refusal) =>
    jsonResponse(
      { id: randomUUID(), data: null, error: { code: refusal.status, message: refusal.message, errors: refusal.errors } },
      refusal.status,
      refusal.headers,
    ),
  malformedJson: (detail) =>
    invalid([
      { reason: 'Validation_Error', message: `The request body is not valid JSON (${detail}). Send a JSON object, UTF-8 encoded.` },
    ]),
  invalidBody: invalid,
  tooLarge: (max) => Refusal.single(413, 'Payload_Too_Large', `The request body is larger than ${max} bytes. Send a smaller payload.`),
  notSaved: (message) => Refusal.single(503, 'Not_Saved', message, { 'retry-after': '1' }),
  notFound: (method, path, where) =>
    Refusal.single(
      404,
      'Resource_Not_Found',
      `No ${method} ${path} on the ${where} surface. Check the path against the API reference (GET /__admin/docs; GET /__admin/hosts lists every base URL).`,
    ),
  // ASP.NET answers an unmapped method on a mapped path 404 here, as the real checkout API does.
  methodNotAllowed: () => null,
};
