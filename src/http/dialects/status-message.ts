/**
 * The dialect of the sandbox's own callers: the control plane (/__admin) and the hosted
 * checkout page's calls answer `{"error": {"status", "message"}}` (only the page and tools
 * read them). A failed merchant validation on the page also names the event the page fires.
 */
import { jsonResponse } from '../response.js';
import type { RecordDialect } from '../types.js';
import { adminErrorSchema, pageErrorSchema } from '../envelopes.js';
import { Refusal } from '../refusal.js';

/** The code of the simulation's refusal when the merchant's validation call failed. */
const VALIDATION_FAILED = 'Validation_Failed';

function render(refusal: Refusal): Response {
  return jsonResponse({ error: { status: refusal.status, message: refusal.message } }, refusal.status, refusal.headers);
}

const common = {
  statusOf: { invalid: 400, forbidden: 403, not_found: 404, conflict: 409, rule: 422, locked: 423 },
  invalidBody: (problems: { message: string }[]) => Refusal.single(400, 'Validation_Error', problems[0]?.message ?? 'body: invalid'),
  notSaved: (message: string) => Refusal.single(503, 'Not_Saved', message),
  methodNotAllowed: () => null,
} as const;

export const adminDialect: RecordDialect = {
  ...common,
  name: 'admin',
  refusal: { description: '{"error": {"status", "message"}}.', schema: adminErrorSchema, name: 'AdminError' },
  render,
  malformedJson: (detail) => Refusal.single(400, 'Validation_Error', `The body is not valid JSON (${detail}). Send a JSON object.`),
  tooLarge: (max) => Refusal.single(413, 'Payload_Too_Large', `The body is larger than ${max} bytes; admin calls take small JSON objects.`),
  notFound: (method, path) =>
    Refusal.single(
      404,
      'Resource_Not_Found',
      `No admin call ${method} ${path}. Every /__admin call is listed in the API reference: GET /__admin/docs (JSON: /__admin/openapi/admin.json).`,
    ),
};

export const pageDialect: RecordDialect = {
  ...common,
  name: 'page',
  refusal: {
    description: '{"error": {"status", "message"}} (+ event on a failed validation).',
    schema: pageErrorSchema,
    name: 'PageError',
  },
  render: (refusal) =>
    refusal.code === VALIDATION_FAILED
      ? jsonResponse(
          { error: { status: refusal.status, message: refusal.message }, event: 'OrderValidationFailed' },
          refusal.status,
          refusal.headers,
        )
      : render(refusal),
  malformedJson: (detail) => Refusal.single(400, 'Validation_Error', `The body is not valid JSON (${detail}).`),
  tooLarge: (max) => Refusal.single(413, 'Payload_Too_Large', `The body is larger than ${max} bytes; the page sends small JSON objects.`),
  notFound: (method, path, where) =>
    Refusal.single(
      404,
      'Resource_Not_Found',
      `No ${method} ${path} on the ${where} surface: it serves the loader scripts and the hosted checkout page.`,
    ),
};
