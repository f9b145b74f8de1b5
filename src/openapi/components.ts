/**
 * The shared parts of the document: the response envelopes of each surface (the checkout
 * envelope, problem+json under /manage/orders, Entra's OAuth errors, the admin error), the
 * two authentication schemes, and the named responses route tables refer to.
 */
import { z } from 'zod';
import { ORDER_STATUSES } from '../domain/model.js';
import { articleLineSchema, cartItemSchema, feesSchema } from '../domain/schemas/checkout.js';
import { orderItemSchema } from '../domain/schemas/order.js';

export const checkoutEnvelopeSchema = z
  .object({ id: z.string(), data: z.record(z.string(), z.unknown()).nullable(), error: z.null() })
  .meta({ description: 'Checkout API success: {id, data, error: null}.' });

export const checkoutErrorSchema = z
  .object({
    id: z.string(),
    data: z.null(),
    error: z.object({
      code: z.number().int(),
      message: z.string(),
      errors: z.array(z.object({ reason: z.string().meta({ description: 'e.g. Validation_Error, Duplicate_Articles, Resource_Not_Found' }), message: z.string() })),
    }),
  })
  .meta({ description: 'Checkout API error envelope; also the answer to a failed bearer or SharedKey authentication.' });

export const problemSchema = z
  .object({ type: z.string(), title: z.string(), status: z.number().int(), detail: z.string(), instance: z.string() })
  .meta({ description: 'RFC 9457 problem details (application/problem+json); title is the error code, e.g. CAPTURE_ORDER_ALREADY_CAPTURED.' });

export const orderDocumentSchema = z
  .object({
    data: z.looseObject({ orderId: z.string(), status: z.enum(ORDER_STATUSES), totalAmount: z.number() }),
    links: z.record(z.string(), z.unknown()),
    metaData: z.record(z.string(), z.unknown()),
  })
  .meta({ description: 'An order: {data, links, metaData}.' });

export const tokenSchema = z.object({
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  ext_expires_in: z.number().int(),
  access_token: z.string(),
});

export const oauthErrorSchema = z
  .looseObject({
    error: z.string().meta({ description: 'invalid_request, invalid_client, unauthorized_client, invalid_scope, …' }),
    error_description: z.string().meta({ description: 'Starts with the AADSTS code, e.g. "AADSTS7000215: Invalid client secret provided. …"' }),
    error_codes: z.array(z.number().int()).optional(),
    timestamp: z.string().optional(),
    trace_id: z.string().optional(),
    correlation_id: z.string().optional(),
    error_uri: z.string().optional(),
  })
  .meta({ description: "Entra's OAuth error shape (AADSTS codes)." });

export const adminErrorSchema = z
  .object({ error: z.object({ status: z.number().int(), message: z.string() }) })
  .meta({ description: 'Control-plane error: {"error": {"status", "message"}}.' });

export const ENVELOPES = {
  CheckoutEnvelope: checkoutEnvelopeSchema,
  CheckoutError: checkoutErrorSchema,
  Problem: problemSchema,
  OrderDocument: orderDocumentSchema,
  Token: tokenSchema,
  OAuthError: oauthErrorSchema,
  AdminError: adminErrorSchema,
} as const;

/** Parts of the request bodies worth a name of their own (one cart item, one fee). */
export const PARTS = { CartItem: cartItemSchema, Fee: articleLineSchema, Fees: feesSchema, OrderItem: orderItemSchema } as const;

const json = (schema: string) => ({ 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } });

export const RESPONSES = {
  CheckoutOk: { description: 'OK, in the checkout envelope.', content: json('CheckoutEnvelope') },
  CheckoutError: {
    description:
      'An error in the checkout envelope: 400 validation, 401/403 authentication, 404, 409, 423 locked, and HTTP 900 for business-rule rejections (e.g. Purchase_Completed).',
    content: json('CheckoutError'),
  },
  OrderOk: { description: 'The order.', content: json('OrderDocument') },
  Json: { description: 'OK.', content: { 'application/json': { schema: { type: 'object' } } } },
  Accepted: {
    description: 'Accepted, no body; Location points at the order. (201 for a reauthorization that needs a credit check.)',
    headers: { Location: { schema: { type: 'string' } } },
  },
  Problem: { description: 'Refused, as problem details.', content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } } },
  Token: { description: 'An access token.', content: json('Token') },
  OAuthError: { description: "An OAuth error in Entra's shape.", content: json('OAuthError') },
  AdminError: { description: 'A control-plane error.', content: json('AdminError') },
  NoContent: { description: 'No content.' },
  Html: { description: 'An HTML page.', content: { 'text/html': { schema: { type: 'string' } } } },
  Asset: { description: 'A static file of the rendered reference.', content: { '*/*': { schema: { type: 'string' } } } },
  Refused: { description: 'After the shutdown: 410 Host_Retired in the checkout envelope, or the connection is closed.', content: json('CheckoutError') },
} as const;

export type ResponseName = keyof typeof RESPONSES;

export const SECURITY_SCHEMES = {
  bearer: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'A client-credentials token from the auth surface: POST /oauth2/v2.0/token.',
  },
  sharedKey: {
    type: 'apiKey',
    in: 'header',
    name: 'Authorization',
    description:
      'SharedKey: "SharedKey " + base64(username + ":" + lowercase hex SHA-256(raw body + path + sharedKey)). `npx checkout-sandbox sign` prints one.',
  },
} as const;
