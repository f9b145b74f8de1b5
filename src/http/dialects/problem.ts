/**
 * Order administration's dialect (/manage/orders): RFC 9457 problem details,
 *
 *   {"type": "urn:checkout-sandbox:problem:CAPTURE_ORDER_ALREADY_CAPTURED",
 *    "title": "CAPTURE_ORDER_ALREADY_CAPTURED", "status": 422,
 *    "detail": "<what was wrong and how to fix it>", "instance": "/manage/orders/<id>/capture"}
 *
 * The real body format is undocumented; clients only look for the business code as a
 * substring of the error (WooCommerce; docs/real-service.md, "Error reasons"), so the code is the title, upper-case. A
 * broken business rule is 422 (WC matches CAPTURE_ORDER_ALREADY_CAPTURED there). Failed
 * authentication is not rendered here: it answers in the checkout dialect, like the rest of
 * the host.
 */
import { jsonResponse } from '../response.js';
import type { RecordDialect } from '../types.js';
import { problemSchema } from '../envelopes.js';
import { Refusal } from '../refusal.js';

const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';

export const problemDialect: RecordDialect = {
  name: 'problem',
  refusal: {
    description: 'As problem details (application/problem+json).',
    schema: problemSchema,
    name: 'Problem',
    contentType: 'application/problem+json',
  },
  statusOf: { rule: 422, not_found: 404, conflict: 409, invalid: 400, forbidden: 403, locked: 423 },
  render: (refusal, instance) => {
    const code = (refusal.code || 'BAD_REQUEST').toUpperCase();
    return jsonResponse(
      { type: `urn:checkout-sandbox:problem:${code}`, title: code, status: refusal.status, detail: refusal.message, instance },
      refusal.status,
      { ...refusal.headers, 'content-type': PROBLEM_CONTENT_TYPE },
    );
  },
  malformedJson: (detail) =>
    Refusal.single(400, 'INVALID_JSON', `The body is not valid JSON (${detail}). Send a JSON object such as {"amount": 285.00}.`),
  // One problem per answer, the first: the body's fields are checked in the order a client would fix them.
  invalidBody: (problems) => Refusal.single(400, 'VALIDATION_ERROR', problems[0]?.message ?? 'The body is invalid.'),
  tooLarge: (max) => Refusal.single(413, 'PAYLOAD_TOO_LARGE', `The request body is larger than ${max} bytes. Send a smaller payload.`),
  notSaved: (message) => Refusal.single(503, 'NOT_SAVED', message, { 'retry-after': '1' }),
  notFound: (method, path) =>
    Refusal.single(
      404,
      'NOT_FOUND',
      `No ${method} ${path} in order administration. Use GET /manage/orders/{orderId} or POST /manage/orders/{orderId}/capture|refund|cancel|extend|reauthorize.`,
    ),
  methodNotAllowed: (method, path, allowed) =>
    Refusal.single(
      405,
      'METHOD_NOT_ALLOWED',
      `${path} answers ${allowed.join(', ')} only (got ${method}). The API reference (GET /__admin/docs) lists every /manage/orders call.`,
      {
        allow: allowed.join(', '),
      },
    ),
};
