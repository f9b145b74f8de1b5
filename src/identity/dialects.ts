/**
 * The identity provider's dialects (docs/real-service.md, "Token endpoint failures"): OAuth clients call its paths, so
 * they answer in Entra's shape, never in the checkout envelope. The token endpoint's own
 * refusals are AADSTS bodies made by its handler (src/routes/identity-operations.ts, errors.ts); what the
 * HTTP edge refuses there (a body over the cap) is the short `{error, error_description}`
 * with the identity headers. The discovery and keys paths, and anything else on the auth
 * host, answer the short form too. No operation here binds a JSON body or saves a record,
 * so these dialects have no words for either (a plain Dialect, src/http/types.ts).
 */
import { randomUUID } from 'node:crypto';
import { jsonResponse } from '../http/response.js';
import type { Dialect } from '../http/types.js';
import { identityErrorSchema } from '../http/envelopes.js';
import { Refusal } from '../http/refusal.js';
import { identityHeaders } from './errors.js';

const brief = (refusal: Refusal): { error: string; error_description: string } => ({
  error: refusal.status === 404 ? 'not_found' : refusal.status >= 500 ? 'server_error' : 'invalid_request',
  error_description: refusal.message,
});

export const oauthDialect: Dialect = {
  name: 'oauth',
  refusal: {
    description: "In Entra's shape: {error, error_description} (the token endpoint's own refusals add the AADSTS fields).",
    schema: identityErrorSchema,
    name: 'IdentityError',
  },
  statusOf: { invalid: 400, forbidden: 403, not_found: 404, conflict: 409, rule: 400, locked: 423 },
  render: (refusal) => jsonResponse(brief(refusal), refusal.status, refusal.headers),
  tooLarge: (max) => Refusal.single(413, 'invalid_request', `The request body is larger than ${max} bytes. Send a smaller payload.`),
  notFound: (method, path, where) => Refusal.single(404, 'not_found', `No ${method} ${path} on the ${where} surface.`),
  methodNotAllowed: (method, _path, allowed) =>
    Refusal.single(405, 'invalid_request', `The endpoint only accepts ${allowed.join(', ')} requests. Received a ${method} request.`, {
      allow: allowed.join(', '),
    }),
};

/** The token endpoint: the short form with the headers Entra sends on every token answer. */
export const tokenDialect: Dialect = {
  ...oauthDialect,
  name: 'token',
  render: (refusal) =>
    jsonResponse(brief(refusal), refusal.status, {
      ...identityHeaders({ traceId: randomUUID(), correlationId: randomUUID(), timestamp: '' }),
      ...refusal.headers,
    }),
};
