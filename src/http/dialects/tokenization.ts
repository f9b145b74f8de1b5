/**
 * Tokenization's dialect (/purchase/*; docs/real-service.md, "Tokenization endpoints"), as the tokenization docs show
 * the bodies: `{id, data}` on success, `{id, error}` (no data) on a refusal; a 404 lists no
 * errors. Its other words are the checkout API's.
 */
import { randomUUID } from 'node:crypto';
import { jsonResponse } from '../response.js';
import type { RecordDialect } from '../types.js';
import { tokenizationErrorSchema } from '../envelopes.js';
import { Refusal } from '../refusal.js';
import { checkoutDialect } from './checkout.js';

export const tokenizationDialect: RecordDialect = {
  ...checkoutDialect,
  name: 'tokenization',
  refusal: {
    description: 'As the tokenization docs show: {id, error} with no data key (a 404 lists no errors).',
    schema: tokenizationErrorSchema,
    name: 'TokenizationError',
  },
  statusOf: { invalid: 400, forbidden: 403, not_found: 404, conflict: 409, locked: 423, rule: 422 },
  render: (refusal) =>
    jsonResponse(
      { id: randomUUID(), error: { code: refusal.status, message: refusal.message, errors: refusal.status === 404 ? [] : refusal.errors } },
      refusal.status,
      refusal.headers,
    ),
  malformedJson: (detail) =>
    Refusal.single(400, 'Validation_Error', `The request body is not valid JSON (${detail}). Send a JSON object, UTF-8 encoded.`),
};
