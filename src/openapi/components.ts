/**
 * The shared parts of the document: every JSON answer of the business surfaces as it is
 * sent (the checkout envelope and each operation's data, the order documents, Entra's token,
 * discovery, keys and OAuth errors, tokenization's answers, the hosted page's answers; the
 * schemas live beside the views in src/routes/answers/ and src/http/envelopes.ts), the two
 * authentication schemes, and the named responses route tables refer to. ANSWER_SCHEMAS maps
 * a response name to the zod schema its body is checked against (src/http/answer-check.ts).
 */
import type { z } from 'zod';
import * as envelopes from '../http/envelopes.js';
import { articleLineSchema, cartItemSchema, feesSchema } from '../domain/schemas/checkout.js';
import { orderItemSchema } from '../domain/schemas/order.js';
import * as checkout from '../routes/answers/checkout.js';
import * as frontend from '../routes/answers/frontend.js';
import * as identity from '../routes/answers/identity.js';
import * as orders from '../routes/answers/orders.js';
import * as tokenization from '../routes/answers/tokenization.js';

/** Every answer's schema by component name: the envelopes and dialects, and what they carry. */
export const ENVELOPES = {
  // The checkout API: {id, data, error}
  CheckoutError: envelopes.checkoutErrorSchema,
  CheckoutInitialized: checkout.checkoutInitializedSchema,
  CheckoutView: checkout.checkoutViewSchema,
  WidgetToken: checkout.widgetTokenSchema,
  CheckoutInitializedAnswer: checkout.checkoutInitializedAnswer,
  CheckoutViewAnswer: checkout.checkoutViewAnswer,
  CheckoutUpdatedAnswer: checkout.checkoutUpdatedAnswer,
  WidgetTokenAnswer: checkout.widgetTokenAnswer,
  // Order administration
  OrderData: orders.orderDataSchema,
  OrderDocument: orders.orderDocumentSchema,
  OrderList: orders.orderListSchema,
  Reauthorization: orders.reauthorizationSchema,
  Problem: envelopes.problemSchema,
  // The identity provider
  Token: identity.tokenSchema,
  OpenIdConfiguration: identity.openIdConfigurationSchema,
  Jwks: identity.jwksSchema,
  OAuthError: envelopes.oauthErrorSchema,
  OAuthBriefError: envelopes.oauthBriefErrorSchema,
  IdentityError: envelopes.identityErrorSchema,
  // Tokenization: {id, data}, {id}, {id, error}
  AuthorizationCompleted: tokenization.authorizationCompletedSchema,
  AuthorizationScheduled: tokenization.authorizationScheduledSchema,
  CustomerTokenStatus: tokenization.customerTokenStatusSchema,
  AuthorizationCompletedAnswer: tokenization.authorizationCompletedAnswer,
  AuthorizationScheduledAnswer: tokenization.authorizationScheduledAnswer,
  CustomerTokenAnswer: tokenization.customerTokenAnswer,
  TokenizationAcknowledged: envelopes.tokenizationAcknowledgedSchema,
  TokenizationError: envelopes.tokenizationErrorSchema,
  // The hosted checkout page, the control plane, the gateway
  PageIdentified: frontend.pageIdentifiedSchema,
  PagePurchased: frontend.pagePurchasedSchema,
  PageError: envelopes.pageErrorSchema,
  AdminError: envelopes.adminErrorSchema,
  GatewayError: envelopes.gatewayErrorSchema,
  // Parts the answers share, named once
  CheckoutAddress: checkout.addressSchema,
  OrderAddress: orders.orderAddressViewSchema,
  OrderLine: orders.orderItemViewSchema,
} as const;

export type SchemaName = keyof typeof ENVELOPES;

/** Parts of the request bodies worth a name of their own (one cart item, one fee). */
export const PARTS = { CartItem: cartItemSchema, Fee: articleLineSchema, Fees: feesSchema, OrderItem: orderItemSchema } as const;

interface JsonAnswer {
  description: string;
  schema: SchemaName;
  contentType?: string;
}

