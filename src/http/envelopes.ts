/**
 * The envelopes and error dialects of every surface, as zod schemas of what is sent: the
 * checkout API's `{id, data, error}` (docs/real-service.md, "Checkout envelope"), tokenization's `{id, data}` /
 * `{id}` / `{id, error}`, problem details under /manage/orders, Entra's OAuth errors
 * (docs/real-service.md, "Token endpoint failures"), the control plane's and the hosted page's `{error: {status,
 * message}}`, and the gateway's `{error: {code, message}}`. Objects are strict: a field the
 * sandbox does not send fails a check (src/http/answer-check.ts). The OpenAPI documents
 * show these very schemas (src/openapi/components.ts).
 *
 * The writers are the dialects (src/http/dialects/*.ts, src/identity/dialects.ts), the AADSTS
 * catalogue (src/identity/errors.ts), the tables' handlers, and in src/gateway/ gateway.ts,
 * client-error.ts and world-router.ts (an unknown isolated sandbox).
 */
import { z } from 'zod';

/**
 * Marks a field whose value the sandbox makes up (ids, tokens, instants, hashes): the
 * documents show it as `x-generated`, and a comparison with the real service
 * (src/fidelity/) compares it by format only, since each side makes up its own.
 */
export const GENERATED = 'x-generated';

export function generated<T extends z.ZodType>(schema: T, description: string): T {
  return schema.meta({ description, [GENERATED]: true }) as T;
}

/** A GUID per response (`randomUUID()`), for support cases; never the same twice. */
const responseId = generated(z.uuid(), 'A GUID per response, for support cases.');

const errorCode = z
  .number()
  .int()
  .min(400)
  .max(900)
  .meta({ description: 'The HTTP status: 400-599, or the non-standard 900 (a business rule rejection, e.g. Purchase_Completed).' });

const errorEntrySchema = z.strictObject({
  reason: z.string().min(1).meta({
    description:
      'The reason code clients branch on: Validation_Error, Duplicate_Articles, Resource_Not_Found, Resource_Locked, Purchase_Completed, Forbidden, Token_Expired, …',
  }),
  message: z.string().min(1).meta({ description: 'What was wrong and how to fix it.' }),
});

const errorBody = z.strictObject({
  code: errorCode,
  message: z.string().min(1),
  errors: z.array(errorEntrySchema).meta({ description: 'One entry per problem (every failing field of a 400); empty on some 404s.' }),
});

// ---- The checkout API (api, legacy, retired; also failed bearer/SharedKey authentication) ----

/** `{id, data, error: null}` around an operation's `data`. SDK/M2 take a call as successful only when `error` is present and null. */
export function checkoutSuccess<T extends z.ZodType>(data: T) {
  return z.strictObject({
    id: responseId,
    data,
    error: z.null().meta({ description: 'Always present and null on success: the SDK and Magento check only this.' }),
  });
}

export const checkoutErrorSchema = z
  .strictObject({ id: responseId, data: z.null(), error: errorBody })
  .meta({ description: 'Checkout API error envelope; also the answer to a failed bearer or SharedKey authentication on every surface.' });

// ---- Order administration (/manage/orders) ----

const PROBLEM_CODE = /^[A-Z][A-Z0-9_]*$/;

export const problemSchema = z
  .strictObject({
    type: z
      .string()
      .regex(/^urn:checkout-sandbox:problem:[A-Z][A-Z0-9_]*$/)
      .meta({ description: 'urn:checkout-sandbox:problem:<title>' }),
    title: z.string().regex(PROBLEM_CODE).meta({
      description: 'The business code, e.g. CAPTURE_ORDER_ALREADY_CAPTURED (WooCommerce looks for it as a substring of the body).',
    }),
    status: z.number().int().min(400).max(599),
    detail: z.string().min(1).meta({ description: 'What was wrong and how to fix it.' }),
    instance: z.string().startsWith('/').meta({ description: 'The request path, e.g. /manage/orders/{orderId}/capture.' }),
  })
  .meta({ description: 'RFC 9457 problem details (application/problem+json).' });

// ---- Tokenization (/purchase/*): the tokenization docs' bodies carry no `data` on errors ----

export function tokenizationSuccess<T extends z.ZodType>(data: T) {
  return z.strictObject({ id: responseId, data });
}