/** Responses with a JSON body of a known shape. */
const JSON_ANSWERS = {
  CheckoutInitialized: { description: 'The checkout: privateId, publicToken, expiresAt.', schema: 'CheckoutInitializedAnswer' },
  CheckoutView: { description: 'The checkout in its current phase.', schema: 'CheckoutViewAnswer' },
  CheckoutUpdated: { description: 'Done: {id, data: null, error: null} (never 204: clients check that error is null).', schema: 'CheckoutUpdatedAnswer' },
  WidgetToken: { description: 'A widget token and when it expires.', schema: 'WidgetTokenAnswer' },
  CheckoutError: {
    description:
      'An error in the checkout envelope: 400 validation, 401/403 authentication, 404, 409, 423 locked; under `default` HTTP 900 for business-rule rejections (e.g. Purchase_Completed) and 5xx.',
    schema: 'CheckoutError',
  },
  Refused: { description: 'After the shutdown: 410 Host_Retired in the checkout envelope, or the connection is closed.', schema: 'CheckoutError' },
  OrderOk: { description: 'The order.', schema: 'OrderDocument' },
  OrderList: { description: "The merchant's latest orders.", schema: 'OrderList' },
  Reauthorization: { description: 'The reauthorization and its status.', schema: 'Reauthorization' },
  Problem: { description: 'Refused, as problem details.', schema: 'Problem', contentType: 'application/problem+json' },
  Token: { description: 'An access token.', schema: 'Token' },
  OpenIdConfiguration: { description: 'The OpenID discovery document.', schema: 'OpenIdConfiguration' },
  Jwks: { description: 'The signing keys.', schema: 'Jwks' },
  OAuthError: { description: "An OAuth error in Entra's shape.", schema: 'IdentityError' },
  AuthorizationCompleted: { description: 'Authorized at once: {id, data: {authorizationId, orderId}}.', schema: 'AuthorizationCompletedAnswer' },
  AuthorizationScheduled: { description: 'Accepted, attempted later: {id, data: {authorizationId}}.', schema: 'AuthorizationScheduledAnswer' },
  CustomerToken: { description: 'The customer token: {id, data: {status, cancellationDate?}}.', schema: 'CustomerTokenAnswer' },
  CustomerTokenAcknowledged: { description: 'Done: {id}.', schema: 'TokenizationAcknowledged' },
  TokenizationError: { description: 'Refused: {id, error} (no data key).', schema: 'TokenizationError' },
  PageIdentified: { description: 'The customer is identified.', schema: 'PageIdentified' },
  PagePurchased: { description: 'The purchase is completed.', schema: 'PagePurchased' },
  PageError: { description: "A refusal of the page's call.", schema: 'PageError' },
  AdminError: { description: 'A control-plane error.', schema: 'AdminError' },
} as const satisfies Record<string, JsonAnswer>;

/** Responses without a JSON body of a known shape. */
const OTHER_RESPONSES = {
  Json: { description: 'OK.', content: { 'application/json': { schema: { type: 'object' } } } },
  Accepted: {
    description: 'Accepted, no body; Location points at the order. (201 for a reauthorization that needs a credit check: Location points at it.)',
    headers: { Location: { schema: { type: 'string' } } },
  },
  TooManyRequests: {
    description: "Throttled, as Entra answers: plain text 'Too Many Requests' with Retry-After.",
    headers: { 'Retry-After': { schema: { type: 'integer' } } },
    content: { 'text/plain': { schema: { type: 'string' } } },
  },
  NoContent: { description: 'No content.' },
  Html: { description: 'An HTML page.', content: { 'text/html': { schema: { type: 'string' } } } },
  Asset: { description: 'A static file of the rendered reference.', content: { '*/*': { schema: { type: 'string' } } } },
} as const;

export type ResponseName = keyof typeof JSON_ANSWERS | keyof typeof OTHER_RESPONSES;

export const RESPONSES: Record<ResponseName, unknown> = {
  ...(Object.fromEntries(
    Object.entries(JSON_ANSWERS).map(([name, answer]: [string, JsonAnswer]) => [
      name,
      { description: answer.description, content: { [answer.contentType ?? 'application/json']: { schema: { $ref: `#/components/schemas/${answer.schema}` } } } },
    ]),
  ) as Record<keyof typeof JSON_ANSWERS, unknown>),
  ...OTHER_RESPONSES,
};

/** The schema a response's JSON body is checked against; null for a response without one of a known shape (HTML, no body, the admin's `Json`). */
export function answerSchemaOf(name: ResponseName): z.ZodType | null {
  return name in JSON_ANSWERS ? ENVELOPES[JSON_ANSWERS[name as keyof typeof JSON_ANSWERS].schema] : null;
}

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