export const tokenizationAcknowledgedSchema = z
  .strictObject({ id: responseId })
  .meta({ description: 'Accepted: only the response id, no data.' });

export const tokenizationErrorSchema = z
  .strictObject({ id: responseId, error: errorBody })
  .meta({ description: 'A tokenization refusal: {id, error} with no data key, as the tokenization docs show (a 404 lists no errors).' });

// ---- The identity provider (Entra's OAuth dialect) ----

/**
 * Every `error` the sandbox's identity provider sends: the AADSTS cases (src/identity/errors.ts),
 * injected faults, the metadata paths, and the auth surface's own refusals (src/surfaces/auth.ts:
 * `not_found` for an unknown path, `invalid_request` otherwise).
 */
export const OAUTH_ERRORS = [
  'invalid_request',
  'invalid_client',
  'unauthorized_client',
  'invalid_tenant',
  'invalid_scope',
  'invalid_resource',
  'unsupported_grant_type',
  'temporarily_unavailable',
  'server_error',
  'not_found',
] as const;

const oauthError = z.enum(OAUTH_ERRORS).meta({ description: 'The field to branch on (never on the text).' });
/** Entra's timestamp form: a space between date and time, no fractional seconds. */
const AAD_TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}Z$/;
const GUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

export const oauthErrorSchema = z
  .strictObject({
    error: oauthError,
    error_description: z
      .string()
      .regex(
        new RegExp(
          `^AADSTS\\d+: [\\s\\S]*\\r\\nTrace ID: ${GUID}\\r\\nCorrelation ID: ${GUID}\\r\\nTimestamp: \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}Z$`,
        ),
      )
      .meta({ description: '"AADSTS<code>: <message>", then CRLF-separated Trace ID, Correlation ID and Timestamp lines.' }),
    error_codes: z.array(z.number().int().positive()).min(1).meta({ description: 'The AADSTS number(s), e.g. [7000215].' }),
    timestamp: generated(z.string().regex(AAD_TIMESTAMP), 'yyyy-MM-dd HH:mm:ssZ (a space, no fraction), sandbox time.'),
    trace_id: generated(z.uuid(), 'Equals the x-ms-request-id header.'),
    correlation_id: generated(z.guid(), "The client's client-request-id / x-ms-client-request-id when that is a GUID, else a fresh one."),
    error_uri: z
      .string()
      .regex(/^https:\/\/login\.microsoftonline\.com\/error\?code=\d+$/)
      .meta({ description: 'https://login.microsoftonline.com/error?code=<AADSTS number>' }),
  })
  .meta({ description: "Entra's token-endpoint error (AADSTS codes); the sandbox's advice is in the x-sandbox-hint header." });

export const oauthBriefErrorSchema = z.strictObject({ error: oauthError, error_description: z.string().min(1) }).meta({
  description:
    'The short OAuth error: a method other than GET on the discovery/keys paths (405), a token request body over the limit (413), an unknown path or a failure on the auth surface, an injected fault there.',
});

/** What an identity endpoint answers with a JSON error: the full AADSTS body, or the short one (a body over the limit, a 405). */
export const identityErrorSchema = z
  .union([oauthErrorSchema, oauthBriefErrorSchema])
  .meta({ description: "An OAuth error in Entra's shape: the full AADSTS body, or the short {error, error_description}." });

// ---- The control plane and the hosted checkout page ----

const statusAndMessage = z.strictObject({ status: z.number().int().min(400).max(599), message: z.string().min(1) });

export const adminErrorSchema = z
  .strictObject({ error: statusAndMessage })
  .meta({ description: 'Control-plane error: {"error": {"status", "message"}}.' });

export const pageErrorSchema = z
  .strictObject({
    error: statusAndMessage,
    event: z.literal('OrderValidationFailed').optional().meta({
      description:
        "Only when the merchant's validation failed (422): the page then fires walleyCheckoutOrderValidationFailed and the checkout is unlocked again.",
    }),
  })
  .meta({ description: "A refusal of the hosted checkout page's own calls: {error: {status, message}} (+ event on a failed validation)." });

// ---- The gateway (no surface addressed) ----

export const gatewayErrorSchema = z
  .strictObject({ error: z.strictObject({ code: z.number().int().min(400).max(599), message: z.string().min(1) }) })
  .meta({
    description: 'No emulated host matched the address (404), or Node refused the request before routing: {"error": {"code", "message"}}.',
  });
